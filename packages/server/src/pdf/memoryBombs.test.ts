import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { freePort } from '../test/freePort';

/*
 * Decompression bombs and huge images against the built server in a process of its own, watched
 * from outside through /proc (VmRSS now, VmHWM the peak) and HTTP, as an attacker with an upload
 * right would send them and as a viewer would then open them. Every wait polls a state with a
 * deadline, never a fixed time.
 */

const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
const MAIN = join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js');
const MB = 1024 * 1024;
/** The server's memory budget for decoding in this test (DATAHAVEN_MEMORY_BUDGET_MB). */
const BUDGET_MB = 768;
/** One stream may expand to this much (DATAHAVEN_PDF_STREAM_LIMIT_MB, the default). */
const STREAM_LIMIT_MB = 256;

sharp.cache(false);

beforeAll(() => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}, 600_000);

/** Deflates `size` bytes of `fill` fed 1 MB at a time (the bomb is never whole in memory). */
async function deflatedFill(size: number, fill: string): Promise<Buffer> {
  const deflater = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => parts.push(chunk));
  const finished = new Promise((done) => deflater.on('end', done));
  const block = Buffer.alloc(MB, fill);
  for (let written = 0; written < size; written += MB) {
    if (!deflater.write(block)) await new Promise((drained) => deflater.once('drain', drained));
  }
  deflater.end();
  await finished;
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream is FlateDecode of `expandsTo` bytes of spaces (valid, empty content): 400 MB of it is the bomb. */
async function blankPagePdf(expandsTo: number): Promise<Buffer> {
  const stream = await deflatedFill(expandsTo, ' ');
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ];
  parts.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A 12,200 × 12,200 PNG of one colour: 148.8 M pixels, under the 150 M pixel limit, a few hundred KB. */
function hugePng(red: number): Promise<Buffer> {
  return sharp({ create: { width: 12_200, height: 12_200, channels: 3, background: { r: red, g: 90, b: 30 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A line of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak since start). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
}

/** Polls `read` until `done` accepts it; fails with the last value after `limitMs`. */
async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, limitMs: number): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Waited ${limitMs} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((tick) => setTimeout(tick, 200));
  }
}

describe('memory bounded for every file (decompression bombs, huge images)', () => {
  let dataDir = '';
  let child: ChildProcess | null = null;
  let output = '';
  let baseUrl = '';
  let headers: Record<string, string> = {};
  let inboxId = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'datahaven-bombs-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN, 'serve'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATAHAVEN_DATA_DIR: dataDir,
        DATAHAVEN_DEMO: '1',
        DATAHAVEN_PORT: String(port),
        DATAHAVEN_DEMO_ERP_PORT: String(await freePort()),
        DATAHAVEN_LOG_LEVEL: 'warn',
        DATAHAVEN_MEMORY_BUDGET_MB: String(BUDGET_MB),
        DATAHAVEN_PDF_STREAM_LIMIT_MB: String(STREAM_LIMIT_MB),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const server = child;
    await waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`The server ended (${server.exitCode}): ${output}`);
        return fetch(`${baseUrl}/api/version`).then(
          (answer) => answer.ok,
          () => false,
        );
      },
      (up) => up,
      'the server to answer',
      120_000,
    );
    headers = { authorization: `Bearer ${await (await fetch(`${baseUrl}/demo/erp/token?username=clerk`)).text()}` };
    const root = (await (await fetch(`${baseUrl}/api/workflow-root`, { headers })).json()) as {
      queueTypes: { queues: { id: number; name: string }[] }[];
    };
    inboxId = root.queueTypes.flatMap((type) => type.queues).find((queue) => queue.name === 'AP Inbox')?.id ?? 0;
  }, 180_000);

  afterAll(async () => {
    if (child !== null && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((done) => child?.once('exit', done));
      child.kill('SIGKILL');
      await gone;
    }
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (name: string, type: string, bytes: Buffer): Promise<Response> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${baseUrl}/api/queues/${inboxId}/documents`, { method: 'POST', headers, body: form });
  };

  /** The first page's thumbnail as the viewer's sidebar asks for it; the status and, when not an image, the words. */
  const thumbnail = async (id: number): Promise<{ status: number; type: string; words: string }> => {
    const answer = await fetch(`${baseUrl}/api/documents/${id}/pages/1/thumbnail?width=160`, { headers });
    const type = answer.headers.get('content-type') ?? '';
    return { status: answer.status, type, words: type.startsWith('image/') ? '' : await answer.text() };
  };

  it('refuses the PDF bomb in words, converts and renders the huge PNGs within the budget, and gives the memory back', async () => {
    const pid = child?.pid ?? 0;
    // Idle: the started server before any file (no PDFium worker yet): workers end after 15 s
    // without work, so the server after the bombs must come back to this, not to a warmed-up figure.
    const idleMb = statusMb(pid, 'VmRSS');
    const ordinary = await upload('Invoice.pdf', 'application/pdf', await blankPagePdf(64 * 1024));
    expect(ordinary.status).toBe(201);
    const [ordinaryDocument] = (await ordinary.json()) as { id: number }[];
    expect((await thumbnail(ordinaryDocument.id)).status).toBe(200);
    const warmMb = statusMb(pid, 'VmRSS');

    const bomb = await blankPagePdf(400 * MB);
    expect(bomb.length).toBeLessThan(1 * MB);
    const refused = await upload('Bomb.pdf', 'application/pdf', bomb);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `The file expands to more than ${STREAM_LIMIT_MB} MB when opened and was refused.`,
    );

    const ids: number[] = [];
    for (const red of [20, 80, 140, 200]) {
      const png = await hugePng(red);
      expect(png.length).toBeLessThan(2 * MB);
      const answer = await upload(`Scan ${red}.png`, 'image/png', png);
      expect(answer.status).toBe(201);
      ids.push(((await answer.json()) as { id: number }[])[0].id);
    }
    // A viewer opening the four at once: each answer is a thumbnail or "Preview not available: …", never a crash.
    // Conversions queued behind the budget may outlast a request (503 with Retry-After): the viewer asks again.
    const shown = await Promise.all(
      ids.map((id) =>
        waitFor(
          () => thumbnail(id),
          (answer) => answer.status !== 503,
          `the thumbnail of document ${id}`,
          300_000,
        ),
      ),
    );
    for (const answer of shown) {
      if (answer.status === 200) expect(answer.type).toBe('image/png');
      else expect(answer.words).toContain('Preview not available:');
    }
    const peakMb = statusMb(pid, 'VmHWM');
    // The budget bounds what decoding takes on top of what the server holds anyway.
    expect(peakMb).toBeLessThan(idleMb + BUDGET_MB);

    // Back near idle: within 20 % of it, or idle + 48 MB when that is more (allocator slack on a small idle figure).
    const targetMb = Math.max(idleMb * 1.2, idleMb + 48);
    const settledMb = await waitFor(
      () => statusMb(pid, 'VmRSS'),
      (rss) => rss <= targetMb,
      `RSS back to ${targetMb} MB`,
      120_000,
    );
    expect(child?.exitCode).toBeNull();
    expect((await fetch(`${baseUrl}/api/version`)).status).toBe(200);
    process.stdout.write(
      `memory: idle ${idleMb.toFixed(0)} MB, after an ordinary file ${warmMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, settled ${settledMb.toFixed(0)} MB (target ${targetMb.toFixed(0)} MB)\n`,
    );
    expect(settledMb).toBeLessThanOrEqual(targetMb);
  }, 600_000);
});
