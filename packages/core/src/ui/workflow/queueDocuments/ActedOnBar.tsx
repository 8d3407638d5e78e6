import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import type { LiveChangeEvent } from '../../../contract';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices, useStore } from '../../app/DatahavenServices';

const useStyles = makeStyles({
  bar: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}` },
});

/** Props of ActedOnBar. */
export interface ActedOnBarProps {
  /** The documents the screen shows as selected or open now: a change to one of them by someone else is announced. */
  watchedIds: readonly number[];
  /** Names of the documents shown, for the bar's text. */
  nameOf: (id: number) => string | null;
}

/**
 * The bar over the queue when another user just approved, rejected, routed, submitted or deleted
 * the document this screen has selected or open (live updates, issue 38): "PI-1003.pdf: approved
 * by Alex Clerk a moment ago", so the user learns it in place while the list moves on, instead of
 * from a refusal when they click. It stays until dismissed or replaced by a newer one (the list's
 * next selection must not wipe it).
 */
export function ActedOnBar({ watchedIds, nameOf }: ActedOnBarProps): ReactElement | null {
  const styles = useStyles();
  const { live } = useServices();
  const { actedOnByOthers } = useStore(live);
  const watched = useRef<{ ids: readonly number[]; nameOf: (id: number) => string | null }>({ ids: watchedIds, nameOf });
  watched.current = { ids: watchedIds, nameOf };
  const seen = useRef(actedOnByOthers);
  const [notice, setNotice] = useState<{ event: LiveChangeEvent; name: string } | null>(null);
  useEffect(() => {
    if (seen.current === actedOnByOthers) return;
    const before = seen.current;
    seen.current = actedOnByOthers;
    for (const [id, event] of actedOnByOthers) {
      // Only what arrived since the last look, about what the screen shows (the list has not moved yet: the store is told first).
      if (before.get(id) === event || !watched.current.ids.includes(id)) continue;
      setNotice({ event, name: watched.current.nameOf(id) ?? '' });
    }
  }, [actedOnByOthers]);
  if (notice === null) return null;
  const { event, name } = notice;
  return (
    <div className={styles.bar}>
      <MessageBar intent="info" layout="multiline" aria-live="polite">
        <MessageBarBody>
          {name === '' ? UI_TEXT.live.actedOnBy(event.kind, event.byName) : UI_TEXT.live.actedOnNamedBy(name, event.kind, event.byName)}
        </MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button
              appearance="transparent"
              aria-label={UI_TEXT.live.dismissActedOn}
              icon={<DismissRegular />}
              onClick={() => setNotice(null)}
            />
          }
        />
      </MessageBar>
    </div>
  );
}
