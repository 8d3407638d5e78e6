import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');
const serverSrc = path.join(repoRoot, 'packages', 'server', 'src');

/**
 * Code the server must leave to a library (issue "On Microsoft's and the ecosystem's own terms"):
 * Graph through @microsoft/microsoft-graph-client, Entra tokens through @azure/msal-node, the ERP's
 * `$metadata` through fast-xml-parser, zips through yazl. Each rule names what it finds, where it
 * looks and the library to use instead.
 */
const RULES: { name: string; library: string; folders: RegExp; pattern: RegExp }[] = [
  // The body of a token request (its grant); a token URL in the configuration is only a setting.
  {
    name: 'a hand-written Entra token request',
    library: '@azure/msal-node',
    folders: /./,
    pattern: /grant_type|urn:ietf:params:oauth:grant-type|client_assertion_type/,
  },
  {
    name: 'a hand-written Graph HTTP call',
    library: '@microsoft/microsoft-graph-client',
    // graph/Entra*.ts are MSAL's network module and authority metadata (MSAL asks its host for the
    // HTTP; the token protocol stays MSAL's): they fetch Entra, not Graph.
    folders: /^(graph\/(?!Entra)|mail\/|notifications\/)/,
    pattern: /\?\?\s*fetch\)|\bfetch\s*\(|fetchImpl\s*\(/,
  },
  {
    name: 'CSDL read with a regular expression',
    library: 'fast-xml-parser',
    folders: /^erp\//,
    // A regular expression that starts at a tag: `/<(\/?)(…)/`, `/<!--…/`, `/<\?…/`, `/<Edmx…/`.
    pattern: /\/<[(\\!?\w[]/,
  },
  {
    name: 'a hand-written zip record',
    library: 'yazl',
    folders: /./,
    pattern: /0x0[4-8]0[34]4b50|0x0[1-6]0[1-6]4b50|PK\\x0[1-7]\\x0[2-8]/i,
  },
];

/** The product's source files under `dir`, relative to src/: no tests, no test harness, no demo (the stand-ins speak the protocols themselves). */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.relative(serverSrc, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !/^(demo|test)\//.test(file) && !/\/test\//.test(file));
}

/** The findings of every rule in one file's text: `rule — file:line`. */
function findingsIn(file: string, text: string): string[] {
  const findings: string[] = [];
  const lines = text.split('\n');
  for (const rule of RULES) {
    if (!rule.folders.test(file)) continue;
    lines.forEach((line, index) => {
      const code = line.replace(/^\s*(\*|\/\/).*$/, '');
      if (rule.pattern.test(code)) findings.push(`${rule.name} (use ${rule.library}) — ${file}:${index + 1}`);
    });
  }
  return findings;
}

describe('the server leaves Graph, Entra tokens, CSDL and zip to their libraries', () => {
  it('finds no hand-written client, parser or writer in the product code', () => {
    const files = productFiles(serverSrc);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findingsIn(file, readFileSync(path.join(serverSrc, file), 'utf8')));
    expect(findings).toEqual([]);
  });

  it.each([
    ['erp/tokens.ts', "body.set('grant_type', 'client_credentials');", 'a hand-written Entra token request'],
    ['graph/GraphClient.ts', 'const response = await fetch(`${base}/v1.0/users`);', 'a hand-written Graph HTTP call'],
    ['erp/parseCsdl.ts', 'const types = xml.matchAll(/<EntityType Name="([^"]+)"/g);', 'CSDL read with a regular expression'],
    ['erp/parseCsdl.ts', 'for (const tag of body.matchAll(/<(\\/?)([A-Za-z_][\\w:.-]*)/g)) {}', 'CSDL read with a regular expression'],
    ['mail/GraphMailClient.ts', 'return await (this.#options.fetch ?? fetch)(url, init);', 'a hand-written Graph HTTP call'],
    ['zip/writeZip.ts', 'header.writeUInt32LE(0x04034b50, 0);', 'a hand-written zip record'],
  ])('would find it in %s', (file, line, rule) => {
    expect(findingsIn(file, `const a = 1;\n${line}\n`)).toEqual([expect.stringContaining(rule)]);
  });

  it('does not count a comment that names the protocol', () => {
    expect(findingsIn('graph/GraphClient.ts', "// fetch() streaming is what the SDK does\n * grant_type is MSAL's business\n")).toEqual([]);
  });
});
