import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { buildTeamsManifest, teamsManifestValues } from '../../scripts/buildTeamsManifest';
// Types only: jest never loads the build script (see runBuildScript), tsc -b checks it through this import.
import type { TeamsPackageEntry } from '../../scripts/buildTeamsPackage';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * The newest released Teams manifest version @microsoft/app-manifest bundles a schema for, read
 * here on its own (jest cannot load the build script, see runBuildScript): the version the
 * template must be on, so a newer package with a newer schema asks for the template to follow.
 */
function newestBundledSchema(): string {
  const dir = path.join(path.dirname(require.resolve('@microsoft/app-manifest/package.json')), 'build', 'json-schemas', 'teams');
  const minors = readdirSync(dir).flatMap((folder) => {
    const match = /^v1\.(\d+)$/.exec(folder);
    return match === null ? [] : [Number(match[1])];
  });
  return `1.${Math.max(...minors)}`;
}
const TEMPLATE = path.join(repoRoot, 'manifests', 'teams', 'manifest.json');

/** What a run of the build script did. */
interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs scripts/buildTeamsPackage.ts as `npm run build:manifests` does, in a child process:
 * @microsoft/app-manifest requires an ES module (strip-bom), which Node loads and jest's
 * module sandbox does not.
 */
function runBuildScript(args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', path.join(repoRoot, 'scripts', 'buildTeamsPackage.ts'), ...args],
      { cwd: repoRoot, env: { ...process.env, TS_NODE_PROJECT: path.join(repoRoot, 'scripts', 'tsconfig.json'), ...env } },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
    );
  });
}

/** The entries of a zip file, read from its central directory (stored or deflated, as yazl writes them). */
function readZip(zip: Buffer): Map<string, Buffer> {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(endOfDirectory + 10);
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'teams-package-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const ENV = {
  DATAHAVEN_PUBLIC_URL: 'https://docs.example.com/',
  DATAHAVEN_ENTRA_CLIENT_ID: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  DATAHAVEN_TEAMS_APP_ID: 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff',
};

