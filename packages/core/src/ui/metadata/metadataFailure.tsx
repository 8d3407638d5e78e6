import type { ReactElement } from 'react';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';

/** A failed metadata call in the server's words (the ERP down, no privilege…), with Retry beside it. */
export function MetadataFailure({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactElement {
  const message = error instanceof Error ? error.message : MESSAGES.unhandledError;
  return (
    <div role="group" aria-label={message}>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{message}</MessageBarBody>
      </MessageBar>
      <Button onClick={onRetry}>{UI_TEXT.metadata.retry}</Button>
    </div>
  );
}
