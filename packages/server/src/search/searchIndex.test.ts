import { createDocument, createWorld, makePdf } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { viewerFor } from '../access/documentVisibility';
import { createSearchIndex } from './createSearchIndex';
import { dialectOf } from '../db/dialectOf';
import { reindexDocument } from './reindexDocument';
import { reindexDocuments } from './reindexDocuments';
import { ftsMatchExpression } from './sqliteSearchIndex';
import { tsQueryText } from './postgresSearchIndex';
import { indexedText, queryWords } from './searchWords';

describe('search words', () => {
  it('lower-cases, splits on anything but letters and digits, and keeps other scripts', () => {
    expect(queryWords('Invoice-1001.PDF  Ärger  日本')).toEqual(['invoice', '1001', 'pdf', 'ärger', '日本']);
    expect(indexedText("O'Brien's  VAT\n\tnote")).toBe('o brien s vat note');
  });
  it('builds match expressions that quote words and prefix the last', () => {
    expect(ftsMatchExpression(['contoso', 'mar'], true)).toBe('"contoso" "mar"*');
    expect(tsQueryText(['contoso', 'mar'], true)).toBe("'contoso' & 'mar':*");
  });
  it('leaves note text out of the match for callers who may not read notes', () => {
    expect(ftsMatchExpression(['contoso', 'mar'], false)).toBe('{name description body} : ("contoso" "mar"*)');
    expect(tsQueryText(['contoso', 'mar'], false)).toBe("'contoso':ABD & 'mar':*ABD");
  });
});

