import path from 'node:path';
import { cruiseInChildProcess, type CruiseViolation } from './cruiseInChildProcess';

// The server's order (.dependency-cruiser.cjs): each rule is real when a probe that breaks it is
// reported, by name, and a tree that keeps them all is reported clean.

const repoRoot = path.resolve(__dirname, '..', '..');
const SRC = 'packages/server/src';

/** A module file with one export, so importers have something to name. */
const exporting = (name: string): string => `export const ${name} = 1;\n`;

/** What every probe tree holds besides its own files: modules with a face and a file inside, infrastructure, the demo. */
const WORLD: Record<string, string> = {
  [`${SRC}/access/index.ts`]: "export { canSeeDocument } from './documentVisibility';\n",
  [`${SRC}/access/documentVisibility.ts`]: 'export const canSeeDocument = 1;\nexport interface Viewer { userId: number }\n',
  [`${SRC}/workflow/index.ts`]: "export { registerWorkflowApi } from './http/registerWorkflowApi';\n",
  [`${SRC}/workflow/http/registerWorkflowApi.ts`]: exporting('registerWorkflowApi'),
  [`${SRC}/search/index.ts`]: "export { searchIndex } from './searchIndex';\n",
  [`${SRC}/search/searchIndex.ts`]: exporting('searchIndex'),
  [`${SRC}/intake/index.ts`]: "export { intakeDocuments } from './intakeDocuments';\n",
  [`${SRC}/intake/intakeDocuments.ts`]: exporting('intakeDocuments'),
  [`${SRC}/db/schema.ts`]: exporting('schema'),
  [`${SRC}/services/AppDeps.ts`]: exporting('appDeps'),
  [`${SRC}/http/HttpError.ts`]: exporting('badRequest'),
  [`${SRC}/http/withinRequestTime.ts`]: exporting('REQUEST_WORK_MS'),
  [`${SRC}/demo/index.ts`]: "export { DEMO_COMPANY } from './demoWorld';\n",
  [`${SRC}/demo/demoWorld.ts`]: exporting('DEMO_COMPANY'),
  [`${SRC}/demo/demoErp/DemoErpStore.ts`]: exporting('DemoErpStore'),
  [`${SRC}/serverJobs.ts`]: exporting('serverJobs'),
};

/** Files that each break one rule (or two, where the file says so). */
const BROKEN: Record<string, string> = {
  // A module reaching inside another, by value and by type.
  [`${SRC}/linking/linkEvents.ts`]:
    "import { canSeeDocument } from '../access/documentVisibility';\nexport const probe = canSeeDocument;\n",
  [`${SRC}/linking/linkTypes.ts`]: "import type { Viewer } from '../access/documentVisibility';\nexport type Probe = Viewer;\n",
  // Infrastructure importing a module (by its face, still refused), or infrastructure above it.
  [`${SRC}/db/recordContext.ts`]: "import { registerWorkflowApi } from '../workflow';\nexport const probe = registerWorkflowApi;\n",
  [`${SRC}/config/Config.ts`]: "import { REQUEST_WORK_MS } from '../http/withinRequestTime';\nexport const probe = REQUEST_WORK_MS;\n",
  // … by a dynamic import() and by require().
  [`${SRC}/jobs/JobRunner.ts`]: "export async function probe(): Promise<unknown> {\n  return import('../search');\n}\n",
  [`${SRC}/storage/openFileStore.ts`]:
    "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const probe: unknown = require('../intake');\n",
  // A cycle.
  [`${SRC}/intake/documentUploader.ts`]: "import { queueImport } from './queueImporter';\nexport const upload = queueImport;\n",
  [`${SRC}/intake/queueImporter.ts`]: "import { upload } from './documentUploader';\nexport const queueImport = upload;\n",
  // The demo in product code, and inside the demo from the composition root.
  [`${SRC}/erp/EntitySources.ts`]: "import { DEMO_COMPANY } from '../demo';\nexport const probe = DEMO_COMPANY;\n",
  [`${SRC}/main.ts`]: "import { DemoErpStore } from './demo/demoErp/DemoErpStore';\nexport const probe = DemoErpStore;\n",
  // The composition root reaching inside a module.
  [`${SRC}/buildServerApp.ts`]:
    "import { registerWorkflowApi } from './workflow/http/registerWorkflowApi';\nexport const probe = registerWorkflowApi;\n",
  // A module importing the composition root.
  [`${SRC}/search/reindexDocuments.ts`]: "import { serverJobs } from '../serverJobs';\nexport const probe = serverJobs;\n",
  // HTTP below the transports: Fastify in a command, http/ in a policy.
  [`${SRC}/workflow/workflowActionRecorder.ts`]: "import type { FastifyRequest } from 'fastify';\nexport type Probe = FastifyRequest;\n",
  [`${SRC}/access/queueAccess.ts`]: "import { badRequest } from '../http/HttpError';\nexport const probe = badRequest;\n",
};

