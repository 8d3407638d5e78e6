/*
 * Writes manifests/bc/Translations/Datahaven Documents.g.xlf, the XLIFF the AL compiler generates
 * for an app with the "TranslationFile" feature, from the .al files (scripts/alTranslationUnits.ts):
 * `ts-node scripts/writeBcXliff.ts` after changing a caption, tooltip or label. Translators work
 * from it; test/lint/bcTranslations.test.ts fails while it is stale or a translation lacks a text.
 * The compiler rewrites the same file on every build in BC's own tooling.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AlTranslationUnit, alTranslationUnits } from './alTranslationUnits';

const BC_DIR = path.resolve(__dirname, '..', 'manifests', 'bc');

/** The app's name (app.json), which names the translation files and their `original`. */
export const BC_APP_NAME = 'Datahaven Documents';

/** Where the generated XLIFF and its translations live, as BC's tooling keeps them. */
export const BC_TRANSLATIONS_DIR = path.join(BC_DIR, 'Translations');

/** The .al files of the extension, with paths relative to manifests/bc, in a stable order. */
export async function readBcAlFiles(dir: string = BC_DIR): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.al'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })));
}

/** Text for an XML element or attribute. */
function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One trans-unit as the compiler writes it; `target`, when given, follows the source (a translation file). */
function transUnitXml(unit: AlTranslationUnit, target?: string): string {
  const maxWidth = unit.maxLength === null ? '' : ` maxwidth="${unit.maxLength}"`;
  return [
    `        <trans-unit id="${xmlText(unit.id)}"${maxWidth} size-unit="char" translate="${unit.locked ? 'no' : 'yes'}" xml:space="preserve">`,
    `          <source>${xmlText(unit.source)}</source>`,
    ...(target === undefined ? [] : [`          <target state="translated">${xmlText(target)}</target>`]),
    `          <note from="Developer" annotates="general" priority="2">${xmlText(unit.comment)}</note>`,
    `          <note from="Xliff Generator" annotates="general" priority="3">${xmlText(unit.note)}</note>`,
    '        </trans-unit>',
  ].join('\n');
}

/** An XLIFF 1.2 document of the app's trans-units for `targetLanguage` (the generated file's is en-US). */
function xliffDocument(units: readonly string[], targetLanguage: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 xliff-core-1.2-transitional.xsd">',
    `  <file datatype="xml" source-language="en-US" target-language="${targetLanguage}" original="${xmlText(BC_APP_NAME)}">`,
    '    <body>',
    '      <group id="body">',
    ...units,
    '      </group>',
    '    </body>',
    '  </file>',
    '</xliff>',
    '',
  ].join('\n');
}

/** The generated XLIFF of the .al files: every translatable text once, in file order. */
export function generatedXliff(files: readonly { file: string; text: string }[]): string {
  return xliffDocument(
    alTranslationUnits(files).map((unit) => transUnitXml(unit)),
    'en-US',
  );
}

/** Writes the generated XLIFF of manifests/bc into its Translations folder; resolves to the file written. */
export async function writeBcXliff(): Promise<string> {
  const out = path.join(BC_TRANSLATIONS_DIR, `${BC_APP_NAME}.g.xlf`);
  await writeFile(out, generatedXliff(await readBcAlFiles()));
  return out;
}

if (require.main === module) {
  writeBcXliff()
    .then((out) => process.stdout.write(`${path.relative(process.cwd(), out)} written.\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
