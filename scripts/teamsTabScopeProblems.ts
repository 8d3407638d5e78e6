/*
 * What the Teams schema does not check but Teams needs: a configurable tab's scopes and its
 * contexts must fit each other. A scope no context shows the tab in offers the tab where it never
 * appears (issue 40: `groupChat` with only `channelTab`), and a context outside every scope is dead.
 */

/** The contexts a configurable tab can appear in, per scope (Teams' docs: channel tabs in teams, chat and meeting tabs in group chats; channel meetings in teams too). */
const CONTEXTS_OF_SCOPE: Readonly<Record<string, readonly string[]>> = {
  team: ['channelTab', 'meetingChatTab', 'meetingDetailsTab', 'meetingSidePanel', 'meetingStage'],
  groupChat: ['privateChatTab', 'meetingChatTab', 'meetingDetailsTab', 'meetingSidePanel', 'meetingStage'],
};

function stringsAt(value: unknown, key: string): string[] | null {
  if (typeof value !== 'object' || value === null || !(key in value)) return null;
  const list = (value as Record<string, unknown>)[key];
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : null;
}

/** The mismatches between each configurable tab's scopes and contexts, in words with their JSON path (empty when they fit). */
export function teamsTabScopeProblems(manifest: unknown): string[] {
  const tabs = typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>).configurableTabs : undefined;
  if (!Array.isArray(tabs)) return [];
  const problems: string[] = [];
  tabs.forEach((tab: unknown, index) => {
    const scopes = stringsAt(tab, 'scopes') ?? [];
    const contexts = stringsAt(tab, 'context');
    // Without `context` Teams picks its defaults for the scopes: nothing to disagree with.
    if (contexts === null) return;
    for (const scope of scopes) {
      const shown = CONTEXTS_OF_SCOPE[scope] ?? [];
      if (!contexts.some((context) => shown.includes(context)))
        problems.push(
          `/configurableTabs/${index}/scopes: "${scope}" has none of its contexts (${shown.join(', ')}) in /configurableTabs/${index}/context.`,
        );
    }
    for (const context of contexts) {
      if (!scopes.some((scope) => (CONTEXTS_OF_SCOPE[scope] ?? []).includes(context)))
        problems.push(`/configurableTabs/${index}/context: "${context}" belongs to none of the tab's scopes (${scopes.join(', ')}).`);
    }
  });
  return problems;
}
