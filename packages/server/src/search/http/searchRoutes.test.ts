import { TEXT_EXTRACTION_JOB } from '../enqueueTextExtraction';
import type { DmsDocument } from '@datahaven/core/model';
import {
  createDocument,
  createErpRecord,
  createGroup,
  createIntegratedTable,
  createUser,
  createWorld,
  grantTableAccess,
  makePdf,
  unique,
} from '../../test/factories';
import type { World } from '../../test/factories';
import { makeTextPdf } from '../../pdf/test/makeTextPdf';
import { describeOnEachDatabase } from '../../test/testServer';
import type { SearchAnswer } from './searchRoutes';

describeOnEachDatabase('GET /api/documents/search', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const as = (user: { username: string }) => server().authHeaders(user.username);

  async function search(user: { username: string }, q: string, extra = ''): Promise<SearchAnswer> {
    const response = await server().inject({ url: `/api/documents/search?q=${encodeURIComponent(q)}${extra}`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json<SearchAnswer>();
  }
  const idsOf = (answer: SearchAnswer) => answer.documents.map((d: DmsDocument) => d.id);

  async function upload(fileName: string, content?: Buffer, recordId = world.recordId, sitId = world.table.sitId): Promise<number> {
    return createDocument(server(), { sitId, recordId, fileName, ...(content ? { content } : {}), uploader: world.clerk });
  }

  it('finds a word that appears only in the page text of a PDF', async () => {
    const id = await upload('plain scan.pdf', await makePdf(2, 'Xylophonic ledger'));
    const answer = await search(world.clerk, 'xylophonic');
    expect(answer).toMatchObject({ total: 1, skip: 0, take: 30 });
    expect(idsOf(answer)).toEqual([id]);
    expect(answer.documents[0]).toMatchObject({ id, name: 'plain scan.pdf' });
  });

  it('answers where the words matched: a snippet of the page text with the words highlighted, never note text', async () => {
    const id = await upload('snippet source.pdf', await makePdf(2, 'Quarterly zanzibarite settlement'));
    const answer = await search(world.clerk, 'zanzibarite settle');
    expect(idsOf(answer)).toEqual([id]);
    const snippet = answer.snippets[String(id)];
    expect(snippet.text.toLowerCase()).toContain('zanzibarite settlement');
    const marked = snippet.highlights.map((range) => snippet.text.slice(range.start, range.end).toLowerCase());
    expect(marked).toContain('zanzibarite');
    // The last word matches as a prefix: the whole word it matched is marked.
    expect(marked).toContain('settlement');

    const remarked = await upload('snippet remark.pdf');
    await server().inject({
      method: 'POST',
      url: `/api/documents/${remarked}/notes`,
      headers: as(world.clerk),
      payload: { text: 'Confidential marmalodon remark' },
    });
    const byNote = await search(world.clerk, 'marmalodon');
    expect(idsOf(byNote)).toEqual([remarked]);
    expect(byNote.snippets).toEqual({});
  });

  it('finds a word that appears only in a user note', async () => {
    const id = await upload('noted.pdf');
    expect((await search(world.clerk, 'quokkaberry')).total).toBe(0);
    const note = await server().inject({
      method: 'POST',
      url: `/api/documents/${id}/notes`,
      headers: as(world.clerk),
      payload: { text: 'Check the quokkaberry VAT line' },
    });
    expect(note.statusCode).toBe(201);
    expect(idsOf(await search(world.clerk, 'quokkaberry'))).toEqual([id]);
    // Someone who sees the document but may not read its notes learns nothing from a note word.
    expect(await search(world.noNotes, 'quokkaberry')).toMatchObject({ documents: [], total: 0 });
    expect(idsOf(await search(world.noNotes, 'noted'))).toEqual([id]);
  });

  it('finds a word only in the description, and follows a description change', async () => {
    const id = await upload('described.pdf');
    const put = (description: string) =>
      server().inject({ method: 'PUT', url: `/api/documents/${id}`, headers: as(world.clerk), payload: { description } });
    expect((await put('Wombatcase March invoice')).statusCode).toBe(200);
    expect(idsOf(await search(world.clerk, 'wombatcase march'))).toEqual([id]);
    expect((await put('Platypusline April invoice')).statusCode).toBe(200);
    expect((await search(world.clerk, 'wombatcase')).total).toBe(0);
    expect(idsOf(await search(world.clerk, 'platypusline'))).toEqual([id]);
  });

  it('ANDs the words and matches the last one as a prefix', async () => {
    const id = await upload('Harbourfront delivery note.pdf');
    expect(idsOf(await search(world.clerk, 'harbourfront deliv'))).toEqual([id]);
    expect(idsOf(await search(world.clerk, 'harbo'))).toEqual([id]);
    expect((await search(world.clerk, 'harbourfront nothingelse')).total).toBe(0);
    expect((await search(world.clerk, 'harbo delivery')).total).toBe(0);
  });

  it('ranks an exact name hit first', async () => {
    const byText = await upload('other.pdf', await makePdf(1, 'Rankword rankword rankword rankword'));
    const byName = await upload('Rankword.pdf');
    const laterByText = await upload('later.pdf', await makePdf(1, 'rankword appendix'));
    const answer = await search(world.clerk, 'rankword');
    expect(answer.total).toBe(3);
    expect(idsOf(answer)[0]).toBe(byName);
    expect(new Set(idsOf(answer))).toEqual(new Set([byText, byName, laterByText]));
  });

  it('finds a typed file id and ranks it first, counted and paged once', async () => {
    const target = await upload('Plain target.pdf', await makePdf(1, 'Nothing numeric here'));
    const typed = String(target);
    const byName = await upload(`${typed}.pdf`);
    const byText = await upload('Mentions it.pdf', await makePdf(1, `See ${typed} appendix`));
    const check = async (): Promise<SearchAnswer> => {
      const answer = await search(world.clerk, ` ${typed} `, '&take=100');
      expect(answer.total).toBe(answer.documents.length);
      const ids = idsOf(answer);
      // The typed id first, then the exact name hit, then the rest by relevance.
      expect(ids.slice(0, 2)).toEqual([target, byName]);
      expect(ids).toContain(byText);
      expect(new Set(ids).size).toBe(ids.length);
      const paged: number[] = [];
      for (let skip = 0; skip < answer.total; skip += 2) {
        const page = await search(world.clerk, typed, `&skip=${skip}&take=2`);
        expect(page.total).toBe(answer.total);
        paged.push(...idsOf(page));
      }
      expect(paged).toEqual(ids);
      return answer;
    };
    const before = await check();
    // Its own text now holds the number too: still one row, still first, same count.
    const note = await server().inject({
      method: 'POST',
      url: `/api/documents/${target}/notes`,
      headers: as(world.clerk),
      payload: { text: `Filed as ${typed}` },
    });
    expect(note.statusCode).toBe(201);
    expect((await check()).total).toBe(before.total);
    // Only a lone integer is an id: with another word it is text, and the target lacks "plainly".
    expect(idsOf(await search(world.clerk, `${typed} plainly`))).not.toContain(target);
    // Tags still narrow it, and an id the caller may not see is never found by its number.
    const tag = encodeURIComponent(JSON.stringify({ type: 'documentName', key: 'mentions it' }));
    expect(idsOf(await search(world.clerk, typed, `&tag[]=${tag}`))).toEqual([byText]);
    const hiddenTable = await createIntegratedTable(server(), 'Customer');
    const hiddenRecord = await createErpRecord(server(), hiddenTable.sitId, unique('C'));
    const hidden = await createDocument(server(), {
      sitId: hiddenTable.sitId,
      recordId: hiddenRecord,
      fileName: 'Hidden typed.pdf',
      uploader: world.manager,
    });
    expect(idsOf(await search(world.clerk, String(hidden), '&take=100'))).not.toContain(hidden);
    expect(idsOf(await search(world.manager, String(hidden)))[0]).toBe(hidden);
  });

  it('never shows or counts a document the caller may not see (SECURITY row 10)', async () => {
    const hiddenTable = await createIntegratedTable(server(), 'Customer');
    const hiddenRecord = await createErpRecord(server(), hiddenTable.sitId, unique('C'));
    const visible = await upload('Sharedsecret visible.pdf');
    const hidden = await createDocument(server(), {
      sitId: hiddenTable.sitId,
      recordId: hiddenRecord,
      fileName: 'Sharedsecret hidden.pdf',
      content: await makePdf(1, 'Onlyhiddenword'),
      uploader: world.manager,
    });
    const clerkAnswer = await search(world.clerk, 'sharedsecret');
    expect(clerkAnswer.total).toBe(1);
    expect(idsOf(clerkAnswer)).toEqual([visible]);
    expect(await search(world.clerk, 'onlyhiddenword')).toMatchObject({ total: 0, documents: [], snippets: {} });
    expect(Object.keys((await search(world.manager, 'onlyhiddenword')).snippets)).toEqual([String(hidden)]);
    expect(await search(world.outsider, 'sharedsecret')).toMatchObject({ total: 0, documents: [] });
    expect((await search(world.manager, 'sharedsecret')).total).toBe(2);
    expect(idsOf(await search(world.manager, 'onlyhiddenword'))).toEqual([hidden]);
    // Access granted later shows it at once: visibility is joined at query time, not indexed.
    const customerGroup = await createGroup(server(), unique('Customer viewers '), ['Search: Search']);
    await grantTableAccess(server(), customerGroup, hiddenTable.sitId);
    const viewer = await createUser(server(), unique('viewer'), { groups: [customerGroup] });
    expect(idsOf(await search(viewer, 'sharedsecret'))).toEqual([hidden]);
  });

  it('drops a deleted document', async () => {
    const id = await upload('Deletable marmalade.pdf');
    expect(idsOf(await search(world.clerk, 'marmalade'))).toEqual([id]);
    const response = await server().inject({ method: 'DELETE', url: `/api/documents?docId[]=${id}`, headers: as(world.clerk) });
    expect(response.json()).toEqual({ deleted: [id] });
    expect(await search(world.clerk, 'marmalade')).toMatchObject({ total: 0, documents: [] });
    expect((await search(world.manager, 'marmalade')).total).toBe(0);
  });

  it('finds split parts by their own page text and drops an original the split deleted', async () => {
    const group = await createGroup(server(), unique('Splitters '), ['Cabinet: Split Document', 'Cabinet: Delete', 'Search: Search']);
    await grantTableAccess(server(), group, world.table.sitId);
    const splitter = await createUser(server(), unique('splitter'), { groups: [group] });
    const id = await upload('Two pager.pdf', Buffer.from(await makeTextPdf(['Splitalpha', 'Splitbeta'])));
    expect(idsOf(await search(world.clerk, 'splitbeta'))).toEqual([id]);
    const response = await server().inject({
      method: 'POST',
      url: `/api/documents/${id}/split`,
      headers: as(splitter),
      payload: { ranges: '1;2', deleteOriginal: true },
    });
    expect(response.statusCode).toBe(201);
    const [first, second] = response.json<DmsDocument[]>();
    // The parts' page text is extracted by jobs after the split commits, as the server's runner would.
    expect(idsOf(await search(world.clerk, 'splitbeta'))).toEqual([]);
    expect(await server().runJobs([TEXT_EXTRACTION_JOB])).toBe(2);
    expect(idsOf(await search(world.clerk, 'splitbeta'))).toEqual([second.id]);
    expect(idsOf(await search(world.clerk, 'splitalpha'))).toEqual([first.id]);
  });

  it('pages through every match exactly once', async () => {
    const created: number[] = [];
    for (let i = 0; i < 7; i++) created.push(await upload(`Pagingword ${i % 2 === 0 ? 'even' : 'odd'} ${i}.pdf`));
    const seen: number[] = [];
    for (let skip = 0; skip < 9; skip += 3) {
      const answer = await search(world.clerk, 'pagingword', `&skip=${skip}&take=3`);
      expect(answer).toMatchObject({ total: 7, skip, take: 3 });
      seen.push(...idsOf(answer));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(created));
    expect((await search(world.clerk, 'pagingword', '&skip=30')).documents).toEqual([]);
  });

  it('answers an empty result for a query without words', async () => {
    expect(await search(world.clerk, ' -- ')).toEqual({ documents: [], snippets: {}, total: 0, skip: 0, take: 30 });
  });

  it('refuses bad paging and needs a token', async () => {
    for (const extra of ['&take=0', '&take=101', '&skip=-1', '&skip=x']) {
      const response = await server().inject({ url: `/api/documents/search?q=a${extra}`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(400);
    }
    expect((await server().inject({ url: '/api/documents/search?q=a' })).statusCode).toBe(401);
  });

  it("needs 'Search: Search' on both endpoints (403), even for a caller who sees the documents", async () => {
    const group = await createGroup(server(), unique('Lookers '), ['Notes: View Only']);
    await grantTableAccess(server(), group, world.table.sitId);
    const looker = await createUser(server(), unique('looker'), { groups: [group] });
    const denied = await createUser(server(), unique('denied'), { groups: [group], privileges: { 'Search: Search': false } });
    const searchers = await createGroup(server(), unique('Searchers '), ['Search: Search']);
    await server().deps.db.insertInto('user_groups').values({ user_id: denied.id, group_id: searchers }).execute();
    for (const user of [looker, denied]) {
      for (const url of ['/api/documents/search?q=invoice', '/api/search-tags?q=invoice']) {
        const response = await server().inject({ url, headers: as(user) });
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toContain("'Search: Search'");
      }
    }
    await server().deps.db.insertInto('user_groups').values({ user_id: looker.id, group_id: searchers }).execute();
    expect(idsOf(await search(looker, 'invoice'))).toContain(world.pdfDocId);
  });
});
