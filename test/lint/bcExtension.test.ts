import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_APPROVAL_STATUSES, demoPostingRefusal } from '../../packages/server/src/demo/demoErp/DemoErpStore';
import {
  APPROVAL_STATUS_PROPERTY,
  ERP_APPROVAL_STATUSES,
  PURCHASE_INVOICE_APPROVALS_SET,
} from '../../packages/server/src/erp/erpApprovalApi';
import { EXTENSION_API_PATH } from '../../packages/server/src/erp/extensionApiUrlOf';

/*
 * No AL compiler runs here, so what alc would refuse first is checked on the text of manifests/bc:
 * every object, table field and enum value name within AL's 30 characters (a 31-character name
 * once broke the build), object ids inside app.json's idRanges and unique per kind, table
 * extension fields inside the range too. And the extension's API agrees with the server that
 * calls it and the demo ERP that plays it: path, entity set, property, statuses, the refusal.
 */

const BC_DIR = path.resolve(__dirname, '..', '..', 'manifests', 'bc');

/** AL's limit on the length of an object's, a field's or an enum value's name. */
const AL_NAME_LIMIT = 30;

/** Object kinds that carry an id (controladdin, interface and profile do not). */
const KINDS_WITH_ID = new Set([
  'table',
  'tableextension',
  'page',
  'pageextension',
  'codeunit',
  'enum',
  'enumextension',
  'permissionset',
  'permissionsetextension',
  'report',
  'reportextension',
  'query',
  'xmlport',
]);

interface AlFile {
  file: string;
  text: string;
}

interface AlObject {
  file: string;
  kind: string;
  id: number | null;
  name: string;
}

const OBJECT =
  /^(tableextension|table|pageextension|page|codeunit|enumextension|enum|permissionsetextension|permissionset|reportextension|report|query|xmlport|interface|controladdin|profile)\s+(?:(\d+)\s+)?("[^"]+"|[A-Za-z_]\w*)/gm;
const TABLE_FIELD = /^\s*field\((\d+);\s*("[^"]+"|[A-Za-z_]\w*);/gm;
const ENUM_VALUE = /^\s*value\((\d+);\s*("[^"]*"|[A-Za-z_]\w*)\)/gm;

const unquoted = (name: string): string => name.replace(/^"|"$/g, '');

/** The objects declared in the files, in order. */
function objectsOf(files: readonly AlFile[]): AlObject[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(OBJECT)].map((match) => ({
      file,
      kind: match[1],
      id: match[2] === undefined ? null : Number(match[2]),
      name: unquoted(match[3]),
    })),
  );
}

/** What alc would refuse in the files, in words (empty when nothing). */
function alProblems(files: readonly AlFile[], idRanges: readonly { from: number; to: number }[]): string[] {
  const problems: string[] = [];
  const inRange = (id: number): boolean => idRanges.some((range) => id >= range.from && id <= range.to);
  const seen = new Map<string, string>();
  for (const object of objectsOf(files)) {
    if (object.name.length > AL_NAME_LIMIT)
      problems.push(`${object.file}: ${object.kind} "${object.name}" has ${object.name.length} characters (at most ${AL_NAME_LIMIT}).`);
    if (KINDS_WITH_ID.has(object.kind)) {
      if (object.id === null) problems.push(`${object.file}: ${object.kind} "${object.name}" has no id.`);
      else if (!inRange(object.id))
        problems.push(`${object.file}: ${object.kind} ${object.id} "${object.name}" is outside app.json's idRanges.`);
      const key = `${object.kind} ${object.id}`;
      if (seen.has(key)) problems.push(`${object.file}: ${key} is declared again (first in ${seen.get(key)}).`);
      seen.set(key, object.file);
    }
    const byName = `${object.kind} name ${object.name.toLowerCase()}`;
    if (seen.has(byName))
      problems.push(`${object.file}: ${object.kind} "${object.name}" is declared again (first in ${seen.get(byName)}).`);
    seen.set(byName, object.file);
  }
  for (const { file, text } of files) {
    const kinds = objectsOf([{ file, text }]).map((object) => object.kind);
    if (kinds.includes('table') || kinds.includes('tableextension')) {
      const ids = new Set<number>();
      for (const match of text.matchAll(TABLE_FIELD)) {
        const id = Number(match[1]);
        const name = unquoted(match[2]);
        if (name.length > AL_NAME_LIMIT)
          problems.push(`${file}: field "${name}" has ${name.length} characters (at most ${AL_NAME_LIMIT}).`);
        if (ids.has(id)) problems.push(`${file}: field ${id} is declared twice.`);
        ids.add(id);
        if (kinds.includes('tableextension') && !inRange(id))
          problems.push(`${file}: field ${id} "${name}" is outside app.json's idRanges.`);
      }
    }
    if (kinds.includes('enum')) {
      for (const match of text.matchAll(ENUM_VALUE)) {
        const name = unquoted(match[2]);
        if (name.length > AL_NAME_LIMIT)
          problems.push(`${file}: enum value "${name}" has ${name.length} characters (at most ${AL_NAME_LIMIT}).`);
      }
    }
  }
  return problems;
}

async function alFilesUnder(dir: string): Promise<AlFile[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.al'));
  return Promise.all(
    files.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { file: path.relative(BC_DIR, full), text: await readFile(full, 'utf8') };
    }),
  );
}

