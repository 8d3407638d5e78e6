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

/*
 * The Office dialog API (DialogApi 1.2) for the sign-in dialog fallback. In the pane,
 * `Office.context.ui.displayDialogAsync` opens the page in a window of the simulator (a frame over
 * the simulator page), delivers the page's `messageParent` messages as DialogMessageReceived and
 * says DialogEventReceived 12006 when the user closes the window. The product's /outlook/… pages
 * open at /demo/outlook/… (served with this stand-in in place of office.js, as the pane is). In the
 * dialog's page, Office is the dialog's: `messageParent` only.
 */
(function () {
  'use strict';
  var host = window.parent;
  var frameElement = null;
  try {
    frameElement = window.frameElement;
  } catch (error) {
    frameElement = null; // Framed by another origin: not the simulator.
  }
  if (host === window || !frameElement) return;

  if (frameElement.hasAttribute('data-office-dialog')) {
    var ready = { host: 'Outlook', platform: 'OfficeOnline' };
    window.Office = {
      onReady: function (callback) {
        if (typeof callback === 'function')
          setTimeout(function () {
            callback(ready);
          }, 0);
        return Promise.resolve(ready);
      },
      context: {
        ui: {
          messageParent: function (message, options) {
            var targetOrigin = options && typeof options.targetOrigin === 'string' ? options.targetOrigin : window.location.origin;
            host.postMessage({ officeDialogMessage: String(message) }, targetOrigin);
          },
        },
      },
    };
    return;
  }
  if (!window.Office || !window.Office.context) return;

  var open = null;

  function failed(callback, code, message) {
    setTimeout(function () {
      callback({ status: 'failed', value: undefined, error: { code: code, message: message } });
    }, 0);
  }

  /** Takes the dialog away; `closedByUser` tells the pane with 12006, as Office does. */
  function closeDialog(closedByUser) {
    if (!open) return;
    var closing = open;
    open = null;
    host.removeEventListener('message', closing.onMessage);
    closing.overlay.remove();
    if (closedByUser && closing.handlers.dialogEventReceived) closing.handlers.dialogEventReceived({ error: 12006 });
  }

  // Added beside what the read-item block put on Office.context.ui (openBrowserWindow), not over it.
  window.Office.context.ui = window.Office.context.ui || {};
  window.Office.context.ui.displayDialogAsync = function (startAddress, options, callback) {
    var done = typeof options === 'function' ? options : callback || function () {};
    var settings = typeof options === 'object' && options !== null ? options : {};
    var url;
    try {
      url = new URL(startAddress);
    } catch (error) {
      return failed(done, 12002, 'The dialog address is not a valid URL.');
    }
    if (url.origin !== window.location.origin) return failed(done, 12004, 'The domain of the dialog address is not trusted.');
    if (open) return failed(done, 12007, 'A dialog is already opened from this add-in.');
    if (url.pathname.indexOf('/outlook/') === 0) url.pathname = '/demo' + url.pathname;

    var doc = host.document;
    var overlay = doc.createElement('div');
    overlay.className = 'office-dialog';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-label', 'Office dialog');
    overlay.style.position = 'fixed';
    overlay.style.inset = '0';
    overlay.style.background = 'rgba(0,0,0,0.4)';
    overlay.style.display = 'flex';
    overlay.style.alignItems = 'center';
    overlay.style.justifyContent = 'center';
    overlay.style.zIndex = '1000';
    var box = doc.createElement('div');
    box.style.background = '#ffffff';
    box.style.display = 'flex';
    box.style.flexDirection = 'column';
    box.style.width = Math.max(Number(settings.width) || 30, 30) + 'vw';
    box.style.height = Math.max(Number(settings.height) || 60, 40) + 'vh';
    box.style.minWidth = '360px';
    var bar = doc.createElement('div');
    bar.style.display = 'flex';
    bar.style.justifyContent = 'flex-end';
    var close = doc.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Close the dialog');
    close.addEventListener('click', function () {
      closeDialog(true);
    });
    bar.append(close);
    var frame = doc.createElement('iframe');
    frame.setAttribute('data-office-dialog', '');
    frame.title = 'Office dialog';
    frame.style.flex = '1';
    frame.style.border = '0';
    box.append(bar, frame);
    overlay.append(box);

    var handlers = {};
    var onMessage = function (event) {
      if (event.source !== frame.contentWindow || !event.data || typeof event.data.officeDialogMessage !== 'string') return;
      if (handlers.dialogMessageReceived) handlers.dialogMessageReceived({ message: event.data.officeDialogMessage, origin: event.origin });
    };
    open = { overlay: overlay, handlers: handlers, onMessage: onMessage };
    host.addEventListener('message', onMessage);
    doc.body.append(overlay);
    frame.src = url.toString();

    var dialog = {
      close: function () {
        closeDialog(false);
      },
      addEventHandler: function (eventType, handler) {
        handlers[String(eventType)] = handler;
      },
      messageChild: function (message) {
        if (frame.contentWindow) frame.contentWindow.postMessage(String(message), window.location.origin);
      },
    };
    setTimeout(function () {
      done({ status: 'succeeded', value: dialog });
    }, 0);
  };
  // A pane that goes away (reloaded, another user) takes its dialog with it.
  window.addEventListener('pagehide', function () {
    closeDialog(false);
  });
})();
