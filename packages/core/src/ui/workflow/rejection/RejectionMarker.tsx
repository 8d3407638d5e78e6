import type { ReactElement } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons/svg/arrow-undo';
import type { DocumentRejection } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';

const useStyles = makeStyles({
  marker: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // A caption under the name, as the possible-duplicate line, so the reason fits the name column.
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    // Foreground2: Foreground1 had 4.49:1 on a selected row (axe color-contrast), as the Overdue marker had.
    color: tokens.colorPaletteRedForeground2,
  },
  icon: { verticalAlign: 'text-bottom', marginRight: tokens.spacingHorizontalXXS },
});

/** The words of a rejection: "Rejected: {reason}", or that none was given. */
export function rejectionText(rejection: DocumentRejection): string {
  return rejection.reason === null
    ? UI_TEXT.sendForApproval.rejectedWithoutReason
    : UI_TEXT.sendForApproval.rejectedBecause(rejection.reason);
}

/**
 * A queue row's "Rejected: {reason}" (issue 38 "Reasons"), on a line of its own under the name,
 * the whole reason in its tooltip with who rejected it where; nothing for a document not rejected
 * into its queue.
 */
export function RejectionMarker({ rejection }: { rejection: DocumentRejection | null | undefined }): ReactElement | null {
  const styles = useStyles();
  if (!rejection) return null;
  const text = rejectionText(rejection);
  return (
    <span
      className={styles.marker}
      data-marker="rejection"
      title={`${text} (${UI_TEXT.sendForApproval.rejectedByIn(rejection.rejectedBy, rejection.fromQueueName, rejection.rejectedAt.slice(0, 10))})`}
    >
      <ArrowUndoRegular aria-hidden className={styles.icon} />
      {text}
    </span>
  );
}
