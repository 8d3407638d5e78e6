import type { ReactElement } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { DmsDocument } from '../../../model';
import { resolveLockState } from '../../../rules';
import { useLocaleFormats } from '../../locale/useLocaleFormats';
import { UI_TEXT } from '../../../locale/uiText';

/**
 * The bar over a document another user holds (UX.md "Feedback that ends": lasting state is a
 * bar, not a toast): "Locked by {holder} until {expiry}", as long as the lock the list shows is
 * live; nothing for the user's own lock or none.
 */
export function LockBar({ document }: { document: DmsDocument }): ReactElement | null {
  const { formatDateTime } = useLocaleFormats();
  const state = resolveLockState(document.lock, Date.now());
  if (state.owner !== 'other' || state.expiration === null) return null;
  return (
    <MessageBar intent="warning" layout="multiline" aria-live="polite">
      <MessageBarBody>
        {UI_TEXT.workflow.lockedByUntil(state.holder ?? UI_TEXT.workflow.lockOwnerOther, formatDateTime(state.expiration))}
      </MessageBarBody>
    </MessageBar>
  );
}
