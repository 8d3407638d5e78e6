import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What Debian's poppler-utils make of one page of a file: the file's pages, the page as a PNG `width` pixels wide, its words. */
export interface PopplerView {
  pages: number;
  png: Buffer;
  words: string[];
}

/**
 * The words of a text as the suite compares them: split on white space, lower-cased, without
 * bidi controls (pdftotext wraps a right-to-left line in U+202B … U+202C; the viewer's text layer
 * has none, and they draw nothing).
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Runs pdfinfo, pdftoppm (page `page`, `width` pixels wide) and pdftotext (page `page`) on the file. */
export async function popplerView(bytes: Buffer, width: number, page = 1): Promise<PopplerView> {
  const dir = await mkdtemp(join(tmpdir(), 'datahaven-poppler-'));
  try {
    const file = join(dir, 'file.pdf');
    await writeFile(file, bytes);
    const info = await run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? Number.NaN);
    // -cropbox: the page as readers show it (pdftoppm's default is the MediaBox).
    await run('pdftoppm', [
      '-png',
      '-cropbox',
      '-f',
      String(page),
      '-l',
      String(page),
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      '-1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const text = await run('pdftotext', ['-f', String(page), '-l', String(page), file, '-']);
    return { pages, png: await readFile(join(dir, 'page.png')), words: wordsOf(text.stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
