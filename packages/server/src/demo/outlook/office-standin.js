/*
 * Loaded by the Datahaven Documents pane page in place of office.js, inside the Outlook
 * simulator only (/demo/outlook/pane): the global Office is the simulator page's stand-in. The
 * pane's own code is the same as in Outlook; outside the simulator there is no Office at all.
 */
(function () {
  'use strict';
  var simulator = null;
  try {
    simulator = window.parent !== window ? window.parent.DatahavenOutlookSimulator : null;
  } catch (error) {
    simulator = null; // A parent on another origin: not the simulator.
  }
  if (simulator && typeof simulator.officeFor === 'function') window.Office = simulator.officeFor(window);

  /* Reply with documents (read mode): what Outlook offers the pane to reply through Graph. */
  (function replyWithDocuments(Office) {
    if (!Office || !Office.context || !Office.context.mailbox) return;
    Office.MailboxEnums = Office.MailboxEnums || {};
    Office.MailboxEnums.RestVersion = { v1_0: 'v1.0', v2_0: 'v2.0', Beta: 'beta' };
    /** Mailbox 1.3: EWS ids to Graph REST ids, as Outlook converts them ('/' becomes '-', '+' becomes '_'). */
    Office.context.mailbox.convertToRestId = function (itemId, restVersion) {
      if (typeof itemId !== 'string' || itemId === '') throw new Error('Sys.ArgumentException: itemId');
      if (restVersion !== 'v1.0' && restVersion !== 'v2.0' && restVersion !== 'beta') throw new Error('Sys.ArgumentException: restVersion');
      return itemId.replace(/\//g, '-').replace(/\+/g, '_');
    };
    /** Mailbox 1.5: opens a URL in the browser; the simulator records it and shows it beside the message. */
    Office.context.ui = Office.context.ui || {};
    Office.context.ui.openBrowserWindow = function (url) {
      if (!/^https?:\/\//.test(String(url))) throw new Error('Sys.ArgumentException: url must be absolute');
      simulator.openBrowserWindow(String(url));
    };
  })(window.Office);
})();
