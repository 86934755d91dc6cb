// Table Companion: nothing typed is lost. An entry the table could not take (no connection, no answer, a 5xx) is
// kept on the phone in IndexedDB, with its entry id and the step it is for, and sent by itself once the table
// answers: when the phone is back online, when the page is shown again, when the table's page loads (even after
// the tab was closed), every few seconds while it waits, and by Retry. Its entry id makes a second sending land
// once; a step another phone recorded meanwhile is shown as a conflict, as the table answers it. What a form
// holds but was not sent is kept too (localStorage, per table and step) and comes back into it on the next load.
(function () {
  "use strict";

  var RETRY_MS = 2000;
  var SEND_MS = 8000;
  var DRAFT_HOURS = 24;
  var live = document.getElementById("live");
  if (!live || !window.TableCompanion) return;
  var tc = window.TableCompanion;
  var table = location.pathname.replace(/\/+$/, ""); // the table's editor path: what is kept belongs to it
  var waiting = []; // this table's entries still to send, oldest first
  var busy = false;

  // ---- IndexedDB, in one small promise per transaction -----------------------------------------------------

  function stored(mode, run) {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) return reject(new Error("no IndexedDB"));
      var opening = indexedDB.open("table-companion", 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore("outbox", { keyPath: "id" });
      };
      opening.onerror = function () {
        reject(opening.error);
      };
      opening.onsuccess = function () {
        var db = opening.result;
        var tx = db.transaction("outbox", mode);
        var request = run(tx.objectStore("outbox"));
        tx.oncomplete = function () {
          db.close();
          resolve(request && request.result);
        };
        tx.onerror = tx.onabort = function () {
          db.close();
          reject(tx.error);
        };
      };
    });
  }

  function ignore() {} // without IndexedDB the entry still waits in this page, and is sent from it

  // ---- Entries waiting to be sent ----------------------------------------------------------------------------

  function idOf(pairs) {
    var found = pairs.find(function (pair) {
      return pair[0] === "entry_id";
    });
    return found ? found[1] : null;
  }

  // The entry a form sent and the table did not take: the fields as they were sent, kept until they land.
  function keep(form, data) {
    var pairs = Array.from(data || new FormData(form)).filter(function (pair) {
      return typeof pair[1] === "string";
    });
    var id = idOf(pairs);
    if (!id || waiting.some(byId(id))) return;
    var entry = { id: id, table: table, action: form.getAttribute("action"), key: tc.keyOf(form), fields: pairs };
    entry.at = Date.now();
    waiting.push(entry);
    stored("readwrite", function (box) {
      return box.put(entry);
    }).catch(ignore);
    tc.changed();
    later();
  }

  function byId(id) {
    return function (entry) {
      return entry.id === id;
    };
  }

  function done(entry) {
    waiting = waiting.filter(function (other) {
      return other.id !== entry.id;
    });
    stored("readwrite", function (box) {
      return box.delete(entry.id);
    }).catch(ignore);
    dropDraft(entry.key);
    document.querySelectorAll("#live form").forEach(function (form) {
      if (tc.keyOf(form) !== entry.key && field(form, "entry_id") !== entry.id) return;
      form.removeAttribute("data-dirty");
      tc.sent(form);
    });
  }

  function field(form, name) {
    var input = form.elements.namedItem(name);
    return input && input.value !== undefined ? input.value : null;
  }

  function queued(form) {
    var id = field(form, "entry_id");
    var key = tc.keyOf(form);
    return waiting.some(function (entry) {
      return entry.id === id || (key && entry.key === key);
    });
  }

  // Sent with the page's own CSRF token (the kept one may be from an older session of the phone).
  function body(entry) {
    var token = document.querySelector("input[name=csrf_token]");
    var params = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      params.append(pair[0], pair[0] === "csrf_token" && token ? token.value : pair[1]);
    });
    return params;
  }

  function send(entry) {
    var quit = new AbortController();
    var late = setTimeout(function () {
      quit.abort(); // a table that does not answer is tried again later, like one that cannot be reached
    }, SEND_MS);
    return fetch(entry.action, {
      method: "POST",
      body: body(entry),
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "live" },
      signal: quit.signal,
    }).then(function (response) {
      clearTimeout(late);
      if (response.status >= 500 || response.status === 429) throw new Error("not yet");
      return response.text().then(function (html) {
        done(entry);
        // A conflict or a refusal is shown as the table answered it; a landed entry comes with the next refresh.
        if (response.status === 409 || response.status === 422) {
          var panel = document.getElementById("live");
          if (panel) htmx.swap(panel, html, { swapStyle: "outerHTML" });
        }
        return response.ok;
      });
    });
  }

  // Every waiting entry, oldest first; one the table cannot take yet stops the round until the next try.
  function flush() {
    if (busy || !waiting.length) return Promise.resolve();
    busy = true;
    var landed = false;
    var next = function () {
      var entry = waiting[0];
      if (!entry) return Promise.resolve();
      return send(entry).then(function (ok) {
        landed = landed || ok;
        return next();
      });
    };
    return next()
      .catch(ignore)
      .then(function () {
        busy = false;
        tc.changed();
        if (landed || !waiting.length) tc.poll();
        later();
      });
  }

  var timer = null;
  function later() {
    if (timer || !waiting.length) return;
    timer = setTimeout(function () {
      timer = null;
      flush();
    }, RETRY_MS);
  }

  // ---- What a form holds, kept per table and step until it is sent -------------------------------------------

  function draftKey(key) {
    return "draft " + table + " " + key;
  }

  function typed(form) {
    return Array.from(form.elements).filter(function (input) {
      return input.name && input.type !== "hidden" && input.type !== "submit" && input.type !== "button";
    });
  }

  function saveDraft(form) {
    var key = tc.keyOf(form);
    if (!key) return;
    var inputs = typed(form);
    var values = inputs
      .filter(function (input) {
        return (input.type !== "radio" && input.type !== "checkbox") || input.checked;
      })
      .map(function (input) {
        return [input.name, input.value];
      });
    var names = inputs.map(function (input) {
      return input.name;
    });
    try {
      localStorage.setItem(draftKey(key), JSON.stringify({ at: Date.now(), names: names, values: values }));
    } catch (full) {
      // a phone out of storage keeps the typing in the page only
    }
  }

  function dropDraft(key) {
    if (key) localStorage.removeItem(draftKey(key));
  }

  function restore(form, draft) {
    var changed = null;
    typed(form).forEach(function (input) {
      if (draft.names.indexOf(input.name) < 0) return;
      var mine = draft.values.filter(function (pair) {
        return pair[0] === input.name;
      });
      var was = input.type === "radio" || input.type === "checkbox" ? input.checked : input.value;
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = mine.some(function (pair) {
          return pair[1] === input.value;
        });
      } else if (mine.length) input.value = mine[0][1];
      if (was !== (input.type === "radio" || input.type === "checkbox" ? input.checked : input.value)) changed = input;
    });
    if (!changed) return;
    form.setAttribute("data-dirty", "");
    changed.dispatchEvent(new Event("input", { bubbles: true })); // what the form shows from its fields follows
    for (var details = form.closest("details"); details; details = details.parentElement.closest("details")) {
      details.open = true;
    }
  }

  function recordedKeys(panel) {
    var list = panel.querySelector("template#recorded-steps");
    if (!list) return [];
    return Array.from(list.content.querySelectorAll("[data-step]"), function (p) {
      return p.dataset.step;
    });
  }

  // Into each form of the panel not being typed in, what was typed in it and not sent; a draft of a step since
  // recorded, or too old, is dropped.
  function restoreDrafts(panel) {
    var recorded = recordedKeys(panel);
    var prefix = draftKey("");
    Object.keys(localStorage).forEach(function (name) {
      if (name.indexOf(prefix) !== 0) return;
      var key = name.slice(prefix.length);
      var draft = JSON.parse(localStorage.getItem(name) || "null");
      if (!draft || recorded.indexOf(key) >= 0 || Date.now() - draft.at > DRAFT_HOURS * 3600e3) {
        localStorage.removeItem(name);
        return;
      }
      panel.querySelectorAll("form").forEach(function (form) {
        if (tc.keyOf(form) === key && !form.hasAttribute("data-dirty") && !form.closest("[data-kept]")) {
          restore(form, draft);
        }
      });
    });
  }

  function typedIn(event) {
    var form = event.target.form;
    if (form && form.closest("#live")) saveDraft(form);
  }

  document.addEventListener("input", typedIn);
  document.addEventListener("change", typedIn);

  // A form's entry the table took (or refused, with its reasons shown): its draft is done with.
  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail.requestConfig || {};
    var status = event.detail.xhr.status;
    if (config.verb === "post" && config.elt && config.elt.matches("form") && status >= 200 && status < 300) {
      dropDraft(tc.keyOf(config.elt));
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "live") restoreDrafts(event.target);
  });

  // ---- When to send ----------------------------------------------------------------------------------------

  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });

  Object.assign(tc, {
    keep: keep,
    queued: queued,
    flush: flush,
    busy: function () {
      return busy;
    },
    waiting: function () {
      return waiting.length;
    },
  });

  restoreDrafts(live);
  stored("readonly", function (box) {
    return box.getAll();
  })
    .then(function (all) {
      (all || []).forEach(function (entry) {
        if (entry.table === table && !waiting.some(byId(entry.id))) waiting.push(entry);
      });
      waiting.sort(function (a, b) {
        return a.at - b.at;
      });
      if (waiting.length) {
        tc.changed();
        flush();
      }
    })
    .catch(ignore);
})();
