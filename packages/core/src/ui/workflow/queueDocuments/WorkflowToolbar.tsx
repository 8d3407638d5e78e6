import type { ReactElement, ReactNode } from 'react';
import {
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  Tooltip,
  makeStyles,
  tokens,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { ArrowRoutingRegular } from '@fluentui/react-icons/svg/arrow-routing';
import { ArrowSyncRegular } from '@fluentui/react-icons/svg/arrow-sync';
import { CheckmarkRegular } from '@fluentui/react-icons/svg/checkmark';
import { DismissCircleRegular } from '@fluentui/react-icons/svg/dismiss-circle';
import { LockClosedRegular } from '@fluentui/react-icons/svg/lock-closed';
import { LockOpenRegular } from '@fluentui/react-icons/svg/lock-open';
import { MergeRegular } from '@fluentui/react-icons/svg/merge';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';
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

/** The commands in toolbar order, in groups a divider separates. */
const GROUPS: readonly (readonly WorkflowCommand[])[] = [
  ['approve', 'reject', 'route'],
  ['createLock', 'renewLock', 'unlock'],
  ['refresh'],
];
/** Which commands stay out of the overflow menu longest at narrow widths: the decisions first. */
const PRIORITY: Record<WorkflowCommand, number> = { approve: 7, reject: 6, route: 5, refresh: 4, createLock: 3, renewLock: 2, unlock: 1 };

const useStyles = makeStyles({
  toolbar: {
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  // Overflow measures one line: nothing wraps, what does not fit goes into the menu.
  narrow: { flexWrap: 'nowrap', minWidth: 0, overflow: 'hidden', padding: `0 ${tokens.spacingHorizontalXS}` },
  extras: {
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  reason: { display: 'block', color: tokens.colorNeutralForeground3, whiteSpace: 'normal' },
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
  /** The window is narrow (320 px): the commands that do not fit go into a "More actions" menu (Fluent Overflow). */
  narrow?: boolean;
  onCommand(command: WorkflowCommand): void;
  /** More actions after Refresh (the Download menu for the selected documents; others' entries). */
  children?: ReactNode;
}

interface CommandState {
  command: WorkflowCommand;
  label: string;
  allowed: boolean;
  /** The tooltip: why it is off, or the warning it carries. */
  reason: string | null;
}

/**
 * The queue screen's toolbar (role=toolbar 'Workflow actions'): Approve, Reject, Route, Lock,
 * Renew lock, Unlock, Merge (the selected documents, on the merge screen), Refresh. A blocked
 * command stays focusable (aria-disabled) and its tooltip gives the rule's reason, so keyboard
 * and screen-reader users learn why (UX.md "Bulk"); a command the user may never use here is not
 * offered. Narrow, the commands sit on one line and overflow into "More actions", with Merge and
 * the extra entries on a second line.
 */
export function WorkflowToolbar(props: WorkflowToolbarProps): ReactElement {
  const { availability, busy, taggingOn = false, hidden = [], labels = {}, narrow = false, onCommand, children } = props;
  const styles = useStyles();
  const stateOf = (command: WorkflowCommand): CommandState => {
    const state = command === 'refresh' ? { allowed: true as const, warning: null } : availability[command];
    const allowed = state !== null && state.allowed && !busy;
    const reason = busy ? null : state === null ? UI_TEXT.workflow.checkingAccess : state.allowed ? state.warning : state.message;
    return { command, label: labels[command] ?? WORKFLOW_COMMAND_LABELS[command], allowed, reason };
  };
  const groups = GROUPS.map((group) => group.filter((command) => !hidden.includes(command)).map(stateOf)).filter(
    (group) => group.length > 0,
  );
  const run = (state: CommandState): void => {
    if (state.allowed) onCommand(state.command);
  };
  const button = (state: CommandState): ReactElement => {
    const element = (
      <ToolbarButton icon={ICONS[state.command]} disabledFocusable={!state.allowed} onClick={() => run(state)}>
        {state.label}
      </ToolbarButton>
    );
    return state.reason ? (
      <Tooltip key={state.command} content={state.reason} relationship="description" withArrow>
        {element}
      </Tooltip>
    ) : (
      <span key={state.command} style={{ display: 'contents' }}>
        {element}
      </span>
    );
  };
  const merge = taggingOn ? (
    <TaggingBlockedButton variant="toolbar" label={UI_TEXT.pageWork.merge} icon={<MergeRegular />} />
  ) : (
    <MergeButton variant="toolbar" />
  );

  if (narrow) {
    const all = groups.flat();
    return (
      <>
        <Overflow padding={40}>
          <Toolbar aria-label={UI_TEXT.workflow.workflowActions} size="small" className={styles.narrow}>
            {all.map((state) => (
              <OverflowItem key={state.command} id={state.command} priority={PRIORITY[state.command]}>
                {button(state)}
              </OverflowItem>
            ))}
            <OverflowMenu states={all} onRun={run} reasonClass={styles.reason} />
          </Toolbar>
        </Overflow>
        <Toolbar aria-label={UI_TEXT.workflow.moreActions} size="small" className={styles.extras}>
          <QuickLinkButton />
          {merge}
          {children}
        </Toolbar>
      </>
    );
  }
  return (
    <Toolbar aria-label={UI_TEXT.workflow.workflowActions} size="small" className={styles.toolbar}>
      {groups.map((group, index) => (
        <span key={group[0].command} style={{ display: 'contents' }}>
          {index > 0 ? <ToolbarDivider /> : null}
          {group.map(button)}
          {/* Quick Link (a Quick Link queue's listing) belongs with the decisions. */}
          {index === 0 ? <QuickLinkButton /> : null}
        </span>
      ))}
      <ToolbarDivider />
      {merge}
      {children ? <ToolbarDivider /> : null}
      {children}
    </Toolbar>
  );
}

/** One overflowed command as a menu item (rendered only while its button is out of view). */
function OverflowMenuItem({
  state,
  onRun,
  reasonClass,
}: {
  state: CommandState;
  onRun(state: CommandState): void;
  reasonClass: string;
}): ReactElement | null {
  const visible = useIsOverflowItemVisible(state.command);
  if (visible) return null;
  return (
    <MenuItem icon={ICONS[state.command]} disabled={!state.allowed} onClick={() => onRun(state)}>
      {state.label}
      {state.reason ? <span className={reasonClass}>{state.reason}</span> : null}
    </MenuItem>
  );
}

/** The "More actions" button that holds the commands the narrow toolbar has no room for. */
function OverflowMenu({
  states,
  onRun,
  reasonClass,
}: {
  states: readonly CommandState[];
  onRun(state: CommandState): void;
  reasonClass: string;
}): ReactElement | null {
  const { ref, isOverflowing } = useOverflowMenu<HTMLButtonElement>();
  if (!isOverflowing) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <ToolbarButton ref={ref} icon={<MoreHorizontalRegular />}>
          {UI_TEXT.workflow.moreActions}
        </ToolbarButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {states.map((state) => (
            <OverflowMenuItem key={state.command} state={state} onRun={onRun} reasonClass={reasonClass} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
