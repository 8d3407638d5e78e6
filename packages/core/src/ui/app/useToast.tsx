import { createContext, useCallback, useContext, useEffect, useId, useMemo, type ReactElement, type ReactNode } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { useServices } from './DatahavenServices';

/** Shows a short confirmation that goes away by itself (UX.md: toasts pause on hover). */
export type Notify = (text: string, intent?: 'success' | 'info') => void;

const ToastContext = createContext<Notify>(() => undefined);

/** Hosts the toaster of one mount and provides `useNotify`; it also shows the notices the mount's services give (NoticeChannel). */
export function ToastProvider({ children }: { children: ReactNode }): ReactElement {
  const { notices } = useServices();
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    (text, intent = 'success') =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: 4000, pauseOnHover: true, position: 'top-end' },
      ),
    [dispatchToast],
  );
  const value = useMemo(() => notify, [notify]);
  // The flows of services/ (workflowActions) confirm what they did without React: their notices come through the channel.
  useEffect(() => notices.listen(({ text, intent }) => notify(text, intent)), [notices, notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasterId={toasterId} />
    </ToastContext.Provider>
  );
}

/** The short-confirmation function of the surrounding app. */
export function useNotify(): Notify {
  return useContext(ToastContext);
}
