import { noticeTextsFor } from './noticeTextsFor';
import { teamsDeepLink } from './teamsDeepLink';

/** The activity type the Teams app's manifest declares for "documents arrived" (manifest `activities.activityTypes`). */
export const DOCUMENTS_ARRIVED_ACTIVITY = 'documentsArrived';

/** What one notification says: how many documents arrived in which queue, and the one the link opens. */
export interface DocumentsArrived {
  queueId: number;
  queueName: string;
  count: number;
  firstDocumentId: number;
  /** The language the preview text is worded in ('de', 'en'); null: English. */
  language?: string | null;
}

/** The body of Graph's `sendActivityNotification` (a text topic, since the tab is not a Graph resource). */
export interface ActivityNotificationBody {
  topic: { source: 'text'; value: string; webUrl: string };
  activityType: string;
  previewText: { content: string };
  templateParameters: { name: string; value: string }[];
}

/** Graph takes at most 150 characters of preview text. */
const PREVIEW_MAX = 150;

/** "1 document arrived in Approval L1" / "3 documents arrived in Approval L1" (or in German), within Graph's limit. */
export function documentsArrivedText(count: number, queueName: string, language: string | null = null): string {
  const text = noticeTextsFor(language).documentsArrived(count, queueName);
  const chars = Array.from(text);
  return chars.length <= PREVIEW_MAX ? text : `${chars.slice(0, PREVIEW_MAX - 1).join('')}…`;
}

/**
 * The Graph body of a "documents arrived" notification: topic the queue's name with the deep
 * link to its first document, activity type `documentsArrived`, template parameters `count` and
 * `queue` (the manifest's template text reads them), and the same sentence as preview text.
 */
export function documentsArrivedNotification(teamsAppId: string, arrived: DocumentsArrived): ActivityNotificationBody {
  return {
    topic: { source: 'text', value: arrived.queueName, webUrl: teamsDeepLink(teamsAppId, arrived.queueId, arrived.firstDocumentId) },
    activityType: DOCUMENTS_ARRIVED_ACTIVITY,
    previewText: { content: documentsArrivedText(arrived.count, arrived.queueName, arrived.language ?? null) },
    templateParameters: [
      { name: 'count', value: String(arrived.count) },
      { name: 'queue', value: arrived.queueName },
    ],
  };
}
