import type { DmsDocument, SearchTagKind } from '@datahaven/core/model';
import type { Updateable } from 'kysely';
import type { AiPhase, Database } from '../db/schema';
import type { SearchAnswer } from './http/searchRoutes';
import { createDocument, createWorld, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { unlinkDocument } from '../test/workflowFactories';

type User = { id: number; username: string };
type TagInput = { type: SearchTagKind; key: string };
type AiColumns = Partial<Pick<Updateable<Database['documents']>, `ai_${string}` & keyof Database['documents']>>;

const tagParams = (tags: readonly TagInput[]) => tags.map((t) => `&tag[]=${encodeURIComponent(JSON.stringify(t))}`).join('');
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describeOnEachDatabase('the ai search tag over the AI data of migration 0008', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  async function found(user: User, tags: readonly TagInput[], extra = ''): Promise<number[]> {
    const response = await server().inject({
      url: `/api/documents/search?take=100${tagParams(tags)}${extra}`,
      headers: server().authHeaders(user.username),
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SearchAnswer>();
    expect(answer.total).toBe(answer.documents.length);
    return sorted(answer.documents.map((d: DmsDocument) => d.id));
  }

  it('ai: each phase matches either phase, each derived state follows portal §4', async () => {
    const { db } = server().deps;
    const word = unique('Aifix');
    const make = async (label: string, linked: boolean, set: AiColumns): Promise<number> => {
      const id = await createDocument(server(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: `${word} ${label}.pdf`,
        uploader: world.clerk,
      });
      if (!linked) await unlinkDocument(server(), id);
      await db.updateTable('documents').set(set).where('id', '=', id).execute();
      return id;
    };
    const split = (count: number) => JSON.stringify({ documents: Array.from({ length: count }, (_, i) => ({ pages: String(i + 1) })) });
    const a1 = await make('linked classifying', true, { ai_classification_phase: 'InProgress' });
    const a2 = await make('splitting', false, { ai_split_phase: 'InProgress' });
    const a3 = await make('split into two', false, { ai_split_phase: 'Complete', ai_suggested_split: split(2) });
    const a4 = await make('split into one, classified', false, {
      ai_split_phase: 'Complete',
      ai_suggested_split: split(1),
      ai_classification_phase: 'Complete',
    });
    const a5 = await make('classified', false, {
      ai_classification_phase: 'Complete',
      ai_table_name: 'VendInvoiceJour',
      ai_subtype_score: 0.93,
    });
    const a6 = await make('classified, split into three', false, {
      ai_classification_phase: 'Complete',
      ai_split_phase: 'Complete',
      ai_suggested_split: split(3),
    });
    const a7 = await make('linked, all done', true, {
      ai_classification_phase: 'Complete',
      ai_split_phase: 'Complete',
      ai_suggested_split: split(2),
    });
    const a8 = await make('failed', false, {
      ai_classification_phase: 'Error',
      ai_transaction_number: 'INV-7',
      ai_transaction_number_score: 0.5,
    });
    const a9 = await make('split without a suggestion', false, { ai_split_phase: 'Complete' });
    const a10 = await make('split list not a list', false, {
      ai_split_phase: 'Complete',
      ai_classification_phase: 'Complete',
      ai_suggested_split: '{"documents":"x"}',
    });
    const ours: TagInput = { type: 'documentName', key: word };
    const ai = async (user: User, key: string) => found(user, [ours, { type: 'ai', key }]);
    expect(await ai(world.manager, 'NotStarted')).toEqual(sorted([a1, a2, a3, a5, a8, a9]));
    expect(await ai(world.manager, 'InProgress')).toEqual(sorted([a1, a2]));
    expect(await ai(world.manager, 'Complete')).toEqual(sorted([a3, a4, a5, a6, a7, a9, a10]));
    expect(await ai(world.manager, 'Error')).toEqual([a8]);
    expect(await ai(world.manager, 'aiInProgress')).toEqual([a2]);
    expect(await ai(world.manager, 'splitReadyToVerify')).toEqual(sorted([a3, a6, a9, a10]));
    expect(await ai(world.manager, 'classificationReadyToVerify')).toEqual(sorted([a4, a5]));
    expect(await ai(world.manager, ' inprogress ')).toEqual(sorted([a1, a2]));
    // The tag only narrows: the clerk sees the linked documents alone.
    expect(await ai(world.clerk, 'InProgress')).toEqual([a1]);
    expect(await ai(world.clerk, 'Complete')).toEqual([a7]);
    expect(await ai(world.clerk, 'aiInProgress')).toEqual([]);
    expect(await found(world.manager, [{ type: 'ai', key: 'splitReadyToVerify' }], `&q=${encodeURIComponent(`${word} three`)}`)).toEqual([
      a6,
    ]);
    // Documents nobody classified stay NotStarted.
    expect(await found(world.clerk, [{ type: 'ai', key: 'NotStarted' }])).toEqual(sorted([world.pdfDocId, world.contractDocId, a1]));
    // The suggested split is JSON and a phase one of the four (migration 0008's checks).
    // (The error is read as text: SQLite's errors fail `instanceof Error` across Jest's realms.)
    const failure = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: unknown) => String(error),
      );
    expect(await failure(db.updateTable('documents').set({ ai_suggested_split: 'not json' }).where('id', '=', a1).execute())).toMatch(
      /check constraint|type json/i,
    );
    expect(
      await failure(
        db
          .updateTable('documents')
          .set({ ai_split_phase: 'Done' as AiPhase })
          .where('id', '=', a1)
          .execute(),
      ),
    ).toMatch(/check constraint/i);
  });
});
