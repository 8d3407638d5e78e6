import { LIMITS } from '@datahaven/core/model';
import { duplicateOverrideNote, messageFunctionsFor } from '@datahaven/core/rules';
import type { WorkflowActionBody } from '@datahaven/core/contract';
import type { Kysely } from 'kysely';
import type { Database, WorkflowActionColumn } from '../db/schema';
import { invalid } from '../errors/DomainError';
import type { Viewer } from '../access';
import { readPossibleDuplicates } from './possibleDuplicates';

/** What approving one possible duplicate leaves behind: the reason for its history row, and its system note. */
export interface DuplicateOverride {
  reason: string;
  note: string;
}

/**
 * The reason to override of an approval's body (`duplicateOverrideReason`, ours beside the spec's
 * ApprovalBody): trimmed, null when blank or for reject and route; longer than a note → 400 in words.
 */
export function duplicateOverrideReasonOf(action: WorkflowActionColumn, body: WorkflowActionBody): string | null {
  if (action !== 'approve' || !('duplicateOverrideReason' in body)) return null;
  const reason = body.duplicateOverrideReason?.trim() ?? '';
  if (reason === '') return null;
  if (Array.from(reason).length > LIMITS.noteMaxLength)
    throw invalid(`The reason to override may be at most ${LIMITS.noteMaxLength} characters long.`);
  return reason;
}

function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

/**
 * The duplicate rule of an approval (issue 35), inside its write transaction: a document marked
 * as a possible duplicate (of a live or approved copy: workflow/possibleDuplicates) is approved
 * only with a reason to override — without one → 400 naming the document, the other one and why
 * they match (the first marked document of the request). With one, each marked document's
 * history row holds the reason and it gets a system note naming the copies; unmarked documents
 * of the same request record nothing. Every approval asks, on every path (PUT
 * /api/documents/approval, a queue's automatic approvals, which give no reason and so leave a
 * marked document in its queue with the refusal as a note). One statement for all the documents.
 */
export async function duplicateOverridesOf(
  trx: Kysely<Database>,
  viewer: Viewer,
  docIds: readonly number[],
  overrideReason: string | null,
): Promise<Map<number, DuplicateOverride>> {
  const overrides = new Map<number, DuplicateOverride>();
  const marked = await readPossibleDuplicates(trx, viewer, docIds);
  if (marked.size === 0) return overrides;
  if (overrideReason === null) {
    const first = docIds.find((id) => marked.has(id)) ?? [...marked.keys()][0];
    const document = await trx.selectFrom('documents').select('name').where('id', '=', first).executeTakeFirstOrThrow();
    throw invalid((language) => messageFunctionsFor(language).duplicateOverrideRequired(document.name, (marked.get(first) ?? [])[0]));
  }
  for (const [id, others] of marked) {
    overrides.set(id, { reason: overrideReason, note: clip(duplicateOverrideNote(viewer.username, others, overrideReason)) });
  }
  return overrides;
}
