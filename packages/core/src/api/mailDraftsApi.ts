import type { ReplyDraft, ReplyDraftRequest } from '../contract/mailDraftContract';
import type { ApiClient } from './ApiClient';

/** No time-out beyond the wait for the answer: the server uploads every file to Graph before it answers. */
const REPLY_TIMEOUT_MS = 300_000;

/** Drafts the server makes in the user's mailbox through Microsoft Graph (docs/API.md `/mail-drafts`). */
export interface MailDraftsApi {
  /**
   * A reply draft to the message being read with stored documents attached (POST /mail-drafts/reply).
   * `graphHeaders` carry the user's Graph credential (the host's getGraphCredentialHeaders).
   */
  createReply(request: ReplyDraftRequest, graphHeaders: Readonly<Record<string, string>>): Promise<ReplyDraft>;
}

/** Creates the mailbox-draft calls over an ApiClient. */
export function mailDraftsApi(client: ApiClient): MailDraftsApi {
  return {
    createReply: (request, graphHeaders) =>
      client.post<ReplyDraft>('/mail-drafts/reply', request, { headers: graphHeaders, timeoutMs: REPLY_TIMEOUT_MS }),
  };
}
