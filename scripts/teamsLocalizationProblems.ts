/*
 * What the Teams localization schema does not check but Teams needs: a translated activity
 * template keeps the parameters of the manifest's own ({queue}, {count}: the server fills them by
 * name), and a language file translates every activity type the manifest declares (a notification
 * in German must not fall back to English for one kind).
 */

/** The `{name}` parameters of a template text. */
function parametersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

/** The manifest's activity types as `[description, templateText]`. */
function activityTexts(manifest: unknown): [string, string][] {
  const activities = (manifest as { activities?: { activityTypes?: { description?: unknown; templateText?: unknown }[] } }).activities;
  return (activities?.activityTypes ?? []).map((type) => [String(type.description ?? ''), String(type.templateText ?? '')]);
}

/**
 * The problems of one language file (`file`, e.g. de.json) against the manifest, in words with
 * the key they concern (empty when it fits).
 */
export function teamsLocalizationProblems(manifest: unknown, file: string, localization: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  activityTexts(manifest).forEach(([, template], index) => {
    for (const field of ['description', 'templateText']) {
      const key = `activities.activityTypes[${index}].${field}`;
      const text = localization[key];
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${file}: ${key} is not translated.`);
        continue;
      }
      if (field === 'templateText' && parametersOf(text).join(',') !== parametersOf(template).join(','))
        problems.push(
          `${file}: ${key} has the parameters {${parametersOf(text).join('}, {')}}, the manifest's template {${parametersOf(template).join('}, {')}}.`,
        );
    }
  });
  return problems;
}
