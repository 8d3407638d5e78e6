import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';

interface AppErrorBoundaryState {
  error: Error | null;
}

/** Props of AppErrorBoundary. */
export interface AppErrorBoundaryProps {
  children: ReactNode;
}

/** Catches render errors of the screens, logs them as 'An Unhandled Error Occured' (spec §8) and offers a way on. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): AppErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(MESSAGES.unhandledError, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{MESSAGES.unhandledError}</MessageBarTitle>
          {this.state.error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => this.setState({ error: null })}>{UI_TEXT.shell.tryAgain}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}
