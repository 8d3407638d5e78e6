// The server's order, checked on every import the code makes — static imports, `export … from`,
// dynamic `import()`, `require()` and type-only imports alike — by dependency-cruiser
// (`npm run lint:modules`, part of `npm run lint`). docs/ARCHITECTURE.md "The server's modules"
// draws the order; test/lint/serverModules.test.ts proves each rule fires.
//
// - Modules by use case sit on top of shared infrastructure. A module imports another only
//   through its face (`<module>/index.ts`), never a file inside it.
// - Infrastructure never imports a module, the composition root or the demo, and imports only the
//   infrastructure below it: errors, retry, db, config, storage, pdf, zip, einvoice, jobs, services, http.
// - No import cycle anywhere.
// - The demo sits beside the product: no product code imports it; the composition root starts it
//   through its entry.
// - Below the transports nobody speaks HTTP: only a module's `http/` and `odata/` folders and
//   `http/` itself import Fastify or the http/ infrastructure.
// Tests and test harnesses (`*.test.ts`, `test/` folders) are left out: they may reach inside.

const SRC = '^packages/server/src/';

/** Infrastructure, lowest first: each may import only those before it. */
const INFRASTRUCTURE = ['errors', 'retry', 'db', 'config', 'storage', 'pdf', 'zip', 'einvoice', 'jobs', 'services', 'http'];

/** The modules by use case. */
const MODULES = [
  'access',
  'auth',
  'capture',
  'documents',
  'duplicates',
  'erp',
  'folders',
  'graph',
  'intake',
  'linking',
  'mail',
  'notifications',
  'renditions',
  'search',
  'system',
  'workflow',
  'evidence',
  'live',
];

/** The composition root: the files at the top of src/ that put modules and infrastructure together. */
const COMPOSITION_ROOT = `${SRC}[^/]+\\.ts$`;

const anyOf = (names) => `(${names.join('|')})`;

/** One rule per infrastructure folder: nothing above it, no module, no composition root, no demo. */
const infrastructureRules = INFRASTRUCTURE.map((folder, index) => {
  const below = INFRASTRUCTURE.slice(0, index);
  return {
    name: `infrastructure-order-${folder}`,
    comment: `${folder}/ is infrastructure: it imports ${below.length === 0 ? 'nothing of the server' : `only ${below.join(', ')} and itself`}, never a module, the composition root or the demo.`,
    severity: 'error',
    from: { path: `${SRC}${folder}/` },
    to: {
      path: SRC,
      pathNot: [`${SRC}${anyOf([folder, ...below])}/`],
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle: a cycle means two parts cannot be understood, tested or moved apart.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    ...infrastructureRules,
    {
      name: 'module-through-its-face',
      comment: 'A module, the demo or the composition root imports another module only through its face (<module>/index.ts).',
      severity: 'error',
      from: { path: `${SRC}([^/]+)/` },
      to: {
        path: `${SRC}${anyOf(MODULES)}/`,
        pathNot: [`${SRC}$1/`, `${SRC}${anyOf(MODULES)}/index\\.ts$`],
      },
    },
    {
      name: 'composition-root-through-faces',
      comment: 'The composition root imports a module only through its face (<module>/index.ts).',
      severity: 'error',
      from: { path: COMPOSITION_ROOT },
      to: { path: `${SRC}${anyOf(MODULES)}/`, pathNot: `${SRC}${anyOf(MODULES)}/index\\.ts$` },
    },
    {
      name: 'modules-never-import-the-composition-root',
      comment:
        'Modules sit below the composition root: what they need comes in as arguments (ServerDeps is assembled from their own types).',
      severity: 'error',
      from: { path: `${SRC}${anyOf(MODULES)}/` },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: 'product-never-imports-the-demo',
      comment: "The demo (its world, seed and ERP) is not the product: the product reads ERP records over HTTP (erp's connectors).",
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}demo/`, `${SRC}(main|createServer)\\.ts$`] },
      to: { path: `${SRC}demo/` },
    },
    {
      name: 'composition-root-reaches-the-demo-by-its-entry',
      comment: 'main.ts and createServer.ts start the demo through its entry (demo/index.ts), never a file inside it.',
      severity: 'error',
      from: { path: `${SRC}(main|createServer)\\.ts$` },
      to: { path: `${SRC}demo/`, pathNot: `${SRC}demo/index\\.ts$` },
    },
    {
      name: 'domain-speaks-no-http',
      comment:
        "Below the transports nobody speaks HTTP: commands, policies and queries throw DomainErrors and each transport maps them; only a module's http/ and odata/ folders (and http/ itself) import Fastify or http/.",
      severity: 'error',
      from: {
        path: `${SRC}(${anyOf(MODULES)}/|${anyOf(INFRASTRUCTURE.filter((folder) => folder !== 'http'))}/)`,
        pathNot: `${SRC}${anyOf(MODULES)}/(http|odata)/`,
      },
      to: { path: [`${SRC}http/`, '(^|/)node_modules/(fastify|@fastify/[^/]+)/'] },
    },
  ],
  options: {
    // Type-only imports are dependencies too: a module that names another's types depends on it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^packages/server/src/', '(^|/)node_modules/(fastify|@fastify/[^/]+)/'],
    exclude: { path: ['\\.test\\.ts$', '/test/'] },
  },
};
