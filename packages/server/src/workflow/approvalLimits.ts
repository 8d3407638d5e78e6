import { formatLimitAmount, messageFunctionsFor } from '@datahaven/core/rules';
import type { Insertable, Kysely } from 'kysely';
import type { Database, WorkflowHistoryTable } from '../db/schema';
import { convertToLocalCurrency, readLinkedRecordFacts, resolveEntityTypeName } from '../erp';
import type { ErpDeps, ExchangeRate } from '../erp';
import { invalid } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS, canSeeDocument, findQueuesWithAccess } from '../access';
import type { Viewer } from '../access';

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * The approver's limit in a queue: the lower of the queue's ApprovalLimit and the user's group
 * limit, where the group limit is the highest ApprovalLimit among the user's groups with
 * HasApprovalLimit (a group without one neither limits nor lifts a limit). Null: no limit.
 */
export async function effectiveApprovalLimit(db: Kysely<Database>, userId: number, queueId: number): Promise<number | null> {
  // Both limits in one statement: every approval asks, before its transaction, on a busy pool.
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('queues').select('approval_limit').where('id', '=', queueId).as('queue_limit'),
      eb
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', 'g.id', 'ug.group_id')
        .select((inner) => inner.fn.max('g.approval_limit').as('limit'))
        .where('ug.user_id', '=', userId)
        .where('g.has_approval_limit', '=', 1)
        .where('g.approval_limit', 'is not', null)
        .as('group_limit'),
    ])
    .executeTakeFirstOrThrow();
  const limits = [numberOf(row.queue_limit), numberOf(row.group_limit)].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/** What one document's approval was judged by: written into its history row (and, when converted, a system note). */
export interface JudgedApproval {
  /** The linked record's amount, in `amountCurrency` (the record's currency, the local one when it names none). */
  amount: number;
  amountCurrency: string;
  /** The approver's limit in the queue, in `limitCurrency`: the local currency of the record's company. */
  limit: number;
  limitCurrency: string;
  /** The amount in the limit's currency, and the ERP's rates it was converted at (none: the record is in that currency). */
  amountInLimitCurrency: number;
  rates: ExchangeRate[];
}

/** The judged approvals of a request by document id; empty when the approver has no limit (nothing was judged). */
export type JudgedApprovals = ReadonlyMap<number, JudgedApproval>;

/** The judgement of an action that is not an approval: nothing judged. */
export const NOTHING_JUDGED: JudgedApprovals = new Map();

