import type { RefObject } from 'react';
import { NARROW_MAX_WIDTH, useWindowWidth } from '../useWindowWidth';

/** The smallest tap target of the phone layout, in CSS pixels (Apple's 44 pt, Microsoft's 44 px touch target). */
export const PHONE_TARGET_PX = 44;

/** Marks the phone's decision bar, so what floats (toasts) can keep clear of it. */
export const DECISION_BAR_ATTRIBUTE = 'data-decision-bar';

/**
 * Whether the window the element is shown in is phone-narrow (below 640 px: a phone, the Outlook
 * pane, Teams mobile): the width the host gives, never the user agent, so a narrow frame on a
 * desktop gets the same steps as a phone and a wide tablet the desktop layout.
 */
export function usePhoneLayout(ref: RefObject<HTMLElement | null>): boolean {
  return useWindowWidth(ref) < NARROW_MAX_WIDTH;
}
