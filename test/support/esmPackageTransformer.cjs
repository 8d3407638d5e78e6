// Jest transformer for the npm packages that ship ES modules only (jose 6), in the projects
// that run the server. Why: Node 20.19+ and 24 load them from the server's CommonJS with
// require(esm), but jest's own module loader does not, so under jest they are compiled to
// CommonJS with TypeScript (already a dependency), as test/support/pdfjsInteropTransformer.cjs
// does for pdf.js in the jsdom project.
const { createHash } = require('node:crypto');
const ts = require('typescript');

const VERSION = '1';

module.exports = {
  process(source, filename) {
    const output = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, sourceMap: false },
    });
    return { code: output.outputText };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(VERSION).update(ts.version).update(filename).update(source).digest('hex');
  },
};
