import type { Kysely } from 'kysely';
import { normaliseRecordId, type RecordContext } from '../db/recordContext';
import type { Database, IntegratedTableRow } from '../db/schema';
import { collectionNavigationJoin, erpTimedOut, resolveEntityTypeName } from '../erp';
import type { CollectionNavigationJoin, EntitySources, EntityTypeMetadata } from '../erp';
import { DomainError } from '../errors/DomainError';
import { tableVisibleCondition } from '../access';
import type { Viewer } from '../access';
import { groupedRecordsOf } from './recordGroups';

/** A record whose documents a record's folder tree also shows (issue 11 "Related records"). */
export interface RelatedRecord {
  table: IntegratedTableRow;
  dataAreaId: string;
  recordId: string;
  /** The number users know, e.g. 'V30000' (the record id when unknown). */
  number: string;
  /** How it is related: the ERP's navigation name (e.g. 'vendor'), or 'group' for a record group. */
  relation: string;
}

/** A record's related records, and why the ERP's part is missing when it could not be read. */
export interface RelatedRecords {
  records: RelatedRecord[];
  /**
   * The ERP's own words when it could not name the related records (down, too slow, busy), e.g.
   * 'Business Central cannot be reached right now. Please try again later.'; null when it answered.
   */
  unavailable: string | null;
}

/**
 * The longest the folder tree waits for the ERP to name a record's related records: the tree is
 * our own data and answers without them rather than wait for a slow ERP (the related folders come
 * back on the next listing).
 */
const ERP_RELATED_BUDGET_MS = 2_500;

