/** Where the server serves the tab's content (contract: `/teams/queues/<id>`, `/teams/queue-types/<id>`); the app's router lives under it. */
export const TAB_BASENAME = '/teams';

/** The configure page's path (HOSTS.md: the manifest's configurationUrl). */
export const CONFIGURE_PATH = '/integration/teams/configure';

/** What a tab shows: one queue, or one queue type (whose queues the user then picks from). */
export type TabChoice = { kind: 'queue'; id: number } | { kind: 'queueType'; id: number };

/** The tab's entityId (contract: deep links in notifications name it): `datahaven-queue-<id>` or `datahaven-queuetype-<id>`. */
export function tabEntityId(choice: TabChoice): string {
  return choice.kind === 'queue' ? `datahaven-queue-${choice.id}` : `datahaven-queuetype-${choice.id}`;
}

/** The tab's content path under the site: `/teams/queues/<id>` or `/teams/queue-types/<id>`. */
export function tabContentPath(choice: TabChoice): string {
  return choice.kind === 'queue' ? `${TAB_BASENAME}/queues/${choice.id}` : `${TAB_BASENAME}/queue-types/${choice.id}`;
}

/** The choice an entityId or content URL stands for (a reconfigured tab preselects it), or null. */
export function tabChoiceFrom(entityId: string | undefined, contentUrl: string | undefined): TabChoice | null {
  const entity = /^datahaven-(queue|queuetype)-(\d+)$/.exec(entityId ?? '');
  if (entity) return { kind: entity[1] === 'queue' ? 'queue' : 'queueType', id: Number(entity[2]) };
  let path = '';
  try {
    path = contentUrl ? new URL(contentUrl, 'https://invalid.example').pathname : '';
  } catch {
    return null;
  }
  return tabChoiceFromPath(path);
}

/** The choice a content path (`/teams/queues/<id>`, `/teams/queue-types/<id>`, trailing slash allowed) names, or null. */
export function tabChoiceFromPath(pathname: string): TabChoice | null {
  const match = /^\/teams\/(queues|queue-types)\/(\d+)\/?$/.exec(pathname);
  if (!match) return null;
  return { kind: match[1] === 'queues' ? 'queue' : 'queueType', id: Number(match[2]) };
}

/**
 * The core's route (inside TAB_BASENAME) that shows a choice: the queue's documents, or the queue
 * type's queues, both in the responsive workflow view (`/workflow2`), so the tab reuses the
 * core's screens instead of routes of its own.
 */
export function coreRouteFor(choice: TabChoice): string {
  return choice.kind === 'queue' ? `/workflow2/queues/${choice.id}/documents` : `/workflow2/queue-types/${choice.id}/queues`;
}

/** The document a Teams sub-page id opens (`document:<id>`, contract: notification deep links), or null. */
export function documentIdFromSubPage(subPageId: string | undefined): number | null {
  const match = /^document:(\d+)$/.exec(subPageId?.trim() ?? '');
  return match ? Number(match[1]) : null;
}
