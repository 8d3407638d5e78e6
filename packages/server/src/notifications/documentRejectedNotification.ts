import type { ActivityNotificationBody } from './documentsArrivedNotification';
import { noticeTextsFor } from './noticeTextsFor';
import { teamsDeepLink } from './teamsDeepLink';

/** The activity type the Teams app's manifest declares for "a document you sent was rejected" (manifest `activities.activityTypes`). */
export const DOCUMENT_REJECTED_ACTIVITY = 'documentRejected';

/** What a reject notice says: which document, where it now is (the link opens it there), and why. */
export interface DocumentRejected {
  queueId: number;
  queueName: string;
  documentId: number;
  documentName: string;
  /** The reject's reason; '' when the queue asks for none and none was given. */
  reason: string;
  /** The language the preview text is worded in ('de', 'en'); null: English. */
  language?: string | null;
}

/** Graph takes at most 150 characters of preview text. */
const PREVIEW_MAX = 150;

function clipped(text: string): string {
  const chars = Array.from(text);
  return chars.length <= PREVIEW_MAX ? text : `${chars.slice(0, PREVIEW_MAX - 1).join('')}…`;
}

/** "INV-1.pdf was rejected: Wrong amount" (or "… was rejected." without a reason; or in German), within Graph's limit. */
export function documentRejectedText(documentName: string, reason: string, language: string | null = null): string {
  return clipped(noticeTextsFor(language).documentRejected(documentName, reason.trim()));
}

/**
 * The Graph body of a reject notice to whoever sent the document (issue 38 "Reasons"): topic the
 * queue it now sits in with the deep link to it there, activity type `documentRejected`, template
 * parameters `document` and `reason` (the manifest's template text reads them), and the sentence
 * with the reason as preview text.
 */
export function documentRejectedNotification(teamsAppId: string, rejected: DocumentRejected): ActivityNotificationBody {
  return {
    topic: { source: 'text', value: rejected.queueName, webUrl: teamsDeepLink(teamsAppId, rejected.queueId, rejected.documentId) },
    activityType: DOCUMENT_REJECTED_ACTIVITY,
    previewText: { content: documentRejectedText(rejected.documentName, rejected.reason, rejected.language ?? null) },
    templateParameters: [
      { name: 'document', value: rejected.documentName },
      { name: 'reason', value: rejected.reason.trim() === '' ? '-' : rejected.reason.trim() },
    ],
  };
}