function withinBudget<T>(work: Promise<T>, fallback: () => T, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The most records one collection navigation adds (an order's receipts): a few folders, one bounded query. */
const RELATED_COLLECTION_TOP = 5;

const EMPTY_GUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !EMPTY_GUID.test(value);
}

/**
 * The records the ERP relates to this one: through its single-valued navigations (a purchase
 * invoice's `vendor` through `vendorId`, its `purchaseOrder` through `orderId`…) and through the
 * collection navigations whose join is known (its `purchaseReceipts`, through `orderId`), where
 * an integrated table the viewer may see holds the target type. One read of the record with just
 * the key properties (and the numbers beside them, e.g. vendorNumber), then one bounded query per
 * collection ($filter on the join, $top 5). The ERP without the record: none. The ERP down, slow
 * or busy: none, and its words in `unavailable` so the tree can say so (a log line too).
 */
async function erpRelatedRecords(
  db: Kysely<Database>,
  sources: EntitySources,
  viewer: Viewer,
  context: RecordContext,
  log: (message: string) => void,
): Promise<RelatedRecords> {
  const ownId = context.recordId;
  const none: RelatedRecords = { records: [], unavailable: null };
  if (ownId === null) return none;
  // A table named without an ERP prefix (not prefix:type) has no ERP to ask.
  const colon = context.sit.entity_type_name.indexOf(':');
  if (colon < 1 || colon === context.sit.entity_type_name.length - 1) return none;
  const { prefix, typeName } = resolveEntityTypeName(context.sit.entity_type_name);
  if (!sources.prefixes.includes(prefix)) return none;
  const source = sources.source(prefix);
  const work = async (): Promise<RelatedRecord[]> => {
    const type = await source.entityType(typeName);
    const properties = new Set(type.properties.map((property) => property.name));
    // BC names an order's key 'orderId' (and its number 'orderNumber'), not after the navigation.
    const keyOf = (navigation: string): string | null =>
      properties.has(`${navigation}Id`)
        ? `${navigation}Id`
        : navigation === 'purchaseOrder' && properties.has('orderId')
          ? 'orderId'
          : null;
    const navigations = type.navigations.filter((navigation) => {
      if (!navigation.collection) return keyOf(navigation.name) !== null;
      const join = collectionNavigationJoin(type.name, navigation.name);
      return join !== null && properties.has(join.fromProperty);
    });
    if (navigations.length === 0) return [];
    const tables = (
      await db
        .selectFrom('integrated_tables as t')
        .selectAll('t')
        .where((eb) => tableVisibleCondition(eb, viewer))
        .orderBy('t.source_type_id')
        .orderBy('t.id')
        .execute()
    ).filter((table) => table.entity_type_name.startsWith(`${prefix}:`));
    const tableOf = async (targetType: string): Promise<{ table: IntegratedTableRow; type: EntityTypeMetadata } | null> => {
      for (const table of tables) {
        let candidate: EntityTypeMetadata;
        try {
          candidate = await source.entityType(resolveEntityTypeName(table.entity_type_name).typeName);
        } catch (error) {
          if (error instanceof DomainError && error.kind === 'NotFound') continue;
          throw error;
        }
        if (candidate.qualifiedName === targetType) return { table, type: candidate };
      }
      return null;
    };
    const singles: { navigation: string; keyProperty: string; numberProperty: string | null; table: IntegratedTableRow }[] = [];
    const collections: { navigation: string; join: CollectionNavigationJoin; table: IntegratedTableRow; type: EntityTypeMetadata }[] = [];
    for (const navigation of navigations) {
      const target = await tableOf(navigation.targetType);
      if (target === null) continue;
      const join = navigation.collection ? collectionNavigationJoin(type.name, navigation.name) : null;
      if (join !== null) {
        collections.push({ navigation: navigation.name, join, table: target.table, type: target.type });
        continue;
      }
      const numberProperty = navigation.name === 'purchaseOrder' ? 'orderNumber' : `${navigation.name}Number`;
      const keyProperty = keyOf(navigation.name);
      if (keyProperty === null) continue;
      singles.push({
        navigation: navigation.name,
        keyProperty,
        numberProperty: properties.has(numberProperty) ? numberProperty : null,
        table: target.table,
      });
    }
    if (singles.length === 0 && collections.length === 0) return [];
    const select = [
      ...new Set([
        ...type.keys,
        ...singles.flatMap((target) =>
          target.numberProperty === null ? [target.keyProperty] : [target.keyProperty, target.numberProperty],
        ),
        ...collections.map((target) => target.join.fromProperty),
      ]),
    ];
    const company = context.dataAreaId === '' ? undefined : context.dataAreaId;
    const record = await source.get(type.entitySet ?? typeName, ownId, { company, select });
    if (record === null) return [];
    const dataAreaId = context.dataAreaId === '' ? source.config.company : context.dataAreaId;
    const fromSingles = singles.flatMap((target): RelatedRecord[] => {
      const key = record[target.keyProperty];
      if (!isKey(key)) return [];
      const number = target.numberProperty === null ? null : record[target.numberProperty];
      const recordId = normaliseRecordId(key);
      return [
        {
          table: target.table,
          dataAreaId,
          recordId,
          number: typeof number === 'string' && number !== '' ? number : recordId,
          relation: target.navigation,
        },
      ];
    });
    const fromCollections = await Promise.all(
      collections.map(async (target): Promise<RelatedRecord[]> => {
        const value = record[target.join.fromProperty];
        const key = target.type.keys.length === 1 ? target.type.keys[0] : null;
        if (!isKey(value) || key === null) return [];
        const hasNumber = target.type.properties.some((property) => property.name === 'number');
        const page = await source.query(target.type.entitySet ?? target.type.name, {
          company,
          filter: { property: target.join.toProperty, operator: 'eq', value },
          select: hasNumber ? [key, 'number'] : [key],
          orderBy: hasNumber ? ['number'] : undefined,
          top: RELATED_COLLECTION_TOP,
        });
        return page.records.flatMap((related): RelatedRecord[] => {
          const id = related[key];
          if (!isKey(id)) return [];
          const recordId = normaliseRecordId(id);
          const number = related.number;
          return [
            {
              table: target.table,
              dataAreaId,
              recordId,
              number: typeof number === 'string' && number !== '' ? number : recordId,
              relation: target.navigation,
            },
          ];
        });
      }),
    );
    return [...fromSingles, ...fromCollections.flat()];
  };
  const leftOut = (message: string, unavailable: boolean): RelatedRecords => {
    log(`Related records of ${context.sit.entity_type_name} ${ownId} left out: ${message}`);
    return { records: [], unavailable: unavailable ? message : null };
  };
  try {
    // Past the budget the tree answers without them, in the words of an ERP that did not answer in time.
    const late = Symbol('late');
    const records = await withinBudget<RelatedRecord[] | typeof late>(work(), () => late, ERP_RELATED_BUDGET_MS);
    return records === late
      ? leftOut(erpTimedOut(source.config.label, ERP_RELATED_BUDGET_MS / 1000), true)
      : { records, unavailable: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Only an ERP that cannot answer now is worth telling the user; a missing type is the set-up's, and logged.
    return leftOut(error.message, error.kind === 'Unavailable');
  }
}

/**
 * A record's related records: those its ERP names through navigations, then the other members of
 * its record groups (PUT /record-group-memberships; `inRecordGroup` says whether it is in any),
 * each once, never the record itself. The ERP
 * unable to answer leaves its part out (the groups are ours and still show) and says so.
 */
export async function relatedRecordsOf(
  db: Kysely<Database>,
  sources: EntitySources,
  viewer: Viewer,
  context: RecordContext & { inRecordGroup: boolean },
  log: (message: string) => void,
): Promise<RelatedRecords> {
  if (context.recordId === null) return { records: [], unavailable: null };
  // Most records are in no group: the caller read whether this one is beside its context, so
  // the groups' statement runs only for a member (one statement less per listing).
  const [fromErp, grouped] = await Promise.all([
    erpRelatedRecords(db, sources, viewer, context, log),
    context.inRecordGroup ? groupedRecordsOf(db, viewer, context.sit.id, context.recordId, context.dataAreaId) : [],
  ]);
  const seen = new Set<string>([`${context.sit.id}|${context.recordId}|${context.dataAreaId.toLowerCase()}`]);
  const related: RelatedRecord[] = [];
  const add = (record: RelatedRecord): void => {
    const key = `${record.table.id}|${record.recordId}|${record.dataAreaId.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    related.push(record);
  };
  fromErp.records.forEach(add);
  if (grouped.length > 0) {
    const tables = new Map(
      (
        await db
          .selectFrom('integrated_tables')
          .selectAll()
          .where('id', 'in', [...new Set(grouped.map((g) => g.sitId))])
          .execute()
      ).map((table) => [table.id, table]),
    );
    for (const record of grouped) {
      const table = tables.get(record.sitId);
      if (table !== undefined)
        add({ table, dataAreaId: record.dataAreaId, recordId: record.recordId, number: record.number, relation: 'group' });
    }
  }
  return { records: related, unavailable: fromErp.unavailable };
}
