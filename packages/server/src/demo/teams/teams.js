/*
 * The demo Teams page: plays Microsoft Teams around the Datahaven Documents channel tab.
 *
 * It hosts the configuration page (/integration/teams/configure, frame context 'settings') and
 * the tab (the saved contentUrl, frame context 'content') in iframes and answers TeamsJS 2.x's
 * postMessage protocol as @microsoft/teams-js 2.58 expects it (src/internal/communication.js):
 * the app posts { id, uuidAsString, func, args, … } to its parent; the host answers
 * { id, uuidAsString, args } to the same window; the host's own events are { func, args } with
 * no id. What is answered:
 *
 * - initialize → [frameContext, 'web', runtime config (JSON, apiVersion 4, without
 *   nestedAppAuth: NAA reported unsupported), the SDK version] (public/app/app.js)
 * - getContext → the legacy context object (entityId, subEntityId, theme, tid, userObjectId,
 *   loginHint, channel and team), which the SDK maps to app.Context
 * - settings.setValidityState (one way) enables Save; Save sends 'settings.save'; the page's
 *   settings.setSettings → [true]; settings.save.success / .failure (one way) end the save
 *   (public/pages/config.js, internal/pagesHelpers.js); settings.getSettings → [the saved config]
 * - authentication.getAuthToken → [true, token] from the demo Entra ID (POST
 *   /demo/entra/{tid}/sign) or [false, reason] (public/authentication.js)
 * - executeDeepLink → opens a Teams deep link of this app in the tab, [true]
 * - theme buttons post { func: 'themeChange', args: [theme] } to both frames
 *
 * The tab reaches this page's origin only because the server lists it among the host origins
 * the tab passes to app.initialize (and the SDK accepts its own origin): nothing in the product
 * knows about the simulator. The saved tab configuration is kept in localStorage.
 */
