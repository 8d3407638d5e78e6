import type { DmsDocument } from '../model';
import { MESSAGES } from '../rules';
import { UploadQueue, type UploadQueueProgress } from './UploadQueue';

/** An upload whose progress and outcome the test drives. */
function controllable(): {
  run: (onProgress: (p: UploadQueueProgress) => void, signal: AbortSignal) => Promise<DmsDocument[]>;
  progress: (loaded: number, total: number) => void;
  succeed: (docs: DmsDocument[]) => void;
  fail: (error: Error) => void;
  signal: () => AbortSignal | null;
} {
  let report: (p: UploadQueueProgress) => void = () => undefined;
  let resolve: (docs: DmsDocument[]) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  let seenSignal: AbortSignal | null = null;
  return {
    run: (onProgress, signal) => {
      report = onProgress;
      seenSignal = signal;
      return new Promise<DmsDocument[]>((res, rej) => {
        resolve = res;
        reject = rej;
        signal.addEventListener('abort', () => rej(new Error('aborted')));
      });
    },
    progress: (loaded, total) => report({ loaded, total }),
    succeed: (docs) => resolve(docs),
    fail: (error) => reject(error),
    signal: () => seenSignal,
  };
}

const doc = { id: 5, name: 'invoice.pdf' } as DmsDocument;

describe('UploadQueue', () => {
  it('moves an upload through uploading → processing → done', async () => {
    const queue = new UploadQueue();
    const upload = controllable();
    const started = queue.start({ name: 'invoice.pdf', size: 100 }, upload.run, { folderId: 'folder-1' });
    expect(queue.find(started.id)).toMatchObject({ state: 'uploading', loaded: 0, fileName: 'invoice.pdf', folderId: 'folder-1' });
    upload.progress(40, 100);
    expect(queue.find(started.id)).toMatchObject({ state: 'uploading', loaded: 40 });
    upload.progress(100, 100);
    expect(queue.find(started.id)?.state).toBe('processing');
    upload.succeed([doc]);
    const finished = await started.finished;
    expect(finished).toMatchObject({ state: 'done', documents: [doc], reason: null });
    expect(queue.getSnapshot().active).toBe(0);
  });

  it('reports progress per file and overall', () => {
    const queue = new UploadQueue();
    const a = controllable();
    const b = controllable();
    const first = queue.start({ name: 'a.pdf', size: 100 }, a.run);
    queue.start({ name: 'b.pdf', size: 300 }, b.run);
    a.progress(50, 100);
    b.progress(150, 300);
    const snapshot = queue.getSnapshot();
    expect(snapshot.items.map((i) => i.loaded)).toEqual([50, 150]);
    expect(snapshot).toMatchObject({ active: 2, loaded: 200, total: 400, fraction: 0.5 });
    expect(queue.find(first.id)?.loaded).toBe(50);
  });

  it('fails with the error message as the reason', async () => {
    const queue = new UploadQueue();
    const upload = controllable();
    const started = queue.start({ name: 'evil.svg', size: 10 }, upload.run);
    upload.fail(new Error(MESSAGES.unsupportedFileType));
    expect(await started.finished).toMatchObject({ state: 'failed', reason: 'Unsupported file type!' });
  });

  it('cancels an upload through its signal', async () => {
    const queue = new UploadQueue();
    const upload = controllable();
    const started = queue.start({ name: 'big.pdf', size: 10 }, upload.run);
    queue.cancel(started.id);
    expect(upload.signal()?.aborted).toBe(true);
    expect(await started.finished).toMatchObject({ state: 'failed', reason: MESSAGES.uploadCancelled });
  });

  it('removes finished items only', async () => {
    const queue = new UploadQueue();
    const done = controllable();
    const running = controllable();
    const finished = queue.start({ name: 'a', size: 1 }, done.run);
    const active = queue.start({ name: 'b', size: 1 }, running.run);
    done.succeed([]);
    await finished.finished;
    queue.remove(active.id);
    expect(queue.getSnapshot().items).toHaveLength(2);
    queue.clearFinished();
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual([active.id]);
  });

  it('counts a finished upload as fully sent in the overall progress', async () => {
    const queue = new UploadQueue();
    const a = controllable();
    const started = queue.start({ name: 'a', size: 10 }, a.run);
    a.fail(new Error('x'));
    await started.finished;
    expect(queue.getSnapshot()).toMatchObject({ loaded: 10, total: 10, fraction: 1, active: 0 });
  });
});
