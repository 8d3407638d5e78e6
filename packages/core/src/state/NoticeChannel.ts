/** A short confirmation asked for outside React: its words and how it reads. */
export interface Notice {
  text: string;
  intent: 'success' | 'info';
}

/** Hears each notice as it is given. */
export type NoticeListener = (notice: Notice) => void;

/**
 * The mount's short confirmations (toasts) given by code outside React, such as the flows of
 * services/: the app's toaster (ui/app/useToast) listens and shows each one. Not a snapshot store:
 * a toast is an event shown once, not state a screen renders from; with no toaster listening
 * (a service used before the app mounts) a notice is simply not shown.
 */
export class NoticeChannel {
  private readonly listeners = new Set<NoticeListener>();

  /** Registers a listener; returns the function that removes it. */
  readonly listen = (listener: NoticeListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Gives a notice to every listener. */
  readonly notify = (text: string, intent: Notice['intent'] = 'success'): void => {
    for (const listener of [...this.listeners]) listener({ text, intent });
  };
}
