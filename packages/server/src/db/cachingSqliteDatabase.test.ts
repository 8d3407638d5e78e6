import { BetterSqlite3 } from './BetterSqlite3';
import { cachingSqliteDatabase, MAX_CACHED_STATEMENTS } from './cachingSqliteDatabase';

describe('cachingSqliteDatabase', () => {
  let raw: InstanceType<typeof BetterSqlite3>;
  let prepared: number;

  beforeEach(() => {
    raw = new BetterSqlite3(':memory:');
    raw.exec(`create table items (id integer primary key, label text not null);
      with recursive n(value) as (select 1 union all select value + 1 from n where value < 300)
      insert into items (id, label) select value, 'item ' || value from n;`);
    prepared = 0;
  });

  afterEach(() => {
    raw.close();
  });

  /** The raw database, counting how often it compiles a statement. */
  const counting = () => ({
    close: () => raw.close(),
    prepare: (sql: string) => {
      prepared += 1;
      return raw.prepare(sql);
    },
  });

  it('compiles every statement anew until enabled, then each text once', () => {
    let enabled = false;
    const db = cachingSqliteDatabase(counting(), () => enabled);
    const read = (id: number): unknown => db.prepare('select label from items where id = ?').all([id]);
    expect(read(1)).toEqual([{ label: 'item 1' }]);
    expect(read(2)).toEqual([{ label: 'item 2' }]);
    expect(prepared).toBe(2);
    enabled = true;
    expect(read(3)).toEqual([{ label: 'item 3' }]);
    expect(read(4)).toEqual([{ label: 'item 4' }]);
    expect(prepared).toBe(3);
    // Transaction control and pragmas are never kept.
    db.prepare('pragma user_version').all([]);
    db.prepare('pragma user_version').all([]);
    expect(prepared).toBe(5);
  });

  it('keeps at most MAX_CACHED_STATEMENTS, compiling the least recently used again when it returns', () => {
    const db = cachingSqliteDatabase(counting(), () => true);
    const read = (n: number): unknown => db.prepare(`select label as l${n} from items where id = ?`).all([n]);
    for (let n = 1; n <= MAX_CACHED_STATEMENTS; n += 1) read(n);
    expect(prepared).toBe(MAX_CACHED_STATEMENTS);
    read(1); // kept, and now the most recently used
    expect(prepared).toBe(MAX_CACHED_STATEMENTS);
    read(MAX_CACHED_STATEMENTS + 1); // evicts statement 2
    read(1);
    expect(prepared).toBe(MAX_CACHED_STATEMENTS + 1);
    expect(read(2)).toEqual([{ l2: 'item 2' }]);
    expect(prepared).toBe(MAX_CACHED_STATEMENTS + 2);
  });

  it('answers a kept statement with the new columns after its table changed', () => {
    const db = cachingSqliteDatabase(counting(), () => true);
    const read = (): unknown => db.prepare('select * from items where id = ?').all([5]);
    expect(read()).toEqual([{ id: 5, label: 'item 5' }]);
    raw.exec('alter table items add column note text');
    expect(read()).toEqual([{ id: 5, label: 'item 5', note: null }]);
  });
});
