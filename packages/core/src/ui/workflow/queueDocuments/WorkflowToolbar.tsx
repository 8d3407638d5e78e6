import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { ToolbarButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
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
import { OverflowToolbar, type OverflowToolbarItem } from '../../shell/OverflowToolbar';

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

/** The commands in toolbar order, in groups a divider separates. */
const GROUPS: readonly (readonly WorkflowCommand[])[] = [
  ['approve', 'reject', 'route'],
  ['createLock', 'renewLock', 'unlock'],
  ['refresh'],
];

const useStyles = makeStyles({
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  reason: { display: 'block', color: tokens.colorNeutralForeground3, whiteSpace: 'normal', fontWeight: tokens.fontWeightRegular },
  label: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', textAlign: 'start' },
});

/** Props of WorkflowToolbar. */
export interface WorkflowToolbarProps {
  /** Each command's availability from the core rules; null while it cannot be judged yet. */
  availability: Record<Exclude<WorkflowCommand, 'refresh'>, ActionAvailability | null>;
  /** A command is running: everything waits for it. */
  busy: boolean;
  /** Tagging mode is on (spec §4): Merge, which acts on the selected documents, is off with its reason. */
  taggingOn?: boolean;
  /** Commands not offered at all (a privilege the user lacks, approve and reject in a final queue). */
  hidden?: readonly WorkflowCommand[];
  /** Names that replace the standard ones ("Approve 3 documents" for a bulk approval). */
  labels?: Partial<Record<WorkflowCommand, string>>;
  onCommand(command: WorkflowCommand): void;
  /** More actions after Refresh (the Download menu for the selected documents; others' entries), each with a key. */
  children?: ReactNode;
}

interface CommandState {
  command: WorkflowCommand;
  label: string;
  allowed: boolean;
  /** The tooltip: why it is off, or the warning it carries. */
  reason: string | null;
}

/** Which commands stay on the bar longest: the decisions, Quick Link and Refresh; then the locks; the other actions after them. */
const PRIORITY: Record<WorkflowCommand, number> = {
  approve: 100,
  reject: 99,
  route: 98,
  refresh: 96,
  createLock: 80,
  renewLock: 79,
  unlock: 78,
};
/** The other actions (Download, Attach, Import, Submit, Send for approval…) leave the bar first, the last ones first. */
const EXTRA_PRIORITY = 60;

/**
 * The queue screen's toolbar (role=toolbar 'Workflow actions'): Approve, Reject, Route, Quick
 * Link, Lock, Renew lock, Unlock, Refresh, Merge and the other actions. A blocked command stays
 * focusable (aria-disabled) and its tooltip gives the rule's reason, so keyboard and screen-reader
 * users learn why (UX.md "Bulk"); a command the user may never use here is not offered. One line
 * at every width (issue 38): what does not fit waits behind "More actions", a blocked command
 * there with its reason under its name.
 */
export function WorkflowToolbar(props: WorkflowToolbarProps): ReactElement {
  const { availability, busy, taggingOn = false, hidden = [], labels = {}, onCommand, children } = props;
  const styles = useStyles();
  const stateOf = (command: WorkflowCommand): CommandState => {
    const state = command === 'refresh' ? { allowed: true as const, warning: null } : availability[command];
    const allowed = state !== null && state.allowed && !busy;
    const reason = busy ? null : state === null ? UI_TEXT.workflow.checkingAccess : state.allowed ? state.warning : state.message;
    return { command, label: labels[command] ?? WORKFLOW_COMMAND_LABELS[command], allowed, reason };
  };
  const run = (state: CommandState): void => {
    if (state.allowed) onCommand(state.command);
  };
  const commandItem = (command: WorkflowCommand, group: string): OverflowToolbarItem => {
    const state = stateOf(command);
    const bar = (
      <ToolbarButton icon={ICONS[command]} disabledFocusable={!state.allowed} onClick={() => run(state)}>
        {state.label}
      </ToolbarButton>
    );
    return {
      id: command,
      priority: PRIORITY[command],
      group,
      bar: state.reason ? (
        <Tooltip content={state.reason} relationship="description" withArrow>
          {bar}
        </Tooltip>
      ) : (
        bar
      ),
      // In More the reason is written under the name: a tooltip in a panel hides the next item.
      inPanel: (
        <ToolbarButton icon={ICONS[command]} disabledFocusable={!state.allowed} aria-label={state.label} onClick={() => run(state)}>
          <span className={styles.label}>
            {state.label}
            {state.reason ? <span className={styles.reason}>{state.reason}</span> : null}
          </span>
        </ToolbarButton>
      ),
    };
  };
  const items: OverflowToolbarItem[] = [];
  GROUPS.forEach((group, index) => {
    for (const command of group) if (!hidden.includes(command)) items.push(commandItem(command, `group-${index}`));
    // Quick Link (a Quick Link queue's listing) belongs with the decisions.
    if (index === 0) items.push({ id: 'quickLink', priority: 97, group: 'group-0', bar: <QuickLinkButton /> });
  });
  items.push({
    id: 'merge',
    priority: EXTRA_PRIORITY + 1,
    group: 'actions',
    bar: taggingOn ? (
      <TaggingBlockedButton variant="toolbar" label={UI_TEXT.pageWork.merge} icon={<MergeRegular />} />
    ) : (
      <MergeButton variant="toolbar" />
    ),
  });
  Children.toArray(children).forEach((child, index) => {
    const key = isValidElement(child) && child.key !== null ? String(child.key) : String(index);
    items.push({ id: `extra-${key}`, priority: EXTRA_PRIORITY - index, group: 'extras', bar: child });
  });
  return (
    <OverflowToolbar
      label={UI_TEXT.workflow.workflowActions}
      moreLabel={UI_TEXT.workflow.moreActions}
      items={items}
      className={styles.toolbar}
    />
  );
}
