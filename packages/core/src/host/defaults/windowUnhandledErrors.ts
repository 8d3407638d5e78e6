/** The plain browser's onUnhandledError: the window's 'error' and 'unhandledrejection' events. */
export function windowUnhandledErrors(win: Window | undefined): (listener: (error: unknown) => void) => () => void {
  return (listener) => {
    if (!win) return () => undefined;
    const onError = (event: ErrorEvent): void => listener(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent): void => listener(event.reason);
    win.addEventListener('error', onError);
    win.addEventListener('unhandledrejection', onRejection);
    return () => {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
    };
  };
}
