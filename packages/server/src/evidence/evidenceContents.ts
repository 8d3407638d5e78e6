import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { DocumentDetailRow } from '../access';
import type { Database } from '../db/schema';
import { DomainError } from '../errors/DomainError';
import { formatAmount, printedTime } from './evidenceFormats';
import { annotatedPdfOf } from '../documents';
import { entityUrl } from '../erp';
import type { ErpDeps } from '../erp';
import { pdfSourceKey } from '../renditions';
import { readDocumentErpStatus, verifyWorkflowHistories } from '../workflow';
import type { HistoryVerification } from '../workflow';

/** One `workflow_history` row as the packet prints it. */
export interface EvidenceHistoryRow {
  /** 1-based position in the document's chain (the row verify names). */
  position: number;
  at: string;
  who: string;
  action: string;
  fromQueue: string | null;
  toQueue: string | null;
  fromQueueId: number | null;
  toQueueId: number | null;
  level: number | null;
  amount: number | null;
  amountCurrency: string | null;
  limit: number | null;
  limitCurrency: string | null;
  overrideReason: string | null;
  note: string | null;
  rowHash: string | null;
}

/** A stay of the document in one queue, from its history rows. */
export interface QueueStay {
  queue: string;
  enteredAt: string | null;
  enteredBy: string | null;
  /** The action that brought it (import, upload, approve, reject, route), or why the entry is not known. */
  enteredHow: string;
  leftAt: string | null;
  leftBy: string | null;
  leftHow: string | null;
}

/** A note of the document, every kind (user, system, viewed). */
export interface EvidenceNote {
  at: string;
  author: string;
  kind: string;
  text: string;
}

/** The document's primary ERP link and what the product last read of the record. */
export interface EvidenceLink {
  /** The integrated table's label (Vendor, Purchase Invoice), else the entity type name. */
  recordType: string;
  entityTypeName: string;
  recordNumber: string;
  recordId: string;
  company: string;
  /** The record's card in the ERP's web client, when the ERP answered. */
  url: string | null;
  /** Why there is no URL, in words. */
  urlProblem: string | null;
  /** The linked record's facts as last read from the ERP (vendor, invoice, amount), if read. */
  facts: { label: string; value: string }[];
}

/** Everything the packet prints of one document. */
export interface EvidenceDocument {
  id: number;
  name: string;
  extension: string;
  sha256: string;
  pages: number;
  createdAt: string;
  createdBy: string;
  subtype: string | null;
  queueNow: string | null;
  link: EvidenceLink | null;
  /** Where the write-back of its latest decision to the linked purchase invoice stands (workflow's ERP outbox), if one was owed. */
  erpStatus: { text: string; detail: string } | null;
  verification: HistoryVerification;
  history: EvidenceHistoryRow[];
  queueStays: QueueStay[];
  notes: EvidenceNote[];
  /** The document's pages as a PDF, annotations burned in; null with the reason when it has no PDF form. */
  readPdf(): Promise<{ bytes: Uint8Array } | { problem: string }>;
}

/** "First Last (login)", or the login alone for a user without a name. */
function personOf(row: { username: string; first_name: string; last_name: string }): string {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name === '' || name === row.username ? row.username : `${name} (${row.username})`;
}

const MOVES = new Set(['upload', 'import', 'approve', 'reject', 'route']);

/** How the packet names an entry no history row records. */
export const NOT_IN_HISTORY = 'not in history';

/**
 * The queues a document passed through, from its history rows: a row whose to-queue differs from
 * its from-queue (an entry, an approval, a rejection, a route) closes one stay and opens the next;
 * submit, link and unlink stay in the queue. A document put into its queue without a history row
 * (before history was kept, the demo's seed) shows that stay with its entry unknown.
 */
