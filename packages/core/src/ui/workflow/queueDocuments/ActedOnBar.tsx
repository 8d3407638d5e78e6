import type { ReactElement } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { MESSAGES } from '../../../locale/messages';
import { UI_TEXT } from '../../../locale/uiText';
import type { ActedOnNotice } from './useActedOn';

const useStyles = makeStyles({
  bar: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}` },
});

/** Props of ActedOnBar. */
export interface ActedOnBarProps {
  /** What to say (useActedOn); nothing shows for null. */
  notice: ActedOnNotice | null;
  /** Whether another document is listed to go on to. */
  hasNext: boolean;
  onNext(): void;
  onReload(): void;
  onDismiss(): void;
}

/** "PI-1003.pdf: approved by Alex Clerk a moment ago" (or without the name when it is not known). */
function actedOnText(name: string, event: NonNullable<ActedOnNotice['event']>): string {
  return name === '' ? UI_TEXT.live.actedOnBy(event.kind, event.byName) : UI_TEXT.live.actedOnNamedBy(name, event.kind, event.byName);
}

/**
 * The bar over the queue when another user just approved, rejected, routed, submitted or deleted
 * the document this screen has selected or open (live updates, issue 38): "PI-1003.pdf: approved
 * by Alex Clerk a moment ago", so the user learns it in place while the list moves on, instead of
 * from a refusal when they click — with Next document and Reload. A click that raced the push and
 * was refused shows here too, under the spec's 'Document Queue Out Of Sync With Window' (embedded
 * §4: the window is refreshed), not in a dialog. It stays until dismissed or replaced by a newer
 * one (the list's next selection must not wipe it).
 */
export function ActedOnBar({ notice, hasNext, onNext, onReload, onDismiss }: ActedOnBarProps): ReactElement | null {
  const styles = useStyles();
  if (notice === null) return null;
  const { event, name, outOfSync } = notice;
  return (
    <div className={styles.bar}>
      <MessageBar intent={outOfSync ? 'warning' : 'info'} layout="multiline" aria-live="polite">
        <MessageBarBody>
          {outOfSync ? (
            <>
              <MessageBarTitle>{MESSAGES.queueOutOfSync}</MessageBarTitle>{' '}
            </>
          ) : null}
          {event !== null ? actedOnText(name, event) : UI_TEXT.live.outOfSyncRefreshed}
        </MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button appearance="transparent" aria-label={UI_TEXT.live.dismissActedOn} icon={<DismissRegular />} onClick={onDismiss} />
          }
        >
          {hasNext ? <Button onClick={onNext}>{UI_TEXT.live.nextDocument}</Button> : null}
          <Button onClick={onReload}>{UI_TEXT.live.reload}</Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