/** Today as the ERP's dates read (YYYY-MM-DD, UTC). */
function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Judges an approval against the approver's limit (issues 12 and 35, money rules), before the
 * write transaction so no ERP call holds the write lock. When the caller has a limit in the queue
 * and may approve there, each visible document of the queue is judged, in id order, by its linked
 * record's amount read fresh from the ERP (the decision columns' reader, erp/linkedRecordFacts —
 * not the listing's cache) and placed in the limit's currency, the local currency of the record's
 * company (erp/currencyConversion: the ERP's rate valid on the record's date, else today's). Every
 * way round the limit is refused in words (400), and the whole request with it: an amount over the
 * limit; a document whose amount cannot be known (not linked; linked to a record without an
 * amount, a vendor card or a receipt) — "link it, or route it to a level without a limit"; a
 * linked record the ERP no longer holds; a currency the ERP has no rate for on that date. The ERP
 * unreachable throws the connector's refusal (503). Resolves to what each document was judged by,
 * for its history row. Documents not visible, not in the queue or not approvable are left to the
 * transaction's own refusals; a link changed after this check moves the row version, so the move
 * itself is refused as out of sync.
 */
export async function judgeApprovalLimits(
  deps: ErpDeps,
  viewer: Viewer,
  queueId: number,
  docIds: readonly number[],
): Promise<JudgedApprovals> {
  const judged = new Map<number, JudgedApproval>();
  const limit = await effectiveApprovalLimit(deps.db, viewer.userId, queueId);
  if (limit === null) return judged;
  const queue = (await findQueuesWithAccess(deps.db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.Approve) === 0) return judged;
  const rows = await deps.db
    .selectFrom('documents as d')
    .leftJoin('record_links as rl', (join) => join.onRef('rl.document_id', '=', 'd.id').on('rl.is_primary', '=', 1))
    .select(['d.id', 'd.name', 'rl.type_name', 'rl.data_area_id', 'rl.record_id'])
    .where('d.id', 'in', [...docIds])
    .where('d.queue_id', '=', queueId)
    .where((eb) => canSeeDocument(eb, viewer))
    .orderBy('d.id')
    .execute();
  for (const row of rows) {
    if (row.type_name === null || row.data_area_id === null || row.record_id === null)
      throw invalid((language) => messageFunctionsFor(language).approvalAmountUnknown(row.name, queue.name, false));
    const facts = await readLinkedRecordFacts(deps.entitySources, row.type_name, row.data_area_id, row.record_id);
    if (facts === null) throw invalid((language) => messageFunctionsFor(language).approvalLimitUnchecked(row.name, queue.name));
    if (facts.amount === null) throw invalid((language) => messageFunctionsFor(language).approvalAmountUnknown(row.name, queue.name, true));
    const { prefix } = resolveEntityTypeName(row.type_name);
    const currency = facts.currencyCode ?? '';
    const date = facts.invoiceDate ?? isoDate(deps.now());
    const local = await convertToLocalCurrency(deps.entitySources, prefix, row.data_area_id, facts.amount, currency, date, deps.now);
    if (local.kind === 'noRate') {
      const erp = deps.entitySources.source(prefix).config.label;
      const amount = facts.amount;
      throw invalid((language) =>
        messageFunctionsFor(language).approvalLimitNoRate(
          amount,
          currency,
          row.name,
          limit,
          local.localCurrency,
          queue.name,
          local.missingCurrency,
          local.date,
          erp,
        ),
      );
    }
    const amountCurrency = currency === '' ? local.localCurrency : currency.toUpperCase();
    if (local.amount > limit) {
      const converted = local.kind === 'converted' ? { amount: local.amount, currencyCode: local.localCurrency } : undefined;
      const amount = facts.amount;
      throw invalid((language) =>
        messageFunctionsFor(language).approvalLimitExceeded(amount, amountCurrency, row.name, limit, queue.name, converted),
      );
    }
    judged.set(row.id, {
      amount: facts.amount,
      amountCurrency,
      limit,
      limitCurrency: local.localCurrency,
      amountInLimitCurrency: local.amount,
      rates: local.kind === 'converted' ? local.rates : [],
    });
  }
  return judged;
}

/** The history row's record of an approval: the amount judged, the limit, their currencies, and the level it passed. */
export function approvalHistoryColumns(
  judged: JudgedApproval | undefined,
  level: number | null,
): Pick<Insertable<WorkflowHistoryTable>, 'amount' | 'amount_currency' | 'approval_limit' | 'limit_currency' | 'approval_level'> {
  return {
    amount: judged?.amount ?? null,
    amount_currency: judged?.amountCurrency ?? null,
    approval_limit: judged?.limit ?? null,
    limit_currency: judged?.limitCurrency ?? null,
    approval_level: level,
  };
}

/**
 * The system note that shows how a converted amount was judged, so the notes (and the evidence an
 * auditor reads) say at which of the ERP's rates: "Amount judged against the approval limit:
 * 9,200.00 EUR = 10,414.40 USD at the ERP's rate of 2025-05-01 (100 EUR = 113.20 USD); limit
 * 25,000.00 USD." Null when nothing was converted.
 */
export function conversionNoteOf(judged: JudgedApproval | undefined): string | null {
  if (judged === undefined || judged.rates.length === 0) return null;
  const rates = judged.rates
    .map(
      (rate) =>
        `${rate.startingDate} (${formatLimitAmount(rate.exchangeAmount, rate.currencyCode)} = ${formatLimitAmount(rate.relationalAmount, rate.relationalCurrencyCode === '' ? judged.limitCurrency : rate.relationalCurrencyCode)})`,
    )
    .join(', then ');
  const ratesWord = judged.rates.length === 1 ? 'rate of' : 'rates of';
  return `Amount judged against the approval limit: ${formatLimitAmount(judged.amount, judged.amountCurrency)} = ${formatLimitAmount(judged.amountInLimitCurrency, judged.limitCurrency)} at the ERP's ${ratesWord} ${rates}; limit ${formatLimitAmount(judged.limit, judged.limitCurrency)}.`;
}
