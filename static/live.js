// Table Companion: what a refresh of a table's live panel keeps. Forms the phone is typing in stay as typed (or,
// when another phone recorded their step, are shown beside what was recorded with a choice); the phone keeps
// looking at what it was looking at; disclosures it opened stay open; a refused entry's first problem comes into
// view with its field focused.
(function () {
  "use strict";

  // The words this script says, in the page's language: base.html writes them (#words); {name} stands for a value.
  var WORDS = (function () {
    var node = document.getElementById("words");
    try {
      return node ? JSON.parse(node.textContent) : {};
    } catch (error) {
      return {};
    }
  })();

  function word(key, values) {
    var text = WORDS[key] || "";
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(values[name]));
    });
    return text;
  }

  // ---- Forms kept across a refresh -------------------------------------------------------------------------------
  // A form says what it is for (a round, a player's line, a part of a round: "card:3:Ann") in its `form` field's
  // data-key, which the server never sees. While its step is open, the form the phone is typing in stays as typed;
  // once another phone recorded that step, the phone is told so beside it, with a choice. A form this phone sent
  // is never kept: the table's answer to it says what became of it.

  function field(form, name) {
    var input = form.elements.namedItem(name);
    return input && input.value !== undefined ? input.value : null;
  }

  function keyOf(form) {
    var named = form.elements.namedItem("form");
    return (named && named.dataset && named.dataset.key) || field(form, "step") || field(form, "form");
  }

  function formFor(panel, key) {
    return Array.prototype.find.call(panel.querySelectorAll("form"), function (form) {
      return !form.closest("[data-kept]") && keyOf(form) === key;
    });
  }

  function setField(form, name, value) {
    var input = form.elements.namedItem(name);
    if (input && input.type === "hidden") input.value = value;
  }

  function typing(form) {
    return form.hasAttribute("data-dirty") || form === companion().failedForm();
  }

  function companion() {
    return window.TableCompanion;
  }

  // Sent, or waiting on the phone to be sent: what the table answers it decides, not this refresh.
  function sentAlready(form) {
    return companion().inFlight(form) || (companion().queued && companion().queued(form));
  }

  function beingTyped(panel, sent) {
    var active = document.activeElement;
    var kept = [];
    panel.querySelectorAll("form").forEach(function (form) {
      var box = form.closest("[data-kept]");
      if (box && kept.indexOf(box) < 0) kept.push(box);
      else if (!box && form !== sent && keyOf(form) && !companion().inFlight(form) && (typing(form) || form.contains(active)))
        kept.push(form);
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
    var title = taken ? word("stepRecorded", { step: taken.label }) : word("thisStepRecorded");
    box.append(element("h2", "flush", title));
    if (taken) box.append(paragraph(word("recorded"), taken.text));
    box.append(paragraph(word("thisPhone"), word("keptBelow")));
    var row = element("div", "row");
    var keep = element("button", "", word("keepTheirs"));
    keep.type = "button";
    keep.addEventListener("click", function () {
      box.remove();
    });
    row.append(keep);
    if (taken && taken.correct) {
      var mine = element("button", "quiet", word("useMine"));
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
    var fresh = formFor(panel, keyOf(form));
    if (fresh && kept === form) {
      fresh.replaceWith(form);
      return;
    }
    // Its step is no longer open: a form only looked at, or one this phone sent, has nothing to keep.
    if (kept === form && (!typing(form) || sentAlready(form))) return;
    var box = kept === form ? takenBox(form, recorded(panel, keyOf(form))) : kept;
    var next = Array.prototype.find.call(panel.querySelectorAll("form"), function (other) {
      return !other.closest("[data-kept]") && field(other, "kind") === field(form, "kind");
    });
    if (next) next.before(box);
    else panel.prepend(box);
  }

  companion().keyOf = keyOf;

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
    return formFor(panel, mark.name.key);
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

  // ---- The play timer ------------------------------------------------------------------------------------------
  // The panel says how many seconds the clock had run when the table made it. While it runs, the phone counts on
  // from the moment the panel came, on its own steady clock: a phone whose time of day is off still shows the
  // table's time, and every poll that brings a new panel sets it right again.

  function clockText(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    var mm = (hours && minutes < 10 ? "0" : "") + minutes;
    return (hours ? hours + ":" : "") + mm + ":" + (secs < 10 ? "0" : "") + secs;
  }

  function tick() {
    document.querySelectorAll("[data-clock][data-running]").forEach(function (time) {
      if (time.shownSince === undefined) time.shownSince = performance.now();
      var seconds = Number(time.dataset.clock) + Math.floor((performance.now() - time.shownSince) / 1000);
      var text = clockText(seconds);
      if (time.textContent !== text) time.textContent = text;
    });
  }

  tick();
  setInterval(tick, 1000);

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
    // A phone asked who it is (another phone took its name over) is offered no form until it answers.
    if (panel.querySelector("[data-seat-ask]")) was.kept = [];
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
})();
