import { createRoot } from 'react-dom/client';
import { PublicClientApplication } from '@azure/msal-browser';
import { BUILD } from '@datahaven/core';
import type { OutlookSignInDialogMessage } from '../createOutlookSignIn';
import { showLanguageOf } from '../showLanguageOf';
import { SIGN_IN_DIALOG_TEXT, signInInDialog } from './signInInDialog';

/** The part of office.js the dialog page uses: `messageParent` (DialogApi 1.1; the target origin from 1.2). */
interface DialogOffice {
  onReady(): Promise<unknown>;
  context: { displayLanguage?: string; ui: { messageParent(message: string, options?: { targetOrigin: string }): void } };
}

/** office.js (or the demo simulator's stand-in) is a global the page loads before this bundle. */
const office = (window as Window & { Office?: DialogOffice }).Office;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to show the sign-in in.');
const root = createRoot(container);
// The browser's language until Office answers with Outlook's display language.
showLanguageOf(window, window.navigator.language);

const show = (text: string, failed = false): void => {
  root.render(
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1 style={{ fontSize: 20 }}>Datahaven Documents</h1>
      <p role={failed ? 'alert' : 'status'}>{text}</p>
    </main>,
  );
};

/** Sends the answer to the pane only, on our own origin (the pane's), and says it here too. */
const answer = (dialogOffice: DialogOffice, message: OutlookSignInDialogMessage): void => {
  dialogOffice.context.ui.messageParent(JSON.stringify(message), { targetOrigin: window.location.origin });
  show('accessToken' in message ? SIGN_IN_DIALOG_TEXT.done : message.error, !('accessToken' in message));
};

if (office === undefined) {
  show(SIGN_IN_DIALOG_TEXT.outsideOffice, true);
} else {
  show(SIGN_IN_DIALOG_TEXT.working);
  void office
    .onReady()
    .then(() => {
      showLanguageOf(window, office.context.displayLanguage ?? window.navigator.language);
      return signInInDialog({
        apiBase: BUILD.apiBasePath,
        fetch: (input, init) => window.fetch(input, init),
        location: window.location,
        createClient: async (configuration) => {
          const client = new PublicClientApplication(configuration);
          await client.initialize();
          return client;
        },
      });
    })
    .then((message) => answer(office, message));
}
