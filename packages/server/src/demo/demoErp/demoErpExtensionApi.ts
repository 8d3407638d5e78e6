import type { FastifyReply, FastifyRequest } from 'fastify';
import { DemoErpRefusal, type DemoErpRecord, type DemoErpStore } from './DemoErpStore';
import { DEMO_ERP_COMPANY_TYPE, type DemoErpEntityType, type DemoErpProperty } from './demoErpEntityTypes';
import { demoErpApiMetadataXml } from './demoErpMetadata';
import { matchesODataFilter, parseODataFilter } from './parseODataFilter';

/** Where the demo ERP serves the product's extension API, as BC serves a custom API page: /api/{publisher}/{group}/{version}. */
export const DEMO_ERP_EXTENSION_ROOT = '/api/datahaven/documents/v1.0';

const property = (name: string, type: DemoErpProperty['type'], maxLength?: number): DemoErpProperty => ({
  name,
  type,
  nullable: name !== 'id',
  ...(maxLength === undefined ? {} : { maxLength }),
});

/**
 * The API page "DH Purch. Inv. Approval API" of manifests/bc (EntitySetName purchaseInvoiceApprovals):
 * one entity per purchase invoice (Purchase Header, document type Invoice), keyed by SystemId,
 * whose `approvalStatus` ('', 'Pending Approval', 'Approved', 'Rejected') is the one thing a PATCH changes.
 */
export const DEMO_ERP_APPROVAL_TYPE: DemoErpEntityType = {
  typeName: 'purchaseInvoiceApproval',
  setName: 'purchaseInvoiceApprovals',
  properties: [
    property('id', 'Edm.Guid'),
    property('number', 'Edm.String', 20),
    property('approvalStatus', 'Edm.String', 30),
    property('lastModifiedDateTime', 'Edm.DateTimeOffset'),
  ],
  navigations: [],
  writable: ['approvalStatus'],
};

const TYPES = [DEMO_ERP_COMPANY_TYPE, DEMO_ERP_APPROVAL_TYPE];

function notFound(path: string): DemoErpRefusal {
  return new DemoErpRefusal(404, `No resource was found at '${path}'.`);
}

/** `$select`: the named properties only; an unknown name is refused, as BC does. */
function selected(record: DemoErpRecord, query: URLSearchParams, type: DemoErpEntityType): DemoErpRecord {
  const select = query.get('$select');
  if (select === null || select.trim() === '') return record;
  const picked: DemoErpRecord = {};
  for (const name of select.split(',').map((n) => n.trim())) {
    if (!type.properties.some((candidate) => candidate.name === name))
      throw new DemoErpRefusal(400, `Could not find a property named '${name}' on type 'Microsoft.NAV.${type.typeName}'.`);
    picked[name] = record[name] ?? null;
  }
  return picked;
}

/** One segment: `name` or `name(key)` (a bare GUID, as BC writes SystemIds). */
function segmentOf(segment: string): { name: string; key: string | null } | null {
  const match = /^([A-Za-z][A-Za-z0-9]*)(?:\(([0-9A-Fa-f-]{36})\))?$/.exec(segment);
  return match === null ? null : { name: match[1], key: match[2] ?? null };
}

function collection(
  reply: FastifyReply,
  context: string,
  type: DemoErpEntityType,
  entries: readonly { record: DemoErpRecord; etag: string | null }[],
  query: URLSearchParams,
): FastifyReply {
  const filterText = query.get('$filter');
  const filter =
    filterText === null || filterText.trim() === ''
      ? null
      : parseODataFilter(filterText, (name) => type.properties.some((candidate) => candidate.name === name));
  const value = entries
    .filter((entry) => filter === null || matchesODataFilter(filter, entry.record))
    .map((entry) => ({ ...(entry.etag === null ? {} : { '@odata.etag': entry.etag }), ...selected(entry.record, query, type) }));
  return reply.type('application/json; charset=utf-8').send({ '@odata.context': context, value });
}

