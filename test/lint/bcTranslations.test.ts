import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { alNameHash, alTranslationUnits } from '../../scripts/alTranslationUnits';
import { BC_APP_NAME, BC_TRANSLATIONS_DIR, generatedXliff, readBcAlFiles } from '../../scripts/writeBcXliff';

/*
 * The extension's XLIFF files (manifests/bc/Translations): the generated one lists every caption,
 * tooltip and label of the .al files under the AL compiler's ids, and the German one translates
 * each of them. A new caption without a translation, or a stale generated file, fails here.
 */

const GENERATED = path.join(BC_TRANSLATIONS_DIR, `${BC_APP_NAME}.g.xlf`);
const GERMAN = path.join(BC_TRANSLATIONS_DIR, `${BC_APP_NAME}.de-DE.xlf`);

/** A trans-unit as read back from an XLIFF file. */
interface ReadUnit {
  id: string;
  translate: string;
  source: string;
  target: string | null;
  note: string;
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The trans-units of an XLIFF 1.2 file, in order. */
function readUnits(xliff: string): ReadUnit[] {
  return [...xliff.matchAll(/<trans-unit id="([^"]*)"[^>]*translate="(yes|no)"[^>]*>([\s\S]*?)<\/trans-unit>/g)].map((match) => {
    const body = match[3];
    const element = (name: string): string | null => {
      const found = new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`).exec(body);
      return found === null ? null : unescapeXml(found[1]);
    };
    return {
      id: unescapeXml(match[1]),
      translate: match[2],
      source: element('source') ?? '',
      target: element('target'),
      note: unescapeXml(/<note from="Xliff Generator"[^>]*>([\s\S]*?)<\/note>/.exec(body)?.[1] ?? ''),
    };
  });
}

/** What a translation lacks against the generated file, in words (empty when it covers it). */
function translationGaps(generated: readonly ReadUnit[], translation: readonly ReadUnit[]): string[] {
  const gaps: string[] = [];
  const byId = new Map(translation.map((unit) => [unit.id, unit]));
  for (const unit of generated) {
    const translated = byId.get(unit.id);
    if (translated === undefined) {
      gaps.push(`${unit.note}: no trans-unit.`);
      continue;
    }
    if (translated.source !== unit.source)
      gaps.push(`${unit.note}: translated from "${translated.source}", the source is now "${unit.source}".`);
    if (translated.target === null || (translated.target.trim() === '' && unit.source.trim() !== '')) {
      gaps.push(`${unit.note}: no target.`);
      continue;
    }
    if (unit.translate === 'no' && translated.target !== unit.source)
      gaps.push(`${unit.note}: locked, but its target differs from the source.`);
    const placeholders = (text: string): string => [...(text.match(/%\d+|#\d+/g) ?? [])].sort().join(' ');
    if (placeholders(translated.target) !== placeholders(unit.source))
      gaps.push(
        `${unit.note}: the target's placeholders (${placeholders(translated.target)}) are not the source's (${placeholders(unit.source)}).`,
      );
  }
  const known = new Set(generated.map((unit) => unit.id));
  for (const unit of translation) if (!known.has(unit.id)) gaps.push(`${unit.note}: no longer in the generated file.`);
  return gaps;
}

let alFiles: { file: string; text: string }[];
let generatedText: string;
let generated: ReadUnit[];
let german: ReadUnit[];

beforeAll(async () => {
  alFiles = await readBcAlFiles();
  generatedText = await readFile(GENERATED, 'utf8');
  generated = readUnits(generatedText);
  german = readUnits(await readFile(GERMAN, 'utf8'));
});

describe('the XLIFF translation files of the BC extension', () => {
  it("hashes names as the AL compiler's ids do", () => {
    // The property ids every compiler-generated XLIFF carries.
    expect(alNameHash('Caption')).toBe(2879900210);
    expect(alNameHash('ToolTip')).toBe(1295455071);
    const units = alTranslationUnits([
      {
        file: 'p.al',
        text: "page 50100 \"My Page\"\n{\n    layout\n    {\n        area(Content)\n        {\n            group(General)\n            {\n                field(BaseUrl; Rec.\"Base URL\")\n                {\n                    ToolTip = 'The server''s address.';\n                }\n            }\n        }\n    }\n    var\n        FailedErr: Label 'Failed: %1', Comment = '%1 = reason';\n}\n",
      },
    ]);
    expect(units.map(({ id, note, source, comment, locked }) => ({ id, note, source, comment, locked }))).toEqual([
      {
        id: `Page ${alNameHash('My Page')} - Control ${alNameHash('BaseUrl')} - Property 1295455071`,
        note: 'Page My Page - Control BaseUrl - Property ToolTip',
        source: "The server's address.",
        comment: '',
        locked: false,
      },
      {
        id: `Page ${alNameHash('My Page')} - NamedType ${alNameHash('FailedErr')}`,
        note: 'Page My Page - NamedType FailedErr',
        source: 'Failed: %1',
        comment: '%1 = reason',
        locked: false,
      },
    ]);
  });

  it('the generated file is what the .al files say now (run `npx ts-node --project scripts/tsconfig.json scripts/writeBcXliff.ts` after changing a text)', () => {
    expect(generatedText).toBe(generatedXliff(alFiles));
  });

  it('lists every caption, tooltip and label of the .al files, each once', () => {
    // Counted independently of the generator: one translatable text per such line.
    const lines = alFiles.flatMap(({ text }) =>
      text
        .split('\n')
        .filter((line) => /^\s*(Caption|ToolTip|EntityCaption|EntitySetCaption|OptionCaption)\s*=\s*'|:\s*Label\s+'/.test(line)),
    );
    expect(lines.length).toBeGreaterThanOrEqual(60);
    expect(generated).toHaveLength(lines.length);
    expect(new Set(generated.map((unit) => unit.id)).size).toBe(generated.length);
    const sources = new Set(generated.map((unit) => unit.source));
    for (const line of lines) expect(sources).toContain(/'((?:[^']|'')*)'/.exec(line)?.[1].replace(/''/g, "'"));
    expect(generated.find((unit) => unit.note === 'Page Datahaven Setup - Control BaseUrl - Property ToolTip')?.source).toBe(
      'The address of the Datahaven Documents server, for example https://documents.example.com.',
    );
    expect(generated.filter((unit) => unit.translate === 'no').map((unit) => unit.note)).toContain(
      'Page DH Purch. Inv. Approval API - NamedType ApprovedTok',
    );
  });

  it('the German file translates every one of them, placeholders kept, locked texts as they are', () => {
    expect(translationGaps(generated, german)).toEqual([]);
    expect(german.find((unit) => unit.note === 'Page Datahaven Workflow - Property Caption')?.target).toBe('Dokumentworkflow');
  });

  it('a new caption without a translation, a changed source and a lost placeholder are found', () => {
    const withNewCaption = alFiles.map(({ file, text }) =>
      file.endsWith('DatahavenSetup.Page.al')
        ? { file, text: text.replace("Caption = 'Posting';", "Caption = 'Posting Rules';") }
        : { file, text },
    );
    const changed = readUnits(generatedXliff(withNewCaption));
    expect(translationGaps(changed, german)).toEqual([
      'Page Datahaven Setup - Control Posting - Property Caption: translated from "Posting", the source is now "Posting Rules".',
    ]);
    const added = alFiles.map(({ file, text }) =>
      file.endsWith('DatahavenWorkflow.Page.al')
        ? { file, text: text.replace('    UsageCategory = Tasks;', "    UsageCategory = Tasks;\n    AboutTitle = 'About the workflow';") }
        : { file, text },
    );
    expect(translationGaps(readUnits(generatedXliff(added)), german)).toEqual([
      'Page Datahaven Workflow - Property AboutTitle: no trans-unit.',
    ]);
    const lostPlaceholder = german.map((unit) =>
      unit.note === 'Codeunit Datahaven Token - NamedType TokenRefusedErr' ? { ...unit, target: 'Kein Token (HTTP %2).' } : unit,
    );
    expect(translationGaps(generated, lostPlaceholder)).toEqual([
      "Codeunit Datahaven Token - NamedType TokenRefusedErr: the target's placeholders (%2) are not the source's (%1 %2).",
    ]);
  });
});
