import type { Expression, Kysely, RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The scalar EDM types the workflow entity sets use. */
export type EdmScalarType = 'Edm.Int32' | 'Edm.String' | 'Edm.Boolean' | 'Edm.Decimal' | 'Edm.DateTimeOffset';

/** A complex type of the `Datahaven` namespace ($metadata declares it), named as properties name it: `Datahaven.QueueAccess`. */
export type ComplexTypeName = `Datahaven.${string}`;

/** One property of an entity type. */
export interface PropertyDefinition {
  name: string;
  type: EdmScalarType | ComplexTypeName | `Collection(${ComplexTypeName})`;
  nullable: boolean;
  /** The column of the set's source query behind the property, when it can be filtered or sorted. */
  column?: string;
  /** `$filter` accepts `eq` on it (keys and foreign keys only, the brief). */
  filterable?: boolean;
  /** `$orderby` accepts it. */
  sortable?: boolean;
}

/** A complex type the module whose sets use it declares: its name in the namespace (`QueueAccess`) and its properties. */
export interface ComplexTypeDefinition {
  name: string;
  properties: readonly PropertyDefinition[];
}

/** A row of a set's source query, as the driver returns it. */
export type SourceRow = Record<string, unknown>;

/**
 * Where an entity whose table keeps a row version carries it (Documents): its ETag is then that
 * version, which the domain command compares. A symbol, so no JSON body ever shows it.
 */
export const ROW_VERSION: unique symbol = Symbol('rowVersion');

/** An entity as the service answers it (without annotations). */
export type ODataEntity = Record<string, unknown> & { [ROW_VERSION]?: number };

/** The key of one entity, by key property name. */
export type EntityKey = Record<string, number>;

/** Database access of a read: the app's connection or a write transaction. */
export type Reader = Kysely<Database> | Transaction<Database>;

/**
 * Who calls the data service, as far as the service itself needs to know: who they are, the
 * database clock of their request, and whether they manage the workflow structure. The module
 * that declares a set says what its callers are beyond that (workflow's sets: the access
 * policies' `Viewer`), and the service is registered with an `authenticate` that makes one.
 */
export interface ODataCaller {
  userId: number;
  isManager: boolean;
  databaseNow: RawBuilder<string>;
}

/** Who reads, and on which connection: what a set's source may filter by (Documents: the caller's visibility). */
export interface SourceCaller<C extends ODataCaller = ODataCaller> {
  db: Reader;
  viewer: C;
}

/** Who may use a set: security managers only (the workflow structure), or every caller, each seeing what /api shows them. */
export type EntitySetAudience = 'securityManager' | 'documentViewer';

/**
 * PATCH of a set changed through a domain command that runs its own transaction and compares the
 * row version itself (Documents → the routing command of PUT /api/documents/route): the If-Match
 * header as sent, the body as a JSON object; resolves to the entity's new row version.
 */
export type EntityPatch<C extends ODataCaller = ODataCaller> = (
  key: EntityKey,
  ifMatch: string | undefined,
  body: Readonly<Record<string, unknown>>,
  viewer: C,
) => Promise<number>;

/** What a write knows about its caller and time. */
export interface WriteContext {
  userId: number;
  /** The server clock as ISO text (the stored instants' format). */
  now: string;
}

/** POST / PATCH / DELETE of a writable entity set; bodies are plain JSON objects. */
export interface EntitySetWrites {
  /** The table holding one entity per row and its key columns by key property, to lock the row before a change. */
  table: keyof Database;
  keyColumns: Readonly<Record<string, string>>;
  /** Validates and inserts; resolves to the new entity's key. */
  create(trx: Transaction<Database>, body: Readonly<Record<string, unknown>>, context: WriteContext): Promise<EntityKey>;
  /** Validates and applies a partial update of an existing entity. */
  update(trx: Transaction<Database>, key: EntityKey, body: Readonly<Record<string, unknown>>, context: WriteContext): Promise<void>;
  /** Deletes an existing entity (or refuses with 409 when others depend on it). */
  remove(trx: Transaction<Database>, key: EntityKey): Promise<void>;
}

/** Everything the service needs about one entity set. */
export interface EntitySetDefinition<C extends ODataCaller = ODataCaller> {
  /** The entity set name in URLs, e.g. `WorkflowQueues`. */
  name: string;
  /** The entity type name in $metadata, e.g. `WorkflowQueue`. */
  entityType: string;
  /** Key property names, in $metadata order. */
  keys: readonly string[];
  properties: readonly PropertyDefinition[];
  /** Absent: 'securityManager'. */
  audience?: EntitySetAudience;
  /** The SELECT behind the set; the service wraps it to filter, sort and page by `column`s. */
  source(databaseNow: RawBuilder<string>, caller: SourceCaller<C>): Expression<unknown>;
  /** Source rows → entities, in the same order. */
  present(db: Reader, rows: readonly SourceRow[], databaseNow: RawBuilder<string>): Promise<ODataEntity[]>;
  /** Absent for read-only sets (writes answer 405). */
  writes?: EntitySetWrites;
  /** A set changed only by PATCH through a command (POST and DELETE answer 405); excludes `writes`. */
  patch?: EntityPatch<C>;
}
