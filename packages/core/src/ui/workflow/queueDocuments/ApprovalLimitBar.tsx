import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowForwardRegular } from '@fluentui/react-icons/svg/arrow-forward';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { UI_TEXT } from '../../../locale/uiText';

// The screen is a column whose list pane takes the rest: the bar keeps its own height, never squeezed under the grid.
const useStyles = makeStyles({
  bar: { flexShrink: 0, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
});

/** Props of ApprovalLimitBar. */
export interface ApprovalLimitBarProps {
  /** The server's refusal in its words; nothing is shown when null. */
  message: string | null;
  /** Whether routing is open to the caller for the selection (else only the words are shown). */
  canRoute: boolean;
  onRoute: () => void;
  onDismiss: () => void;
}

/**
 * The approval-limit refusal (issue 12, money rules) where the approver acts: the server's words,
 * and "Route to the next level" in place of Approve, which opens Route to with the queue's targets.
 */
export function ApprovalLimitBar({ message, canRoute, onRoute, onDismiss }: ApprovalLimitBarProps) {
  const styles = useStyles();
  if (message === null) return null;
  return (
    <div className={styles.bar}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{UI_TEXT.workflow.approvalLimitTitle}</MessageBarTitle>
          <span>{message}</span>
        </MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button
              appearance="transparent"
              aria-label={UI_TEXT.workflow.dismissApprovalLimit}
              icon={<DismissRegular />}
              onClick={onDismiss}
            />
          }
        >
          {canRoute ? (
            <Button appearance="primary" icon={<ArrowForwardRegular />} onClick={onRoute}>
              {UI_TEXT.workflow.routeToNextLevel}
            </Button>
          ) : null}
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
