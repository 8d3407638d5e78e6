import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';

/**
 * The router the host chose: history mode (ERP iframe, portal, Teams) or memory (Outlook, where
 * Office.js nulls `history.pushState`); a memory router starts at the host's initial path.
 */
export function HostRouter({ children }: { children: ReactNode }): ReactElement {
  const { router } = useServices().capabilities;
  if (router.kind === 'memory') return <MemoryRouter initialEntries={[router.initialPath ?? '/']}>{children}</MemoryRouter>;
  return <BrowserRouter basename={router.basename}>{children}</BrowserRouter>;
}
