import type { ReactElement } from 'react';
import { Button, ToolbarButton } from '@fluentui/react-components';
import { MESSAGES } from '../../locale/messages';

/** Props of TaggingBlockedButton. */
export interface TaggingBlockedButtonProps {
  /** The action's usual name, so the button is found and read as that action. */
  label: string;
  icon: ReactElement;
  /** 'toolbar' inside a Fluent Toolbar, 'subtle' a plain subtle Button. */
  variant?: 'toolbar' | 'subtle';
}

/**
 * What stands in for a single-document action while tagging mode is on (spec §4): the same name
 * and icon, disabled but focusable, with MESSAGES.taggingModeOn as its reason. Used instead of the
 * action's own component so no access check or request runs for a document that only gets tagged.
 */
export function TaggingBlockedButton({ label, icon, variant = 'subtle' }: TaggingBlockedButtonProps): ReactElement {
  return variant === 'toolbar' ? (
    <ToolbarButton icon={icon} disabledFocusable title={MESSAGES.taggingModeOn}>
      {label}
    </ToolbarButton>
  ) : (
    <Button appearance="subtle" icon={icon} disabledFocusable title={MESSAGES.taggingModeOn}>
      {label}
    </Button>
  );
}
