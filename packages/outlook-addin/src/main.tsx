import { createRoot } from 'react-dom/client';
import { BUILD, DatahavenApp } from '@datahaven/core';
import { createOutlookHostAdapter, type OutlookHostOptions, type OutlookOffice } from './createOutlookHostAdapter';
import { createOutlookNestedAppAuth } from './createOutlookNestedAppAuth';

/** office.js is a global the page loads before this bundle (never bundled: HOSTS.md "Outlook add-in"). */
const office = (window as Window & { Office?: typeof Office }).Office;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
const root = createRoot(container);

// One core app in every mode: compose opens on the search, a message being read on the core's read screen, anything else on the host's notice.
const mount = (officeReady: OutlookOffice | undefined, options: OutlookHostOptions = {}): void =>
  root.render(<DatahavenApp host={createOutlookHostAdapter(window, officeReady, options)} />);

if (office === undefined) {
  // office.js did not load (blocked, or the page opened outside Outlook without it): the host says where the pane runs.
  mount(undefined);
} else {
  // The server serves this bundle under /outlook/*; the pane routes in memory, so the URL never changes.
  // Outside Outlook office.js answers with no host and no mailbox, and the host says where the pane runs.
  // Where Outlook offers NestedAppAuth 1.1 and the server names an Entra client, sign-in goes through MSAL's nestable client.
  void office
    .onReady()
    .then(() =>
      createOutlookNestedAppAuth(office, {
        apiBase: BUILD.apiBasePath,
        fetch: (input, init) => window.fetch(input, init),
        loginHint: office.context.mailbox?.userProfile?.emailAddress,
      }),
    )
    // Without NAA the pane still mounts and signs in through Office SSO.
    .catch(() => undefined)
    .then((nestedAppAuth) => mount(office, { nestedAppAuth }));
}
