import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillOutlookManifest, outlookManifestValues } from '../../scripts/fillOutlookManifest';
// Types only: jest never loads the build script (it runs in a child process), tsc -b checks it through this import.
import type { OutlookPackageResult } from '../../scripts/buildOutlookManifest';
import { itNeeding } from '../../packages/server/src/test/describeNeeding';
import { PYTHON3 } from '../../packages/server/src/test/testRequirements';

const repoRoot = path.resolve(__dirname, '..', '..');
const TEMPLATE = path.join(repoRoot, 'manifests', 'outlook', 'manifest.json');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: repoRoot, env: { ...process.env, TS_NODE_PROJECT: path.join(repoRoot, 'scripts', 'tsconfig.json'), ...env } },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
    );
  });
}

/**
 * Runs scripts/buildOutlookManifest.ts as `npm run build:outlook-manifest` does, in a child
 * process: the schema check's package (@microsoft/app-manifest) needs an ES module jest cannot load.
 */
function buildScript(args: string[], env: Record<string, string>): Promise<Run> {
  return run(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', path.join(repoRoot, 'scripts', 'buildOutlookManifest.ts'), ...args],
    env,
  );
}

/** The zip's entry names and its manifest, read with Python's zipfile (an independent reader). */
async function readPackage(zip: string): Promise<{ names: string[]; manifest: Record<string, unknown> }> {
  const answer = await run('python3', [
    '-c',
    'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({"names": z.namelist(), "manifest": json.loads(z.read("manifest.json"))}))',
    zip,
  ]);
  if (answer.code !== 0) throw new Error(answer.stderr);
  return JSON.parse(answer.stdout) as { names: string[]; manifest: Record<string, unknown> };
}

describe('the Outlook add-in package (npm run build:outlook-manifest)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'datahaven-outlook-package-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fills the template from DATAHAVEN_PUBLIC_URL and the Entra settings: pane page, ribbon icons, SSO resource, mailbox permission', async () => {
    const template: unknown = JSON.parse(await readFile(TEMPLATE, 'utf8'));
    const manifest = fillOutlookManifest(
      template,
      outlookManifestValues({ DATAHAVEN_PUBLIC_URL: 'https://dms.contoso.com/', DATAHAVEN_ENTRA_CLIENT_ID: 'c1' }, '2.0.0'),
    ) as {
      version: string;
      validDomains: string[];
      webApplicationInfo: { id: string; resource: string };
      authorization: { permissions: { resourceSpecific: { name: string; type: string }[] } };
      extensions: {
        runtimes: { code: { page: string } }[];
        ribbons: {
          requirements: { formFactors: string[] };
          contexts: string[];
          tabs: { groups?: { icons: { url: string }[] }[]; customMobileRibbonGroups?: { controls: { icons: { url: string }[] }[] }[] }[];
        }[];
      }[];
    };
    expect(manifest.version).toBe('2.0.0');
    expect(manifest.validDomains).toEqual(['dms.contoso.com']);
    expect(manifest.webApplicationInfo).toEqual({ id: 'c1', resource: 'api://dms.contoso.com/c1' });
    expect(manifest.authorization.permissions.resourceSpecific).toEqual([{ name: 'MailboxItem.ReadWrite.User', type: 'Delegated' }]);
    expect(manifest.extensions[0].runtimes[0].code.page).toBe('https://dms.contoso.com/outlook/');
    // The desktop ribbon in compose and read; Outlook mobile offers add-ins only while reading, so its form factor has the read surface alone.
    expect(manifest.extensions[0].ribbons.map((ribbon) => [ribbon.requirements.formFactors, ribbon.contexts])).toEqual([
      [['desktop'], ['mailCompose']],
      [['desktop'], ['mailRead']],
      [['mobile'], ['mailRead']],
    ]);
    expect(manifest.extensions[0].ribbons[0].tabs[0].groups?.[0].icons.map((icon) => icon.url)).toEqual(
      [16, 32, 80].map((size) => `https://dms.contoso.com/outlook/icons/icon-${size}.png`),
    );
    const mobileIcons = manifest.extensions[0].ribbons[2].tabs[0].customMobileRibbonGroups?.[0].controls[0].icons ?? [];
    expect(mobileIcons.map((icon) => icon.url)).toEqual(
      [25, 50, 75, 32, 64, 96, 48, 96, 144].map((size) => `https://dms.contoso.com/outlook/icons/icon-${size}.png`),
    );
    expect(JSON.stringify(manifest)).not.toContain('${');
    expect(() => fillOutlookManifest({ x: '${NOPE}' }, {})).toThrow('unknown placeholder ${NOPE}');
  });

  itNeeding(PYTHON3)('validates offline and writes manifest.json with the two icons into the zip', async () => {
    const out = path.join(dir, 'outlook.zip');
    const answer = await buildScript(['--out', out], {
      DATAHAVEN_PUBLIC_URL: 'https://dms.contoso.com',
      DATAHAVEN_ENTRA_CLIENT_ID: '5b0f2c1e-7d3a-4c8e-9f11-2a4b6c8d0e12',
      DATAHAVEN_OUTLOOK_ADDIN_ID: '9a1d5d7e-0b7c-4c55-9d42-3c1f5f1b2a10',
    });
    expect(answer).toMatchObject({ code: 0, stderr: '' });
    expect(answer.stdout).toContain('Outlook add-in package:');
    const written: Pick<OutlookPackageResult, 'file'> = { file: out };
    const { names, manifest } = await readPackage(written.file);
    expect(names.sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    expect(manifest.id).toBe('9a1d5d7e-0b7c-4c55-9d42-3c1f5f1b2a10');
  });

  it("stops the build with the schema's words when the manifest is wrong", async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as { extensions: { ribbons: { contexts: string[] }[] }[] };
    template.extensions[0].ribbons[0].contexts = ['mailWrite'];
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, JSON.stringify(template));
    const answer = await buildScript(['--out', path.join(dir, 'broken.zip'), '--template', broken], {
      DATAHAVEN_PUBLIC_URL: 'https://dms.contoso.com',
    });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('The Outlook manifest does not validate against its schema');
  });
});
