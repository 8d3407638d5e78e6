import { CompiledQuery } from 'kysely';
import { createDocument, createWorld, makePdf } from '../test/factories';
import type { World } from '../test/factories';
import { startTestServer } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import { snippetStatement, sqliteSearchIndex } from './sqliteSearchIndex';

// FTS5 only (PostgreSQL's snippets are ts_headline over the page's rows, another statement).
// Offered the page's ids, FTS5 ran the whole match once per id: a page's snippets for a
// two-letter prefix took 1.5 s on 100,000 documents, against 68 ms for one pass.
describe('SQLite snippets of a page', () => {
  let server: TestServer;
  let world: World;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    world = await createWorld(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('marks the words, the last as a prefix, only in the page documents the words match', async () => {
    const upload = async (fileName: string, text: string) =>
      createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName,
        content: await makePdf(1, text),
        uploader: world.clerk,
      });
    const matching = await upload('snippet plan a.pdf', 'Freight quillomite surcharge');
    const other = await upload('snippet plan b.pdf', 'Freight without the word');
    const snippets = await sqliteSearchIndex.snippets(server.deps.db, [other, matching], 'freight quillo');
    expect([...snippets.keys()]).toEqual([matching]);
    const snippet = snippets.get(matching);
    const marked = snippet?.highlights.map((range) => snippet.text.slice(range.start, range.end).toLowerCase());
    expect(marked).toEqual(['freight', 'quillomite']);
  });

  it('runs the match once, with the ids kept out of FTS5 (no rowid constraint in its plan)', async () => {
    const compiled = snippetStatement([world.pdfDocId, world.contractDocId], ['inv']).compile(server.deps.db);
    const plan = await server.deps.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const scans = plan.rows.map((row) => row.detail).filter((detail) => detail.includes('document_fts'));
    // FTS5's index string: 'M' for the MATCH, '=' before it for a rowid constraint (one run per id).
    expect(scans).toEqual([expect.stringMatching(/^SCAN document_fts VIRTUAL TABLE INDEX \d+:M\d*$/)]);
  });
});