export function queueStaysOf(history: readonly EvidenceHistoryRow[], queueNow: { id: number; name: string } | null): QueueStay[] {
  const stays: (QueueStay & { queueId: number })[] = [];
  let current: (QueueStay & { queueId: number }) | null = null;
  const unknownEntry = (queueId: number, queue: string): QueueStay & { queueId: number } => ({
    queueId,
    queue,
    enteredAt: null,
    enteredBy: null,
    enteredHow: NOT_IN_HISTORY,
    leftAt: null,
    leftBy: null,
    leftHow: null,
  });
  for (const row of history) {
    if (!MOVES.has(row.action) || row.fromQueueId === row.toQueueId) continue;
    if (current === null && row.fromQueueId !== null) stays.push((current = unknownEntry(row.fromQueueId, row.fromQueue ?? '')));
    if (current !== null) Object.assign(current, { leftAt: row.at, leftBy: row.who, leftHow: row.action });
    current = null;
    if (row.toQueueId !== null) {
      current = {
        queueId: row.toQueueId,
        queue: row.toQueue ?? '',
        enteredAt: row.at,
        enteredBy: row.who,
        enteredHow: row.action,
        leftAt: null,
        leftBy: null,
        leftHow: null,
      };
      stays.push(current);
    }
  }
  if (queueNow !== null && (current === null || current.queueId !== queueNow.id)) stays.push(unknownEntry(queueNow.id, queueNow.name));
  return stays.map(({ queueId: _queueId, ...stay }) => stay);
}

/** Each document's history rows with the names of people and queues, in chain order. */
async function historiesOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, EvidenceHistoryRow[]>> {
  const rows = await db
    .selectFrom('workflow_history as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('queues as qf', 'qf.id', 'h.from_queue_id')
    .leftJoin('queues as qt', 'qt.id', 'h.to_queue_id')
    .select([
      'h.document_id',
      'h.at',
      'h.action',
      'h.from_queue_id',
      'h.to_queue_id',
      'qf.name as from_name',
      'qt.name as to_name',
      'u.username',
      'u.first_name',
      'u.last_name',
      'h.note',
      'h.amount',
      'h.amount_currency',
      'h.approval_limit',
      'h.limit_currency',
      'h.approval_level',
      'h.override_reason',
      'h.row_hash',
    ])
    .where('h.document_id', 'in', [...ids])
    .orderBy('h.document_id')
    .orderBy('h.id')
    .execute();
  const byDocument = new Map<number, EvidenceHistoryRow[]>(ids.map((id) => [id, []]));
  const queueName = (id: number | null, name: string | null): string | null => (id === null ? null : (name ?? `queue ${id} (deleted)`));
  for (const row of rows) {
    const list = byDocument.get(row.document_id);
    list?.push({
      position: list.length + 1,
      at: row.at,
      who: personOf(row),
      action: row.action,
      fromQueue: queueName(row.from_queue_id, row.from_name),
      toQueue: queueName(row.to_queue_id, row.to_name),
      fromQueueId: row.from_queue_id,
      toQueueId: row.to_queue_id,
      level: row.approval_level === null ? null : Number(row.approval_level),
      amount: row.amount === null ? null : Number(row.amount),
      amountCurrency: row.amount_currency,
      limit: row.approval_limit === null ? null : Number(row.approval_limit),
      limitCurrency: row.limit_currency,
      overrideReason: row.override_reason,
      note: row.note,
      rowHash: row.row_hash,
    });
  }
  return byDocument;
}

/** Each document's notes, every kind, oldest first (as GET /api/documents/{id}/notes lists them). */
async function notesOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, EvidenceNote[]>> {
  const rows = await db
    .selectFrom('notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.document_id', 'n.kind', 'n.text', 'n.created_at', 'u.username', 'u.first_name', 'u.last_name'])
    .where('n.document_id', 'in', [...ids])
    .orderBy('n.document_id')
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  const byDocument = new Map<number, EvidenceNote[]>(ids.map((id) => [id, []]));
  for (const row of rows)
    byDocument.get(row.document_id)?.push({ at: row.created_at, author: personOf(row), kind: row.kind, text: row.text });
  return byDocument;
}

/** The linked record's facts as last read from the ERP (erp's linked-record-facts job fills them), labelled for print. */
async function factsOf(db: Kysely<Database>, row: DocumentDetailRow): Promise<{ label: string; value: string }[]> {
  if (row.link_sit_id === null || row.link_record_id === null) return [];
  const facts = await db
    .selectFrom('linked_record_facts')
    .selectAll()
    .where('integrated_table_id', '=', row.link_sit_id)
    .where('data_area_id', '=', row.link_data_area_id ?? '')
    .where('record_id', '=', row.link_record_id)
    .executeTakeFirst();
  if (facts === undefined || facts.fetched_at === null) return [];
  const shown: [string, string | number | null][] = [
    ['ERP vendor', [facts.vendor_number, facts.vendor_name].filter((part) => part !== null && part !== '').join(' ') || null],
    ['ERP vendor invoice number', facts.invoice_number],
    ['ERP amount', facts.amount === null ? null : `${formatAmount(Number(facts.amount))} ${facts.currency_code ?? ''}`.trim()],
    ['ERP invoice date', facts.invoice_date],
    ['ERP due date', facts.due_date],
    ['ERP facts read at', printedTime(facts.fetched_at)],
  ];
  return shown.filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '').map(([label, value]) => ({ label, value }));
}

