import type { ReactElement, ReactNode } from 'react';
import { Toolbar, ToolbarButton, ToolbarDivider, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { ArrowRoutingRegular } from '@fluentui/react-icons/svg/arrow-routing';
import { ArrowSyncRegular } from '@fluentui/react-icons/svg/arrow-sync';
import { CheckmarkRegular } from '@fluentui/react-icons/svg/checkmark';
import { DismissCircleRegular } from '@fluentui/react-icons/svg/dismiss-circle';
import { LockClosedRegular } from '@fluentui/react-icons/svg/lock-closed';
import { LockOpenRegular } from '@fluentui/react-icons/svg/lock-open';
import { MergeRegular } from '@fluentui/react-icons/svg/merge';
import type { ActionAvailability } from '../../../rules';
import { MergeButton } from '../../pageWork/MergeButton';
import { TaggingBlockedButton } from '../../search/TaggingBlockedButton';
import { QuickLinkButton } from '../../quickLink/QuickLinkButton';
import { UI_TEXT } from '../../../locale/uiText';

/** The toolbar's commands, named as the browser tests find them. */
export type WorkflowCommand = 'approve' | 'reject' | 'route' | 'createLock' | 'renewLock' | 'unlock' | 'refresh';

/** Button names of the toolbar (the shared brief's "Screen names"). */
export const WORKFLOW_COMMAND_LABELS: Record<WorkflowCommand, string> = UI_TEXT.workflow.commands;

const ICONS: Record<WorkflowCommand, ReactElement> = {
  approve: <CheckmarkRegular />,
  reject: <DismissCircleRegular />,
  route: <ArrowRoutingRegular />,
  createLock: <LockClosedRegular />,
  renewLock: <ArrowSyncRegular />,
  unlock: <LockOpenRegular />,
  refresh: <ArrowClockwiseRegular />,
};

const useStyles = makeStyles({
  toolbar: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: `0 ${tokens.spacingHorizontalXS}` },
});

/** Props of WorkflowToolbar. */
export interface WorkflowToolbarProps {
  /** Each command's availability from the core rules; null while it cannot be judged yet. */
  availability: Record<Exclude<WorkflowCommand, 'refresh'>, ActionAvailability | null>;
  /** A command is running: everything waits for it. */
  busy: boolean;
  /** Tagging mode is on (spec §4): Merge, which acts on the selected documents, is off with its reason. */
  taggingOn?: boolean;
  onCommand(command: WorkflowCommand): void;
  /** More actions after Refresh (the Download menu for the selected documents). */
  children?: ReactNode;
}

/**
 * The queue screen's toolbar (role=toolbar 'Workflow actions'): Approve, Reject, Route, Lock,
 * Renew lock, Unlock, Merge (the selected documents, on the merge screen), Refresh. A blocked command stays focusable (aria-disabled) and its tooltip
 * gives the rule's reason, so keyboard and screen-reader users learn why (UX.md "Bulk").
 */
export function WorkflowToolbar({ availability, busy, taggingOn = false, onCommand, children }: WorkflowToolbarProps): ReactElement {
  const styles = useStyles();
  const button = (command: WorkflowCommand): ReactElement => {
    const label = WORKFLOW_COMMAND_LABELS[command];
    const state = command === 'refresh' ? { allowed: true as const, warning: null } : availability[command];
    const allowed = state !== null && state.allowed && !busy;
    const reason = state === null ? UI_TEXT.workflow.checkingAccess : state.allowed ? state.warning : state.message;
    const element = (
      <ToolbarButton
        icon={ICONS[command]}
        disabledFocusable={!allowed}
        onClick={() => {
          if (allowed) onCommand(command);
        }}
      >
        {label}
      </ToolbarButton>
    );
    return reason && !busy ? (
      <Tooltip key={command} content={reason} relationship="description" withArrow>
        {element}
      </Tooltip>
    ) : (
      <span key={command} style={{ display: 'contents' }}>
        {element}
      </span>
    );
  };
  return (
    <Toolbar aria-label={UI_TEXT.workflow.workflowActions} size="small" className={styles.toolbar}>
      {button('approve')}
      {button('reject')}
      {button('route')}
      <QuickLinkButton />
      <ToolbarDivider />
      {button('createLock')}
      {button('renewLock')}
      {button('unlock')}
      <ToolbarDivider />
      {taggingOn ? <TaggingBlockedButton variant="toolbar" label={UI_TEXT.pageWork.merge} icon={<MergeRegular />} /> : <MergeButton variant="toolbar" />}
      <ToolbarDivider />
      {button('refresh')}
      {children ? <ToolbarDivider /> : null}
      {children}
    </Toolbar>
  );
}