describe('the Teams app package (npm run build:manifests)', () => {
  it('holds the manifest, filled in for the public URL and valid against the bundled schema, and both icons', async () => {
    const outFile = path.join(workDir, 'teams-app-package.zip');
    const build = await runBuildScript(['--out', outFile], ENV);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).toContain('(for https://docs.example.com)');

    const entries = readZip(await readFile(outFile));
    const expectedEntries: TeamsPackageEntry[] = ['color.png', 'de.json', 'manifest.json', 'outline.png'];
    expect([...entries.keys()].sort()).toEqual(expectedEntries);
    const manifestText = entries.get('manifest.json')?.toString('utf8') ?? '';
    const manifest = JSON.parse(manifestText) as Record<string, unknown>;
    // The packaged manifest validates on its own, and the very same check refuses it without its icons.
    const packaged = path.join(workDir, 'packaged-manifest.json');
    const withoutIcons = path.join(workDir, 'manifest-without-icons.json');
    await writeFile(packaged, manifestText);
    await writeFile(withoutIcons, JSON.stringify({ ...manifest, icons: undefined }));
    const check = await runBuildScript(['--validate', packaged, withoutIcons], {});
    expect(check.code).toBe(1);
    const verdicts = JSON.parse(check.stdout) as Record<string, string[]>;
    expect(verdicts[packaged]).toEqual([]);
    expect(verdicts[withoutIcons].join('\n')).toMatch(/must have required property 'icons'/);
    expect(manifest).toMatchObject({
      manifestVersion: newestBundledSchema(),
      // Standard channels come with the team scope; the shared and private ones must be declared.
      supportedChannelTypes: ['sharedChannels', 'privateChannels'],
      id: ENV.DATAHAVEN_TEAMS_APP_ID,
      icons: { color: 'color.png', outline: 'outline.png' },
      configurableTabs: [
        {
          configurationUrl: 'https://docs.example.com/integration/teams/configure',
          canUpdateConfiguration: true,
          // A channel tab only (docs/UX-DECISIONS.md "Teams tab and its configure page"): no group-chat scope without a chat context.
          scopes: ['team'],
          context: ['channelTab'],
        },
      ],
      validDomains: ['docs.example.com'],
      webApplicationInfo: {
        id: ENV.DATAHAVEN_ENTRA_CLIENT_ID,
        resource: `api://docs.example.com/${ENV.DATAHAVEN_ENTRA_CLIENT_ID}`,
        nestedAppAuthInfo: [
          {
            redirectUri: 'brk-multihub://docs.example.com',
            scopes: [`api://docs.example.com/${ENV.DATAHAVEN_ENTRA_CLIENT_ID}/access_as_user`],
          },
        ],
      },
      // The notification the server sends through Graph names this type and these parameters.
      activities: {
        activityTypes: [expect.objectContaining({ type: 'documentsArrived' }), expect.objectContaining({ type: 'documentRejected' })],
      },
    });
    const templateText = (manifest.activities as { activityTypes: { templateText: string }[] }).activityTypes[0].templateText;
    expect(templateText).toContain('{count}');
    expect(templateText).toContain('{queue}');
    expect(JSON.stringify(manifest)).not.toContain('${');

    const color = sharp(entries.get('color.png'));
    expect(await color.metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
    const outline = await sharp(entries.get('outline.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(outline.info).toMatchObject({ width: 32, height: 32, channels: 4 });
    // Teams' outline icon: transparent background, and whatever is drawn is white.
    const pixels = outline.data;
    expect(pixels[3]).toBe(0);
    let drawn = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      if (pixels[index + 3] === 0) continue;
      drawn += 1;
      expect([pixels[index], pixels[index + 1], pixels[index + 2]]).toEqual([255, 255, 255]);
    }
    expect(drawn).toBeGreaterThan(50);
  });

  it("carries its German texts (localizationInfo → de.json): every activity type translated with the template's parameters kept", async () => {
    const outFile = path.join(workDir, 'teams-app-package-de.zip');
    const build = await runBuildScript(['--out', outFile], ENV);
    expect(build.code).toBe(0);
    const entries = readZip(await readFile(outFile));
    const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}') as {
      localizationInfo?: unknown;
      activities: { activityTypes: { templateText: string }[] };
    };
    expect(manifest.localizationInfo).toEqual({ defaultLanguageTag: 'en', additionalLanguages: [{ languageTag: 'de', file: 'de.json' }] });
    const german = JSON.parse(entries.get('de.json')?.toString('utf8') ?? '{}') as Record<string, string>;
    expect(german['name.full']).toMatch(/Freigabe/);
    manifest.activities.activityTypes.forEach((type, index) => {
      const parameters = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(parameters(german[`activities.activityTypes[${index}].templateText`])).toEqual(parameters(type.templateText));
    });
  });

  it('refuses a language file that drops a template parameter, leaves an activity type untranslated or breaks its schema', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'teams-de-'));
    try {
      const german = JSON.parse(await readFile(path.join(repoRoot, 'manifests', 'teams', 'de.json'), 'utf8')) as Record<string, string>;
      german['activities.activityTypes[0].templateText'] = 'Freizugebende Belege in {queue}';
      delete german['activities.activityTypes[1].description'];
      german['name.short'] = 'Ein viel zu langer Kurzname für Teams';
      await writeFile(path.join(dir, 'manifest.json'), await readFile(TEMPLATE));
      await writeFile(path.join(dir, 'de.json'), JSON.stringify(german));
      const build = await runBuildScript(['--out', path.join(dir, 'out.zip'), '--template', path.join(dir, 'manifest.json')], ENV);
      expect(build.code).toBe(1);
      expect(build.stderr).toContain('de.json: activities.activityTypes[0].templateText has the parameters {queue}');
      expect(build.stderr).toContain('de.json: activities.activityTypes[1].description is not translated.');
      expect(build.stderr).toContain('de.json: /name.short');
      expect(existsSync(path.join(dir, 'out.zip'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('declares the schema of its manifest version, the newest the bundled package knows', async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as { $schema: string; manifestVersion: string };
    expect(newestBundledSchema()).toMatch(/^1\.(2[5-9]|[3-9]\d)$/);
    expect(template.manifestVersion).toBe(newestBundledSchema());
    expect(template.$schema).toBe(
      `https://developer.microsoft.com/en-us/json-schemas/teams/v${template.manifestVersion}/MicrosoftTeams.schema.json`,
    );
  });

  it('refuses a tab whose scopes and contexts do not fit (issue 40: groupChat with only channelTab), though the schema takes it', async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as { configurableTabs: Record<string, unknown>[] };
    const variants: Record<string, Record<string, unknown>> = {
      chatWithoutContext: { scopes: ['team', 'groupChat'], context: ['channelTab'] },
      contextWithoutScope: { scopes: ['team'], context: ['channelTab', 'privateChatTab'] },
      chatWithContext: { scopes: ['team', 'groupChat'], context: ['channelTab', 'privateChatTab'] },
    };
    const files: Record<string, string> = {};
    for (const [name, tab] of Object.entries(variants)) {
      const filled = buildTeamsManifest(
        { ...template, configurableTabs: [{ ...template.configurableTabs[0], ...tab }] },
        teamsManifestValues(ENV, '1.0.0'),
      );
      files[name] = path.join(workDir, `${name}.json`);
      await writeFile(files[name], JSON.stringify(filled));
    }
    const check = await runBuildScript(['--validate', ...Object.values(files)], {});
    expect(check.code).toBe(1);
    const verdicts = JSON.parse(check.stdout) as Record<string, string[]>;
    expect(verdicts[files.chatWithoutContext]).toEqual([
      '/configurableTabs/0/scopes: "groupChat" has none of its contexts (privateChatTab, meetingChatTab, meetingDetailsTab, meetingSidePanel, meetingStage) in /configurableTabs/0/context.',
    ]);
    expect(verdicts[files.contextWithoutScope]).toEqual([
      '/configurableTabs/0/context: "privateChatTab" belongs to none of the tab\'s scopes (team).',
    ]);
    // The check is no blanket refusal: a chat scope with a chat context passes.
    expect(verdicts[files.chatWithContext]).toEqual([]);
  });

  it('refuses an undeclared channel type and a manifest version without a bundled schema, offline', async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as Record<string, unknown>;
    const values = teamsManifestValues(ENV, '1.0.0');
    const wrongChannel = path.join(workDir, 'wrong-channel.json');
    const unknownVersion = path.join(workDir, 'unknown-version.json');
    await writeFile(wrongChannel, JSON.stringify(buildTeamsManifest({ ...template, supportedChannelTypes: ['standardChannels'] }, values)));
    await writeFile(unknownVersion, JSON.stringify(buildTeamsManifest({ ...template, manifestVersion: '1.99' }, values)));
    const check = await runBuildScript(['--validate', wrongChannel, unknownVersion], {});
    expect(check.code).toBe(1);
    const verdicts = JSON.parse(check.stdout) as Record<string, string[]>;
    expect(verdicts[wrongChannel].join('\n')).toMatch(/\/supportedChannelTypes\/0 must be equal to one of the allowed values/);
    expect(verdicts[unknownVersion]).toEqual(['/manifestVersion 1.99 has no schema in @microsoft/app-manifest.']);
  });

  it('uses the configured audience as the resource the tab asks Entra for', async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as unknown;
    const manifest = buildTeamsManifest(
      template,
      teamsManifestValues(
        { ...ENV, DATAHAVEN_ENTRA_AUDIENCES: `${ENV.DATAHAVEN_ENTRA_CLIENT_ID},api://docs.example.com/datahaven` },
        '1.0.0',
      ),
    );
    expect(manifest).toMatchObject({
      webApplicationInfo: {
        resource: 'api://docs.example.com/datahaven',
        nestedAppAuthInfo: [{ scopes: ['api://docs.example.com/datahaven/access_as_user'] }],
      },
    });
  });

  it("refuses a manifest the schema refuses, with the schema's words, and writes no package", async () => {
    const template = JSON.parse(await readFile(TEMPLATE, 'utf8')) as Record<string, unknown>;
    const withoutIcons = { ...template };
    delete withoutIcons.icons;
    const broken = {
      ...withoutIcons,
      configurableTabs: [{ configurationUrl: '${DATAHAVEN_PUBLIC_URL}/integration/teams/configure', scopes: ['personal'] }],
    };
    const templateFile = path.join(workDir, 'broken-manifest.json');
    await writeFile(templateFile, JSON.stringify(broken));
    const outFile = path.join(workDir, 'broken.zip');

    const build = await runBuildScript(['--out', outFile, '--template', templateFile], ENV);
    expect(build.code).toBe(1);
    expect(build.stderr).toMatch(/does not validate against its schema:[\s\S]*icons[\s\S]*\/configurableTabs\/0\/scopes\/0/);
    expect(existsSync(outFile)).toBe(false);
  });

  it('fills placeholders inside the JSON values: a quote in a value stays in its string', () => {
    expect(buildTeamsManifest({ name: { short: '${VERSION} "x"' }, list: ['${VERSION}'] }, { VERSION: '1"2' })).toEqual({
      name: { short: '1"2 "x"' },
      list: ['1"2'],
    });
    expect(() => buildTeamsManifest({ id: '${NOT_SET}' }, {})).toThrow('unknown placeholder ${NOT_SET}');
  });
});
