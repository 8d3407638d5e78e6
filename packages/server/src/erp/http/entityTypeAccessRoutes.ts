import {
  EntitySubtypeAccessParams,
  EntityTypeAccessAnswer,
  EntityTypeAccessParams,
  EntityTypeAccessQuery,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import { PRIVILEGE_NAMES } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, IntegratedTableRow } from '../../db/schema';
import { resolveEntityTypeName, splitEntityTypeName } from '../entityTypeQueries';
import { DomainError, forbidden, notFound } from '../../errors/DomainError';
import { canUploadTo, tableVisibleCondition, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { ErpDeps } from '../ErpDeps';
import { integerParam, queryOf, queryString } from '../../http/requestHelpers';

/** What the caller may do with the records of an entity type (and subtype) in a company. */
export interface EntityTypeAccess {
  entityTypeName: string;
  sitId: number;
  subtypeId: number | null;
  dataAreaId: string;
  view: boolean;
  upload: boolean;
  capture: boolean;
  link: boolean;
  unlink: boolean;
  newCard: boolean;
  launchCard: boolean;
  changeSubtype: boolean;
}

// The answer schema holds every field: the serialiser drops what it lacks.
const accessMatches: AnswerMatches<typeof EntityTypeAccessAnswer, EntityTypeAccess> = true;
void accessMatches;

/** The Dynamics privileges (embedded §6): the access calls answer for the ERP features they switch. */
const DYNAMICS_PRIVILEGES = PRIVILEGE_NAMES.filter((name) => name.startsWith('Dynamics: '));

/** Ours: a caller with none of them has nothing to ask. */
export const ENTITY_ACCESS_REFUSED = "Asking what you may do with ERP records needs one of the 'Dynamics: …' privileges.";

/** Ours: no visible integrated table holds the type's records. */
export function noTableForAccess(name: string): string {
  return `No integrated table holds records of '${name}'.`;
}

/** Ours: the subtype is not one of the table's. */
export const SUBTYPE_NOT_OF_TABLE = 'The subtype was not found for this record type.';

/**
 * The visible integrated table of a type name, with no ERP call: by its stored name case aside,
 * else by the entity set both names stand for (bc:vendors, bc:Microsoft.NAV.Vendor).
 */
async function tableOfType(db: Kysely<Database>, viewer: Viewer, name: string): Promise<IntegratedTableRow> {
  const { prefix } = splitEntityTypeName(name);
  const tables = await db
    .selectFrom('integrated_tables as t')
    .selectAll('t')
    .where((eb) => tableVisibleCondition(eb, viewer))
    .orderBy('t.source_type_id')
    .orderBy('t.id')
    .execute();
  const stem = (text: string): string =>
    text
      .toLowerCase()
      .replace(/^microsoft\.nav\./, '')
      .replace(/s$/, '');
  const wanted = stem(resolveEntityTypeName(name).typeName);
  const found =
    tables.find((table) => table.entity_type_name.toLowerCase() === name.toLowerCase()) ??
    tables.find((table) => {
      try {
        const other = splitEntityTypeName(table.entity_type_name);
        return other.prefix === prefix && stem(resolveEntityTypeName(table.entity_type_name).typeName) === wanted;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    });
  if (found === undefined) throw notFound(noTableForAccess(name));
  return found;
}

/** Whether one of the viewer's groups may view the table in the company (or every company); managers always. */
async function canViewIn(db: Kysely<Database>, viewer: Viewer, sitId: number, dataAreaId: string): Promise<boolean> {
  if (viewer.isManager) return true;
  const row = await db
    .selectFrom('integrated_table_access as a')
    .innerJoin('user_groups as g', 'g.group_id', 'a.group_id')
    .select('a.id')
    .where('g.user_id', '=', viewer.userId)
    .where('a.integrated_table_id', '=', sitId)
    .where('a.can_view', '=', 1)
    .where((w) => w.or([w('a.data_area_id', 'is', null), w(sql<string>`lower(a.data_area_id)`, '=', dataAreaId.toLowerCase())]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The access of the viewer on a table's records in a company, optionally narrowed to a subtype. */
async function accessOf(
  deps: ErpDeps,
  viewer: Viewer,
  name: string,
  subtypeId: number | null,
  requestedArea: string | undefined,
): Promise<EntityTypeAccess> {
  if (!DYNAMICS_PRIVILEGES.some((privilege) => viewer.privileges.has(privilege))) throw forbidden(ENTITY_ACCESS_REFUSED);
  const table = await tableOfType(deps.db, viewer, name);
  let subtypeTakesUploads = true;
  if (subtypeId !== null) {
    const subtype = await deps.db
      .selectFrom('subtypes')
      .select('id')
      .where('id', '=', subtypeId)
      .where('integrated_table_id', '=', table.id)
      .executeTakeFirst();
    if (subtype === undefined) throw notFound(SUBTYPE_NOT_OF_TABLE);
    // A subtype takes uploads when a folder of it does (the folder tree offers uploads there only).
    const folder = await deps.db
      .selectFrom('display_folders')
      .select('id')
      .where('integrated_table_id', '=', table.id)
      .where('subtype_id', '=', subtypeId)
      .where('enabled', '=', 1)
      .where('allow_upload', '=', 1)
      .limit(1)
      .executeTakeFirst();
    subtypeTakesUploads = folder !== undefined;
  }
  const { prefix } = splitEntityTypeName(table.entity_type_name);
  let dataAreaId = requestedArea?.trim() ?? '';
  if (dataAreaId === '') {
    try {
      dataAreaId = deps.entitySources.source(prefix).config.company;
    } catch (error) {
      // A table of no configured ERP: its records have no company to ask about.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  const has = (privilege: (typeof PRIVILEGE_NAMES)[number]): boolean => viewer.privileges.has(privilege);
  const view = await canViewIn(deps.db, viewer, table.id, dataAreaId);
  const upload = subtypeTakesUploads && has('Cabinet: Import Documents') && (await canUploadTo(deps.db, viewer, table.id, dataAreaId));
  return {
    entityTypeName: table.entity_type_name,
    sitId: table.id,
    subtypeId,
    dataAreaId,
    view,
    upload,
    capture: upload && has('Dynamics: Capture'),
    link: view && has('Dynamics: Link to Existing'),
    unlink: view && has('Dynamics: Break Link'),
    newCard: has('Dynamics: New Card From Document') && table.allow_new_card === 1,
    launchCard: view && has('Dynamics: Launch Card From Document'),
    changeSubtype: view && has('Dynamics: Change Document Subtype'),
  };
}

/**
 * GET /api/entity-type/{type}/access and GET /api/entity-type/{type}/subtype/{subtype}/access
 * (embedded §6–§7; the path parameter is `name`, as by-properties names the same segment): permissions asked per entity type and subtype): what the caller may do with
 * the type's records in a company (`dataAreaId`, the source's own by default). Needs one of the
 * Dynamics privileges (403); a type no visible table holds, or a subtype not of its table → 404.
 * No ERP call: it answers while the ERP is down.
 */
export function registerEntityTypeAccessRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entity-type/:name/access',
    { schema: { params: EntityTypeAccessParams, querystring: EntityTypeAccessQuery, response: okAnswer(EntityTypeAccessAnswer) } },
    async (request) => accessOf(deps, viewerOf(request), request.params.name, null, queryString(queryOf(request), 'dataAreaId')),
  );
  app.get<{ Params: { name: string; subtype: string } }>(
    '/entity-type/:name/subtype/:subtype/access',
    { schema: { params: EntitySubtypeAccessParams, querystring: EntityTypeAccessQuery, response: okAnswer(EntityTypeAccessAnswer) } },
    async (request) =>
      accessOf(deps, viewerOf(request), request.params.name, integerParam(request, 'subtype'), queryString(queryOf(request), 'dataAreaId')),
  );
}
