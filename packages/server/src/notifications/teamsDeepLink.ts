/**
 * The Teams deep link that opens the Datahaven tab of queue `queueId` on document `documentId`
 * (TEAMS-CONTRACT "Deep link"): `https://teams.microsoft.com/l/entity/<appId>/datahaven-queue-<queueId>`
 * with the context `{"subEntityId":"document:<docId>"}`, which the tab reads as `page.subPageId`.
 */
export function teamsDeepLink(teamsAppId: string, queueId: number, documentId: number): string {
  const context = encodeURIComponent(JSON.stringify({ subEntityId: `document:${documentId}` }));
  return `https://teams.microsoft.com/l/entity/${encodeURIComponent(teamsAppId)}/${encodeURIComponent(`datahaven-queue-${queueId}`)}?context=${context}`;
}
