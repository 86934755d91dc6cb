// Table Companion: steppers, the live refresh of a table while the page is visible, the forms a phone is typing in
// kept across it, refused entries shown where they are, and a banner with Retry when a request fails.
(function () {
  "use strict";

  var POLL_MS = 1500; // under the 2 s promise, with room for the request itself
  var sending = new Set(); // entries on their way: a poll waits for their answer, which replaces the panel anyway

  htmx.config.timeout = 8000; // a request that hangs is a failure the phone is told about, not a frozen button

  function poll() {
    if (document.visibilityState === "visible" && sending.size === 0) {
      document.body.dispatchEvent(new Event("poll"));
    }
  }

  function step(button) {
    var id = button.getAttribute("data-target");
    var input = (button.form || document).querySelector("#" + CSS.escape(id));
    if (!input) return;
    var delta = parseInt(button.getAttribute("data-step"), 10);
    var value = (parseInt(input.value, 10) || 0) + delta;
    var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step][data-target]");
    if (button) {
      event.preventDefault();
      step(button);
    }
  });

  function typedIn(event) {
    var form = event.target.form;
    if (form) form.setAttribute("data-dirty", "");
    return form;
  }

  document.addEventListener("input", function (event) {
    var form = typedIn(event);
    if (form && form.hasAttribute("data-preview")) preview(form);
  });
  document.addEventListener("change", typedIn);

  // A line's score as it is being entered: districts × most stations + 2 × monuments.
  function preview(form) {
    var number = function (name) {
      var field = form.elements[name];
      return field ? parseInt(field.value, 10) || 0 : 0;
    };
    var out = form.querySelector("output");
    if (out) {
      out.value = String(number("districts") * number("max_stations_in_district") + 2 * number("monuments"));
    }
  }

  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("form[data-preview]").forEach(preview);
  });

  // ---- Forms kept across a refresh -------------------------------------------------------------------------------
  // A form says what it is for in its hidden `step` (a round, a player's line) or, failing that, its `form` name.
  // While its step is open, the form the phone is typing in stays as typed; once another phone recorded that step,
  // the phone is told so beside it, with a choice.

  function field(form, name) {
    var input = form.elements.namedItem(name);
    return input && input.value !== undefined ? input.value : null;
  }

  function keyOf(form) {
    return field(form, "step") || field(form, "form");
  }

  function formFor(panel, key, name) {
    return Array.prototype.find.call(panel.querySelectorAll("form"), function (form) {
      return !form.closest("[data-kept]") && field(form, name) === key;
    });
  }

  function setField(form, name, value) {
    var input = form.elements.namedItem(name);
    if (input && input.type === "hidden") input.value = value;
  }

  function typing(form) {
    return form.hasAttribute("data-dirty") || (failure !== null && form === failure.form);
  }

  function beingTyped(panel, sent) {
    var active = document.activeElement;
    var kept = [];
    panel.querySelectorAll("form").forEach(function (form) {
      var box = form.closest("[data-kept]");
      if (box && kept.indexOf(box) < 0) kept.push(box);
      else if (!box && form !== sent && keyOf(form) && (typing(form) || form.contains(active))) kept.push(form);
    });
    return kept;
  }

  function recorded(panel, key) {
    var list = panel.querySelector("template#recorded-steps");
    var found = list && list.content.querySelector('[data-step="' + CSS.escape(key) + '"]');
    if (!found) return null;
    return { label: found.dataset.label, text: found.textContent, correct: found.dataset.correct };
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  // The form of a step another phone recorded, with what was recorded and a one-tap choice.
  function takenBox(form, taken) {
    var box = element("section", "card conflict");
    box.setAttribute("role", "alert");
    box.setAttribute("data-kept", "");
    box.append(element("h2", "flush", (taken ? taken.label : "This step") + " was recorded on another phone"));
    if (taken) box.append(paragraph("Recorded: ", taken.text));
    box.append(paragraph("This phone: ", "what you typed is kept below, not recorded."));
    var row = element("div", "row");
    var keep = element("button", "", "Keep theirs");
    keep.type = "button";
    keep.addEventListener("click", function () {
      box.remove();
    });
    row.append(keep);
    if (taken && taken.correct) {
      var mine = element("button", "quiet", "Use mine instead");
      mine.type = "button";
      mine.addEventListener("click", function () {
        form.action = taken.correct; // the recorded entry, corrected to what this phone typed
        HTMLFormElement.prototype.submit.call(form);
      });
      row.append(mine);
    }
    box.append(row);
    form.removeAttribute("id");
    form.querySelectorAll("[type=submit]").forEach(function (button) {
      button.hidden = true;
    });
    box.append(form);
    return box;
  }

  function paragraph(title, text) {
    var p = element("p");
    p.append(element("strong", "", title), document.createTextNode(text));
    return p;
  }

  function place(kept, panel) {
    var form = kept.matches("form") ? kept : kept.querySelector("form");
    setField(form, "version", panel.dataset.version);
    var step = field(form, "step");
    var fresh = step ? formFor(panel, step, "step") : formFor(panel, field(form, "form"), "form");
    if (fresh && kept === form) {
      fresh.replaceWith(form);
      return;
    }
    var box = kept === form ? takenBox(form, recorded(panel, keyOf(form))) : kept;
    var next = formFor(panel, field(form, "kind"), "kind");
    if (next) next.before(box);
    else panel.prepend(box);
  }

  // ---- Where the phone was looking ------------------------------------------------------------------------------

  function identity(node) {
    if (node.matches("form") && keyOf(node)) return { key: keyOf(node) };
    return node.id ? { id: node.id } : null;
  }

  function lookingAt(panel) {
    var active = document.activeElement;
    var focused = active && panel.contains(active) ? [active.closest("[data-kept]") || active.closest("form") || active] : [];
    var seen = focused.concat(Array.prototype.slice.call(panel.querySelectorAll("[id], form")));
    var marks = [];
    for (var i = 0; i < seen.length && marks.length < 6; i++) {
      var box = seen[i].getBoundingClientRect();
      if (box.bottom > 0 && box.height > 0) marks.push({ node: seen[i], name: identity(seen[i]), top: box.top });
    }
    return marks;
  }

  function findAgain(mark, panel) {
    if (mark.node.isConnected) return mark.node;
    if (!mark.name) return null;
    if (mark.name.id) return document.getElementById(mark.name.id);
    return formFor(panel, mark.name.key, "step") || formFor(panel, mark.name.key, "form");
  }

  function keepLooking(marks, panel) {
    for (var i = 0; i < marks.length; i++) {
      var node = findAgain(marks[i], panel);
      if (node && panel.contains(node)) {
        window.scrollBy(0, node.getBoundingClientRect().top - marks[i].top);
        return;
      }
    }
  }

  // A disclosure the phone opened or closed stays so (known by its summary, numbers aside: "What was entered (3)");
  // the others open as the table now says.
  function summaryKey(summary) {
    return summary.textContent.replace(/\d+/g, "#").trim();
  }

  document.addEventListener("click", function (event) {
    var summary = event.target.closest("#live details > summary");
    if (summary) summary.parentElement.setAttribute("data-toggled", "");
  });

  function disclosures(panel) {
    var open = {};
    panel.querySelectorAll("details[data-toggled] > summary").forEach(function (summary) {
      open[summaryKey(summary)] = summary.parentElement.open;
    });
    return open;
  }

  function reopen(panel, open) {
    panel.querySelectorAll("details > summary").forEach(function (summary) {
      var was = open[summaryKey(summary)];
      var details = summary.parentElement;
      if (was === undefined || (details.open && details.querySelector(".error"))) return;
      details.open = was;
      details.setAttribute("data-toggled", "");
    });
  }

  function showKept(node) {
    for (var details = node.closest("details"); details; details = details.parentElement.closest("details")) {
      details.open = true;
    }
  }

  // ---- A refused entry: its first problem in view, its field focused ------------------------------------------

  function showFirstProblem(panel) {
    var notice = panel.querySelector("[data-conflict]");
    if (notice) {
      notice.scrollIntoView({ block: "center" });
      notice.querySelector("a, button").focus({ preventScroll: true });
      return true;
    }
    var error = panel.querySelector(".error");
    if (!error) return false;
    var group = error.closest("fieldset, .stepper, .side-fields, label") || error.closest("form") || error;
    var target = group.getBoundingClientRect().height < window.innerHeight * 0.7 ? group : error;
    target.scrollIntoView({ block: "center" });
    var input = group.querySelector("input:not([type=hidden]):not([disabled]), select, textarea");
    if (input) input.focus({ preventScroll: true });
    return true;
  }

  // ---- The swap of the live panel ------------------------------------------------------------------------------

  var swapping = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (!detail.shouldSwap || !detail.target || detail.target.id !== "live") return;
    var panel = detail.target;
    var sent = detail.requestConfig && detail.requestConfig.elt;
    var active = document.activeElement;
    var caret = active && active.selectionStart !== undefined ? [active.selectionStart, active.selectionEnd] : null;
    swapping = {
      kept: beingTyped(panel, sent),
      marks: lookingAt(panel),
      open: disclosures(panel),
      active: active,
      caret: caret,
      refused: detail.xhr.status === 409 || detail.xhr.status === 422,
    };
    // Out of the panel before htmx replaces it, so they are neither cleaned up nor lost.
    swapping.kept.forEach(function (node) {
      node.remove();
    });
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var panel = event.target;
    if (panel.id !== "live" || !swapping) return;
    var was = swapping;
    swapping = null;
    reopen(panel, was.open);
    was.kept.forEach(function (node) {
      place(node, panel);
      showKept(node);
    });
    if (was.active && was.active.isConnected && document.activeElement !== was.active) {
      was.active.focus({ preventScroll: true });
      if (was.caret && was.active.setSelectionRange) {
        try {
          was.active.setSelectionRange(was.caret[0], was.caret[1]);
        } catch (ignored) {
          // number fields have no caret to put back
        }
      }
    }
    if (!(was.refused && showFirstProblem(panel))) keepLooking(was.marks, panel);
  });

  // ---- A request that failed ------------------------------------------------------------------------------------

  var failure = null; // the entry that could not be sent: its form, and the button that sent it

  function banner() {
    var box = document.getElementById("trouble");
    if (box) return box;
    box = element("div", "trouble");
    box.id = "trouble";
    box.setAttribute("role", "alert");
    var text = element("p", "flush");
    var retry = element("button", "", "Retry");
    retry.type = "button";
    retry.addEventListener("click", function () {
      box.hidden = true;
      if (failure && failure.form.isConnected) {
        var button = failure.button && failure.form.contains(failure.button) ? failure.button : null;
        failure.form.requestSubmit(button);
      } else poll();
    });
    box.append(text, retry);
    document.body.append(box);
    return box;
  }

  function say(what) {
    var box = banner();
    var after = failure
      ? " Nothing you typed is lost: tap Retry to send it again."
      : " Nothing you typed is lost; the table catches up by itself once it answers.";
    box.querySelector("p").textContent = what + after;
    box.hidden = false;
  }

  function failed(event, what) {
    var config = event.detail.requestConfig || {};
    if (config.elt && config.elt.matches("form")) {
      failure = { form: config.elt, button: config.triggeringEvent && config.triggeringEvent.submitter };
    }
    say(what);
  }

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    var what =
      status === 503
        ? "The table's storage cannot be reached just now."
        : status === 429
          ? "Too many requests just now."
          : status >= 500
            ? "The server had a problem (" + status + ")."
            : "The table could not take that request (" + status + ").";
    failed(event, what);
  });
  document.addEventListener("htmx:sendError", function (event) {
    failed(event, "No connection to the table.");
  });
  document.addEventListener("htmx:timeout", function (event) {
    failed(event, "The table did not answer in time.");
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.requestConfig.verb !== "get") sending.add(event.detail.xhr);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    sending.delete(detail.xhr);
    if (!detail.successful) return;
    var sent = detail.requestConfig && detail.requestConfig.elt;
    if (failure && sent !== failure.form) {
      say("The table answers again.");
      return;
    }
    failure = null;
    var box = document.getElementById("trouble");
    if (box) box.hidden = true;
  });

  // Times the server writes in UTC (until when a join code works), shown in the phone's own time.
  function localTimes() {
    document.querySelectorAll("time[data-local]").forEach(function (time) {
      var at = new Date(time.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      var text = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      if (at.toDateString() !== new Date().toDateString()) {
        text += " on " + at.toLocaleDateString([], { day: "numeric", month: "short" });
      }
      time.textContent = text;
    });
  }

  document.addEventListener("DOMContentLoaded", localTimes);
  document.addEventListener("visibilitychange", poll);
  setInterval(poll, POLL_MS);
})();
