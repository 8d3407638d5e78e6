import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { useServices } from './DatahavenServices';
import { NARROW_MAX_WIDTH } from '../workflow/useWindowWidth';
import { DECISION_BAR_ATTRIBUTE, PHONE_TARGET_PX } from '../workflow/phone/phoneLayout';

/** Shows a short confirmation that goes away by itself (UX.md: toasts pause on hover). */
export type Notify = (text: string, intent?: 'success' | 'info') => void;

const ToastContext = createContext<Notify>(() => undefined);

/** Hosts the toaster of one mount and provides `useNotify`; it also shows the notices the mount's services give (NoticeChannel). */
export function ToastProvider({ children }: { children: ReactNode }): ReactElement {
  const { notices } = useServices();
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  // The window this mount is shown in (a host's frame), read through an element of it when a toast shows.
  const anchorRef = useRef<HTMLSpanElement>(null);
  // The bottom toasts' distance from the frame's bottom: the Toaster's, so it is set before the toast shows.
  const [bottomOffset, setBottomOffset] = useState(DEFAULT_OFFSET_PX);
  const notify = useCallback<Notify>(
    (text, intent = 'success') => {
      const placement = toastPlacement(anchorRef.current?.ownerDocument.defaultView ?? null);
      if (placement.position === 'bottom') setBottomOffset(placement.vertical);
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: 4000, pauseOnHover: true, position: placement.position },
      );
    },
    [dispatchToast],
  );
  const value = useMemo(() => notify, [notify]);
  // The flows of services/ (workflowActions) confirm what they did without React: their notices come through the channel.
  useEffect(() => notices.listen(({ text, intent }) => notify(text, intent)), [notices, notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasterId={toasterId} offset={{ bottom: { vertical: bottomOffset } }} />
      <span ref={anchorRef} hidden />
    </ToastContext.Provider>
  );
}

/** Fluent's distance of a toast from the frame's edge, in CSS pixels. */
const DEFAULT_OFFSET_PX = 16;
/** Room left between a toast and the decision bar under it, in CSS pixels. */
const TOAST_GAP_PX = 8;
/**
 * The decision bar's height when it is not on screen as the toast shows (between a decision and
 * the next document the list shows for a moment): a 44 px target, its padding and border, and room
 * for a home indicator.
 */
const DECISION_BAR_RESERVE_PX = PHONE_TARGET_PX + 28;

/**
 * Where a toast goes in this window. On a desk: top-end, over the toolbar's corner. On a phone
 * (a frame narrower than NARROW_MAX_WIDTH) the top holds what the approver decides on — Back, the
 * amount, vendor and due date — and the bottom the decision bar, so the toast sits just above the
 * decision bar (measured when it shows, safe area included; its usual height when it is not
 * there that moment), over the document.
 */
export function toastPlacement(view: Window | null): { position: 'top-end' } | { position: 'bottom'; vertical: number } {
  if (view === null || view.innerWidth >= NARROW_MAX_WIDTH) return { position: 'top-end' };
  const bar = view.document.querySelector(`[${DECISION_BAR_ATTRIBUTE}]`);
  const measured = bar === null ? 0 : view.innerHeight - bar.getBoundingClientRect().top;
  return { position: 'bottom', vertical: Math.max(measured, DECISION_BAR_RESERVE_PX) + TOAST_GAP_PX };
}

/** The short-confirmation function of the surrounding app. */
export function useNotify(): Notify {
  return useContext(ToastContext);
}
