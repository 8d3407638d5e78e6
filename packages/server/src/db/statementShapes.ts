import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely } from 'kysely';
import { RecentlyUsedMap } from './RecentlyUsedMap';
import type { Database } from './schema';

/** Shapes kept per database; beyond this the least recently used one is let go. */
export const MAX_STATEMENT_SHAPES = 500;

/** The values a shaped statement takes on each run: never null or boolean, which a build could turn into SQL of their own (`is null`, a branch). */
export type ShapeValues = Record<string, string | number | readonly (string | number)[]>;

/**
 * Stands in for one of a call's values (an array's element: `index`) while its statement is built
 * once. It refuses to become a string or a number, so a build that compares, formats or computes
 * with a value (its text would depend on it) throws instead of keeping a shape.
 */
class ShapeSlot {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`A statement shape used its value '${this.name}' for more than a parameter: name what it decides in the shape's key.`);
  }

  toJSON(): never {
    return this[Symbol.toPrimitive]();
  }
}

/** A compiled statement whose parameters are either a call's value (a slot) or a constant of the shape. */
interface Shape {
  sql: string;
  parameters: readonly ({ slot: ShapeSlot } | { constant: unknown })[];
}

// Per adapter: a Kysely instance and its transactions share one, and SQLite and PostgreSQL (and
// every test's database) keep theirs apart, as their compilers write different SQL. An instance
// made with withSchema or withPlugin would share its parent's adapter yet write other SQL: none
// is made here, and one that is must not run shaped statements.
const shapesByAdapter = new WeakMap<object, RecentlyUsedMap<string, Shape>>();

function shapesOf(db: Kysely<Database>): RecentlyUsedMap<string, Shape> {
  const adapter = db.getExecutor().adapter;
  let shapes = shapesByAdapter.get(adapter);
  if (shapes === undefined) {
    shapes = new RecentlyUsedMap(MAX_STATEMENT_SHAPES);
    shapesByAdapter.set(adapter, shapes);
  }
  return shapes;
}

/** Tests set this (test/verifyStatementShapes): every call then builds its statement too and checks it against the kept shape. */
let verifyEveryCall = false;

/** Turns on checking every call against its kept shape (the test suites' whole traffic then checks every key); off in production. */
export function verifyEveryStatementShape(on: boolean): void {
  verifyEveryCall = on;
}

function valueOf(values: ShapeValues, slot: ShapeSlot): unknown {
  const value = values[slot.name];
  return slot.index === null || !Array.isArray(value) ? value : value[slot.index];
}

function bind(shape: Shape, values: ShapeValues): unknown[] {
  return shape.parameters.map((part) => ('slot' in part ? valueOf(values, part.slot) : part.constant));
}

/** The slots for `values`: one per value, one per element of an array (so the shape's key holds each array's length). */
function slotsFor(values: ShapeValues): Record<string, ShapeSlot | ShapeSlot[]> {
  const slots: Record<string, ShapeSlot | ShapeSlot[]> = {};
  for (const [name, value] of Object.entries(values)) {
    slots[name] = Array.isArray(value) ? value.map((_, index) => new ShapeSlot(name, index)) : new ShapeSlot(name, null);
  }
  return slots;
}

/**
 * Runs the statement `build` makes of `values`, building and compiling it only once per shape:
 * `shapeKey` names everything else the statement's text depends on (the caller's inlined grants,
 * a branch taken), and each array's length is added to it. Why: Kysely builds and compiles every
 * statement anew, and for the document query (ten joins, the access checks) that cost ~0.4 ms of
 * the server's one thread per request — more than PostgreSQL took to run it.
 *
 * The first call of a shape builds it twice, once with stand-ins for the values and once with the
 * values, and refuses (throws) a shape whose text or parameters differ between the two: `build`
 * used a value for more than a parameter, so its key is incomplete. What is kept is SQL text and
 * constants, never an answer: the values are bound on every run.
 */
export async function executeShaped<R, V extends ShapeValues>(
  db: Kysely<Database>,
  shapeKey: string,
  values: V,
  build: (values: V) => Compilable<R>,
): Promise<R[]> {
  const lengths: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    // Checked at run time too: a null (typeof 'object') would otherwise pass for an array.
    if (value === null || value === undefined) throw new Error(`The statement shape '${shapeKey}' was given no value for '${name}'.`);
    if (Array.isArray(value)) lengths.push(`${name}:${value.length}`);
  }
  const key = `${shapeKey}\u0000${lengths.join(',')}`;
  const shapes = shapesOf(db);
  const found = shapes.use(key);
  if (found !== undefined) {
    if (verifyEveryCall) assertSameStatement(shapeKey, found, values, build(values).compile());
    return (await db.executeQuery<R>(CompiledQuery.raw(found.sql, bind(found, values)))).rows;
  }
  // The one place a stand-in poses as a value: Kysely takes any object without toOperationNode
  // as a parameter and compiles it into the parameter list in order, where bind() replaces it.
  const standIns = slotsFor(values) as unknown as V;
  const shaped = build(standIns).compile();
  const real = build(values).compile();
  const shape: Shape = {
    sql: shaped.sql,
    parameters: shaped.parameters.map((parameter) => (parameter instanceof ShapeSlot ? { slot: parameter } : { constant: parameter })),
  };
  assertSameStatement(shapeKey, shape, values, real);
  shapes.set(key, shape);
  return (await db.executeQuery(real)).rows;
}

/** Throws unless `shape` with `values` bound is exactly `real` (text and parameters): else the key misses something `build` read. */
function assertSameStatement(
  shapeKey: string,
  shape: Shape,
  values: ShapeValues,
  real: { sql: string; parameters: readonly unknown[] },
): void {
  const bound = bind(shape, values);
  if (
    real.sql !== shape.sql ||
    real.parameters.length !== bound.length ||
    real.parameters.some((parameter, index) => !Object.is(parameter, bound[index]))
  ) {
    throw new Error(`The statement shape '${shapeKey}' depends on a value it takes as a parameter: name that value in its key.`);
  }
}
