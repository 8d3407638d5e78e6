import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_APPROVAL_STATUSES, demoPostingRefusal } from '../../packages/server/src/demo/demoErp/DemoErpStore';
import {
  APPROVAL_STATUS_PROPERTY,
  ERP_APPROVAL_STATUSES,
  PURCHASE_INVOICE_APPROVALS_SET,
} from '../../packages/server/src/erp/erpApprovalApi';
import { EXTENSION_API_PATH } from '../../packages/server/src/erp/extensionApiUrlOf';
import { readBcAlFiles } from '../../scripts/writeBcXliff';

import { type AlFile, type AppJson, bcExtensionProblems, objectsOf } from './bcExtensionProblems';

const BC_DIR = path.resolve(__dirname, '..', '..', 'manifests', 'bc');

let files: AlFile[];
let app: AppJson;

beforeAll(async () => {
  files = await readBcAlFiles(BC_DIR);
  app = JSON.parse(await readFile(path.join(BC_DIR, 'app.json'), 'utf8')) as AppJson;
});

/** The text of the one AL file that declares `kind` `name`. */
function declaring(kind: string, name: string): string {
  const object = objectsOf(files).find((candidate) => candidate.kind === kind && candidate.name === name);
  if (object === undefined) throw new Error(`manifests/bc declares no ${kind} "${name}".`);
  return files.find((file) => file.file === object.file)?.text ?? '';
}

