// Jest transformer (jsdom project) for pdf.js and the one module of ours that loads it.
// Why: pdfjs-dist 5 ships ES modules only, and loadPdfjs.ts locates pdf.js's worker with
// `import.meta.url` (webpack's way of emitting it as an asset); jest runs tests as CommonJS on
// Node 20, where neither can be required, so the viewer module could not load in jsdom at all.
// This compiles both to CommonJS with TypeScript (already a dependency), after turning
// `import.meta.url` into the module's file URL, which is what it means in Node.
const { createHash } = require('node:crypto');
const ts = require('typescript');

const VERSION = '2';

function toCommonJs(source, filename) {
  // Not through `require`: pdf.js names a local `require` in the very statement that reads it.
  const withoutImportMeta = source.replace(/import\.meta\.url/g, '("file://" + encodeURI(__filename))');
  const output = ts.transpileModule(withoutImportMeta, {
    fileName: filename.replace(/\.mjs$/, '.js'),
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      allowJs: true,
      esModuleInterop: true,
      sourceMap: false,
    },
  });
  return output.outputText;
}

module.exports = {
  process(source, filename) {
    return { code: toCommonJs(source, filename) };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(VERSION).update(ts.version).update(filename).update(source).digest('hex');
  },
};
