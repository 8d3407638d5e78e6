import type { ReactElement } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { DocumentRejection } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';
import { rejectionText } from './RejectionMarker';

/**
 * The bar at the top of a rejected document (issue 38 "Reasons"): why it was rejected, by whom,
 * in which queue and on which day (YYYY-MM-DD, the server's date), so whoever fixes it reads the
 * reason before the invoice. Nothing for a document not rejected into its queue.
 */
export function RejectionBar({ rejection }: { rejection: DocumentRejection | null | undefined }): ReactElement | null {
  if (!rejection) return null;
  return (
    <MessageBar intent="warning" layout="multiline" aria-label={UI_TEXT.sendForApproval.rejectionBar} data-bar="rejection">
      <MessageBarBody>
        <MessageBarTitle>{rejectionText(rejection)}</MessageBarTitle>
        {UI_TEXT.sendForApproval.rejectedByIn(rejection.rejectedBy, rejection.fromQueueName, rejection.rejectedAt.slice(0, 10))}
      </MessageBarBody>
    </MessageBar>
  );
}
