import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import { AI_PHASES } from '../db/schema';
import type { AiPhase } from '../db/schema';

/** The derived AI states of portal §4 "AI phases" an `ai` tag can ask for. */
export const AI_DERIVED_STATES = ['aiInProgress', 'splitReadyToVerify', 'classificationReadyToVerify'] as const;

/** The keys of an `ai` tag: a phase (matched on either phase) or a derived state. */
export const AI_TAG_KEYS = [...AI_PHASES, ...AI_DERIVED_STATES] as const;

/** A key of an `ai` tag. */
export type AiTagKey = (typeof AI_TAG_KEYS)[number];

/** The `ai` tag key `key` names, compared without regard to case and surrounding blanks; undefined for any other text. */
export function aiTagKeyOf(key: string): AiTagKey | undefined {
  const text = key.trim().toLowerCase();
  return AI_TAG_KEYS.find((k) => k.toLowerCase() === text);
}

/** "Document `d` has no primary record link" — the spec's `link` is null (portal §4 "unlinked"). */
const UNLINKED = sql<SqlBool>`not exists (select 1 from record_links al where al.document_id = d.id and al.is_primary = 1)`;

/**
 * "The suggested split of `d` lists exactly one document" (portal §4 "Split complete"). A missing
 * split, or one whose `documents` is not a list, is not complete. The JSON is valid by the
 * column's check (migration 0008); PostgreSQL reads it through a CASE so a non-list never reaches
 * jsonb_array_length, which would fail on it.
 */
function splitComplete(dialect: DialectName): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`coalesce(json_type(d.ai_suggested_split, '$.documents') = 'array' and json_array_length(d.ai_suggested_split, '$.documents') = 1, 0) = 1`
    : sql<SqlBool>`coalesce(case when jsonb_typeof(d.ai_suggested_split::jsonb -> 'documents') = 'array' then jsonb_array_length(d.ai_suggested_split::jsonb -> 'documents') = 1 else false end, false)`;
}

/**
 * The condition an `ai` tag puts on document `d` (docs/API.md, search tags):
 * a phase → the classification or the split phase is that phase;
 * `aiInProgress` → unlinked and either phase InProgress;
 * `splitReadyToVerify` → unlinked, split phase Complete and the split not complete;
 * `classificationReadyToVerify` → unlinked, classification phase Complete, and no suggested split
 * or a complete one.
 */
export function aiTagCondition(key: AiTagKey, dialect: DialectName): RawBuilder<SqlBool> {
  const phase = (p: AiPhase) => sql<SqlBool>`(d.ai_classification_phase = ${p} or d.ai_split_phase = ${p})`;
  switch (key) {
    case 'NotStarted':
    case 'InProgress':
    case 'Complete':
    case 'Error':
      return phase(key);
    case 'aiInProgress':
      return sql<SqlBool>`(${UNLINKED} and ${phase('InProgress')})`;
    case 'splitReadyToVerify':
      return sql<SqlBool>`(${UNLINKED} and d.ai_split_phase = 'Complete' and not (${splitComplete(dialect)}))`;
    case 'classificationReadyToVerify':
      return sql<SqlBool>`(${UNLINKED} and d.ai_classification_phase = 'Complete' and (d.ai_suggested_split is null or ${splitComplete(dialect)}))`;
  }
}
