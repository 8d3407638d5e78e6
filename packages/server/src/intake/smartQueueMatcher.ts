import type { PrivilegeName } from '@datahaven/core/model';
import { hasQueueFeature } from '@datahaven/core/model';
import { resolveEntityTypeName } from '../erp';
import type { ErpDeps } from '../erp';
import { DomainError } from '../errors/DomainError';
import type { EnteredQueue, Viewer } from '../access';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { LINK_PRIVILEGE, linkDocument } from '../linking';
import { insertNote } from '../documents';

/** The record fields a file name is compared with: the record's own number, and the number the vendor gave its invoice. */
const MATCH_FIELDS = ['number', 'vendorInvoiceNumber'] as const;

/** At most this many words of a file name are looked up, so an odd name cannot make a long query. */
const MAX_TOKENS = 5;

/**
 * The words of a file name that can be a record number: without the extension, split at spaces,
 * underscores and brackets, each holding a digit and 3–40 characters ('Invoice LW-5531 (2).pdf' →
 * ['LW-5531']); a lone page or copy number is not one.
 */
export function recordNumberTokens(fileName: string): string[] {
  const stem = fileName.replace(/\.[^.\s]{1,8}$/, '');
  const words = stem.split(/[\s_,;()[\]{}#]+/).map((word) => word.replace(/^[-.]+|[-.]+$/g, ''));
  const tokens = words.filter((word) => /\d/.test(word) && word.length >= 3 && word.length <= 40);
  return [...new Set(tokens)].slice(0, MAX_TOKENS);
}

/** Where the matcher says that it could not ask the ERP (the route's log). */
export type MatchWarning = (error: unknown, message: string) => void;

/** A record of an integrated table that a file name names. */
interface Match {
  sitId: number;
  recordId: string;
  dataAreaId: string;
}

/**
 * The records of the queue's tables whose number or vendor invoice number is one of the file
 * name's words, read through the connector in the importer's company (theirs, else the source's).
 * A table whose type has neither field, or whose source cannot be asked, adds nothing.
 */
async function recordsNamed(
  deps: ErpDeps,
  tables: readonly { id: number; entity_type_name: string }[],
  dataAreaId: string | null,
  tokens: readonly string[],
  warn: MatchWarning,
): Promise<Match[]> {
  const matches: Match[] = [];
  for (const table of tables) {
    try {
      const { prefix, typeName } = resolveEntityTypeName(table.entity_type_name);
      const source = deps.entitySources.source(prefix);
      const type = await source.entityType(typeName);
      const fields = MATCH_FIELDS.filter((field) => type.properties.some((property) => property.name === field));
      const key = type.keys[0];
      if (fields.length === 0 || key === undefined) continue;
      const company = dataAreaId ?? source.config.company;
      const page = await source.query(type.entitySet ?? typeName, {
        company,
        select: [key],
        filter: { or: tokens.flatMap((token) => fields.map((field) => ({ property: field, operator: 'eq' as const, value: token }))) },
        top: 2,
      });
      for (const record of page.records) {
        const id = record[key];
        if (typeof id === 'string' && id !== '') matches.push({ sitId: table.id, recordId: id, dataAreaId: company });
      }
    } catch (error) {
      // The ERP unreachable or the type unknown: the document arrives unlinked, as without a SmartQueue.
      warn(error, `SmartQueue matching could not ask the ERP about ${table.entity_type_name}.`);
    }
  }
  return matches;
}

/**
 * SmartQueue matching of files dropped on a queue (docs/UX-DECISIONS.md "SmartQueue"): in a
 * SmartQueue, each new unlinked document whose file name names exactly one record — by its
 * number or its vendor invoice number — of the integrated tables whose import settings name this
 * queue (the records whose documents arrive here) is linked to it through the linker, on the
 * importer's behalf (the queue's SmartQueue stands in for 'Dynamics: Link to Existing'; the
 * queue's LinkDocument flag, RestrictToDataAreaId and the record's presence still apply), with a
 * system note saying the SmartQueue matched it. No match, several, or a refusal: it stays
 * unlinked. Resolves to the ids it linked; their OnAutoLink events are the caller's (applyArrivalEvents).
 */
export async function matchArrivalsToRecords(
  deps: ErpDeps,
  viewer: Viewer,
  queue: EnteredQueue,
  documentIds: readonly number[],
  warn: MatchWarning,
): Promise<number[]> {
  if (documentIds.length === 0 || !hasQueueFeature(queue, 'SmartQueue') || deps.entitySources.prefixes.length === 0) return [];
  const tables = await deps.db
    .selectFrom('integrated_tables')
    .select(['id', 'entity_type_name'])
    .where('import_queue_id', '=', queue.id)
    .orderBy('id')
    .execute();
  if (tables.length === 0) return [];
  const dataAreaId = viewer.ownDataAreaId;
  const documents = await deps.db
    .selectFrom('documents')
    .select(['id', 'name', 'row_version'])
    .where('id', 'in', [...documentIds])
    .orderBy('id')
    .execute();
  const linker: Viewer = { ...viewer, privileges: new Set<PrivilegeName>([...viewer.privileges, LINK_PRIVILEGE]) };
  const linked: number[] = [];
  for (const document of documents) {
    const tokens = recordNumberTokens(document.name);
    if (tokens.length === 0) continue;
    const matches = await recordsNamed(deps, tables, dataAreaId, tokens, warn);
    // Exactly one record, or none is taken: an ambiguous name is left to a person.
    if (matches.length !== 1) continue;
    const [match] = matches;
    try {
      const change = await linkDocument(deps, linker, document.id, {
        relatedSitId: match.sitId,
        relatedDataAreaId: match.dataAreaId,
        relatedRecordId: match.recordId,
        rowConflictId: document.row_version,
        expectedQueueId: queue.id,
      });
      const number = change.link?.sourceNumber ?? match.recordId;
      await inWriteTransaction(deps.db, (trx) =>
        insertNote(
          trx,
          document.id,
          viewer.userId,
          'system',
          `SmartQueue '${queue.name}' matched ${document.name} to ${number} by its file name.`,
          deps.now().toISOString(),
        ),
      );
      linked.push(document.id);
    } catch (error) {
      // Refused (no LinkDocument flag, another company, the record gone): it stays unlinked, as unmatched.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return linked;
}
