/*
 * The demo ERP page: plays Business Central around the real control add-in.
 *
 * - window.Microsoft.Dynamics.NAV is a stand-in for what BC gives a control add-in:
 *   InvokeExtensibilityMethod(name, args, skipIfBusy, onOk, onErr) runs "the AL trigger" for
 *   the event and calls onOk when it is done; GetEnvironment() answers UserName, CompanyName,
 *   DeviceCategory and Busy.
 * - The AL triggers are played here as AL would run them (manifests/bc/src/DatahavenDocumentsPart.Page.al):
 *   ControlReady → SetBaseUrl + SetContext; RequestToken → mint a token (our server with the
 *   demo API key) → SetToken; SelectedDocumentsChanged / UploadQueued → shown in the event list;
 *   EmailDraftRequested → where BC opens its e-mail editor with the documents attached, the demo
 *   fetches the .eml draft with the user's token and offers it as a download, then EmailDraftDone.
 * - Switching records calls SetContext, switching the demo user mints a token and calls
 *   SetToken then Refresh, as the procedures of the control add-in would be called from AL.
 */
(function () {
  'use strict';

  var params = new URLSearchParams(window.location.search);
  // Which BC page this is: the vendor and invoice cards with the FactBox, or page 50102 'Document
  // Workflow', where the control add-in opens on /workflow with the company as its only context.
  var page = params.get('page') === 'workflow' ? 'workflow' : 'records';

  var state = {
    records: [],
    selected: null,
    controlReady: false,
    user: params.get('user') || 'clerk',
  };
  // The BC session's language and format region, as ?locale=de-DE: AL hands them to the add-in in
  // the context (SetContext), and our iframe reads them from GET /context (its texts, dates, amounts).
  var locale = params.get('locale') || '';

  function byId(id) {
    return document.getElementById(id);
  }

  function logEvent(text) {
    var list = byId('addin-events');
    if (!list) return;
    var item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString() + '  ' + text;
    list.insertBefore(item, list.firstChild);
    while (list.children.length > 12) list.removeChild(list.lastChild);
  }

  function company() {
    var element = document.querySelector('.appbar-company');
    return element ? element.textContent.trim() : '';
  }

  /* The navigation links carry the demo user, so switching pages keeps who is signed in. */
  function updateNavigation() {
    var records = byId('nav-records');
    var workflow = byId('nav-workflow');
    var localeQuery = locale ? '&locale=' + encodeURIComponent(locale) : '';
    records.href = '/demo/erp?user=' + encodeURIComponent(state.user) + localeQuery;
    workflow.href = '/demo/erp?page=workflow&user=' + encodeURIComponent(state.user) + localeQuery;
    (page === 'workflow' ? workflow : records).setAttribute('aria-current', 'page');
  }

  /* Adds the session's language and region to a context for SetContext (none: the browser's own stay). */
  function withLocale(context) {
    if (locale) {
      context.language = locale;
      context.region = locale;
    }
    return context;
  }

  function contextJson(record) {
    var context = withLocale({});
    Object.keys(record.context).forEach(function (key) {
      context[key] = record.context[key];
    });
    context.clientType = 'Desktop';
    // What a capture integration's SetCapturable(true) adds: vendors and open purchase invoices can be captured.
    if (record.kind === 'vendor' || record.kind === 'purchaseInvoice') context.isCapturable = true;
    return JSON.stringify(context);
  }

  function fetchToken(username) {
    return fetch('/demo/erp/token?username=' + encodeURIComponent(username), { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('The demo token request failed with ' + response.status + '.');
      return response.text();
    });
  }

  /* The file name of a Content-Disposition header (filename* first), or the fallback. */
  function dispositionName(header, fallback) {
    var extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header || '');
    if (extended) {
      try {
        return decodeURIComponent(extended[1].trim());
      } catch (error) {
        return fallback;
      }
    }
    var plain = /filename\s*=\s*"([^"]*)"/i.exec(header || '');
    return plain && plain[1] ? plain[1] : fallback;
  }

  function offerDownload(blob, fileName) {
    var url = URL.createObjectURL(blob);
    var anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    // The download has started from the blob by the time the URL goes.
    window.setTimeout(function () {
      URL.revokeObjectURL(url);
    }, 60000);
  }

  /* The stand-in for the part page's EmailDraftRequested trigger: the draft's .eml, fetched with
     the user's token from our own server only (as AL fetches from the setup's base URL). */
  function emailDraft(draftJson) {
    var draft = JSON.parse(draftJson);
    var link = new URL(draft.emailLinkUrl);
    if (link.origin !== window.location.origin) throw new Error('The e-mail link is not on the Datahaven server.');
    return fetchToken(state.user)
      .then(function (token) {
        return fetch(link.href, { headers: { Authorization: 'Bearer ' + token } });
      })
      .then(function (response) {
        if (response.ok) {
          return response.blob().then(function (blob) {
            var name = dispositionName(response.headers.get('content-disposition'), 'Documents.eml');
            offerDownload(blob, name);
            logEvent('E-mail draft ' + name + ' offered for download');
            return '';
          });
        }
        // The server's error body is JSON { message }; the iframe shows its message (spec §8).
        return response.text().then(function (text) {
          var message = 'The e-mail draft could not be fetched (' + response.status + ').';
          try {
            var body = JSON.parse(text);
            if (body && typeof body.message === 'string' && body.message) message = body.message;
          } catch (error) {
            message = text || message;
          }
          logEvent('E-mail draft failed: ' + message);
          return JSON.stringify({ message: message });
        });
      });
  }

  /* ---- the AL side: triggers of the usercontrol ---- */

  var alTriggers = {
    ControlReady: function () {
      state.controlReady = true;
      logEvent('ControlReady');
      window.SetBaseUrl(window.location.origin);
      // The page's theme travels with the context (GET /context) and live through PUT /theme.
      window.SetTheme(byId('demo-theme').value);
      if (page === 'workflow') {
        // What the AL page's ControlReady does: the start path first, then a context without a record.
        window.SetStartPath('/workflow');
        window.SetContext(JSON.stringify(withLocale({ dataAreaId: company(), clientType: 'Desktop' })));
      } else if (state.selected) {
        window.SetContext(contextJson(state.selected));
      }
      return Promise.resolve();
    },
    RequestToken: function () {
      logEvent('RequestToken (minting a token for ' + state.user + ')');
      return fetchToken(state.user).then(
        function (token) {
          window.SetToken(token);
        },
        function (error) {
          logEvent('RequestToken failed: ' + error.message);
          window.SetToken('');
        },
      );
    },
    SelectedDocumentsChanged: function (documentIdsJson) {
      logEvent('SelectedDocumentsChanged ' + documentIdsJson);
      return Promise.resolve();
    },
    UploadQueued: function (uploadJson) {
      var summary = uploadJson;
      try {
        var upload = JSON.parse(uploadJson);
        if (upload && upload.files)
          summary =
            upload.files.length +
            ' file(s): ' +
            upload.files
              .map(function (f) {
                return f.name;
              })
              .join(', ');
      } catch (error) {
        summary = uploadJson;
      }
      logEvent('UploadQueued ' + summary);
      return Promise.resolve();
    },
    RecordLaunchRequested: function (recordJson) {
      var wanted = null;
      try {
        wanted = JSON.parse(recordJson);
      } catch (error) {
        wanted = null;
      }
      logEvent('RecordLaunchRequested ' + (wanted && wanted.number ? wanted.number : recordJson));
      // What BC's Page.Run does: the record's card opens (here the page selects the record).
      var match = state.records.filter(function (record) {
        return wanted && record.context && String(record.context.recordId).toLowerCase() === String(wanted.recordId).toLowerCase();
      })[0];
      var item =
        match &&
        Array.prototype.filter.call(document.querySelectorAll('.record-list li'), function (li) {
          var button = li.querySelector('button');
          return button && button.textContent === match.name;
        })[0];
      if (!match || !item) return Promise.reject(new Error('This page does not list the record.'));
      select(match, item);
      return Promise.resolve();
    },
    CaptureRequested: function (recordJson) {
      var wanted = null;
      try {
        wanted = JSON.parse(recordJson);
      } catch (error) {
        wanted = null;
      }
      var record = state.selected;
      // What the OnCaptureRequested subscriber does: start BC's capture of the record in view. The
      // demo has no scanner: it shows that the capture was requested and answers ok.
      if (!wanted || !record || String(wanted.recordId).toLowerCase() !== String(record.context.recordId).toLowerCase()) {
        logEvent('CaptureRequested for a record this page does not show');
        return Promise.reject(new Error('This page does not show the record.'));
      }
      logEvent('CaptureRequested ' + record.label + ' ' + record.number);
      byId('erp-status').textContent = 'Capture requested for ' + record.label + ' ' + record.number + '.';
      return Promise.resolve();
    },
    RefreshRequested: function (linkJson) {
      logEvent('RefreshRequested ' + linkJson);
      if (state.selected) loadErpFacts(state.selected);
      return Promise.resolve();
    },
    EmailDraftRequested: function (draftJson) {
      var requestId = null;
      var draft = null;
      try {
        draft = JSON.parse(draftJson);
        requestId = draft.requestId;
      } catch (error) {
        draft = null;
      }
      logEvent('EmailDraftRequested ' + (draft ? 'documents ' + JSON.stringify(draft.docIds) : draftJson));
      var result;
      try {
        result = emailDraft(draftJson);
      } catch (error) {
        result = Promise.reject(error);
      }
      // As the AL trigger does: always report back, so the iframe's E-mail action settles.
      return result.then(
        function (resultJson) {
          window.EmailDraftDone(requestId, resultJson);
        },
        function (error) {
          logEvent('E-mail draft failed: ' + error.message);
          window.EmailDraftDone(requestId, JSON.stringify({ message: error.message }));
        },
      );
    },
  };

  window.Microsoft = window.Microsoft || {};
  window.Microsoft.Dynamics = window.Microsoft.Dynamics || {};
  window.Microsoft.Dynamics.NAV = {
    InvokeExtensibilityMethod: function (name, args, skipIfBusy, onOk, onErr) {
      if (!Array.isArray(args)) throw new Error('InvokeExtensibilityMethod needs its arguments as an array.');
      var trigger = alTriggers[name];
      // BC runs the trigger after the call returns; so does the stand-in.
      window.setTimeout(function () {
        if (!trigger) {
          if (onErr) onErr(new Error('The control add-in has no event ' + name + '.'));
          return;
        }
        trigger.apply(null, args).then(
          function () {
            if (onOk) onOk();
          },
          function (error) {
            if (onErr) onErr(error);
          },
        );
      }, 0);
    },
    GetEnvironment: function () {
      return { UserName: state.user, CompanyName: 'CRONUS', DeviceCategory: 0, Busy: false };
    },
  };

  /* ---- the page ---- */

  function renderCard(record) {
    byId('card-kind').textContent = record.label;
    byId('card-title').textContent = record.number + ' \u00b7 ' + (record.kind === 'vendor' ? record.name : record.detail);
    var fields = byId('card-fields');
    fields.textContent = '';
    record.fields.forEach(function (pair) {
      var row = document.createElement('div');
      row.className = 'field';
      var dt = document.createElement('dt');
      dt.textContent = pair[0];
      var dd = document.createElement('dd');
      dd.textContent = pair[1];
      row.appendChild(dt);
      row.appendChild(dd);
      fields.appendChild(row);
    });
    byId('factbox-record').textContent = record.label + ' ' + record.number;
    byId('factbox-empty').hidden = true;
  }

  /* The record as the demo ERP holds it (read over OData by /demo/erp/erp-facts), and BC's Post action. */
  function erpQuery(record) {
    return (
      'typeName=' +
      encodeURIComponent(record.context.typeName) +
      '&recordId=' +
      encodeURIComponent(record.context.recordId) +
      '&dataAreaId=' +
      encodeURIComponent(record.context.dataAreaId)
    );
  }

  function renderErpFacts(record, body) {
    if (state.selected !== record) return;
    var list = byId('erp-facts');
    list.textContent = '';
    body.facts.forEach(function (pair) {
      var row = document.createElement('div');
      row.className = 'field';
      var dt = document.createElement('dt');
      dt.textContent = pair[0];
      var dd = document.createElement('dd');
      dd.textContent = pair[1];
      row.appendChild(dt);
      row.appendChild(dd);
      list.appendChild(row);
    });
    byId('erp-post').hidden = !body.canPost;
  }

  function erpAnswer(response) {
    return response.json().then(function (body) {
      // A down ERP answers 503 with its words (erp/erpMessages.ts); show them as they are.
      if (!response.ok) throw new Error(body && body.message ? body.message : 'The demo ERP answered ' + response.status + '.');
      return body;
    });
  }

  function loadErpFacts(record) {
    byId('erp-section').hidden = false;
    byId('erp-facts').textContent = '';
    byId('erp-post').hidden = true;
    byId('erp-status').textContent = 'Reading the record from the demo ERP…';
    fetch('/demo/erp/erp-facts?' + erpQuery(record), { credentials: 'same-origin' })
      .then(erpAnswer)
      .then(function (body) {
        renderErpFacts(record, body);
        byId('erp-status').textContent = '';
      })
      .catch(function (error) {
        if (state.selected === record) byId('erp-status').textContent = error.message;
      });
  }

  /* What the AL codeunit DatahavenPostingEvents (manifests/bc) does on OnAfterPostPurchaseDoc: tell
     our API which posted invoice the draft became, with the posting user's token, so the draft's
     documents follow it (PUT /api/record-events/posted). */
  function reportPosting(record, posted) {
    return fetchToken(state.user)
      .then(function (token) {
        return fetch('/api/record-events/posted', {
          method: 'PUT',
          headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            typeName: record.context.typeName,
            dataAreaId: record.context.dataAreaId,
            recordId: record.context.recordId,
            postedTypeName: posted.context.typeName,
            postedRecordId: posted.context.recordId,
          }),
        });
      })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(body && body.message ? body.message : 'The posting event answered ' + response.status + '.');
          return body;
        });
      });
  }

  function postInvoice() {
    var record = state.selected;
    if (!record) return;
    byId('erp-post').disabled = true;
    byId('erp-status').textContent = 'Posting ' + record.number + '…';
    fetch('/demo/erp/erp-post?' + erpQuery(record), { method: 'POST', credentials: 'same-origin', headers: { 'X-Demo-Action': 'post' } })
      .then(erpAnswer)
      .then(function (body) {
        renderErpFacts(record, body);
        byId('erp-status').textContent = record.number + ' is posted.';
        logEvent('Posted ' + record.number + ' in the demo ERP');
        var posted = body.postedRecord;
        if (!posted) return undefined;
        // BC deletes the draft on posting: it leaves the Purchase Invoices list, the posted one joins its list.
        if (record.item && record.item.parentNode) record.item.parentNode.removeChild(record.item);
        addRecord(posted);
        return reportPosting(record, posted).then(
          function (answer) {
            var count = answer.documentIds.length;
            byId('erp-status').textContent =
              record.number +
              ' is posted. ' +
              count +
              (count === 1 ? ' document follows' : ' documents follow') +
              ' it to ' +
              answer.postedNumber +
              '.';
            logEvent('OnAfterPostPurchaseDoc: PUT /api/record-events/posted moved ' + count + ' document(s) to ' + answer.postedNumber);
          },
          function (error) {
            byId('erp-status').textContent = record.number + ' is posted, but its documents did not follow: ' + error.message;
            logEvent('Posting event failed: ' + error.message);
          },
        );
      })
      .catch(function (error) {
        byId('erp-status').textContent = error.message;
      })
      .then(function () {
        byId('erp-post').disabled = false;
      });
  }

  function select(record, item) {
    state.selected = record;
    Array.prototype.forEach.call(document.querySelectorAll('.record-list li'), function (li) {
      li.classList.remove('selected');
      var button = li.querySelector('button');
      if (button) button.removeAttribute('aria-current');
    });
    item.classList.add('selected');
    item.querySelector('button').setAttribute('aria-current', 'true');
    renderCard(record);
    loadErpFacts(record);
    // What the part page's OnAfterGetCurrRecord does: hand the new record to the control add-in.
    if (state.controlReady) window.SetContext(contextJson(record));
  }

  var LISTS = { vendor: 'vendor-list', purchaseInvoice: 'invoice-list', postedPurchaseInvoice: 'posted-list' };

  function addRecord(record) {
    var item = document.createElement('li');
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = record.name;
    button.addEventListener('click', function () {
      select(record, item);
    });
    var detail = document.createElement('span');
    detail.className = 'record-detail';
    detail.textContent = record.kind === 'vendor' ? record.number + ' \u00b7 ' + record.detail : record.detail;
    item.appendChild(button);
    item.appendChild(detail);
    record.item = item;
    byId(LISTS[record.kind] || 'vendor-list').appendChild(item);
  }

  function renderList(records) {
    records.forEach(addRecord);
  }

  /* The vendors the New Purchase Invoice form offers (BC's Buy-from Vendor No. lookup). */
  function fillVendorChoices(records) {
    var select = byId('newinvoice-vendor');
    records
      .filter(function (record) {
        return record.kind === 'vendor';
      })
      .forEach(function (vendor) {
        var option = document.createElement('option');
        option.value = vendor.number;
        option.textContent = vendor.number + ' \u00b7 ' + vendor.name;
        select.appendChild(option);
      });
  }

  /* BC's New action: the demo ERP makes a draft purchase invoice (its OData create); then what the
     page extension's OnAfterGetCurrRecord does once the new invoice is saved (manifests/bc):
     RecordInserted → SendRecordEvent, which the relay sends to our iframe as PUT /record/event, so a
     New Card From Document waiting for a purchase invoice links its document to this one. */
  function createInvoice(event) {
    event.preventDefault();
    var vendorNumber = byId('newinvoice-vendor').value;
    var status = byId('newinvoice-status');
    if (!vendorNumber) {
      status.textContent = 'Choose the vendor of the new purchase invoice.';
      return;
    }
    byId('newinvoice-create').disabled = true;
    status.textContent = 'Creating the purchase invoice in the demo ERP…';
    fetch('/demo/erp/erp-create', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Demo-Action': 'create' },
      body: JSON.stringify({ vendorNumber: vendorNumber, vendorInvoiceNumber: byId('newinvoice-number').value }),
    })
      .then(erpAnswer)
      .then(function (body) {
        var record = body.record;
        status.textContent = record.label + ' ' + record.number + ' created for ' + vendorNumber + '.';
        if (page !== 'workflow') {
          state.records.push(record);
          addRecord(record);
        }
        var inserted = {
          eventType: 'insert',
          typeName: record.context.typeName,
          tableId: record.context.tableId,
          dataAreaId: record.context.dataAreaId,
          recordId: record.context.recordId,
          number: record.number,
        };
        logEvent('RecordInserted ' + record.number + ' (SendRecordEvent → PUT /record/event)');
        window.SendRecordEvent(JSON.stringify(inserted));
        byId('newinvoice-number').value = '';
      })
      .catch(function (error) {
        status.textContent = error.message;
      })
      .then(function () {
        byId('newinvoice-create').disabled = false;
      });
  }

  function loadRecords() {
    fetch('/demo/erp/records', { credentials: 'same-origin' })
      .then(function (response) {
        // A down demo ERP answers 503 with its words (erp/erpMessages.ts).
        return response.json().then(function (body) {
          if (!response.ok)
            throw new Error(body && body.message ? body.message : 'The records could not be loaded (' + response.status + ').');
          return body;
        });
      })
      .then(function (body) {
        state.records = body.records;
        renderList(body.records);
        fillVendorChoices(body.records);
        byId('records-status').textContent = body.records.length + ' records in ' + body.company;
      })
      .catch(function (error) {
        byId('records-status').textContent = error.message;
      });
  }

  function onUserChanged(event) {
    state.user = event.target.value;
    logEvent('Demo user is now ' + state.user);
    updateNavigation();
    if (page === 'workflow') {
      // A different user is a different BC session: the workflow page opens again for them.
      window.location.assign(byId('nav-workflow').href);
      return;
    }
    if (!state.controlReady) return;
    fetchToken(state.user).then(
      function (token) {
        window.SetToken(token);
        window.Refresh();
      },
      function (error) {
        logEvent('Could not mint a token for ' + state.user + ': ' + error.message);
      },
    );
  }

  /* The theme switch: what a BC page would do when the user changes theme (SetTheme → PUT /theme). */
  function onThemeChanged(event) {
    logEvent('SetTheme ' + event.target.value);
    window.SetTheme(event.target.value);
  }

  function init() {
    byId('demo-theme').addEventListener('change', onThemeChanged);
    byId('erp-post').addEventListener('click', postInvoice);
    byId('newinvoice-form').addEventListener('submit', createInvoice);
    var userSelect = byId('demo-user');
    userSelect.value = state.user;
    // An unknown ?user= falls back to the first demo user the page offers.
    state.user = userSelect.value || 'clerk';
    userSelect.addEventListener('change', onUserChanged);
    updateNavigation();
    if (page === 'workflow') {
      document.body.classList.add('page-workflow');
      document.title = 'Document Workflow - Business Central (demo)';
      byId('factbox-title').textContent = 'Document Workflow';
      // The workflow page lists no records, but its New Purchase Invoice form offers the vendors.
      fetch('/demo/erp/records', { credentials: 'same-origin' })
        .then(function (response) {
          return response.ok ? response.json() : { records: [] };
        })
        .then(function (body) {
          fillVendorChoices(body.records);
        })
        .catch(function (error) {
          byId('newinvoice-status').textContent = error.message;
        });
      return;
    }
    loadRecords();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
