import { sql } from 'kysely';
import { executeShaped, MAX_STATEMENT_SHAPES, verifyEveryStatementShape } from './statementShapes';
import { unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';

describeOnEachDatabase('statement shapes', (server) => {
  // The suites check every call against its shape (test/verifyStatementShapes); these tests count
  // builds as production makes them, and turn the check on where they test it.
  beforeEach(() => verifyEveryStatementShape(false));
  afterEach(() => verifyEveryStatementShape(true));

  /** Options rows `<prefix>-1` … `<prefix>-<count>` whose data is their number. */
  async function seedOptions(count: number): Promise<string> {
    const prefix = unique('shape');
    const rows = Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index + 1}`, data: String(index + 1) }));
    await server().deps.db.insertInto('options').values(rows).execute();
    return prefix;
  }

  it('builds and compiles a shape once, then binds each call its own values', async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(3);
    let built = 0;
    const read = (name: string) =>
      executeShaped(db, unique('option-by-name'), { name }, (values) => {
        built += 1;
        return db.selectFrom('options').select('data').where('name', '=', values.name).limit(5);
      });
    const key = unique('option-by-name');
    const readKeyed = (name: string) =>
      executeShaped(db, key, { name }, (values) => {
        built += 1;
        return db.selectFrom('options').select('data').where('name', '=', values.name).limit(5);
      });
    expect(await readKeyed(`${prefix}-1`)).toEqual([{ data: '1' }]);
    // Once with stand-ins, once with the values (the check that the key is complete).
    expect(built).toBe(2);
    expect(await readKeyed(`${prefix}-2`)).toEqual([{ data: '2' }]);
    expect(await readKeyed(`${prefix}-3`)).toEqual([{ data: '3' }]);
    expect(await readKeyed(`${prefix}-none`)).toEqual([]);
    expect(built).toBe(2);
    // Another key is another shape.
    expect(await read(`${prefix}-2`)).toEqual([{ data: '2' }]);
    expect(built).toBe(4);
  });

  it("keeps an array's length in the shape and binds each element", async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(4);
    const key = unique('options-in');
    let built = 0;
    const read = async (names: string[]) =>
      (
        await executeShaped(db, key, { names }, (values) => {
          built += 1;
          return db
            .selectFrom('options')
            .select('data')
            .where('name', 'in', [...values.names])
            .orderBy('data');
        })
      ).map((row) => row.data);
    expect(await read([`${prefix}-1`, `${prefix}-2`])).toEqual(['1', '2']);
    expect(await read([`${prefix}-3`, `${prefix}-4`])).toEqual(['3', '4']);
    expect(built).toBe(2);
    expect(await read([`${prefix}-1`, `${prefix}-3`, `${prefix}-4`])).toEqual(['1', '3', '4']);
    expect(built).toBe(4);
  });

  it('refuses a build that lets a value decide more than a parameter (its key would be incomplete)', async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(1);
    const key = unique('branching');
    // A branch on the value: the stand-in takes the other arm, so the two builds differ.
    const branching = (name: string) =>
      executeShaped(db, key, { name }, (values) =>
        typeof values.name === 'string'
          ? db.selectFrom('options').select('data').where('name', '=', values.name)
          : db.selectFrom('options').select('name as data').where('name', '=', values.name),
      );
    await expect(branching(`${prefix}-1`)).rejects.toThrow(`The statement shape '${key}' depends on a value it takes as a parameter`);
    // Nothing was kept: the next call is refused the same way rather than answered from a wrong shape.
    await expect(branching(`${prefix}-1`)).rejects.toThrow('depends on a value');
  });

  it('keeps the constants of a shape, and a raw fragment’s values, beside the call’s', async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(3);
    const key = unique('constants');
    const read = async (name: string) =>
      (
        await executeShaped(db, key, { name }, (values) =>
          db.selectFrom('options').select(sql<string>`${'x'} || data`.as('data')).where('name', '=', values.name).where('data', '<>', '0'),
        )
      ).map((row) => row.data);
    expect(await read(`${prefix}-1`)).toEqual(['x1']);
    expect(await read(`${prefix}-3`)).toEqual(['x3']);
  });

  it('keeps at most MAX_STATEMENT_SHAPES, building the least recently used again when it returns', async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(1);
    const keys = Array.from({ length: MAX_STATEMENT_SHAPES + 1 }, () => unique('lru'));
    let built = 0;
    const read = (key: string) =>
      executeShaped(db, key, { name: `${prefix}-1` }, (values) => {
        built += 1;
        return db.selectFrom('options').select('data').where('name', '=', values.name);
      });
    for (const key of keys.slice(0, MAX_STATEMENT_SHAPES)) await read(key);
    expect(built).toBe(2 * MAX_STATEMENT_SHAPES);
    await read(keys[0]); // kept, and now the most recently used
    expect(built).toBe(2 * MAX_STATEMENT_SHAPES);
    await read(keys[MAX_STATEMENT_SHAPES]); // evicts keys[1]
    await read(keys[0]);
    expect(built).toBe(2 * MAX_STATEMENT_SHAPES + 2);
    expect(await read(keys[1])).toEqual([{ data: '1' }]);
    expect(built).toBe(2 * MAX_STATEMENT_SHAPES + 4);
  });

  it("keeps each array's length under its name: the same lengths in other arrays are another shape", async () => {
    const { db } = server().deps;
    const prefix = await seedOptions(3);
    const key = unique('two-arrays');
    let built = 0;
    const read = async (names: string[], data: string[]) =>
      (
        await executeShaped(db, key, { names, data }, (values) => {
          built += 1;
          return db
            .selectFrom('options')
            .select('name')
            .where('name', 'in', [...values.names])
            .where('data', 'in', [...values.data]);
        })
      ).map((row) => row.name);
    expect(await read([`${prefix}-1`, `${prefix}-2`], ['1'])).toEqual([`${prefix}-1`]);
    expect(await read([`${prefix}-3`], ['2', '3'])).toEqual([`${prefix}-3`]);
    expect(built).toBe(4);
  });

  it('refuses a build that computes with a value, and a value that is missing', async () => {
    const { db } = server().deps;
    const computing = (id: number) =>
      executeShaped(db, unique('computing'), { id }, (values) =>
        db
          .selectFrom('options')
          .select('data')
          .where('name', '=', `option-${values.id + 1}`),
      );
    await expect(computing(1)).rejects.toThrow("used its value 'id' for more than a parameter");
    const comparing = (id: number) =>
      executeShaped(db, unique('comparing'), { id }, (values) =>
        db
          .selectFrom('options')
          .select('data')
          .limit(values.id > 10 ? 10 : 1),
      );
    await expect(comparing(1)).rejects.toThrow("used its value 'id' for more than a parameter");
    // A null from an unchecked source at run time: refused in words rather than bound or read as an array.
    const missing = JSON.parse('{"name": null}') as { name: string };
    await expect(
      executeShaped(db, unique('missing'), missing, (values) => db.selectFrom('options').select('data').where('name', '=', values.name)),
    ).rejects.toThrow("was given no value for 'name'");
  });

  it('with every call checked (as in the suites), refuses a key two different statements share', async () => {
    verifyEveryStatementShape(true);
    const { db } = server().deps;
    const prefix = await seedOptions(1);
    const key = unique('shared-key');
    expect(
      await executeShaped(db, key, { name: `${prefix}-1` }, (values) =>
        db.selectFrom('options').select('data').where('name', '=', values.name),
      ),
    ).toEqual([{ data: '1' }]);
    // Another call site under the same key: without the check it would run the first one's statement.
    await expect(
      executeShaped(db, key, { name: `${prefix}-1` }, (values) =>
        db.selectFrom('options').select('name as data').where('name', '=', values.name),
      ),
    ).rejects.toThrow(`The statement shape '${key}' depends on a value`);
  });
});
