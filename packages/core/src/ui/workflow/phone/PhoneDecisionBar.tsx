import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Toolbar,
  ToolbarButton,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { ArrowRoutingRegular } from '@fluentui/react-icons/svg/arrow-routing';
import { ArrowSyncRegular } from '@fluentui/react-icons/svg/arrow-sync';
import { CheckmarkRegular } from '@fluentui/react-icons/svg/checkmark';
import { DismissCircleRegular } from '@fluentui/react-icons/svg/dismiss-circle';
import { LockClosedRegular } from '@fluentui/react-icons/svg/lock-closed';
import { LockOpenRegular } from '@fluentui/react-icons/svg/lock-open';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';
import type { ActionAvailability } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { WORKFLOW_COMMAND_LABELS, type WorkflowCommand } from '../queueDocuments/WorkflowToolbar';
import { DECISION_BAR_ATTRIBUTE, PHONE_TARGET_PX } from './phoneLayout';

const ICONS: Record<WorkflowCommand, ReactElement> = {
  approve: <CheckmarkRegular />,
  reject: <DismissCircleRegular />,
  route: <ArrowRoutingRegular />,
  createLock: <LockClosedRegular />,
  renewLock: <ArrowSyncRegular />,
  unlock: <LockOpenRegular />,
  refresh: <ArrowClockwiseRegular />,
};

/** The decisions, always in the bar; the rest wait behind More. */
const DECISIONS: readonly WorkflowCommand[] = ['approve', 'reject', 'route'];
const OTHERS: readonly WorkflowCommand[] = ['createLock', 'renewLock', 'unlock', 'refresh'];

const target = `${PHONE_TARGET_PX}px`;

const useStyles = makeStyles({
  // The last row of a full-height column: fixed at the bottom of the frame, above the phone's home indicator.
  bar: {
    flexShrink: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    flexWrap: 'nowrap',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    paddingBottom: `max(${tokens.spacingVerticalXS}, env(safe-area-inset-bottom, 0px))`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Icon over the words: four buttons share 320 px and each stays at least 44 × 44 px.
  decision: {
    flexGrow: 1,
    flexBasis: 0,
    minWidth: target,
    minHeight: target,
    maxWidth: 'none',
    flexDirection: 'column',
    gap: 0,
    paddingLeft: tokens.spacingHorizontalXXS,
    paddingRight: tokens.spacingHorizontalXXS,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  surface: { padding: tokens.spacingVerticalXS, maxWidth: 'calc(100vw - 16px)', boxSizing: 'border-box' },
  menu: { flexDirection: 'column', alignItems: 'stretch' },
  item: { minHeight: target, justifyContent: 'flex-start' },
  reason: { display: 'block', color: tokens.colorNeutralForeground3, whiteSpace: 'normal', fontSize: tokens.fontSizeBase200 },
});

/** Props of PhoneDecisionBar. */
export interface PhoneDecisionBarProps {
  /** Each command's availability from the core rules; null while it cannot be judged yet. */
  availability: Record<Exclude<WorkflowCommand, 'refresh'>, ActionAvailability | null>;
  /** A command is running: everything waits for it. */
  busy: boolean;
  /** Commands not offered at all (a privilege the user lacks, approve and reject in a final queue). */
  hidden?: readonly WorkflowCommand[];
  onCommand(command: WorkflowCommand): void;
  /** The other actions (Download, Import, Merge…), in More under the commands. */
  children?: ReactNode;
}

/**
 * The phone layout's decision bar (issue 38, role=toolbar "Workflow actions" as on wider screens):
 * Approve, Reject and Route side by side at the bottom, each at least 44 × 44 px with its icon over
 * its name, and "More actions" holding Lock, Renew lock, Unlock, Refresh and the other actions in a
 * popover, so the bar is one line at any width. A blocked decision stays focusable with its reason
 * as description, as on the desktop toolbar.
 */
export function PhoneDecisionBar({ availability, busy, hidden = [], onCommand, children }: PhoneDecisionBarProps): ReactElement {
  const styles = useStyles();
  const [moreOpen, setMoreOpen] = useState(false);
  const stateOf = (command: WorkflowCommand): { allowed: boolean; reason: string | null } => {
    const state = command === 'refresh' ? { allowed: true as const, warning: null } : availability[command];
    const allowed = state !== null && state.allowed && !busy;
    const reason = busy ? null : state === null ? UI_TEXT.workflow.checkingAccess : state.allowed ? state.warning : state.message;
    return { allowed, reason };
  };
  const decision = (command: WorkflowCommand): ReactElement => {
    const { allowed, reason } = stateOf(command);
    const button = (
      <Button
        className={styles.decision}
        appearance={command === 'approve' ? 'primary' : 'secondary'}
        icon={ICONS[command]}
        disabledFocusable={!allowed}
        onClick={() => {
          if (allowed) onCommand(command);
        }}
      >
        {WORKFLOW_COMMAND_LABELS[command]}
      </Button>
    );
    return reason ? (
      <Tooltip key={command} content={reason} relationship="description" withArrow>
        {button}
      </Tooltip>
    ) : (
      <span key={command} style={{ display: 'contents' }}>
        {button}
      </span>
    );
  };
  return (
    <Toolbar aria-label={UI_TEXT.workflow.workflowActions} className={styles.bar} {...{ [DECISION_BAR_ATTRIBUTE]: '' }}>
      {DECISIONS.filter((command) => !hidden.includes(command)).map(decision)}
      <Popover open={moreOpen} onOpenChange={(_event, data) => setMoreOpen(data.open)} positioning="above-end" trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <ToolbarButton className={styles.decision} icon={<MoreHorizontalRegular />} aria-label={UI_TEXT.workflow.moreActions}>
            {UI_TEXT.phone.more}
          </ToolbarButton>
        </PopoverTrigger>
        {/* With trapFocus the surface is a modal dialog: it is named after what it holds (axe aria-dialog-name). */}
        <PopoverSurface className={styles.surface} aria-label={UI_TEXT.workflow.moreActions}>
          <Toolbar vertical aria-label={UI_TEXT.workflow.moreActions} className={styles.menu}>
            {OTHERS.filter((command) => !hidden.includes(command)).map((command) => {
              const { allowed, reason } = stateOf(command);
              return (
                <ToolbarButton
                  key={command}
                  className={styles.item}
                  icon={ICONS[command]}
                  disabledFocusable={!allowed}
                  onClick={() => {
                    if (!allowed) return;
                    setMoreOpen(false);
                    onCommand(command);
                  }}
                >
                  <span>
                    {WORKFLOW_COMMAND_LABELS[command]}
                    {reason && !allowed ? <span className={styles.reason}>{reason}</span> : null}
                  </span>
                </ToolbarButton>
              );
            })}
            {children}
          </Toolbar>
        </PopoverSurface>
      </Popover>
    </Toolbar>
  );
}
