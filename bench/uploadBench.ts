import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FolderEntry, FolderNode } from '@datahaven/core/model';
import { makeInvoicePdf } from '../test/e2e/support/makeInvoicePdf';
import { startDemoServer } from '../test/e2e/support/startDemoServer';
import { createDatabase } from '../packages/server/src/db/createDatabase';
import type { DatabaseHandle } from '../packages/server/src/db/createDatabase';
import { demoToken } from './demoApi';

/** One line of the bench's table. */
export interface UploadBenchRow {
  measure: string;
  value: string;
  budget: string;
  verdict: string;
}

const USER = 'clerk';
const RECORD = 'Litware Office';
const FOLDER = 'Invoices';
/** Uploads per sample size (each a different file, so no upload is deduplicated). */
const RUNS = 7;
const SAMPLES = [1, 20, 100];

interface DemoRecordSummary {
  name: string;
  context: Record<string, string | number>;
}

/** The upload URL of the demo record's folder, resolved once so only the POST itself is timed. */
async function uploadUrlOf(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const { records } = (await (await fetch(`${baseUrl}/demo/erp/records`)).json()) as { records: DemoRecordSummary[] };
  const record = records.find((candidate) => candidate.name === RECORD);
  if (!record) throw new Error(`no demo record named ${RECORD}`);
  const context = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(record.context)) context.set(key, String(value));
  const folders = (await (await fetch(`${baseUrl}/api/folder-structure?${context}`, { headers })).json()) as FolderEntry[];
  const folder = folders.find((entry): entry is FolderNode => entry.type === 'folder' && entry.name === FOLDER);
  if (!folder) throw new Error(`record ${RECORD} has no folder ${FOLDER}`);
  const query = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(folder.constraints)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  return `${baseUrl}/api/documents?${query}`;
}

/** Polls the search endpoint until `word` finds document `id` (the page text was extracted and indexed). */
async function waitUntilSearchable(baseUrl: string, headers: Record<string, string>, word: string, id: number): Promise<void> {
  for (;;) {
    const response = await fetch(`${baseUrl}/api/documents/search?q=${encodeURIComponent(word)}`, { headers });
    if (!response.ok) throw new Error(`search: HTTP ${response.status}`);
    const { documents } = (await response.json()) as { documents: { id: number }[] };
    if (documents.some((document) => document.id === id)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the server's job runner has nothing left to do (no job running, none pending on its first run). */
async function waitForIdleJobs(database: DatabaseHandle): Promise<void> {
  for (;;) {
    const busy = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'pending'), eb('attempts', '=', 0)])]))
      .executeTakeFirstOrThrow();
    if (Number(busy.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number): string => `${Math.round(value)} ms`;

/**
 * Upload latency (issue 10): the whole server in-process on SQLite with its job runner, text
 * PDFs of 1, 20 and 100 pages POSTed one after another through /api/documents. Times the POST
 * until its 201 ("upload answered") and until a word of the page text finds the document
 * ("searchable"). Each upload starts only once the job runner is idle (the demo seed's and the
 * previous upload's jobs, thumbnails included, all done; read from the SQLite file beside the
 * server), so every figure is one upload on a quiet server, before and after alike.
 */
export async function runUploadBench(): Promise<{ title: string; rows: UploadBenchRow[] }> {
  const server = await startDemoServer();
  const database = createDatabase({ kind: 'sqlite', file: join(server.dataDir, 'datahaven.sqlite') });
  const rows: UploadBenchRow[] = [];
  try {
    const headers = { Authorization: `Bearer ${await demoToken(server.baseUrl, USER)}` };
    const url = await uploadUrlOf(server.baseUrl, headers);
    let serial = 0;
    for (const pages of SAMPLES) {
      const answered: number[] = [];
      const searchable: number[] = [];
      for (let run = 0; run < RUNS + 1; run++) {
        serial += 1;
        const word = `Benchword${pages}x${serial}q`;
        const bytes = await makeInvoicePdf({ pages, vendorName: RECORD, invoiceNumber: word });
        await waitForIdleJobs(database);
        const form = new FormData();
        // Named without the word: the name is indexed at once, the page text only once extracted.
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `Bench invoice ${serial}.pdf`);
        const started = performance.now();
        const response = await fetch(url, { method: 'POST', headers, body: form });
        const answeredAt = performance.now();
        if (response.status !== 201) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
        const [document] = (await response.json()) as { id: number }[];
        await waitUntilSearchable(server.baseUrl, headers, word, document.id);
        // The first run warms up PDFium's worker pool and the statement cache.
        if (run === 0) continue;
        answered.push(answeredAt - started);
        searchable.push(performance.now() - started);
      }
      rows.push({
        measure: `${pages}-page text PDF: upload answered (median of ${RUNS}; max ${ms(Math.max(...answered))})`,
        value: ms(median(answered)),
        budget: '—',
        verdict: '',
      });
      rows.push({
        measure: `${pages}-page text PDF: searchable after (median of ${RUNS}; max ${ms(Math.max(...searchable))})`,
        value: ms(median(searchable)),
        budget: '—',
        verdict: '',
      });
    }
  } finally {
    await database.close();
    await server.close();
  }
  return {
    title:
      `Upload latency — server in-process on SQLite with its job runner, loopback, ${availableParallelism()} cores, Node ${process.version}\n` +
      `How it measures: each upload one POST with fetch from this process, once the job runner is idle; "answered" from send to the 201, ` +
      `"searchable" from send until a search for a word of its page text (polled every 20 ms) lists it; median of ${RUNS} after one unmeasured upload per size; no targets (issue 10 set none).`,
    rows,
  };
}
