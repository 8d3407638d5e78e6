import { Type } from '@sinclair/typebox';
import type { TObject, TSchema } from '@sinclair/typebox';

/*
 * Query values are text on the wire and stay text here: patterns check their form, so the routes'
 * own rules (ranges, lengths, allowed sort keys) keep their messages. Each refusal has the words
 * the route's reader (server requestHelpers) already answered, in `errorMessage`. A value sent
 * twice where one is expected is a wrong type (an array): 400 naming the parameter.
 */

/** An optional integer, as `requestHelpers.queryInteger` reads it (empty means absent). */
function integerQuery(name: string) {
  return Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: `The parameter ${name} must be an integer.`,
      description: 'An integer.',
      examples: ['1'],
    }),
  );
}

/** An optional flag, as `requestHelpers.queryFlag` reads it: true / 1 or false / 0 (empty means absent). */
function flagQuery(name: string, description: string) {
  return Type.Optional(
    Type.String({
      pattern: '^(true|false|1|0)?$',
      errorMessage: `The parameter ${name} must be true or false.`,
      description,
      examples: ['true'],
    }),
  );
}

/** Optional free text (its length is the route's rule, with its own message). */
function textQuery(description: string) {
  return Type.Optional(Type.String({ description }));
}

/** A document id, as `requestHelpers.parseDocumentId` reads it (SECURITY row 8). */
const documentIdText = Type.String({
  pattern: '^[1-9]\\d{0,14}$',
  errorMessage: 'Document ids are positive integers.',
  description: 'A document id.',
  examples: ['1'],
});

/** One document id (the route says when it is required). */
const documentIdQuery = Type.Optional(documentIdText);

/** A queue id of a query (empty means absent). */
const queueIdQuery = Type.Optional(
  Type.String({
    pattern: '^([1-9]\\d{0,14})?$',
    errorMessage: 'Queue ids are positive integers.',
    description: 'A queue id.',
    examples: ['1'],
  }),
);

/** A list under `name[]` and `name` (both spellings are read), each item of `item`'s form. */
function listQuery(name: string, item: TSchema): Record<string, TSchema> {
  return { [name]: Type.Optional(Type.Array(item)), [`${name}[]`]: Type.Optional(Type.Array(item)) };
}

/** The document ids of a list request (`docId[]` / `docId`, at most 500: the route's rule). */
const documentIdList = listQuery('docId', documentIdText);

/** The record context of a request (server recordContextQuery; `id` is an alias of recordId, spec §2). */
const recordContext = {
  dataAreaId: textQuery("The record's data area (company)."),
  recordId: textQuery("The ERP record's id."),
  id: textQuery('recordId, by its other name.'),
  typeName: textQuery("The record's entity type name, e.g. bc:Microsoft.NAV.Vendor."),
  tableId: integerQuery('tableId'),
  sitId: integerQuery('sitId'),
  sourceType: integerQuery('sourceType'),
};

/** `q` and `hideEmpty` of the workflow structure lists. */
const queueListFilter = {
  q: textQuery('Filter on queue names.'),
  hideEmpty: flagQuery('hideEmpty', 'Leave out queues without documents.'),
};

/** `queueTypeId` and `q` of the route targets. */
const routeOptions = { queueTypeId: integerQuery('queueTypeId'), q: textQuery('Filter on queue names.') };

/** `q`, `skip`, `take` and the tags of a search or a tag suggestion; each tag is a JSON-encoded SearchTag. */
const searchPage = {
  q: textQuery('The words searched for.'),
  skip: integerQuery('skip'),
  take: integerQuery('take'),
  ...listQuery('tag', Type.String({ description: 'A JSON-encoded SearchTag.' })),
  ...listQuery('tags', Type.String({ description: 'A JSON-encoded SearchTag.' })),
};

/** What every spreadsheet export reads (issue 40 item 7): the file kind, the visible columns and the user's formats. */
const spreadsheetQuery = {
  format: Type.Optional(
    Type.String({
      pattern: '^(xlsx|csv)?$',
      errorMessage: "format must be 'xlsx' or 'csv'.",
      description: 'xlsx (default) or csv.',
      examples: ['xlsx'],
    }),
  ),
  columns: textQuery(
    "The list's column keys the user sees, comma-separated, in order (default: the list's own); an unknown one answers 400.",
  ),
  locale: textQuery('A BCP 47 tag whose number and date formats the file uses (default en-US); de-DE writes CSV with ; and 1234,50.'),
  timeZone: textQuery('The IANA time zone instants are written in (default UTC).'),
};

/** `embedAnnotations` of a download: burn the annotations into the PDF (default: the server's setting). */
const embedAnnotations = flagQuery('embedAnnotations', 'Burn the annotations into the PDF.');

/**
 * The query string of every /api route that reads one, keyed by Fastify's URL (all methods of a
 * URL share it). The server gives each route its entry as the `querystring` schema, as with
 * PATH_PARAMETERS, so a wrong-typed value answers 400 naming the parameter before the handler
 * runs; `GET /api/openapi.json` lists them as `in: query` parameters. Parameters not named here
 * are left alone (a cache-busting `_=` stays harmless).
 */