/**
 * The ERP link of each linked document with its card URL. The URL needs the ERP (the record is read
 * so a missing one is not opened); once the ERP could not be reached, the other documents of the
 * packet get the same reason rather than each waiting for it in turn.
 */
async function linksOf(deps: ErpDeps, rows: readonly DocumentDetailRow[]): Promise<Map<number, EvidenceLink>> {
  const links = new Map<number, EvidenceLink>();
  let unreachable: string | null = null;
  for (const row of rows) {
    if (row.link_record_id === null || row.link_type_name === null) continue;
    let url: string | null = null;
    let urlProblem: string | null = unreachable;
    if (unreachable === null) {
      try {
        url = (await entityUrl(deps.entitySources, row.link_type_name, row.link_data_area_id ?? undefined, row.link_record_id)).url;
      } catch (error) {
        urlProblem = error instanceof Error && error.message !== '' ? error.message : String(error);
        // A refusal about this record (no card page, no such record) is its own; anything else is the ERP's.
        if (!(error instanceof DomainError && (error.kind === 'Validation' || error.kind === 'NotFound'))) unreachable = urlProblem;
      }
    }
    links.set(row.id, {
      recordType: row.sit_label ?? row.link_type_name,
      entityTypeName: row.link_type_name,
      recordNumber: row.link_source_number ?? '',
      recordId: row.link_record_id,
      company: row.link_data_area_id ?? '',
      url,
      urlProblem,
      facts: await factsOf(deps.db, row),
    });
  }
  return links;
}

/** The PDF of a document for the packet: annotations burned in where it has any, else its PDF form. */
function pdfReaderOf(deps: ErpDeps, row: DocumentDetailRow): EvidenceDocument['readPdf'] {
  return async () => {
    const annotated = await annotatedPdfOf(deps, row);
    const key = annotated?.key ?? (await pdfSourceKey(deps, row));
    if (key === null)
      return {
        problem: `The file ${row.name} (.${row.extension}) has no PDF form: its pages are not reproduced here. Its SHA-256 above identifies it.`,
      };
    return { bytes: await deps.fileStore.withLocalFile(key, (path) => readFile(path)) };
  };
}

/** Everything the packet prints of `rows` (visible documents, in the order asked). */
export async function evidenceDocumentsOf(deps: ErpDeps, rows: readonly DocumentDetailRow[]): Promise<EvidenceDocument[]> {
  const ids = rows.map((row) => row.id);
  const [verifications, histories, notes, links] = [
    await verifyWorkflowHistories(deps.db, ids),
    await historiesOf(deps.db, ids),
    await notesOf(deps.db, ids),
    await linksOf(deps, rows),
  ];
  // The ERP status as the document's properties show it: one indexed read each, no ERP call.
  const erpStatuses = new Map<number, { text: string; detail: string } | null>();
  for (const id of ids) {
    const status = await readDocumentErpStatus(deps.db, deps.entitySources, id);
    erpStatuses.set(id, status === null ? null : { text: status.text, detail: status.detail });
  }
  return rows.map((row) => {
    const history = histories.get(row.id) ?? [];
    const verification = verifications.get(row.id);
    if (verification === undefined) throw new Error(`No history verdict for document ${row.id}.`);
    return {
      id: row.id,
      name: row.name,
      extension: row.extension,
      sha256: row.file_sha256,
      pages: row.total_pages,
      createdAt: row.created_at,
      createdBy: row.created_by_username,
      subtype: row.subtype_text,
      queueNow: row.queue_name,
      link: links.get(row.id) ?? null,
      erpStatus: erpStatuses.get(row.id) ?? null,
      verification,
      history,
      queueStays: queueStaysOf(
        history,
        row.queue_id === null ? null : { id: row.queue_id, name: row.queue_name ?? `queue ${row.queue_id}` },
      ),
      notes: notes.get(row.id) ?? [],
      readPdf: pdfReaderOf(deps, row),
    };
  });
}
