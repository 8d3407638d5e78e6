/*
 * The Outlook simulator's page script (demo only). It plays Outlook around the Datahaven
 * Documents task pane: a message being composed, whose attachments it records and lists, or with
 * `?mode=read` a received message with a PDF invoice and a text file for the pane to read, and
 * the stand-in for Office.js the pane's page loads instead of office.js
 * (/demo/outlook/office-standin.js asks this page for it through window.parent). Sign-in is
 * Office SSO: getAccessToken answers with a token from the demo Entra ID
 * (POST /demo/entra/{tid}/sign); nested app authentication is reported unsupported. The switch
 * "Office SSO fails (13012)" (or `?sso=13012`) makes getAccessToken fail as on a platform without
 * SSO, so the pane signs in through the Office dialog (office-standin.js) and the demo Entra ID's
 * sign-in page instead.
 */
(function () {
  'use strict';

  /** Outlook's limits (HOSTS.md "Outlook add-in"): base64 characters of one file, and file types it blocks. */
  var BASE64_LIMIT = 34865152;
  var BLOCKED_TYPES = /\.(ade|adp|app|bat|chm|cmd|com|cpl|exe|hta|ins|isp|jse?|lnk|msi|msp|pif|ps1|reg|scr|sct|shs|vbe?|vbs|wsf|wsh)$/i;
  var params = new URLSearchParams(window.location.search);
  /** How many attachments the message takes (a query parameter, so a test can reach the limit quickly). */
  var maxAttachments = Number(params.get('maxAttachments')) || 499;

  /** `?mode=read`: a received message (its invoice to file) instead of one being written. */
  var readMode = params.get('mode') === 'read';

  var userSelect = document.getElementById('outlook-user');
  var languageSelect = document.getElementById('outlook-language');
  var frame = document.getElementById('pane');
  var list = document.getElementById('attachments');
  var empty = document.getElementById('attachments-empty');
  var status = document.getElementById('sim-status');

  var attachments = [];
  var themeHandlers = [];
  var theme = 'light';
  var nextId = 1;

  if (params.get('user')) userSelect.value = params.get('user');
  if (params.get('language')) languageSelect.value = params.get('language');
  var ssoFailsBox = document.getElementById('outlook-sso-fails');
  if (params.get('sso') === '13012') ssoFailsBox.checked = true;

  function officeTheme() {
    return theme === 'dark'
      ? {
          bodyBackgroundColor: '#292929',
          bodyForegroundColor: '#ffffff',
          controlBackgroundColor: '#1f1f1f',
          controlForegroundColor: '#ffffff',
          isDarkTheme: true,
        }
      : {
          bodyBackgroundColor: '#ffffff',
          bodyForegroundColor: '#242424',
          controlBackgroundColor: '#f5f5f5',
          controlForegroundColor: '#242424',
          isDarkTheme: false,
        };
  }

  /** The number of bytes a base64 text decodes to. */
  function decodedSize(base64) {
    var padding = (base64.match(/=*$/) || [''])[0].length;
    return Math.floor((base64.length * 3) / 4) - padding;
  }

  function formatSize(bytes) {
    if (bytes < 1024) return bytes + ' B';
    if (bytes < 1024 * 1024) return Math.round(bytes / 1024) + ' KB';
    return (bytes / 1024 / 1024).toFixed(1) + ' MB';
  }

  function render() {
    list.textContent = '';
    attachments.forEach(function (attachment) {
      var item = document.createElement('li');
      item.dataset.size = String(attachment.size);
      var name = document.createElement('span');
      name.className = 'name';
      name.textContent = attachment.name;
      var size = document.createElement('span');
      size.className = 'size';
      size.textContent = formatSize(attachment.size);
      item.append(name, size);
      list.append(item);
    });
    empty.hidden = attachments.length > 0;
  }

  function failed(callback, name, message, code) {
    setTimeout(function () {
      callback({ status: 'failed', value: undefined, error: { name: name, message: message, code: code } });
    }, 0);
  }

  /** The message being composed, as Office.js's MessageCompose offers it (what the pane uses). */
  var composeItem = {
    itemType: 'message',
    addFileAttachmentFromBase64Async: function (base64File, attachmentName, options, callback) {
      var done = typeof options === 'function' ? options : callback || function () {};
      var inline = typeof options === 'object' && options !== null && options.isInline === true;
      if (typeof base64File !== 'string' || base64File === '' || /^data:/.test(base64File) || /[^A-Za-z0-9+/=]/.test(base64File)) {
        return failed(done, 'InvalidAttachmentPath', 'The attachment is not base64 text.', 9001);
      }
      if (base64File.length > BASE64_LIMIT) return failed(done, 'AttachmentSizeExceeded', 'The attachment is too large.', 9007);
      if (BLOCKED_TYPES.test(attachmentName))
        return failed(done, 'FileTypeNotSupported', 'The attachment has an extension that is not allowed.', 9008);
      if (attachments.length >= maxAttachments)
        return failed(done, 'NumberOfAttachmentsExceeded', 'The message contains too many attachments.', 9009);
      var id = 'attachment-' + nextId++;
      attachments.push({ id: id, name: attachmentName, size: decodedSize(base64File), isInline: inline, base64: base64File });
      render();
      setTimeout(function () {
        done({ status: 'succeeded', value: id });
      }, 0);
    },
  };

  /** Base64 text of bytes, as Office.js hands out attachment content. */
  function toBase64(bytes) {
    var binary = '';
    for (var index = 0; index < bytes.length; index += 0x8000)
      binary += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
    return btoa(binary);
  }

  /**
   * The received message's invoice number: `?invoiceNo=` (letters, digits and dashes), else new per
   * page load, so a repeat filing in one load is a duplicate.
   */
  var askedInvoiceNo = params.get('invoiceNo');
  var invoiceNo =
    askedInvoiceNo && /^[A-Za-z0-9-]{1,20}$/.test(askedInvoiceNo) ? askedInvoiceNo : 'OUT-' + Date.now().toString(36).toUpperCase();
  /** The invoice PDF's bytes, read once: its size is listed before the pane opens, and the pane reads the same bytes. */
  var invoicePdf = null;
  function readInvoicePdf() {
    invoicePdf =
      invoicePdf ||
      fetch('/demo/outlook/read-message/invoice.pdf?no=' + encodeURIComponent(invoiceNo)).then(function (response) {
        if (!response.ok) throw new Error('The invoice could not be loaded (' + response.status + ').');
        return response.arrayBuffer().then(function (buffer) {
          return new Uint8Array(buffer);
        });
      });
    invoicePdf.catch(function () {
      invoicePdf = null;
    });
    return invoicePdf;
  }
  var readContent = {
    'read-att-1': function () {
      return readInvoicePdf().then(toBase64);
    },
    'read-att-2': function () {
      return Promise.resolve(btoa('Please pay within 30 days.'));
    },
  };

  /** The message being read, as Office.js's MessageRead offers it (what the pane uses). */
  var readItem = {
    itemType: 'message',
    // The demo Graph mailbox holds this very message under this id (demoReadMessage.ts), so a reply answers it.
    itemId: 'AAMkADemoRead-' + invoiceNo,
    subject: 'Invoice ' + invoiceNo,
    from: { displayName: 'Fabrikam Accounts', emailAddress: 'ap@fabrikam.example' },
    to: [{ displayName: 'Accounts Payable', emailAddress: 'ap@datahaven.example' }],
    attachments: [
      {
        id: 'read-att-1',
        name: 'Invoice ' + invoiceNo + '.pdf',
        contentType: 'application/pdf',
        size: 0,
        attachmentType: 'file',
        isInline: false,
      },
      { id: 'read-att-2', name: 'payment-terms.txt', contentType: 'text/plain', size: 26, attachmentType: 'file', isInline: false },
    ],
    getAttachmentContentAsync: function (attachmentId, options, callback) {
      var done = typeof options === 'function' ? options : callback || function () {};
      var read = readContent[attachmentId];
      if (!read) return failed(done, 'InvalidAttachmentId', 'The attachment ID does not exist.', 9017);
      read().then(
        function (base64) {
          done({ status: 'succeeded', value: { content: base64, format: 'base64' } });
        },
        function (error) {
          failed(done, 'InternalServerError', String(error && error.message ? error.message : error), 9018);
        },
      );
    },
    getAsFileAsync: function (options, callback) {
      var done = typeof options === 'function' ? options : callback || function () {};
      var eml =
        'From: Fabrikam Accounts <ap@fabrikam.example>\r\nTo: ap@datahaven.example\r\nSubject: Invoice ' +
        invoiceNo +
        '\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPlease find our invoice attached.\r\n';
      setTimeout(function () {
        done({ status: 'succeeded', value: btoa(eml) });
      }, 0);
    },
  };

  var tenant = null;
  function tenantId() {
    tenant =
      tenant ||
      fetch('/api/integration/teams/settings', { headers: { Accept: 'application/json' } })
        .then(function (response) {
          if (!response.ok) throw new Error('The sign-in settings could not be read (' + response.status + ').');
          return response.json();
        })
        .then(function (settings) {
          if (!settings.tenantIds || settings.tenantIds.length === 0) throw new Error('Microsoft Entra sign-in is off on this server.');
          return settings.tenantIds[0];
        });
    tenant.catch(function () {
      tenant = null;
    });
    return tenant;
  }

  /** Office SSO: an access token for our API from the demo Entra ID, for the demo user chosen above. */
  function getAccessToken() {
    if (ssoFailsBox.checked) {
      return Promise.reject({
        code: 13012,
        name: 'API Not Supported',
        message: 'The getAccessToken API is not supported on this platform (the simulator switch).',
      });
    }
    return tenantId()
      .then(function (tid) {
        return fetch('/demo/entra/' + encodeURIComponent(tid) + '/sign', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
          body: JSON.stringify({ username: userSelect.value }),
        });
      })
      .then(function (response) {
        if (!response.ok) throw new Error('The demo Entra ID refused (' + response.status + ').');
        return response.text();
      })
      .catch(function (error) {
        // Office's shape for an SSO failure: a code and a message.
        throw { code: 13003, name: 'InvalidGrant', message: String(error && error.message ? error.message : error) };
      });
  }

  /** Whether a requirement set's version is at most the highest this Outlook has: part by part, as Office compares them ('1.5' is below '1.14'). */
  function atMost(version, highest) {
    if (!version) return true;
    var asked = String(version).split('.').map(Number);
    var top = highest.split('.').map(Number);
    return asked[0] < top[0] || (asked[0] === top[0] && (asked[1] || 0) <= top[1]);
  }

  /* Reply with documents (the read pane): the draft Outlook opens in a browser window. */
  var openedWindows = [];

  /** Office.context.ui.openBrowserWindow (Mailbox 1.5): records the URL and shows it in the "Opened in the browser" panel. */
  function openBrowserWindow(url) {
    var address = String(url);
    openedWindows.push(address);
    var panel = document.getElementById('browser-window');
    var link = document.getElementById('browser-window-url');
    link.href = address;
    link.textContent = address;
    document.getElementById('browser-window-frame').src = address;
    panel.hidden = false;
  }

  document.getElementById('browser-window-close').addEventListener('click', function () {
    document.getElementById('browser-window').hidden = true;
    document.getElementById('browser-window-frame').src = 'about:blank';
  });

  /** The stand-in Office object for the pane's window, asked for by office-standin.js before the pane's script runs. */
  function officeFor() {
    var ready = { host: 'Outlook', platform: 'OfficeOnline' };
    return {
      HostType: { Outlook: 'Outlook' },
      PlatformType: { OfficeOnline: 'OfficeOnline' },
      AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
      EventType: { OfficeThemeChanged: 'officeThemeChanged', ItemChanged: 'olkItemSelectedChanged' },
      onReady: function (callback) {
        if (typeof callback === 'function')
          setTimeout(function () {
            callback(ready);
          }, 0);
        return Promise.resolve(ready);
      },
      context: {
        displayLanguage: languageSelect.value,
        contentLanguage: languageSelect.value,
        officeTheme: officeTheme(),
        requirements: {
          isSetSupported: function (name, version) {
            if (name === 'Mailbox') return atMost(version, '1.14');
            if (name === 'IdentityAPI') return atMost(version, '1.3');
            return false; // NestedAppAuth among them: the demo offers Office SSO only.
          },
        },
        mailbox: {
          item: readMode ? readItem : composeItem,
          addHandlerAsync: function (eventType, handler, callback) {
            if (eventType === 'officeThemeChanged') themeHandlers.push(handler);
            if (typeof callback === 'function')
              setTimeout(function () {
                callback({ status: 'succeeded' });
              }, 0);
          },
        },
      },
      auth: { getAccessToken: getAccessToken },
    };
  }

  function loadPane() {
    themeHandlers = [];
    frame.src = '/demo/outlook/pane';
  }

  document.querySelectorAll('[data-theme-choice]').forEach(function (button) {
    button.addEventListener('click', function () {
      theme = button.getAttribute('data-theme-choice');
      document.body.dataset.theme = theme;
      document.querySelectorAll('[data-theme-choice]').forEach(function (other) {
        other.setAttribute('aria-pressed', String(other === button));
      });
      themeHandlers.forEach(function (handler) {
        handler({ type: 'officeThemeChanged', officeTheme: officeTheme() });
      });
    });
  });
  userSelect.addEventListener('change', function () {
    status.textContent = 'Signed in to Outlook as ' + userSelect.value + '.';
    loadPane();
  });
  languageSelect.addEventListener('change', loadPane);
  ssoFailsBox.addEventListener('change', loadPane);
  document.getElementById('reload-pane').addEventListener('click', loadPane);
  document.getElementById('clear-attachments').addEventListener('click', function () {
    attachments = [];
    render();
  });

  window.DatahavenOutlookSimulator = {
    officeFor: officeFor,
    /** What the message holds: name, decoded size, inline or not, and the base64 text. */
    attachments: function () {
      return attachments.map(function (attachment) {
        return { name: attachment.name, size: attachment.size, isInline: attachment.isInline, base64: attachment.base64 };
      });
    },
    /** Office.context.ui.openBrowserWindow, lent to the pane's Office by office-standin.js. */
    openBrowserWindow: openBrowserWindow,
    /** Every URL the pane opened in a browser window, in order. */
    openedWindows: function () {
      return openedWindows.slice();
    },
  };

  /** "Name <address>" of a recipient or sender. */
  function addressLine(person) {
    return person.displayName + ' <' + person.emailAddress + '>';
  }

  if (readMode) {
    // The simulator shows the received message instead of a draft: its sender under From, the mailbox under To, read-only.
    document.getElementById('compose-title').textContent = readItem.subject;
    document.getElementById('read-from-field').hidden = false;
    document.getElementById('read-from').value = addressLine(readItem.from);
    document.getElementById('compose-to').value = readItem.to.map(addressLine).join('; ');
    document.getElementById('compose-subject').value = readItem.subject;
    document.getElementById('compose-body').value = 'Please find our invoice attached.';
    ['compose-to', 'compose-subject', 'compose-body'].forEach(function (id) {
      document.getElementById(id).readOnly = true;
    });
    document.getElementById('clear-attachments').hidden = true;
    // The invoice's real size (Outlook lists it, and the pane reads it from the item), then the pane.
    readInvoicePdf().then(
      function (bytes) {
        readItem.attachments[0].size = bytes.length;
        showReadAttachments();
      },
      function (error) {
        status.textContent = String(error && error.message ? error.message : error);
        showReadAttachments();
      },
    );
  } else {
    render();
    loadPane();
  }

  function showReadAttachments() {
    readItem.attachments.forEach(function (attachment) {
      attachments.push({ id: attachment.id, name: attachment.name, size: attachment.size, isInline: false, base64: '' });
    });
    render();
    loadPane();
  }
})();
