import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DomainError, notFound } from '../errors/DomainError';
import { listIntegratedTables } from '../access';
import type { IntegratedTableSummary, Viewer } from '../access';
import { resolveEntityTypeName, splitEntityTypeName } from './entityTypeQueries';
import type { EntitySources } from './EntitySources';

/** Ours: no visible integrated table holds records of the type. */
export function noTableForType(name: string): string {
  return `No integrated table holds records of '${name}'.`;
}

/** Ours: no configured ERP has the data area. */
export function noSuchDataArea(id: string): string {
  return `No ERP has a company '${id}'.`;
}

/**
 * The integrated table whose records are of an entity type (GET /api/entity-types/{name}/sit):
 * first by its stored type name (case aside, no ERP call), then by what the source's $metadata
 * makes of both names, so 'bc:vendors' finds the table stored as 'bc:Microsoft.NAV.Vendor' and
 * 'bc:purchaseInvoice' the Purchase Header table mapped to its set. Only tables the viewer may see.
 */
export async function integratedTableOfType(
  db: Kysely<Database>,
  sources: EntitySources,
  viewer: Viewer,
  name: string,
): Promise<IntegratedTableSummary> {
  const { prefix } = splitEntityTypeName(name);
  const source = sources.source(prefix);
  const candidates = (await listIntegratedTables(db, viewer))
    .filter((table) => table.entityTypeName.startsWith(`${prefix}:`))
    .sort((a, b) => a.sourceTypeId - b.sourceTypeId || a.id - b.id);
  const exact = candidates.find((table) => table.entityTypeName.toLowerCase() === name.toLowerCase());
  if (exact !== undefined) return exact;
  const wanted = (await source.entityType(resolveEntityTypeName(name).typeName)).qualifiedName;
  for (const table of candidates) {
    try {
      if ((await source.entityType(resolveEntityTypeName(table.entityTypeName).typeName)).qualifiedName === wanted) return table;
    } catch (error) {
      // A table whose type the ERP lacks is not this one; the ERP down still answers in its words.
      if (error instanceof DomainError && error.kind === 'NotFound') continue;
      throw error;
    }
  }
  throw notFound(noTableForType(name));
}

/** The ERP serving an entity type, as GET /api/entity-types/{name}/system answers it. */
export interface EntitySystem {
  prefix: string;
  label: string;
  defaultDataAreaId: string;
}

/** The configured source of a type name's prefix (404 in words when none); no ERP call. */
export function entitySystemOf(sources: EntitySources, name: string): EntitySystem {
  const source = sources.source(splitEntityTypeName(name).prefix);
  return { prefix: source.config.prefix, label: source.config.label, defaultDataAreaId: source.config.company };
}

/** A company of a configured ERP, as GET /api/areas/{id} answers it. */
export interface DataArea {
  id: string;
  displayName: string;
  companyId: string;
  prefix: string;
}

/**
 * The data area `id` among the configured sources' companies (their cached list), by name case
 * aside or by the ERP's own key; 404 in words when none has it, the ERP's words when it is down.
 */
export async function findDataArea(sources: EntitySources, id: string): Promise<DataArea> {
  for (const prefix of sources.prefixes) {
    const companies = await sources.source(prefix).companies();
    const company = companies.find(
      (candidate) => candidate.name.toLowerCase() === id.toLowerCase() || candidate.id.toLowerCase() === id.toLowerCase(),
    );
    if (company !== undefined) return { id: company.name, displayName: company.displayName, companyId: company.id, prefix };
  }
  throw notFound(noSuchDataArea(id));
}
