import { createRoot } from 'react-dom/client';
import { ApiClient, BUILD, DatahavenApp, fixedSignal } from '@datahaven/core';
import { ReadMessagePane } from './ReadMessagePane';
import { createGraphTokenHeaders } from './graphTokenHeaders';
import { createOutlookHostAdapter, type OutlookHostOptions, type OutlookOffice } from './createOutlookHostAdapter';
import { createOutlookNestedAppAuth } from './createOutlookNestedAppAuth';
import { createOutlookSignIn } from './createOutlookSignIn';
import { isReadMailItem } from './mailAttachments';
import { messageRestId } from './messageRestId';
import { openDraftWindow } from './openDraftWindow';

/** office.js is a global the page loads before this bundle (never bundled: HOSTS.md "Outlook add-in"). */
const office = (window as Window & { Office?: typeof Office }).Office;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
const root = createRoot(container);

const mount = (officeReady: OutlookOffice | undefined, options: OutlookHostOptions = {}): void => {
  const host = createOutlookHostAdapter(window, officeReady, options);
  const item: unknown = officeReady?.context.mailbox?.item;
  if (office !== undefined && officeReady !== undefined && isReadMailItem(item)) {
    // Reading a message: file its invoice or reply with documents, signed in through the same host as the core.
    // The reply's Graph credential: a Graph token through NAA, else the Entra token for our API (the server trades it on-behalf-of).
    const signIn = createOutlookSignIn(officeReady, {
      apiBase: BUILD.apiBasePath,
      fetch: (input, init) => window.fetch(input, init),
      nestedAppAuth: options.nestedAppAuth,
    });
    const graphHeaders = createGraphTokenHeaders({
      office: officeReady,
      nestedAppAuth: options.nestedAppAuth,
      entraToken: (request) => signIn.getEntraToken(request),
    });
    root.render(
      <ReadMessagePane
        item={item}
        client={new ApiClient({ tokens: host })}
        theme={host.theme ?? fixedSignal('webLight')}
        messageId={item.itemId !== undefined ? messageRestId(office.context.mailbox, item.itemId) : undefined}
        graphHeaders={graphHeaders}
        openDraft={(webLink) => openDraftWindow(office, window, webLink)}
      />,
    );
  } else root.render(<DatahavenApp host={host} />);
};

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
