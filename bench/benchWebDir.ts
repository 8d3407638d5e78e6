import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the bare pdf.js reference's page and files are served from, under the app's static `/assets/`. */
export const RAW_PDFJS_PATH = '/assets/raw-pdfjs';

/** A copy of dist/web the ui bench serves, with the bare pdf.js reference beside the app's chunks. */
export interface BenchWebDir {
  dir: string;
  remove(): Promise<void>;
}

/**
 * Copies the built web folder into a temporary one and adds pdf.js's own build and worker (the
 * same pdfjs-dist the app bundles) and a blank page under `assets/raw-pdfjs/`, so the server
 * serves the reference's code exactly as it serves the app's: same origin, same static handler,
 * same headers. dist/web itself is left as the build made it.
 */
export async function benchWebDir(webDir: string): Promise<BenchWebDir> {
  const dir = await mkdtemp(join(tmpdir(), 'datahaven-bench-web-'));
  try {
    await cp(webDir, dir, { recursive: true });
    const raw = join(dir, ...RAW_PDFJS_PATH.split('/').filter((part) => part !== ''));
    await mkdir(raw, { recursive: true });
    await cp(require.resolve('pdfjs-dist/build/pdf.min.mjs'), join(raw, 'pdf.min.mjs'));
    await cp(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), join(raw, 'pdf.worker.min.mjs'));
    await writeFile(join(raw, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
