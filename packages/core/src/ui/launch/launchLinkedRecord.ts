import type { ApiServices, RecordUrl } from '../../api';
import type { HostCapabilities } from '../../host';
import type { DocumentLink } from '../../model';
import { MESSAGE_FUNCTIONS } from '../../locale/messageFunctions';
import { MESSAGES } from '../../locale/messages';
import type { AlertStore } from '../../state';

/** What launching a record needs of the app's services. */
export interface LaunchServices {
  /** The web services; the record's URL is the link resource's. */
  api: Pick<ApiServices, 'link'>;
  capabilities: HostCapabilities;
  alerts: AlertStore;
}

/** The window a launched record opens in, reused by the next launch rather than one tab per click. */
export const LAUNCH_WINDOW_NAME = 'datahaven-record';

/** The privilege Launch Card needs (embedded §6 Dynamics). */
export const LAUNCH_PRIVILEGE = 'Dynamics: Launch Card From Document';

/** Local-storage item naming the document whose record /launch-linked opens (embedded §3 "launch-linked docId"). */
export const LAUNCH_LINKED_DOC_ID_KEY = 'launchLinkedDocId';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : MESSAGES.unhandledError;
}

/** Spec §8: a launch that failed is logged 'There was an error launching a record.'; the user reads it too. */
function launchFailed(alerts: AlertStore, error: unknown): false {
  console.error(MESSAGES.launchRecordError, error);
  alerts.push(MESSAGES.launchRecordError);
  return false;
}

/**
 * Opens a document's linked record in the ERP (Launch Card, embedded §5–§8): its URL from
 * GET /entities/url; in an ERP that opens records itself (the host's openRecord: BC's parent frame)
 * the parent opens it, else — or when the parent cannot — the URL opens in a window. A link
 * without a type or record id, or an empty URL, warns 'Unable to generate URL to record...'; a
 * failed URL call says "There was an error getting a URL to record: '{errorStr}'."; a host that
 * fails to open it logs 'There was an error launching a record.'. Resolves whether it opened.
 */
export async function launchLinkedRecord({ api, capabilities, alerts }: LaunchServices, link: DocumentLink): Promise<boolean> {
  const typeName = link.sourceEntityTypeName;
  if (typeName === undefined || typeName === '' || link.recordId === '') {
    alerts.push(MESSAGES.unableToGenerateRecordUrl, 'warning');
    return false;
  }
  const request = api.link.getRecordUrl({ typeName, dataAreaId: link.dataAreaId, recordId: link.recordId });
  if (!capabilities.openRecord) {
    // Outside an ERP the window opens now, inside the user's click (no pop-up blocker), and follows the URL.
    const href = request.then((answer) => (answer.url ? answer.url : Promise.reject(new Error(MESSAGES.unableToGenerateRecordUrl))));
    href.catch(() => undefined);
    try {
      capabilities.openUrl(href, { name: LAUNCH_WINDOW_NAME });
    } catch (error) {
      return launchFailed(alerts, error);
    }
  }
  let answer: RecordUrl;
  try {
    answer = await request;
  } catch (error) {
    alerts.push(MESSAGE_FUNCTIONS.recordUrlError(messageOf(error)));
    return false;
  }
  if (!answer.url) {
    alerts.push(MESSAGES.unableToGenerateRecordUrl, 'warning');
    return false;
  }
  if (!capabilities.openRecord) return true;
  try {
    await capabilities.openRecord({
      typeName,
      dataAreaId: link.dataAreaId,
      recordId: link.recordId,
      number: answer.number || link.sourceNumber,
      url: answer.url,
    });
    return true;
  } catch (error) {
    console.warn('The ERP did not open the record itself; its URL opens instead.', error);
  }
  try {
    capabilities.openUrl(answer.url, { name: LAUNCH_WINDOW_NAME });
    return true;
  } catch (error) {
    return launchFailed(alerts, error);
  }
}