/**
 * Answers one authenticated call to the demo ERP's extension API (DEMO_ERP_EXTENSION_ROOT):
 * `$metadata`, `companies` (the same companies as v2.0, as BC's custom APIs serve them), and
 * `companies({id})/purchaseInvoiceApprovals[({id})]` — GET with $select/$filter, and PATCH of
 * one with If-Match (DemoErpStore.patchApproval). A refusal is thrown as DemoErpRefusal, which
 * the caller answers as an OData error.
 */
export async function answerDemoErpExtension(store: DemoErpStore, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const [rawPath, rawQuery = ''] = request.url.split('?', 2);
  const apiUrl = `http://${request.headers.host ?? '127.0.0.1'}${DEMO_ERP_EXTENSION_ROOT}`;
  const path = rawPath.slice(DEMO_ERP_EXTENSION_ROOT.length).replace(/^\//, '');
  const segments = path === '' ? [] : path.split('/').map((segment) => decodeURIComponent(segment));
  const query = new URLSearchParams(rawQuery);
  const get = request.method === 'GET';
  if (segments.length === 0) {
    if (!get) throw notFound(rawPath);
    return reply.send({
      '@odata.context': `${apiUrl}/$metadata`,
      value: TYPES.map((type) => ({ name: type.setName, kind: 'EntitySet', url: type.setName })),
    });
  }
  if (segments.length === 1 && segments[0] === '$metadata' && get)
    return reply.type('application/xml; charset=utf-8').send(demoErpApiMetadataXml(TYPES));
  const first = segmentOf(segments[0]);
  if (first === null || first.name !== 'companies') throw notFound(rawPath);
  const companies = store.listCompanies();
  if (first.key === null) {
    if (segments.length > 1 || !get) throw notFound(rawPath);
    const entries = companies.map((record) => ({ record, etag: null }));
    return collection(reply, `${apiUrl}/$metadata#companies`, DEMO_ERP_COMPANY_TYPE, entries, query);
  }
  const companyId = first.key;
  if (!companies.some((company) => company.id === companyId)) throw new DemoErpRefusal(404, `The company '${companyId}' does not exist.`);
  const second = segments.length === 2 ? segmentOf(segments[1]) : null;
  if (second === null || second.name !== DEMO_ERP_APPROVAL_TYPE.setName) throw notFound(rawPath);
  const context = `${apiUrl}/$metadata#companies(${companyId})/${DEMO_ERP_APPROVAL_TYPE.setName}`;
  const entries = store.listApprovals(companyId) ?? [];
  if (second.key === null) {
    if (!get) throw new DemoErpRefusal(405, `${request.method} is not allowed on '${DEMO_ERP_APPROVAL_TYPE.setName}'.`);
    return collection(reply, context, DEMO_ERP_APPROVAL_TYPE, entries, query);
  }
  const key = second.key.toLowerCase();
  if (request.method === 'PATCH') {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new DemoErpRefusal(400, 'The request body must be a JSON object.');
    const ifMatch = request.headers['if-match'];
    const changed = store.patchApproval(companyId, key, typeof ifMatch === 'string' ? ifMatch : undefined, body as Record<string, unknown>);
    return reply
      .header('ETag', changed.etag)
      .send({ '@odata.context': `${context}/$entity`, '@odata.etag': changed.etag, ...changed.record });
  }
  if (!get) throw new DemoErpRefusal(405, `${request.method} is not allowed on one ${DEMO_ERP_APPROVAL_TYPE.typeName}.`);
  const entry = entries.find((candidate) => String(candidate.record.id) === key);
  if (entry === undefined) throw new DemoErpRefusal(404, `The ${DEMO_ERP_APPROVAL_TYPE.typeName} '${key}' does not exist.`);
  return reply
    .header('ETag', entry.etag)
    .send({ '@odata.context': `${context}/$entity`, '@odata.etag': entry.etag, ...selected(entry.record, query, DEMO_ERP_APPROVAL_TYPE) });
}