/** A tree that keeps every rule. */
const KEPT: Record<string, string> = {
  [`${SRC}/linking/linkEvents.ts`]:
    "import { canSeeDocument } from '../access';\nimport { schema } from '../db/schema';\nexport const probe = [canSeeDocument, schema];\n",
  [`${SRC}/workflow/http/workflowRoutes.ts`]:
    "import type { FastifyInstance } from 'fastify';\nimport { badRequest } from '../../http/HttpError';\nimport { canSeeDocument } from '../../access';\nexport type Probe = FastifyInstance;\nexport const probe = [badRequest, canSeeDocument];\n",
  [`${SRC}/workflow/odata/documentsSet.ts`]: "import { badRequest } from '../../http/HttpError';\nexport const probe = badRequest;\n",
  [`${SRC}/http/buildApp.ts`]:
    "import { appDeps } from '../services/AppDeps';\nimport { schema } from '../db/schema';\nexport const probe = [appDeps, schema];\n",
  [`${SRC}/main.ts`]:
    "import { DEMO_COMPANY } from './demo';\nimport { registerWorkflowApi } from './workflow';\nexport const probe = [DEMO_COMPANY, registerWorkflowApi];\n",
  [`${SRC}/demo/seedDemoData.ts`]:
    "import { intakeDocuments } from '../intake';\nimport { DEMO_COMPANY } from './demoWorld';\nexport const probe = [intakeDocuments, DEMO_COMPANY];\n",
  // Tests and harnesses may reach inside.
  [`${SRC}/linking/linkEvents.test.ts`]:
    "import { canSeeDocument } from '../access/documentVisibility';\nexport const probe = canSeeDocument;\n",
  [`${SRC}/test/factories.ts`]: "import { DemoErpStore } from '../demo/demoErp/DemoErpStore';\nexport const probe = DemoErpStore;\n",
};

let broken: CruiseViolation[] = [];
let kept: CruiseViolation[] = [];

beforeAll(async () => {
  [broken, kept] = await Promise.all([
    cruiseInChildProcess(repoRoot, { ...WORLD, ...BROKEN }),
    cruiseInChildProcess(repoRoot, { ...WORLD, ...KEPT }),
  ]);
});

/** The rules broken by imports from `file` (relative to src/), sorted. */
function rulesFrom(file: string): string[] {
  return broken
    .filter((violation) => violation.from === `${SRC}/${file}`)
    .map((violation) => violation.rule)
    .sort();
}

describe("the server's order (dependency-cruiser)", () => {
  it('refuses a module reaching inside another, by a value and by a type', () => {
    expect(rulesFrom('linking/linkEvents.ts')).toEqual(['module-through-its-face']);
    expect(rulesFrom('linking/linkTypes.ts')).toEqual(['module-through-its-face']);
  });

  it('refuses infrastructure importing a module, even through its face', () => {
    expect(rulesFrom('db/recordContext.ts')).toEqual(['infrastructure-order-db']);
  });

  it('refuses infrastructure importing infrastructure above it (config importing http/, which is HTTP too)', () => {
    expect(rulesFrom('config/Config.ts')).toEqual(['domain-speaks-no-http', 'infrastructure-order-config']);
  });

  it('sees a dynamic import() and a require()', () => {
    expect(rulesFrom('jobs/JobRunner.ts')).toEqual(['infrastructure-order-jobs']);
    expect(rulesFrom('storage/openFileStore.ts')).toEqual(['infrastructure-order-storage']);
  });

  it('refuses an import cycle (reported once, at the import that closes it)', () => {
    expect([...rulesFrom('intake/documentUploader.ts'), ...rulesFrom('intake/queueImporter.ts')]).toEqual(['no-circular']);
  });

  it('refuses the demo in product code, and a file inside the demo in the composition root', () => {
    expect(rulesFrom('erp/EntitySources.ts')).toEqual(['product-never-imports-the-demo']);
    expect(rulesFrom('main.ts')).toEqual(['composition-root-reaches-the-demo-by-its-entry']);
  });

  it('refuses the composition root reaching inside a module, and a module importing the composition root', () => {
    expect(rulesFrom('buildServerApp.ts')).toEqual(['composition-root-through-faces']);
    expect(rulesFrom('search/reindexDocuments.ts')).toEqual(['modules-never-import-the-composition-root']);
  });

  it('refuses Fastify and http/ below the transports', () => {
    expect(rulesFrom('workflow/workflowActionRecorder.ts')).toEqual(['domain-speaks-no-http']);
    expect(rulesFrom('access/queueAccess.ts')).toEqual(['domain-speaks-no-http']);
  });

  it('reports nothing else in the broken tree', () => {
    const probed = new Set(Object.keys(BROKEN));
    expect(broken.filter((violation) => !probed.has(violation.from))).toEqual([]);
  });

  it("accepts faces, a module's http/ and odata/ speaking HTTP, infrastructure below infrastructure, the demo's entry, and tests reaching inside", () => {
    expect(kept).toEqual([]);
  });
});