describeOnEachDatabase('SearchIndex', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  it('is chosen by dialect, and dialectOf reads it from a transaction too', async () => {
    expect(dialectOf(server().deps.db)).toBe(server().dialect);
    await server()
      .deps.db.transaction()
      .execute(async (trx) => {
        expect(dialectOf(trx)).toBe(server().dialect);
      });
  });

  it('follows a rename once the document is re-indexed', async () => {
    const { db } = server().deps;
    const index = createSearchIndex(server().deps.dialect);
    const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Oldnamezz.pdf',
      content: await makePdf(1, 'body'),
      uploader: world.clerk,
    });
    expect((await index.search(db, viewer, { q: 'oldnamezz', skip: 0, take: 30, includeNotes: true })).ids).toEqual([id]);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ name: 'Newnamezz.pdf' }).where('id', '=', id).execute();
      await reindexDocument(trx, id);
    });
    expect(await index.search(db, viewer, { q: 'oldnamezz', skip: 0, take: 30, includeNotes: true })).toEqual({ ids: [], total: 0 });
    expect((await index.search(db, viewer, { q: 'newnamezz', skip: 0, take: 30, includeNotes: true })).ids).toEqual([id]);
  });

  it('counts every match on each page, and on a page past the end, with relevance and with a sort', async () => {
    const { db } = server().deps;
    const index = createSearchIndex(server().deps.dialect);
    const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await createDocument(server(), {
          sitId: world.table.sitId,
          recordId: world.recordId,
          fileName: `Pagecountzz ${i}.pdf`,
          content: await makePdf(1, `page count ${i}`),
          uploader: world.clerk,
        }),
      );
    }
    for (const sort of [undefined, { by: 'name' as const, desc: true }]) {
      const seen: number[] = [];
      for (const skip of [0, 2, 4]) {
        const hits = await index.search(db, viewer, {
          q: 'pagecountzz',
          skip,
          take: 2,
          includeNotes: true,
          ...(sort === undefined ? {} : { sort }),
        });
        expect(hits.total).toBe(5);
        seen.push(...hits.ids);
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(ids);
      expect(
        await index.search(db, viewer, { q: 'pagecountzz', skip: 7, take: 2, includeNotes: true, ...(sort === undefined ? {} : { sort }) }),
      ).toEqual({ ids: [], total: 5 });
    }
    expect(
      (await index.search(db, viewer, { q: 'pagecountzz', skip: 0, take: 5, includeNotes: true, sort: { by: 'name', desc: true } })).ids,
    ).toEqual([...ids].reverse());
    expect(await index.search(db, viewer, { q: 'pagecountzz nothinglikethis', skip: 0, take: 5, includeNotes: true })).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('re-indexes many documents at once: changed ones follow their rows, deleted ones leave the index', async () => {
    const { db } = server().deps;
    const index = createSearchIndex(server().deps.dialect);
    const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await createDocument(server(), {
          sitId: world.table.sitId,
          recordId: world.recordId,
          fileName: `Batchzz ${i}.pdf`,
          content: await makePdf(1, `batch ${i}`),
          uploader: world.clerk,
        }),
      );
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ description: 'Marmotfell' }).where('id', 'in', [ids[0], ids[1]]).execute();
      const at = new Date().toISOString();
      await trx
        .insertInto('notes')
        .values([
          { document_id: ids[1], author_id: world.clerk.id, kind: 'user', text: 'Okapiridge', created_at: at },
          { document_id: ids[1], author_id: world.clerk.id, kind: 'user', text: 'Quokkavale', created_at: at },
          { document_id: ids[0], author_id: world.clerk.id, kind: 'system', text: 'Wombatrun', created_at: at },
        ])
        .execute();
      await trx.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', ids[2]).execute();
      await reindexDocuments(trx, [...ids, ids[0], 999_999]);
    });
    expect((await index.search(db, viewer, { q: 'marmotfell', skip: 0, take: 30, includeNotes: true })).ids.sort((a, b) => a - b)).toEqual([
      ids[0],
      ids[1],
    ]);
    expect((await index.search(db, viewer, { q: 'okapiridge marmot', skip: 0, take: 30, includeNotes: true })).ids).toEqual([ids[1]]);
    // Every user note of a document is indexed; system notes are not.
    expect((await index.search(db, viewer, { q: 'quokkavale okapiridge', skip: 0, take: 30, includeNotes: true })).ids).toEqual([ids[1]]);
    expect((await index.search(db, viewer, { q: 'wombatrun', skip: 0, take: 30, includeNotes: true })).total).toBe(0);
    expect((await index.search(db, viewer, { q: 'batchzz', skip: 0, take: 30, includeNotes: true })).total).toBe(2);
    // The deleted document's entry is gone from the index itself, not only filtered out.
    const entries =
      server().dialect === 'sqlite'
        ? await db.selectFrom('document_fts').select('rowid').where('rowid', 'in', ids).execute()
        : await db.selectFrom('document_search').select('document_id as rowid').where('document_id', 'in', ids).execute();
    expect(entries.map((e) => Number(e.rowid)).sort((a, b) => a - b)).toEqual([ids[0], ids[1]]);
  });

  it('indexes given fields directly and removes a document', async () => {
    const { db } = server().deps;
    const index = createSearchIndex(server().deps.dialect);
    const viewer = await viewerFor(db, world.manager.id, world.manager.username);
    await index.indexDocument(db, world.contractDocId, {
      name: 'Contract.pdf',
      description: 'Fjordline',
      notes: 'Tundrabay',
      text: 'Glaciermint',
    });
    for (const word of ['fjordline', 'tundrabay', 'glaciermint', 'contract']) {
      expect((await index.search(db, viewer, { q: word, skip: 0, take: 30, includeNotes: true })).ids).toContain(world.contractDocId);
    }
    // Without the right to read notes, a word only in a note finds nothing; the others still do.
    expect((await index.search(db, viewer, { q: 'tundrabay', skip: 0, take: 30, includeNotes: false })).total).toBe(0);
    expect((await index.search(db, viewer, { q: 'glaciermint fjord', skip: 0, take: 30, includeNotes: false })).ids).toContain(
      world.contractDocId,
    );
    await index.removeDocument(db, world.contractDocId);
    expect((await index.search(db, viewer, { q: 'fjordline', skip: 0, take: 30, includeNotes: true })).total).toBe(0);
    await reindexDocument(db, world.contractDocId);
    expect((await index.search(db, viewer, { q: 'contract', skip: 0, take: 30, includeNotes: true })).ids).toContain(world.contractDocId);
  });
});