/** A copy of manifests/bc in a temp folder with `change` made to one file, checked as the real one is. */
async function problemsOfChangedCopy(file: string, change: (text: string) => string): Promise<string[]> {
  const copy = await mkdtemp(path.join(tmpdir(), 'bc-extension-'));
  try {
    await cp(BC_DIR, copy, { recursive: true });
    const target = path.join(copy, file);
    const before = await readFile(target, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`The change to ${file} changed nothing.`);
    await writeFile(target, after);
    const copiedApp = JSON.parse(await readFile(path.join(copy, 'app.json'), 'utf8')) as AppJson;
    return bcExtensionProblems(await readBcAlFiles(copy), copiedApp);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

const RANGE: AppJson = { idRanges: [{ from: 50100, to: 50149 }], features: ['TranslationFile'] };

describe('the AL extension of manifests/bc, as alc would judge it', () => {
  it("finds every object; names of at most 30 characters, ids inside app.json's range and none twice, references resolved, permissions and translations complete", () => {
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
        'pageextension Datahaven Posted Purch. Inv.',
      ]),
    );
    expect(app.features).toContain('TranslationFile');
    expect(bcExtensionProblems(files, app)).toEqual([]);
  });

  it('catches the 31-character name the extension once had, in a copy of the real extension, and nothing else', async () => {
    const problems = await problemsOfChangedCopy('src/DatahavenPostedPurchInvoice.PageExt.al', (text) =>
      text.replace('pageextension 50102 "Datahaven Posted Purch. Inv."', 'pageextension 50102 "Datahaven Posted Purch. Invoice"'),
    );
    expect(problems).toEqual([
      'src/DatahavenPostedPurchInvoice.PageExt.al: pageextension "Datahaven Posted Purch. Invoice" has 31 characters (at most 30).',
    ]);
  });

  it('catches a page part, a record and an extended page that exist nowhere, and a page no permission set grants', async () => {
    const problems = await problemsOfChangedCopy('src/DatahavenVendorCard.PageExt.al', (text) =>
      text
        .replace('extends "Vendor Card"', 'extends "Vendor Card Typo"')
        .replace('part(DatahavenDocuments; "Datahaven Documents Part")', 'part(DatahavenDocuments; "Datahaven Document Part")')
        .concat('\npage 50110 "Datahaven Extra"\n{\n    Caption = \'Extra\';\n    var\n        Vendor: Record "Vendr";\n}\n'),
    );
    expect(problems).toEqual([
      'src/DatahavenVendorCard.PageExt.al: pageextension "Datahaven Vendor Card" refers to page "Vendor Card Typo", which neither the extension nor the base application declares.',
      'src/DatahavenVendorCard.PageExt.al: pageextension "Datahaven Vendor Card" refers to page "Datahaven Document Part", which neither the extension nor the base application declares.',
      'src/DatahavenVendorCard.PageExt.al: page "Datahaven Extra" refers to table "Vendr", which neither the extension nor the base application declares.',
      'src/DatahavenVendorCard.PageExt.al: page "Datahaven Extra" is in no permission set (page "Datahaven Extra").',
    ]);
  });

  it('catches a codeunit taken out of its permission set and a codeunit reference with a typo', async () => {
    const withoutGuard = await problemsOfChangedCopy('src/DatahavenDocuments.PermissionSet.al', (text) =>
      text.replace('        codeunit "DH Posting Guard" = X,\n', ''),
    );
    expect(withoutGuard).toEqual([
      'src/DHPostingGuard.Codeunit.al: codeunit "DH Posting Guard" is in no permission set (codeunit "DH Posting Guard").',
    ]);
    const typo = await problemsOfChangedCopy('src/DatahavenToken.Codeunit.al', (text) =>
      text.replace('Uri: Codeunit Uri;', 'Uri: Codeunit Url;'),
    );
    expect(typo).toEqual([
      'src/DatahavenToken.Codeunit.al: codeunit "Datahaven Token" refers to codeunit "Url", which neither the extension nor the base application declares.',
    ]);
  });

  it('catches untranslatable texts: no TranslationFile feature, a placeholder without a Comment, an unlocked token, a field without a tooltip, a table field without a caption', () => {
    const broken: AlFile[] = [
      {
        file: 'x.al',
        text: [
          'table 50100 "X Setup"',
          '{',
          "    Caption = 'X Setup';",
          '    fields',
          '    {',
          '        field(1; Code; Code[10])',
          '        {',
          '        }',
          '    }',
          '    var',
          "        FailedErr: Label 'Failed for %1 with %2.', Comment = '%1 = the user';",
          "        KeyTok: Label 'XKey';",
          '}',
          'page 50100 "X Setup"',
          '{',
          "    Caption = 'X Setup';",
          '    SourceTable = "X Setup";',
          '    layout',
          '    {',
          '        area(Content)',
          '        {',
          '            field(Code; Rec.Code)',
          '            {',
          "                Caption = 'Code';",
          '            }',
          '        }',
          '    }',
          '}',
          'permissionset 50100 "X"',
          '{',
          "    Caption = 'X';",
          '    Permissions = tabledata "X Setup" = RIMD, table "X Setup" = X, page "X Setup" = X;',
          '}',
        ].join('\n'),
      },
    ];
    expect(bcExtensionProblems(broken, { idRanges: RANGE.idRanges, features: ['NoImplicitWith'] })).toEqual([
      'app.json: features lacks "TranslationFile": the compiler writes no XLIFF to translate.',
      'x.al:11: Table X Setup - NamedType FailedErr has %2 but no Comment that says what it is.',
      'x.al:12: label KeyTok is a token (…Tok) but not Locked = true.',
      'x.al: Table X Setup - Field Code - Property Caption is missing: users would see no translatable Caption.',
      'x.al: Page X Setup - Control Code - Property ToolTip is missing: users would see no translatable ToolTip.',
    ]);
  });

  it('would catch a 31-character name, an id outside the range, a field id used twice and an object id declared twice', () => {
    const broken: AlFile[] = [
      { file: 'a.al', text: 'codeunit 50100 "Datahaven Posting Event Handler"\n{\n}\n' },
      { file: 'b.al', text: 'enum 60000 "Fine"\n{\n    Caption = \'Fine\';\n}\ncodeunit 50100 Other\n{\n}\n' },
      {
        file: 'c.al',
        text: 'tableextension 50101 "X" extends "Purchase Header"\n{\n    fields\n    {\n        field(50100; "A"; Integer) { Caption = \'A\'; }\n        field(50100; "B"; Integer) { Caption = \'B\'; }\n        field(70000; "An extension field name too long"; Integer) { Caption = \'C\'; }\n    }\n}\n',
      },
    ];
    const problems = bcExtensionProblems(broken, RANGE).filter(
      (problem) => !problem.includes('permission set') && !problem.includes('is missing'),
    );
    expect(problems).toEqual([
      'a.al: codeunit "Datahaven Posting Event Handler" has 31 characters (at most 30).',
      'b.al: enum 60000 "Fine" is outside app.json\'s idRanges.',
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
