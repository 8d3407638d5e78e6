import type { DmsDocument, SearchTag, SearchTagKind } from '@datahaven/core/model';
import {
  createDocument,
  createErpRecord,
  createGroup,
  createIntegratedTable,
  createUser,
  createWorld,
  grantTableAccess,
  makePdf,
  privilegeId,
  unique,
} from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { SearchAnswer } from './searchRoutes';

type User = { id: number; username: string };
type TagInput = { type: SearchTagKind; key: string };

const tagParams = (tags: readonly TagInput[]) => tags.map((t) => `&tag[]=${encodeURIComponent(JSON.stringify(t))}`).join('');

describeOnEachDatabase('search tags, sort and suggestions', (server) => {
  let world: World;
  /** Sees world.table in CRONUS only. */
  let cronusOnly: User;
  let alpha: number;
  let beta: number;
  let gamma: number;
  let hidden: number;
  /** Every document the clerk may see. */
  let clerkVisible: number[];

  const as = (user: User) => server().authHeaders(user.username);

  beforeAll(async () => {
    world = await createWorld(server());
    const { db } = server().deps;
    const northRecord = await createErpRecord(server(), world.table.sitId, unique('N'), 'NORTHWIND');
    const upload = (fileName: string, pages: number, recordId: string, dataAreaId: string) =>
      makePdf(pages, 'Fixture page').then((content) =>
        createDocument(server(), { sitId: world.table.sitId, recordId, dataAreaId, fileName, content, uploader: world.clerk }),
      );
    alpha = await upload('Alpha report.pdf', 3, northRecord, 'NORTHWIND');
    beta = await upload('Beta invoice.pdf', 1, world.recordId, 'CRONUS');
    gamma = await upload('Gamma_50%.pdf', 2, world.recordId, 'CRONUS');
    await db.updateTable('documents').set({ description: 'Quarterly figures', user_string1: 'PO-77' }).where('id', '=', alpha).execute();
    await db.updateTable('documents').set({ description: 'Shipping costs', user_string1: 'PO-12' }).where('id', '=', beta).execute();
    const note = await server().inject({
      method: 'POST',
      url: `/api/documents/${alpha}/notes`,
      headers: as(world.clerk),
      payload: { text: 'Wrong VAT line' },
    });
    expect(note.statusCode).toBe(201);

    const hiddenTable = await createIntegratedTable(server(), 'Customer');
    const hiddenRecord = await createErpRecord(server(), hiddenTable.sitId, unique('C'), 'SECRETCO');
    hidden = await createDocument(server(), {
      sitId: hiddenTable.sitId,
      recordId: hiddenRecord,
      dataAreaId: 'SECRETCO',
      fileName: 'Hiddenname secret.pdf',
      uploader: world.manager,
    });
    await db.updateTable('documents').set({ description: 'Quarterly secret', user_string1: 'PO-99' }).where('id', '=', hidden).execute();
    await db
      .insertInto('notes')
      .values({
        document_id: hidden,
        author_id: world.manager.id,
        kind: 'user',
        text: 'Wrong VAT too',
        created_at: new Date().toISOString(),
      })
      .execute();

    const cronusGroup = await createGroup(server(), unique('Cronus viewers '), ['Search: Search']);
    await grantTableAccess(server(), cronusGroup, world.table.sitId, { dataAreaId: 'CRONUS' });
    cronusOnly = await createUser(server(), unique('cronus'), { groups: [cronusGroup] });
    clerkVisible = [world.pdfDocId, world.contractDocId, alpha, beta, gamma];
    // The manager sees every document; reading notes still needs the notes privilege.
    await db
      .insertInto('user_privileges')
      .values({ user_id: world.manager.id, privilege_id: await privilegeId(server(), 'Notes: View Only'), value: 1 })
      .execute();
  });

  async function search(user: User, tags: readonly TagInput[], extra = ''): Promise<SearchAnswer> {
    const response = await server().inject({ url: `/api/documents/search?take=100${tagParams(tags)}${extra}`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json<SearchAnswer>();
  }
  const idsOf = (answer: SearchAnswer) => answer.documents.map((d: DmsDocument) => d.id);
  async function found(user: User, tags: readonly TagInput[], extra = ''): Promise<number[]> {
    const answer = await search(user, tags, extra);
    expect(answer.total).toBe(answer.documents.length);
    return idsOf(answer).sort((a, b) => a - b);
  }
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

  it('document and fileIdExact match one id; fileIdContains matches the id as text', async () => {
    expect(await found(world.clerk, [{ type: 'document', key: String(alpha) }])).toEqual([alpha]);
    expect(await found(world.clerk, [{ type: 'fileIdExact', key: String(beta) }])).toEqual([beta]);
    expect(await found(world.clerk, [{ type: 'fileIdExact', key: 'abc' }])).toEqual([]);
    expect(await found(world.clerk, [{ type: 'document', key: String(hidden) }])).toEqual([]);
    expect(await found(world.manager, [{ type: 'document', key: String(hidden) }])).toEqual([hidden]);
    const key = String(gamma);
    expect(await found(world.clerk, [{ type: 'fileIdContains', key }])).toEqual(
      clerkVisible.filter((id) => String(id).includes(key)).sort((a, b) => a - b),
    );
    expect(await found(world.clerk, [{ type: 'fileIdContains', key }])).toContain(gamma);
  });

  it('documentName and documentDescription match contained text, any case, wildcards literal', async () => {
    expect(await found(world.clerk, [{ type: 'documentName', key: 'alpha REP' }])).toEqual([alpha]);
    expect(await found(world.clerk, [{ type: 'documentName', key: 'invoice' }])).toEqual(sorted([world.pdfDocId, beta]));
    expect(await found(world.clerk, [{ type: 'documentName', key: '_' }])).toEqual([gamma]);
    expect(await found(world.clerk, [{ type: 'documentName', key: '0%' }])).toEqual([gamma]);
    expect(await found(world.clerk, [{ type: 'documentName', key: 'hiddenname' }])).toEqual([]);
    expect(await found(world.clerk, [{ type: 'documentDescription', key: 'QUARTERLY' }])).toEqual([alpha]);
    expect(await found(world.manager, [{ type: 'documentDescription', key: 'quarterly' }])).toEqual(sorted([alpha, hidden]));
  });

  it('noteTextContains and userString1Contains', async () => {
    expect(await found(world.clerk, [{ type: 'noteTextContains', key: 'wrong vat' }])).toEqual([alpha]);
    expect(await found(world.manager, [{ type: 'noteTextContains', key: 'wrong vat' }])).toEqual(sorted([alpha, hidden]));
    for (const url of ['/api/documents/search?', '/api/search-tags?q=a']) {
      const response = await server().inject({
        url: `${url}${tagParams([{ type: 'noteTextContains', key: 'wrong' }])}`,
        headers: as(world.noNotes),
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await found(world.clerk, [{ type: 'userString1Contains', key: 'po-' }])).toEqual(sorted([alpha, beta]));
    expect(await found(world.clerk, [{ type: 'userString1Contains', key: '77' }])).toEqual([alpha]);
  });

  it('inCompany and inAllCompanies', async () => {
    expect(await found(world.clerk, [{ type: 'inCompany', key: 'NORTHWIND' }])).toEqual([alpha]);
    expect(await found(world.clerk, [{ type: 'inCompany', key: 'CRONUS' }])).toEqual(
      sorted([world.pdfDocId, world.contractDocId, beta, gamma]),
    );
    expect(await found(world.clerk, [{ type: 'inCompany', key: 'SECRETCO' }])).toEqual([]);
    expect(await found(world.manager, [{ type: 'inCompany', key: 'SECRETCO' }])).toEqual([hidden]);
    expect(await found(world.clerk, [{ type: 'inAllCompanies', key: '' }])).toEqual(sorted(clerkVisible));
    expect(await found(cronusOnly, [{ type: 'inAllCompanies', key: '' }])).toEqual(
      sorted([world.pdfDocId, world.contractDocId, beta, gamma]),
    );
    expect(await found(world.manager, [{ type: 'inAllCompanies', key: '' }])).toEqual(sorted([...clerkVisible, hidden]));
  });

  it('ANDs tags with each other and with q', async () => {
    expect(
      await found(world.clerk, [
        { type: 'userString1Contains', key: 'po' },
        { type: 'inCompany', key: 'CRONUS' },
      ]),
    ).toEqual([beta]);
    expect(await found(world.clerk, [{ type: 'inCompany', key: 'CRONUS' }], '&q=invoice')).toEqual(sorted([world.pdfDocId, beta]));
    expect(await found(world.clerk, [{ type: 'documentName', key: 'beta' }], '&q=invoice')).toEqual([beta]);
    expect(await found(world.clerk, [{ type: 'inCompany', key: 'NORTHWIND' }], '&q=invoice')).toEqual([]);
    expect(await found(world.clerk, [], '&q=invoice')).toEqual(sorted([world.pdfDocId, beta]));
  });

  it('refuses an ai key it does not know, listing the keys, and malformed tags', async () => {
    for (const key of ['1', 'ready', '']) {
      for (const url of ['/api/documents/search?q=a', '/api/search-tags?q=a']) {
        const response = await server().inject({ url: `${url}${tagParams([{ type: 'ai', key }])}`, headers: as(world.clerk) });
        expect(response.statusCode).toBe(400);
        if (key !== '') {
          expect(response.json<{ message: string }>().message).toBe(
            "The key of an 'ai' tag is one of NotStarted, InProgress, Complete, Error, aiInProgress, splitReadyToVerify, classificationReadyToVerify.",
          );
        }
      }
    }
    // An id beyond 32 bits names no document (and does not break PostgreSQL's integer compare).
    expect(await found(world.clerk, [{ type: 'fileIdExact', key: '99999999999' }])).toEqual([]);
    expect(await found(world.clerk, [{ type: 'document', key: '99999999999' }])).toEqual([]);
    for (const raw of [
      'documentName:x',
      '{"type":"nope","key":"x"}',
      '{"type":"documentName","key":""}',
      '{"type":"document","key":"x"}',
      '[1]',
    ]) {
      const response = await server().inject({ url: `/api/documents/search?tag[]=${encodeURIComponent(raw)}`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(400);
    }
    for (const extra of ['&sort=size', '&sort=name&desc=yes']) {
      const response = await server().inject({ url: `/api/documents/search?q=a${extra}`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(400);
    }
  });

  it('sorts by name, createdAt and FileSize both ways; newest first by default', async () => {
    const { db } = server().deps;
    const rows = await db
      .selectFrom('documents as d')
      .innerJoin('files as f', 'f.sha256', 'd.file_sha256')
      .select(['d.id', 'd.name', 'd.created_at', 'f.size'])
      .where('d.id', 'in', clerkVisible)
      .execute();
    const all: TagInput[] = [{ type: 'inAllCompanies', key: '' }];
    const by = (compare: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
      [...rows].sort((a, b) => compare(a, b) || a.id - b.id).map((r) => r.id);
    const byName = by((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0));
    expect(byName[0]).toBe(alpha);
    expect(idsOf(await search(world.clerk, all, '&sort=name'))).toEqual(byName);
    expect(idsOf(await search(world.clerk, all, '&sort=name&desc=true'))).toEqual([...byName].reverse());
    const byCreated = by((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    expect(idsOf(await search(world.clerk, all, '&sort=createdAt&desc=false'))).toEqual(byCreated);
    expect(idsOf(await search(world.clerk, all))).toEqual([...byCreated].reverse());
    const bySize = by((a, b) => a.size - b.size);
    expect(idsOf(await search(world.clerk, all, '&sort=FileSize'))).toEqual(bySize);
    expect(idsOf(await search(world.clerk, all, '&sort=FileSize&desc=true'))).toEqual([...bySize].reverse());
    expect(idsOf(await search(world.clerk, [], '&q=invoice&sort=name&desc=true'))).toEqual([world.pdfDocId, beta]);
    expect(idsOf(await search(world.clerk, [], '&q=invoice&sort=name'))).toEqual([beta, world.pdfDocId]);
  });

  it('pages through every tagged match exactly once, in each order', async () => {
    for (const extra of ['', '&sort=name', '&sort=FileSize&desc=true']) {
      const seen: number[] = [];
      for (let skip = 0; skip < 6; skip += 2) {
        const response = await server().inject({
          url: `/api/documents/search?skip=${skip}&take=2${tagParams([{ type: 'inAllCompanies', key: '' }])}${extra}`,
          headers: as(world.clerk),
        });
        const answer = response.json<SearchAnswer>();
        expect(answer).toMatchObject({ total: 5, skip, take: 2 });
        seen.push(...idsOf(answer));
      }
      expect(seen).toHaveLength(5);
      expect(sorted(seen)).toEqual(sorted(clerkVisible));
    }
  });

  describe('GET /api/search-tags', () => {
    async function suggest(user: User, q: string, tags: readonly TagInput[] = [], extra = ''): Promise<SearchTag[]> {
      const response = await server().inject({
        url: `/api/search-tags?q=${encodeURIComponent(q)}${tagParams(tags)}${extra}`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(200);
      return response.json<SearchTag[]>();
    }
    const keys = (tags: readonly SearchTag[]) => tags.map((t) => `${t.type}:${t.key}`);

    it('suggests names containing q (starting with it first) and the exact file id', async () => {
      expect(await suggest(world.clerk, 'alp')).toEqual([
        { type: 'documentName', key: 'Alpha report.pdf', text: 'Alpha report.pdf', prefix: 'Name' },
      ]);
      expect(keys(await suggest(world.clerk, 'IN'))).toEqual([
        'inCompany:NORTHWIND',
        'documentName:Invoice 1001.pdf',
        'documentName:Beta invoice.pdf',
      ]);
      expect(keys(await suggest(world.clerk, String(alpha)))[0]).toBe(`fileIdExact:${alpha}`);
    });

    it('suggests companies of links the caller can see', async () => {
      expect(keys(await suggest(world.clerk, ''))).toEqual(['inCompany:CRONUS', 'inCompany:NORTHWIND']);
      expect(keys(await suggest(world.clerk, 'north'))).toEqual(['inCompany:NORTHWIND']);
      expect(keys(await suggest(world.manager, ''))).toEqual(['inCompany:CRONUS', 'inCompany:NORTHWIND', 'inCompany:SECRETCO']);
      expect(keys(await suggest(cronusOnly, ''))).toEqual(['inCompany:CRONUS']);
    });

    it('never suggests a name, id or company the caller cannot see (SECURITY row 10)', async () => {
      expect(await suggest(world.clerk, 'hiddenname')).toEqual([]);
      expect(await suggest(world.clerk, 'secret')).toEqual([]);
      expect(keys(await suggest(world.clerk, String(hidden)))).not.toContain(`fileIdExact:${hidden}`);
      expect(await suggest(world.outsider, '')).toEqual([]);
      expect(await suggest(world.outsider, 'a')).toEqual([]);
      expect(await suggest(cronusOnly, 'alpha')).toEqual([]);
      expect(keys(await suggest(cronusOnly, String(alpha)))).not.toContain(`fileIdExact:${alpha}`);
      expect(keys(await suggest(world.manager, 'hiddenname'))).toEqual(['documentName:Hiddenname secret.pdf']);
      expect(keys(await suggest(world.manager, String(hidden)))[0]).toBe(`fileIdExact:${hidden}`);
    });

    it("accepts the spec's parameter name tags[] (and tags) for the current tags", async () => {
      const cronus = encodeURIComponent(JSON.stringify({ type: 'inCompany', key: 'CRONUS' }));
      const north = encodeURIComponent(JSON.stringify({ type: 'inCompany', key: 'NORTHWIND' }));
      for (const param of ['tags[]', 'tags']) {
        const get = async (url: string) => {
          const response = await server().inject({ url, headers: as(world.clerk) });
          expect(response.statusCode).toBe(200);
          return keys(response.json<SearchTag[]>());
        };
        expect(await get(`/api/search-tags?q=alpha&${param}=${cronus}`)).toEqual([]);
        expect(await get(`/api/search-tags?q=a&${param}=${north}`)).toEqual(['documentName:Alpha report.pdf']);
        const bad = await server().inject({ url: `/api/search-tags?q=a&${param}=nope`, headers: as(world.clerk) });
        expect(bad.statusCode).toBe(400);
      }
    });

    it('suggests only among documents under the current tags', async () => {
      expect(await suggest(world.clerk, 'alpha', [{ type: 'inCompany', key: 'CRONUS' }])).toEqual([]);
      expect(keys(await suggest(world.clerk, '', [{ type: 'documentName', key: 'beta' }]))).toEqual(['inCompany:CRONUS']);
      expect(keys(await suggest(world.clerk, 'a', [{ type: 'inCompany', key: 'NORTHWIND' }]))).toEqual(['documentName:Alpha report.pdf']);
    });

    it('pages across ids, companies and names', async () => {
      const everything = keys(await suggest(world.manager, 'n', [], '&take=100'));
      expect(everything).toEqual(expect.arrayContaining(['inCompany:CRONUS', 'inCompany:NORTHWIND', 'documentName:Invoice 1001.pdf']));
      const paged: string[] = [];
      for (let skip = 0; skip < everything.length + 2; skip += 2)
        paged.push(...keys(await suggest(world.manager, 'n', [], `&skip=${skip}&take=2`)));
      expect(paged).toEqual(everything);
    });

    it('offers a company only through a link the caller may see (run last: adds a link)', async () => {
      const link = await server().deps.db.selectFrom('record_links').selectAll().where('document_id', '=', beta).executeTakeFirstOrThrow();
      const { id: _id, ...copy } = link;
      await server()
        .deps.db.insertInto('record_links')
        .values({ ...copy, data_area_id: 'OTHERCO', is_primary: 0 })
        .execute();
      expect(keys(await suggest(world.clerk, 'other'))).toEqual(['inCompany:OTHERCO']);
      expect(keys(await suggest(cronusOnly, ''))).toEqual(['inCompany:CRONUS']);
      expect(await suggest(cronusOnly, 'other')).toEqual([]);
      // The tag follows the same rule: cronusOnly sees beta, but not through its OTHERCO link.
      expect(await found(world.clerk, [{ type: 'inCompany', key: 'OTHERCO' }])).toEqual([beta]);
      expect(await found(cronusOnly, [{ type: 'inCompany', key: 'OTHERCO' }])).toEqual([]);
      expect(await found(cronusOnly, [{ type: 'inCompany', key: 'CRONUS' }])).toContain(beta);
    });
  });
});
