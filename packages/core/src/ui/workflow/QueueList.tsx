import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CounterBadge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarClockRegular } from '@fluentui/react-icons/svg/calendar-clock';
import { CalendarErrorRegular } from '@fluentui/react-icons/svg/calendar-error';
import type { WorkflowQueue } from '../../model';
import { useWorkflowBase } from './useWorkflowBase';
import { UI_TEXT } from '../../locale/uiText';

import { PHONE_TARGET_PX } from './phone/phoneLayout';
import { NARROW_MAX_WIDTH } from './useWindowWidth';
const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: { display: 'flex' },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
    // A touch target on a phone (the frame's width decides, as the phone layout's).
    [`@media (max-width: ${NARROW_MAX_WIDTH - 0.02}px)`]: { minHeight: `${PHONE_TARGET_PX}px`, boxSizing: 'border-box' },
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  dueSoon: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    flexShrink: 0,
    color: tokens.colorPaletteDarkOrangeForeground1,
    fontSize: tokens.fontSizeBase200,
  },
  overdue: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    flexShrink: 0,
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
  },
});

/** How many days ahead "due soon" looks (the server's DUE_SOON_DAYS). */
const DUE_SOON_DAYS = 3;

/** Props of QueueList. */
export interface QueueListProps {
  queues: readonly WorkflowQueue[];
  /** Accessible name of the list, e.g. "AP Invoices queues". */
  label: string;
}

/**
 * Queues as links to their documents, each named "{queue name}, {n} documents" (the name first,
 * for the browser tests); where the server counted documents past their due date and those due
 * within 3 days (the workflow root), the link shows and says "{n} overdue" and "{n} due within 3
 * days" apart, each with an icon, so an invoice long overdue never passes for one due soon.
 */
export function QueueList({ queues, label }: QueueListProps): ReactElement {
  const styles = useStyles();
  const base = useWorkflowBase();
  return (
    <ul className={styles.list} aria-label={label}>
      {queues.map((queue) => {
        const dueSoon = queue.dueSoonCount ?? 0;
        const overdue = queue.overdueCount ?? 0;
        const dueSoonText = dueSoon > 0 ? UI_TEXT.decision.dueSoon(dueSoon, DUE_SOON_DAYS) : null;
        const overdueText = overdue > 0 ? UI_TEXT.decision.overdueCount(overdue) : null;
        const label = [UI_TEXT.workflow.queueLink(queue.name, queue.documentCount, queue.enabled), overdueText, dueSoonText]
          .filter((part) => part !== null)
          .join(', ');
        return (
          <li key={queue.id} className={styles.item}>
            <RouterLink className={styles.link} to={`${base}/queues/${queue.id}/documents`} aria-label={label}>
              <Text className={`${styles.name} ${queue.enabled ? '' : styles.disabled}`}>{queue.name}</Text>
              {overdueText === null ? null : (
                <span className={styles.overdue} aria-hidden data-count="overdue">
                  <CalendarErrorRegular />
                  {overdueText}
                </span>
              )}
              {dueSoonText === null ? null : (
                <span className={styles.dueSoon} aria-hidden data-count="dueSoon">
                  <CalendarClockRegular />
                  {dueSoonText}
                </span>
              )}
              <CounterBadge
                count={queue.documentCount}
                showZero
                appearance={queue.documentCount > 0 ? 'filled' : 'ghost'}
                color="brand"
                aria-hidden
              />
            </RouterLink>
          </li>
        );
      })}
    </ul>
  );
}
