import { OPTION_DEFAULTS, OPTION_NAMES } from '@datahaven/core/model';
import type { Option, OptionName } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Every option with its stored value or its default, in the spec's order. */
export async function readOptions(db: Kysely<Database>): Promise<Option[]> {
  const rows = await db.selectFrom('options').select(['name', 'data']).execute();
  const stored = new Map(rows.map((r) => [r.name, r.data]));
  return OPTION_NAMES.map((name) => ({ optionName: name, optionData: stored.get(name) ?? OPTION_DEFAULTS[name] }));
}

/** One option's value (stored, else default). */
export async function readOption(db: Kysely<Database>, name: OptionName): Promise<string> {
  const row = await db.selectFrom('options').select('data').where('name', '=', name).executeTakeFirst();
  return row?.data ?? OPTION_DEFAULTS[name];
}

/** A numeric option; a stored value that is not a non-negative number falls back to the default. */
export async function readNumberOption(db: Kysely<Database>, name: OptionName): Promise<number> {
  return numberOptionValue(name, await readOption(db, name));
}

/** A numeric option from its stored text (null: not stored); not a non-negative number → the default. */
export function numberOptionValue(name: OptionName, stored: string | null): number {
  const value = Number(stored ?? OPTION_DEFAULTS[name]);
  return Number.isFinite(value) && value >= 0 ? value : Number(OPTION_DEFAULTS[name]);
}