let files: AlFile[];
let idRanges: { from: number; to: number }[];

beforeAll(async () => {
  files = await alFilesUnder(BC_DIR);
  idRanges = (JSON.parse(await readFile(path.join(BC_DIR, 'app.json'), 'utf8')) as { idRanges: { from: number; to: number }[] }).idRanges;
});

/** The text of the one AL file that declares `kind` `name`. */
function declaring(kind: string, name: string): string {
  const object = objectsOf(files).find((candidate) => candidate.kind === kind && candidate.name === name);
  if (object === undefined) throw new Error(`manifests/bc declares no ${kind} "${name}".`);
  return files.find((file) => file.file === object.file)?.text ?? '';
}

describe('the AL extension of manifests/bc, as alc would judge its names and ids', () => {
  it("finds every object, with names of at most 30 characters and ids inside app.json's range, none twice", () => {
    const objects = objectsOf(files);
    expect(objects.length).toBeGreaterThanOrEqual(18);
    expect(objects.map((object) => `${object.kind} ${object.name}`)).toEqual(
      expect.arrayContaining([
        'enum DH Approval Status',
        'tableextension DH Purchase Header',
        'page DH Purch. Inv. Approval API',
        'codeunit DH Posting Guard',
        'permissionset Datahaven API',
        'controladdin Datahaven Documents',
      ]),
    );
    expect(alProblems(files, idRanges)).toEqual([]);
  });

  it('would catch a 31-character name, an id outside the range, a field id used twice and an object id declared twice', () => {
    const broken: AlFile[] = [
      { file: 'a.al', text: 'codeunit 50100 "Datahaven Posting Event Handler"\n{\n}\n' },
      { file: 'b.al', text: 'page 60000 "Fine"\n{\n}\ncodeunit 50100 Other\n{\n}\n' },
      {
        file: 'c.al',
        text: 'tableextension 50101 "X" extends "Purchase Header"\n{\n    fields\n    {\n        field(50100; "A"; Integer) { }\n        field(50100; "B"; Integer) { }\n        field(70000; "An extension field name too long"; Integer) { }\n    }\n}\n',
      },
    ];
    expect(alProblems(broken, [{ from: 50100, to: 50149 }])).toEqual([
      'a.al: codeunit "Datahaven Posting Event Handler" has 31 characters (at most 30).',
      'b.al: page 60000 "Fine" is outside app.json\'s idRanges.',
      'b.al: codeunit 50100 is declared again (first in a.al).',
      'c.al: field 50100 is declared twice.',
      'c.al: field "An extension field name too long" has 32 characters (at most 30).',
      'c.al: field 70000 "An extension field name too long" is outside app.json\'s idRanges.',
    ]);
  });
});

describe("the extension's approval status agrees with the server that writes it and the demo ERP that plays it", () => {
  it('serves purchaseInvoiceApprovals with approvalStatus at the path the server derives (api/datahaven/documents/v1.0)', () => {
    const page = declaring('page', 'DH Purch. Inv. Approval API');
    const property = (name: string): string | undefined => new RegExp(`^\\s*${name} = '([^']*)';`, 'm').exec(page)?.[1];
    expect(`api/${property('APIPublisher')}/${property('APIGroup')}/${property('APIVersion')}`).toBe(EXTENSION_API_PATH);
    expect(property('EntitySetName')).toBe(PURCHASE_INVOICE_APPROVALS_SET);
    expect(page).toMatch(new RegExp(`^\\s*field\\(${APPROVAL_STATUS_PROPERTY}; ApprovalStatusText\\)`, 'm'));
    expect(page).toMatch(/^\s*ODataKeyFields = SystemId;/m);
    expect(page).toMatch(/^\s*SourceTableView = where\("Document Type" = const\(Invoice\)\);/m);
  });

  it('names the statuses the server writes and the demo ERP accepts, blank first', () => {
    const captions = [...declaring('enum', 'DH Approval Status').matchAll(/Caption = '([^']*)'/g)].map((match) => match[1]);
    // The enum's own caption first, then one per value (the blank one ' ').
    expect(captions).toEqual(['Datahaven Approval Status', ' ', ...ERP_APPROVAL_STATUSES]);
    expect(DEMO_APPROVAL_STATUSES).toEqual(['', ...ERP_APPROVAL_STATUSES]);
  });

  it('refuses a posting in the words the demo ERP uses', () => {
    const guard = declaring('codeunit', 'DH Posting Guard');
    const label = /NotApprovedErr: Label '((?:[^']|'')*)'/.exec(guard)?.[1].replace(/''/g, "'") ?? '';
    const none = /NoStatusTxt: Label '([^']*)'/.exec(guard)?.[1] ?? '';
    const format = (number: string, status: string): string => label.replace('%1', number).replace('%2', status);
    expect(format('PI-1003', 'Pending Approval')).toBe(demoPostingRefusal('PI-1003', 'Pending Approval'));
    expect(format('PI-1003', none)).toBe(demoPostingRefusal('PI-1003', ''));
    expect(guard).toMatch(
      /\[EventSubscriber\(ObjectType::Codeunit, Codeunit::"Purch\.-Post", 'OnBeforePostPurchaseDoc', '', false, false\)\]/,
    );
  });
});