(function () {
  'use strict';

  var CONFIG_KEY = 'datahaven.demo.teams.tab';
  var USER_KEY = 'datahaven.demo.teams.user';
  var THEME_KEY = 'datahaven.demo.teams.theme';
  var THEMES = ['default', 'dark', 'contrast'];
  var ORIGIN = window.location.origin;

  /* What a Teams web client tells an app it supports (runtime apiVersion 4). nestedAppAuth is
     left out on purpose: the tab then signs in with authentication.getAuthToken. */
  var RUNTIME = {
    apiVersion: 4,
    isLegacyTeams: false,
    hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
    supports: {
      appEntity: {},
      pages: { appButton: {}, backStack: {}, config: {}, tabs: {} },
      teamsCore: {},
    },
  };

  /* The demo team and channel the tab is pinned in. */
  var TEAM = { id: '19:demo-finance@thread.tacv2', name: 'Finance', groupId: '55555555-5555-4555-8555-555555555555' };
  var CHANNEL = { id: '19:demo-approvals@thread.tacv2', name: 'Approvals' };

  var params = new URLSearchParams(window.location.search);
  var users = readUsers();
  var settings = null; // GET /api/integration/teams/settings
  var settingsReady = null; // a promise: messages wait for the settings (tenant, app id)
  var sessionCounter = 0;

  var state = {
    user: params.get('user') || storageGet(USER_KEY) || 'approver',
    theme: THEMES.indexOf(params.get('theme')) >= 0 ? params.get('theme') : storageGet(THEME_KEY) || 'default',
    saved: readSavedConfig(),
    // The frames this page hosts, by frame context.
    frames: {
      settings: { kind: 'settings', element: null, sessionId: '', reconfigure: false, validity: false, pending: null, saving: false },
      content: { kind: 'content', element: null, sessionId: '', config: null, subEntityId: null },
    },
  };

  function byId(id) {
    return document.getElementById(id);
  }

  function storageGet(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  function storageSet(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) {
      /* private mode: the page still works for this visit */
    }
  }

  function readUsers() {
    try {
      var parsed = JSON.parse(document.body.getAttribute('data-users') || '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch (error) {
      return [];
    }
  }

  function currentUser() {
    for (var i = 0; i < users.length; i += 1) if (users[i].username === state.user) return users[i];
    return { username: state.user, displayName: state.user, email: state.user, oid: '' };
  }

  function isTabConfig(value) {
    return (
      !!value &&
      typeof value === 'object' &&
      typeof value.entityId === 'string' &&
      value.entityId !== '' &&
      typeof value.contentUrl === 'string' &&
      value.contentUrl !== ''
    );
  }

  function readSavedConfig() {
    try {
      var parsed = JSON.parse(storageGet(CONFIG_KEY) || 'null');
      return isTabConfig(parsed) ? parsed : null;
    } catch (error) {
      return null;
    }
  }

  function logEvent(text) {
    var list = byId('sdk-events');
    var item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString() + '  ' + text;
    list.insertBefore(item, list.firstChild);
    while (list.children.length > 40) list.removeChild(list.lastChild);
  }

  function newSessionId() {
    sessionCounter += 1;
    return 'demo-session-' + Date.now().toString(36) + '-' + sessionCounter;
  }

  /* A content URL as this page loads it: the tab's pages are served by this very server, so a
     saved URL with another origin (a public URL behind a proxy) is loaded from here instead. */
  function sameOriginUrl(url) {
    var parsed = new URL(url, ORIGIN);
    if (parsed.origin !== ORIGIN)
      logEvent('The saved content URL points at ' + parsed.origin + '; the demo loads its path from ' + ORIGIN + '.');
    return ORIGIN + parsed.pathname + parsed.search + parsed.hash;
  }

  /* ---------- the protocol ---------- */

  function frameOf(source) {
    var kinds = ['settings', 'content'];
    for (var i = 0; i < kinds.length; i += 1) {
      var frame = state.frames[kinds[i]];
      if (frame.element && frame.element.contentWindow === source) return frame;
    }
    return null;
  }

  function post(frame, message) {
    if (frame.element && frame.element.contentWindow) frame.element.contentWindow.postMessage(message, ORIGIN);
  }

  /* An answer to a request: the same id and uuid, the results as args. */
  function reply(frame, request, args) {
    post(frame, { id: request.id, uuidAsString: request.uuidAsString, args: args, timestamp: Date.now() });
  }

  /* The legacy context object the SDK turns into app.Context (public/app/app.js). */
  function contextFor(frame) {
    var user = currentUser();
    var config = frame.kind === 'content' ? frame.config : frame.reconfigure ? state.saved : null;
    var context = {
      entityId: config ? config.entityId : '',
      theme: state.theme,
      locale: 'en-us',
      frameContext: frame.kind,
      hostClientType: 'web',
      hostName: 'Teams',
      appSessionId: frame.sessionId,
      sessionId: 'demo-teams-client',
      tid: settings ? settings.tenantId : '',
      tenantSKU: 'enterprise',
      userObjectId: user.oid,
      loginHint: user.email,
      userPrincipalName: user.email,
      userDisplayName: user.displayName,
      userLicenseType: 'Unknown',
      teamId: TEAM.id,
      teamName: TEAM.name,
      groupId: TEAM.groupId,
      teamType: 0,
      userTeamRole: 0,
      channelId: CHANNEL.id,
      channelName: CHANNEL.name,
      channelType: 'Regular',
      isFullScreen: false,
    };
    if (settings && settings.teamsAppId) context.appId = settings.teamsAppId;
    if (frame.kind === 'content' && frame.subEntityId) context.subEntityId = frame.subEntityId;
    return context;
  }

  function handleMessage(frame, message) {
    var args = Array.isArray(message.args) ? message.args : [];
    switch (message.func) {
      case 'initialize':
        logEvent(frame.kind + ': initialize (TeamsJS ' + String(args[0]) + ')');
        reply(frame, message, [frame.kind, 'web', JSON.stringify(RUNTIME), String(args[0] || '2.0.0')]);
        return;
      case 'getContext':
        logEvent(
          frame.kind + ': getContext' + (frame.kind === 'content' && frame.subEntityId ? ' (subEntityId ' + frame.subEntityId + ')' : ''),
        );
        reply(frame, message, [contextFor(frame)]);
        return;
      case 'registerHandler':
        logEvent(frame.kind + ': registerHandler ' + String(args[0]));
        return;
      case 'appInitialization.appLoaded':
      case 'appInitialization.success':
        logEvent(frame.kind + ': ' + message.func);
        return;
      case 'appInitialization.failure':
      case 'appInitialization.expectedFailure':
        logEvent(frame.kind + ': ' + message.func + ' ' + String(args[1] || args[0] || ''));
        return;
      case 'settings.setValidityState':
        if (frame.kind !== 'settings') return;
        frame.validity = args[0] === true;
        logEvent('settings: setValidityState ' + frame.validity);
        renderSaveButton();
        return;
      case 'settings.getSettings':
        logEvent(frame.kind + ': getSettings');
        reply(frame, message, [frame.kind === 'content' ? frame.config || {} : frame.reconfigure && state.saved ? state.saved : {}]);
        return;
      case 'settings.setSettings':
        if (frame.kind !== 'settings' || !args[0] || typeof args[0] !== 'object') {
          reply(frame, message, [false, 'setConfig is answered on the configuration page only.']);
          return;
        }
        frame.pending = args[0];
        logEvent('settings: setSettings ' + JSON.stringify(args[0]));
        reply(frame, message, [true]);
        return;
      case 'settings.save.success':
        if (frame.kind === 'settings') finishSave(frame);
        return;
      case 'settings.save.failure':
        if (frame.kind !== 'settings') return;
        frame.saving = false;
        logEvent('settings: save failed: ' + String(args[0] || ''));
        byId('configure-status').textContent = String(args[0] || 'The tab could not be saved.');
        renderSaveButton();
        return;
      case 'authentication.getAuthToken':
        answerAuthToken(frame, message);
        return;
      case 'executeDeepLink':
        logEvent(frame.kind + ': executeDeepLink ' + String(args[0]));
        if (openDeepLink(String(args[0] || ''))) reply(frame, message, [true]);
        else reply(frame, message, [false, 'The demo host opens only deep links into this app.']);
        return;
      default:
        // Requests the demo does not play stay unanswered, as a host without the capability would leave them.
        logEvent(frame.kind + ': ' + message.func + ' (not played by the demo host)');
    }
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN) return;
    var frame = frameOf(event.source);
    var message = event.data;
    if (!frame || !message || typeof message !== 'object' || typeof message.func !== 'string') return;
    settingsReady.then(function () {
      handleMessage(frame, message);
    });
  });

  function answerAuthToken(frame, message) {
    var user = currentUser();
    if (!settings || !settings.tenantId) {
      reply(frame, message, [false, 'The server has no Entra tenant configured, so Teams cannot sign you in.']);
      return;
    }
    logEvent(frame.kind + ': getAuthToken for ' + user.username);
    fetch('/demo/entra/' + encodeURIComponent(settings.tenantId) + '/sign', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
      body: JSON.stringify({ username: user.username }),
    })
      .then(function (response) {
        return response.text().then(function (text) {
          if (!response.ok) throw new Error('The demo Entra ID refused: ' + (text || response.status));
          return text.trim();
        });
      })
      .then(
        function (token) {
          reply(frame, message, [true, token]);
        },
        function (error) {
          reply(frame, message, [false, error.message]);
        },
      );
  }

  /* ---------- configure and save ---------- */

  function renderSaveButton() {
    var frame = state.frames.settings;
    byId('configure-save').disabled = !frame.validity || frame.saving;
  }

  function openConfigure(reconfigure) {
    var frame = state.frames.settings;
    frame.reconfigure = reconfigure;
    frame.validity = false;
    frame.pending = null;
    frame.saving = false;
    frame.sessionId = newSessionId();
    byId('configure-status').textContent = '';
    byId('configure').hidden = false;
    byId('tab-content').hidden = true;
    byId('channel-empty').hidden = true;
    renderSaveButton();
    logEvent('settings: opening the configuration page' + (reconfigure ? ' (reconfigure)' : ''));
    frame.element.src = ORIGIN + '/integration/teams/configure';
  }

  function closeConfigure() {
    var frame = state.frames.settings;
    frame.element.src = 'about:blank';
    frame.validity = false;
    frame.pending = null;
    frame.saving = false;
    byId('configure').hidden = true;
    renderChannel();
  }

  function save() {
    var frame = state.frames.settings;
    if (!frame.validity || frame.saving) return;
    frame.saving = true;
    frame.pending = null;
    byId('configure-status').textContent = 'Saving…';
    renderSaveButton();
    logEvent('settings: save');
    post(frame, { func: 'settings.save', args: [{}] });
  }

  function finishSave(frame) {
    frame.saving = false;
    var config = frame.pending;
    if (!isTabConfig(config)) {
      byId('configure-status').textContent = 'The page reported success without a configuration (setConfig with contentUrl and entityId).';
      renderSaveButton();
      return;
    }
    state.saved = {
      entityId: config.entityId,
      contentUrl: config.contentUrl,
      suggestedDisplayName: config.suggestedDisplayName || 'Datahaven Documents',
      websiteUrl: config.websiteUrl || config.contentUrl,
    };
    storageSet(CONFIG_KEY, JSON.stringify(state.saved));
    logEvent('settings: saved ' + state.saved.entityId);
    closeConfigure();
    openTab(state.saved, null);
  }

  /* ---------- the tab ---------- */

  function openTab(config, subEntityId) {
    var frame = state.frames.content;
    frame.config = config;
    frame.subEntityId = subEntityId;
    frame.sessionId = newSessionId();
    byId('configure').hidden = true;
    byId('channel-empty').hidden = true;
    byId('tab-content').hidden = false;
    var button = byId('tab-button');
    button.hidden = false;
    button.textContent = config.suggestedDisplayName || 'Datahaven Documents';
    logEvent('content: opening ' + config.contentUrl + (subEntityId ? ' with subEntityId ' + subEntityId : ''));
    frame.element.src = sameOriginUrl(config.contentUrl);
  }

  /* The tab a deep link's entityId names: the saved one, or (a tab pinned elsewhere) the queue's. */
  function configForEntity(entityId) {
    if (state.saved && state.saved.entityId === entityId) return state.saved;
    var match = /^datahaven-(queue|queuetype)-(\d+)$/.exec(entityId);
    if (!match) return null;
    var url = ORIGIN + (match[1] === 'queue' ? '/teams/queues/' : '/teams/queue-types/') + match[2];
    return { entityId: entityId, contentUrl: url, websiteUrl: url, suggestedDisplayName: 'Datahaven Documents' };
  }

  /* A Teams deep link (https://teams.microsoft.com/l/entity/<appId>/<entityId>?context={"subEntityId":…}). */
  function parseDeepLink(link) {
    var url;
    try {
      url = new URL(link);
    } catch (error) {
      return null;
    }
    var match = /^\/l\/entity\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (url.hostname !== 'teams.microsoft.com' || !match) return null;
    var context = {};
    try {
      context = JSON.parse(url.searchParams.get('context') || '{}') || {};
    } catch (error) {
      context = {};
    }
    return {
      appId: decodeURIComponent(match[1]),
      entityId: decodeURIComponent(match[2]),
      subEntityId: typeof context.subEntityId === 'string' ? context.subEntityId : null,
    };
  }

  function openDeepLink(link) {
    var target = parseDeepLink(link);
    if (!target || (settings && settings.teamsAppId && target.appId !== settings.teamsAppId)) return false;
    var config = configForEntity(target.entityId);
    if (!config) return false;
    openTab(config, target.subEntityId);
    return true;
  }

  function renderChannel() {
    var hasTab = !!state.saved;
    byId('add-tab').hidden = hasTab;
    byId('reconfigure-tab').hidden = !hasTab;
    byId('channel-empty').hidden = hasTab || !byId('configure').hidden;
    var button = byId('tab-button');
    button.hidden = !hasTab;
    if (hasTab) button.textContent = state.saved.suggestedDisplayName;
    renderSavedConfig();
  }

  function renderSavedConfig() {
    var list = byId('saved-config');
    list.textContent = '';
    if (!state.saved) {
      var none = document.createElement('p');
      none.className = 'side-hint';
      none.textContent = 'None yet.';
      list.appendChild(none);
      return;
    }
    ['suggestedDisplayName', 'entityId', 'contentUrl', 'websiteUrl'].forEach(function (name) {
      var row = document.createElement('div');
      var term = document.createElement('dt');
      term.textContent = name;
      var value = document.createElement('dd');
      value.textContent = state.saved[name] || '';
      value.setAttribute('data-field', name);
      row.appendChild(term);
      row.appendChild(value);
      list.appendChild(row);
    });
  }

  /* ---------- theme and user ---------- */

  function applyTheme(theme) {
    state.theme = theme;
    storageSet(THEME_KEY, theme);
    document.body.setAttribute('data-theme', theme);
    var buttons = document.querySelectorAll('[data-theme-choice]');
    for (var i = 0; i < buttons.length; i += 1)
      buttons[i].setAttribute('aria-pressed', String(buttons[i].getAttribute('data-theme-choice') === theme));
  }

  function changeTheme(theme) {
    if (theme === state.theme) return;
    applyTheme(theme);
    logEvent('themeChange ' + theme);
    // Live, as Teams does: both frames hear it without a reload.
    post(state.frames.settings, { func: 'themeChange', args: [theme] });
    post(state.frames.content, { func: 'themeChange', args: [theme] });
  }

  function changeUser(username) {
    state.user = username;
    storageSet(USER_KEY, username);
    logEvent('signed in to Teams as ' + username);
    renderActivity();
    // Another person in Teams is another session: the open frames start again as that person.
    if (!byId('configure').hidden) openConfigure(state.frames.settings.reconfigure);
    else if (!byId('tab-content').hidden && state.frames.content.config) openTab(state.frames.content.config, null);
  }

  /* ---------- activity feed ---------- */

  var notifications = [];

  function templateText(notification) {
    var values = {};
    (notification.templateParameters || []).forEach(function (parameter) {
      values[parameter.name] = parameter.value;
    });
    var names = Object.keys(values);
    return names.length === 0
      ? notification.activityType
      : names
          .map(function (name) {
            return name + ' ' + values[name];
          })
          .join(', ');
  }

  function recipientName(userId) {
    for (var i = 0; i < users.length; i += 1)
      if (users[i].oid && users[i].oid === userId) return users[i].displayName + ' (' + users[i].username + ')';
    return userId;
  }

  function renderActivity() {
    var list = byId('activity-list');
    list.textContent = '';
    var user = currentUser();
    notifications
      .slice()
      .reverse()
      .forEach(function (notification) {
        var item = document.createElement('li');
        item.className = 'activity-item';
        item.setAttribute('data-notification-id', String(notification.id));
        if (user.oid && notification.userId === user.oid) item.classList.add('activity-mine');
        var title = document.createElement('p');
        title.className = 'activity-title';
        title.textContent = (notification.topic && notification.topic.value) || notification.activityType;
        var preview = document.createElement('p');
        preview.textContent = (notification.previewText && notification.previewText.content) || '';
        var meta = document.createElement('p');
        meta.className = 'activity-meta';
        meta.textContent = notification.activityType + ' · ' + templateText(notification) + ' · to ' + recipientName(notification.userId);
        item.appendChild(title);
        item.appendChild(preview);
        item.appendChild(meta);
        var webUrl = notification.topic && notification.topic.webUrl;
        var target = webUrl ? parseDeepLink(webUrl) : null;
        if (target) {
          var link = document.createElement('a');
          link.href = webUrl;
          link.textContent = 'Open in the tab';
          link.addEventListener('click', function (event) {
            event.preventDefault();
            if (!openDeepLink(webUrl)) byId('activity-status').textContent = 'This deep link is not for this app.';
          });
          item.appendChild(link);
        }
        list.appendChild(item);
      });
    byId('activity-status').textContent =
      notifications.length === 0
        ? 'No notifications yet.'
        : notifications.length + (notifications.length === 1 ? ' notification.' : ' notifications.');
  }

  function loadActivity() {
    return fetch('/demo/graph/notifications', { headers: { Accept: 'application/json' }, cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) throw new Error('The Graph stand-in answered ' + response.status + '.');
        return response.json();
      })
      .then(
        function (body) {
          var list = Array.isArray(body) ? body : body && Array.isArray(body.notifications) ? body.notifications : [];
          var changed = JSON.stringify(list) !== JSON.stringify(notifications);
          notifications = list;
          if (changed || byId('activity-list').children.length === 0) renderActivity();
        },
        function (error) {
          byId('activity-status').textContent = error.message;
        },
      );
  }

  /* ---------- start ---------- */

  function loadSettings() {
    return fetch('/api/integration/teams/settings', { headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('GET /api/integration/teams/settings answered ' + response.status + '.');
        return response.json();
      })
      .then(
        function (body) {
          settings = { tenantId: (body.tenantIds && body.tenantIds[0]) || '', teamsAppId: body.teamsAppId || '' };
          if (!settings.tenantId) logEvent('The server allows no Entra tenant (DATAHAVEN_ENTRA_TENANTS): the tab cannot sign in.');
        },
        function (error) {
          settings = { tenantId: '', teamsAppId: '' };
          logEvent(error.message);
        },
      );
  }

  function start() {
    state.frames.settings.element = byId('configure-frame');
    state.frames.content.element = byId('tab-frame');
    var select = byId('teams-user');
    if (
      !users.some(function (user) {
        return user.username === state.user;
      }) &&
      users.length > 0
    )
      state.user = users[0].username;
    select.value = state.user;
    select.addEventListener('change', function () {
      changeUser(select.value);
    });
    applyTheme(state.theme);
    var buttons = document.querySelectorAll('[data-theme-choice]');
    for (var i = 0; i < buttons.length; i += 1) {
      buttons[i].addEventListener('click', function (event) {
        changeTheme(event.currentTarget.getAttribute('data-theme-choice'));
      });
    }
    byId('add-tab').addEventListener('click', function () {
      openConfigure(false);
    });
    byId('reconfigure-tab').addEventListener('click', function () {
      openConfigure(true);
    });
    byId('configure-save').addEventListener('click', save);
    byId('configure-cancel').addEventListener('click', closeConfigure);
    byId('tab-button').addEventListener('click', function () {
      if (state.saved) openTab(state.saved, null);
    });
    byId('activity-refresh').addEventListener('click', loadActivity);
    renderChannel();
    renderActivity();
    settingsReady = loadSettings();
    settingsReady.then(function () {
      // The first load opens what the URL asks for: a deep link, or the saved tab.
      var link = params.get('deepLink');
      if (link && openDeepLink(link)) return;
      if (state.saved) openTab(state.saved, null);
    });
    loadActivity();
    window.setInterval(function () {
      if (!document.hidden) loadActivity();
    }, 3000);
  }

  start();
})();
