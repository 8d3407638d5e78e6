/*
 * Datahaven Documents: the Business Central control add-in's relay script.
 *
 * Runs inside the control add-in's document (plain browser JavaScript, ES2017, no modules).
 * It creates the Datahaven iframe and relays between AL and the iframe:
 *   AL -> script: the procedures SetBaseUrl, SetStartPath, SetContext, SetToken, Refresh,
 *                 SetTheme, EmailDraftDone and SendRecordEvent (globals here);
 *   script -> AL: the events ControlReady, RequestToken, SelectedDocumentsChanged, UploadQueued,
 *                 EmailDraftRequested, RecordLaunchRequested, RefreshRequested and CaptureRequested,
 *                 raised one at a time through
 *                 Microsoft.Dynamics.NAV.InvokeExtensibilityMethod (BC throttles chatty add-ins).
 *   script <-> iframe: JSON strings { id, method, path, body } answered by { id, status, body }
 *                 (the product's parent-frame protocol). Messages are accepted only from the
 *                 iframe's window at the iframe's origin and posted only to that origin.
 */
(function (global) {
  'use strict';

  var TIMEOUT_MS = 10000;
  /* The screens a BC page may open the iframe on; anything else is refused so AL cannot point the
     iframe at an arbitrary path of the server. */
  var START_PATHS = ['/folders', '/workflow', '/search'];
  var DEVICE_CATEGORIES = ['Desktop', 'Tablet', 'Phone'];
  /* The Fluent themes the iframe knows (HostThemeName in the core). */
  var THEMES = ['webLight', 'webDark', 'teamsLight', 'teamsDark', 'teamsHighContrast'];

  var container = null;
  var iframe = null;
  var iframeOrigin = null;
  var baseUrl = null;
  var context = null;
  var startPath = '/folders';
  var ready = false;
  var nextId = 1;
  var pendingAnswers = {};
  var tokenWaiters = [];
  var latestToken = null;
  var tokenPushPending = false;
  var refreshPending = false;
  var theme = null;
  var themePending = false;
  /* Insert events AL sent before the iframe's handshake, sent once it is ready. */
  var pendingRecordEvents = [];
  var alQueue = [];
  var alBusy = false;
  /* POST /email-draft requests waiting for AL's EmailDraftDone, by request id. */
  var pendingDrafts = {};

  function nav() {
    var ms = global.Microsoft;
    return ms && ms.Dynamics && ms.Dynamics.NAV ? ms.Dynamics.NAV : null;
  }

  function log(message, detail) {
    if (global.console && global.console.warn) global.console.warn('[Datahaven relay] ' + message, detail === undefined ? '' : detail);
  }

  /* Raises an AL event. Calls are queued and chained through the callbacks so at most one
     is in flight; the arguments are always an array. */
  function raiseAlEvent(name, args) {
    return new Promise(function (resolve, reject) {
      alQueue.push({ name: name, args: args, resolve: resolve, reject: reject });
      pumpAlQueue();
    });
  }

  function pumpAlQueue() {
    if (alBusy || alQueue.length === 0) return;
    var next = alQueue.shift();
    var api = nav();
    if (!api || typeof api.InvokeExtensibilityMethod !== 'function') {
      next.reject(new Error('Microsoft.Dynamics.NAV is not available.'));
      pumpAlQueue();
      return;
    }
    alBusy = true;
    var done = false;
    function finish(error) {
      if (done) return;
      done = true;
      alBusy = false;
      if (error) next.reject(error instanceof Error ? error : new Error(String(error)));
      else next.resolve();
      pumpAlQueue();
    }
    try {
      api.InvokeExtensibilityMethod(
        next.name,
        next.args,
        false,
        function () {
          finish(null);
        },
        function (error) {
          finish(error || new Error(next.name + ' failed.'));
        },
      );
    } catch (error) {
      finish(error);
    }
  }

  function clientType() {
    var api = nav();
    if (api && typeof api.GetEnvironment === 'function') {
      var env = api.GetEnvironment();
      if (env && typeof env.DeviceCategory === 'number' && DEVICE_CATEGORIES[env.DeviceCategory]) {
        return DEVICE_CATEGORIES[env.DeviceCategory];
      }
    }
    return context && context.clientType ? context.clientType : 'Desktop';
  }

  function normalizeRecordId(value) {
    return typeof value === 'string' ? value.replace(/[{}]/g, '').toLowerCase() : value;
  }

  function currentContext() {
    var result = {};
    if (context) {
      Object.keys(context).forEach(function (key) {
        result[key] = context[key];
      });
    }
    result.clientType = clientType();
    if (theme) result.theme = theme;
    return result;
  }

  function sameRecord(a, b) {
    if (!a || !b) return false;
    return (
      a.dataAreaId === b.dataAreaId && a.recordId === b.recordId && String(a.tableId) === String(b.tableId) && a.typeName === b.typeName
    );
  }

  function iframeUrl() {
    var query = [];
    var ctx = currentContext();
    ['dataAreaId', 'recordId', 'tableId', 'typeName', 'sourceType', 'sitId'].forEach(function (key) {
      if (ctx[key] !== undefined && ctx[key] !== null && ctx[key] !== '') {
        query.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(ctx[key])));
      }
    });
    return baseUrl + startPath + (query.length ? '?' + query.join('&') : '');
  }

  function createIframe() {
    if (iframe || !container || !baseUrl || !context) return;
    iframe = global.document.createElement('iframe');
    iframe.title = 'Datahaven Documents';
    iframe.setAttribute('data-datahaven', 'documents');
    iframe.style.border = '0';
    iframe.style.width = '100%';
    iframe.style.height = '100%';
    iframe.style.display = 'block';
    iframe.src = iframeUrl();
    container.appendChild(iframe);
  }

  function post(message) {
    if (!iframe || !iframe.contentWindow || !iframeOrigin) return;
    iframe.contentWindow.postMessage(JSON.stringify(message), iframeOrigin);
  }

  function answer(id, status, body) {
    var message = { id: id, status: status };
    if (body !== undefined) message.body = body;
    post(message);
  }

  /* Sends a request to the iframe; answers are matched by id, unanswered ones are dropped
     after the time-out with the protocol's text. */
  function request(method, path, body) {
    var id = nextId++;
    var message = { id: id, method: method, path: path };
    if (body !== undefined) message.body = body;
    pendingAnswers[id] = global.setTimeout(function () {
      delete pendingAnswers[id];
      log('Message #' + id + ' timed out.');
    }, TIMEOUT_MS);
    post(message);
  }

  function pushToken() {
    if (!ready) {
      tokenPushPending = true;
      return;
    }
    tokenPushPending = false;
    request('PUT', '/user/token', latestToken);
  }

  function sendRefresh() {
    if (!ready) {
      refreshPending = true;
      return;
    }
    refreshPending = false;
    request('PUT', '/refresh');
  }

  function flushRecordEvents() {
    var waiting = pendingRecordEvents;
    pendingRecordEvents = [];
    waiting.forEach(function (event) {
      request('PUT', '/record/event', event);
    });
  }

  function pushTheme() {
    if (!ready) {
      themePending = true;
      return;
    }
    themePending = false;
    request('PUT', '/theme', theme);
  }

  function forwardToAl(id, eventName, body) {
    raiseAlEvent(eventName, [JSON.stringify(body === undefined ? null : body)]).then(
      function () {
        answer(id, 200);
      },
      function (error) {
        log(eventName + ' failed.', error);
        answer(id, 500);
      },
    );
  }

  function draftError(text) {
    return JSON.stringify({ message: text });
  }

  /* POST /email-draft { docIds, embedAnnotations, emailLinkUrl }: AL builds the draft in BC's
     e-mail editor. The link must point at our server (AL fetches with the user's token), so
     anything else is refused here. AL reports back through EmailDraftDone(requestId, resultJson);
     the answer waits for that, as the editor opens only after AL has fetched the documents. */
  function requestEmailDraft(message) {
    var body = message.body || {};
    var docIds = Array.isArray(body.docIds) ? body.docIds : [];
    var validIds =
      docIds.length > 0 &&
      docIds.every(function (id) {
        return typeof id === 'number' && id > 0 && Math.floor(id) === id;
      });
    var link = null;
    try {
      link = new URL(String(body.emailLinkUrl));
    } catch (error) {
      link = null;
    }
    if (!validIds || !link || link.origin !== iframeOrigin || !/\/api\/email-link$/.test(link.pathname)) {
      answer(message.id, 400, draftError('The e-mail draft request needs docIds and an e-mail link on the Datahaven server.'));
      return;
    }
    var embed = body.embedAnnotations === true || body.embedAnnotations === false ? body.embedAnnotations : null;
    pendingDrafts[message.id] = true;
    var draft = { requestId: message.id, docIds: docIds, embedAnnotations: embed, emailLinkUrl: link.href };
    raiseAlEvent('EmailDraftRequested', [JSON.stringify(draft)]).catch(function (error) {
      log('EmailDraftRequested failed.', error);
      if (!pendingDrafts[message.id]) return;
      delete pendingDrafts[message.id];
      answer(message.id, 502, draftError('Business Central could not create the e-mail draft.'));
    });
  }

  function handleRequest(message) {
    var key = message.method + ' ' + message.path;
    switch (key) {
      case 'POST /ready':
        ready = true;
        answer(message.id, 200);
        if (tokenPushPending) pushToken();
        if (refreshPending) sendRefresh();
        if (themePending) pushTheme();
        flushRecordEvents();
        return;
      case 'GET /context':
        answer(message.id, 200, currentContext());
        return;
      case 'GET /user/token':
        tokenWaiters.push(message.id);
        if (tokenWaiters.length === 1) {
          raiseAlEvent('RequestToken', []).catch(function (error) {
            log('RequestToken failed.', error);
            var waiting = tokenWaiters;
            tokenWaiters = [];
            waiting.forEach(function (waiter) {
              answer(waiter, 502);
            });
          });
        }
        return;
      case 'PUT /selected-documents':
        forwardToAl(message.id, 'SelectedDocumentsChanged', message.body);
        return;
      case 'POST /queue/upload':
        forwardToAl(message.id, 'UploadQueued', message.body);
        return;
      case 'POST /email-draft':
        requestEmailDraft(message);
        return;
      case 'POST /record/launch':
        /* Launch Card: AL opens the record's card page (Page.Run); a failure lets the iframe open its URL. */
        forwardToAl(message.id, 'RecordLaunchRequested', message.body);
        return;
      case 'POST /record/capture':
        /* Capture (embedded §7 "a capture starts by messaging the parent"): AL starts BC's capture of
           the record; a failure answers 500 and the iframe says the request could not be fulfilled. */
        forwardToAl(message.id, 'CaptureRequested', message.body);
        return;
      case 'PUT /refreshinframe':
        /* A document was linked in the iframe: it reads its record's folders again. */
        answer(message.id, 200);
        sendRefresh();
        return;
      case 'PUT /refresh':
        /* ... and the ERP page re-reads its record (CurrPage.Update), refreshing the other parts. */
        forwardToAl(message.id, 'RefreshRequested', message.body);
        return;
      default:
        answer(message.id, 404);
    }
  }

  function onMessage(event) {
    if (!iframe || event.source !== iframe.contentWindow || event.origin !== iframeOrigin) return;
    if (typeof event.data !== 'string') return;
    var message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (!message || typeof message.id !== 'number') return;
    if (typeof message.status === 'number' && message.method === undefined) {
      if (pendingAnswers[message.id] !== undefined) {
        global.clearTimeout(pendingAnswers[message.id]);
        delete pendingAnswers[message.id];
        if (message.status >= 400) log('The iframe answered ' + message.status + ' to message #' + message.id + '.');
      }
      return;
    }
    if (typeof message.method === 'string' && typeof message.path === 'string') handleRequest(message);
  }

  /* ---- procedures AL calls (CurrPage.<Control>.<Procedure>) ---- */

  function SetBaseUrl(url) {
    var trimmed = String(url || '').replace(/\/+$/, '');
    var origin;
    try {
      origin = new URL(trimmed).origin;
    } catch (error) {
      log('SetBaseUrl needs an absolute URL.', url);
      return;
    }
    if (iframe && origin !== iframeOrigin) {
      log('The base URL cannot change once the iframe exists.', url);
      return;
    }
    baseUrl = trimmed;
    iframeOrigin = origin;
    createIframe();
  }

  /* Which screen the iframe opens on: the record's folders (default), the workflow or search.
     Call before SetContext; the iframe is created once and keeps its screen. */
  function SetStartPath(path) {
    var text = String(path || '');
    if (START_PATHS.indexOf(text) < 0) {
      log('SetStartPath accepts ' + START_PATHS.join(', ') + '.', path);
      return;
    }
    if (iframe) {
      log('The start path cannot change once the iframe exists.', path);
      return;
    }
    startPath = text;
  }

  function SetContext(contextJson) {
    var next;
    try {
      next = typeof contextJson === 'string' ? JSON.parse(contextJson) : contextJson;
    } catch (error) {
      log('SetContext received text that is not JSON.', contextJson);
      return;
    }
    if (!next || typeof next !== 'object') return;
    next.recordId = normalizeRecordId(next.recordId);
    var changed = context !== null && !sameRecord(context, next);
    context = next;
    if (!iframe) createIframe();
    else if (changed) sendRefresh();
  }

  function SetToken(token) {
    var text = String(token || '');
    var waiting = tokenWaiters;
    tokenWaiters = [];
    if (!text) {
      /* AL could not mint a token: fail the waiting requests instead of letting them time out. */
      waiting.forEach(function (waiter) {
        answer(waiter, 502);
      });
      return;
    }
    latestToken = text;
    if (waiting.length > 0) {
      waiting.forEach(function (waiter) {
        answer(waiter, 200, latestToken);
      });
      return;
    }
    pushToken();
  }

  function Refresh() {
    sendRefresh();
  }

  /* The page's theme: one of THEMES. The iframe restyles at once (PUT /theme) and reads it again
     with GET /context after a reload. */
  function SetTheme(name) {
    var text = String(name || '');
    if (THEMES.indexOf(text) < 0) {
      log('SetTheme accepts ' + THEMES.join(', ') + '.', name);
      return;
    }
    theme = text;
    if (iframe) pushTheme();
  }

  /* AL's answer to EmailDraftRequested: an empty result (or one without a message) when the editor
     opened, else JSON { "message": "…" }, which the iframe shows in an alert (spec §8). */
  function EmailDraftDone(requestId, resultJson) {
    var id = Number(requestId);
    if (!pendingDrafts[id]) {
      log('EmailDraftDone for an unknown request.', requestId);
      return;
    }
    delete pendingDrafts[id];
    var text = String(resultJson || '');
    var result = null;
    try {
      result = text ? JSON.parse(text) : null;
    } catch (error) {
      result = { message: text };
    }
    if (result && typeof result.message === 'string' && result.message !== '') answer(id, 502, JSON.stringify({ message: result.message }));
    else answer(id, 200);
  }

  /* A record was inserted on the ERP page (embedded §7 PUT /record/event, insert events): AL sends
     {eventType: 'insert', typeName, tableId, dataAreaId, recordId, number}, and the iframe links a
     pending New Card From Document to it. Anything but an insert with a type and a record is refused here. */
  function SendRecordEvent(eventJson) {
    var event;
    try {
      event = typeof eventJson === 'string' ? JSON.parse(eventJson) : eventJson;
    } catch (error) {
      log('SendRecordEvent received text that is not JSON.', eventJson);
      return;
    }
    if (
      !event ||
      event.eventType !== 'insert' ||
      typeof event.typeName !== 'string' ||
      !event.typeName ||
      typeof event.recordId !== 'string' ||
      !event.recordId
    ) {
      log('SendRecordEvent needs {eventType: "insert", typeName, dataAreaId, recordId}.', eventJson);
      return;
    }
    event.recordId = normalizeRecordId(event.recordId);
    if (!ready) {
      pendingRecordEvents.push(event);
      return;
    }
    request('PUT', '/record/event', event);
  }

  function start(element) {
    container = element || global.document.getElementById('controlAddIn') || global.document.body;
    global.addEventListener('message', onMessage);
    createIframe();
    return raiseAlEvent('ControlReady', []).catch(function (error) {
      log('ControlReady failed.', error);
    });
  }

  global.SetBaseUrl = SetBaseUrl;
  global.SetStartPath = SetStartPath;
  global.SetContext = SetContext;
  global.SetToken = SetToken;
  global.Refresh = Refresh;
  global.SetTheme = SetTheme;
  global.EmailDraftDone = EmailDraftDone;
  global.SendRecordEvent = SendRecordEvent;
  global.DatahavenRelay = { start: start };
})(window);