export const QUERY_PARAMETERS: Readonly<Record<string, TObject>> = {
  '/api/documents': Type.Object({ ...recordContext, subtypeId: integerQuery('subtypeId'), ...documentIdList }),
  '/api/documents/:id/data': Type.Object({
    download: flagQuery('download', 'Answer as an attachment (Content-Disposition).'),
    urlEncodeFileName: flagQuery('urlEncodeFileName', 'URL-encode the file name of the attachment.'),
    asPdf: flagQuery('asPdf', 'An image converted to PDF.'),
    embedAnnotations,
  }),
  '/api/documents/:id/pages/:page/thumbnail': Type.Object({ width: integerQuery('width') }),
  '/api/documents/:id/data/base64': Type.Object({ embedAnnotations }),
  '/api/mail-import': Type.Object({ ...recordContext, subtypeId: integerQuery('subtypeId'), queueId: queueIdQuery }),
  '/api/documents/:id/data/base64/thumbnails': Type.Object({
    width: integerQuery('width'),
    first: integerQuery('first'),
    count: integerQuery('count'),
  }),
  '/api/documents/:id/readonly': Type.Object({ queueId: queueIdQuery }),
  '/api/documents/:id/routes': Type.Object(routeOptions),
  '/api/documents/routes': Type.Object({
    ...documentIdList,
    ...routeOptions,
    includeQueues: flagQuery('includeQueues', 'Also answer the target queues (default true).'),
  }),
  '/api/documents/data': Type.Object({ ...documentIdList, ...listQuery('docIds', documentIdText), embedAnnotations }),
  '/api/email-link': Type.Object({
    ...documentIdList,
    ...listQuery('docIds', documentIdText),
    embedAnnotations,
    token: textQuery("The host's Microsoft Graph token."),
  }),
  '/api/documents/search': Type.Object({
    ...searchPage,
    sort: textQuery('name, createdAt or FileSize.'),
    desc: Type.Optional(Type.String({ pattern: '^(true|false)?$', errorMessage: 'desc must be true or false.', examples: ['true'] })),
  }),
  '/api/documents/search/export': Type.Object({
    q: searchPage.q,
    ...listQuery('tag', Type.String({ description: 'A JSON-encoded SearchTag.' })),
    ...listQuery('tags', Type.String({ description: 'A JSON-encoded SearchTag.' })),
    sort: textQuery('name, createdAt or FileSize.'),
    desc: Type.Optional(Type.String({ pattern: '^(true|false)?$', errorMessage: 'desc must be true or false.', examples: ['true'] })),
    ...spreadsheetQuery,
  }),
  '/api/search-tags': Type.Object(searchPage),
  '/api/folder-structure': Type.Object({ ...recordContext, expandToDocId: integerQuery('expandToDocId') }),
  '/api/annotations': Type.Object({ docId: documentIdQuery, page: integerQuery('page') }),
  '/api/locks': Type.Object({
    docId: documentIdQuery,
    queueId: integerQuery('queueId'),
    rowConflictIds: integerQuery('rowConflictIds'),
    note: textQuery("DELETE: a security manager's reason for releasing another user's lock (a user note; at most 4000 characters)."),
  }),
  '/api/locks/renew': Type.Object({ docId: documentIdQuery, queueId: integerQuery('queueId') }),
  '/api/can': Type.Object({ action: textQuery('A privilege name.') }),
  '/api/can/actions': Type.Object(listQuery('action', Type.String({ description: 'A privilege name.' }))),
  '/api/token/user': Type.Object({ type: textQuery('apikey or refresh.'), auth: textQuery('The username an API key acts for.') }),
  '/api/subtype': Type.Object({ sitId: integerQuery('sitId'), q: textQuery('Filter on subtype texts.') }),
  '/api/v2/subtype': Type.Object({
    sitId: integerQuery('sitId'),
    q: textQuery('Filter on subtype texts.'),
    skip: integerQuery('skip'),
    take: integerQuery('take'),
  }),
  '/api/documents/type/:id/subtypes': Type.Object({
    modify: flagQuery('modify', 'Only the subtypes the caller may change a document to.'),
  }),
  '/api/workflow-root': Type.Object(queueListFilter),
  '/api/workflow-structure': Type.Object({
    ...queueListFilter,
    queueID: queueIdQuery,
    // The portal's own refusal (portal §5), as the path parameter of /workflow-structure/{id}.
    qid: Type.Optional(
      Type.String({
        pattern: '^([1-9]\\d{0,14})?$',
        errorMessage: "'{value}'is not a valid Queue Type ID.  Refusing to load its queues.",
        description: 'A queue type id.',
        examples: ['1'],
      }),
    ),
  }),
  '/api/workflow-structure/:id': Type.Object(queueListFilter),
  '/api/queue-types/:id/queues': Type.Object(queueListFilter),
  '/api/queue-types/:id/workflow': Type.Object(queueListFilter),
  '/api/queues/:id/workflow': Type.Object({
    q: textQuery('Filter on the documents, at most 500 characters.'),
    skip: integerQuery('skip'),
    take: integerQuery('take'),
    sort: textQuery('A sort key (createdAt by default).'),
    desc: Type.Optional(Type.String({ pattern: '^(true|false)?$', errorMessage: 'desc must be true or false.', examples: ['true'] })),
  }),
  '/api/queues/:id/documents/export': Type.Object({
    q: textQuery('Filter on the documents, at most 500 characters.'),
    sort: textQuery('A sort key (createdAt by default).'),
    desc: Type.Optional(Type.String({ pattern: '^(true|false)?$', errorMessage: 'desc must be true or false.', examples: ['true'] })),
    ...spreadsheetQuery,
  }),
  '/api/documents/:id/history/export': Type.Object(spreadsheetQuery),
  '/api/workflow/perms': Type.Object({ docId: documentIdQuery }),
};
