import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One built script and what it costs over the wire. */
export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

function sizeOf(webDir: string, file: string): ScriptSize {
  const content = readFileSync(join(webDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** The scripts an HTML page of dist/web loads before anything else: its `<script src>` tags. */
export function initialScripts(webDir: string, htmlFile: string): ScriptSize[] {
  const html = readFileSync(join(webDir, htmlFile), 'utf8');
  // The built HTML is minified: attribute values may be quoted or not.
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/g)].map(
    (match) => match[1] ?? match[2] ?? match[3],
  );
  if (sources.length === 0) throw new Error(`${htmlFile} loads no script`);
  return sources.map((source) => sizeOf(webDir, source.replace(/^\//, '')));
}

/**
 * The lazily loaded viewer code: the chunks webpack names after the viewer or pdf.js, and the
 * pdf.js worker script.
 */
export function viewerChunks(webDir: string): ScriptSize[] {
  const assets = readdirSync(join(webDir, 'assets'));
  const viewer = assets.filter((file) => /^(pdfjs|viewer|Viewer|pdf\.worker)[^/]*\.m?js$/.test(file));
  return viewer.map((file) => sizeOf(webDir, `assets/${file}`));
}
