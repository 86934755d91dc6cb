// Table Companion: steppers, the live refresh of a table while the page is visible, and a banner with Retry when a
// request fails. What a refresh keeps of the page (forms being typed in, where the phone was looking) is live.js.
(function () {
  "use strict";

  var POLL_MS = 1500; // under the 2 s promise, with room for the request itself
  var sending = new Map(); // entries on their way (request → form): a poll waits for their answer, which replaces
  // the panel anyway

  htmx.config.timeout = 8000; // a request that hangs is a failure the phone is told about, not a frozen button

  function poll() {
    var busy = window.TableCompanion.busy && window.TableCompanion.busy();
    if (document.visibilityState === "visible" && sending.size === 0 && !busy) {
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

  // ---- A request that failed ------------------------------------------------------------------------------------
  // An entry that could not be sent is kept on the phone (static/outbox.js) and goes by itself once the table
  // answers; the banner says so, and how many wait.

  var failure = null; // the entry that could not be sent: its form
  var said = ""; // what went wrong last

  function tc() {
    return window.TableCompanion;
  }

  function banner() {
    var box = document.getElementById("trouble");
    if (box) return box;
    box = document.createElement("div");
    box.className = "trouble";
    box.id = "trouble";
    box.setAttribute("role", "alert");
    var text = document.createElement("p");
    text.className = "flush";
    var retry = document.createElement("button");
    retry.textContent = "Retry";
    retry.type = "button";
    retry.addEventListener("click", function () {
      if (tc().flush) tc().flush();
      poll();
    });
    box.append(text, retry);
    document.body.append(box);
    return box;
  }

  function waitingText(count) {
    if (!count) return " Nothing you typed is lost; the table catches up by itself once it answers.";
    var entries = count === 1 ? "1 entry waits" : count + " entries wait";
    return " Nothing you typed is lost: " + entries + " to be sent, by itself once the table answers.";
  }

  function say(what) {
    said = what;
    var box = banner();
    box.querySelector("p").textContent = what + waitingText(tc().waiting ? tc().waiting() : 0);
    box.hidden = false;
  }

  function calm() {
    var box = document.getElementById("trouble");
    if (box) box.hidden = true;
  }

  function failed(event, what) {
    var config = event.detail.requestConfig || {};
    var form = config.elt;
    if (form && form.matches && form.matches("form") && config.verb === "post" && tc().keep) {
      failure = form;
      tc().keep(form, config.formData);
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
    if (status >= 500 || status === 429) failed(event, what);
    else say(what);
  });
  document.addEventListener("htmx:sendError", function (event) {
    failed(event, "No connection to the table.");
  });
  document.addEventListener("htmx:timeout", function (event) {
    failed(event, "The table did not answer in time.");
  });

  // An entry on its way: a refresh already asked for is given up (its answer could cross the entry's own and show
  // the entry's step as taken by another phone); the entry's answer replaces the panel anyway.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (config.verb === "get") return;
    var xhr = event.detail.xhr;
    sending.set(xhr, config.elt);
    // Its end is heard on the request itself: a refresh that landed meanwhile may have taken its form out of the
    // page, and htmx's events on a form out of the page reach no listener here (polls would wait for it forever).
    xhr.addEventListener("loadend", function () {
      sending.delete(xhr);
      if (!config.elt.isConnected) setTimeout(poll, 0); // its answer had no panel to go into: ask for the table
    });
    var live = document.getElementById("live");
    if (live && live !== config.elt) htmx.trigger(live, "htmx:abort");
  });

  // A panel's answer goes into the panel on the page (a refresh may have replaced the one it was asked from), and
  // a refresh never brings back an older table than the one shown.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (!detail.target || detail.target.id !== "live") return;
    var live = document.getElementById("live");
    if (live && !detail.target.isConnected) detail.target = live;
    var shown = live ? parseInt(live.dataset.version, 10) : NaN;
    var found = /data-version="(\d+)"/.exec(detail.serverResponse || "");
    if (detail.requestConfig.verb === "get" && found && parseInt(found[1], 10) < shown) detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    sending.delete(detail.xhr);
    if (!detail.successful) return;
    var sent = detail.requestConfig && detail.requestConfig.elt;
    if (sent === failure) failure = null;
    if (tc().waiting && tc().waiting()) {
      say("The table answers again.");
      tc().flush();
      return;
    }
    if (!failure) calm();
  });

  // For outbox.js: the count of waiting entries changed, or a waiting entry was sent (its form is done with).
  function changed() {
    var box = document.getElementById("trouble");
    var count = tc().waiting();
    if (count) say(said || "Sending what this phone kept while the table could not be reached.");
    else if (box && !box.hidden && !failure) calm();
    else if (box && !box.hidden) say(said);
  }

  function sent(form) {
    if (form && form === failure) failure = null;
    if (!failure && !tc().waiting()) calm();
  }

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

  // For live.js: the form whose entry could not be sent is kept across refreshes like one being typed in.
  window.TableCompanion = {
    failedForm: function () {
      return failure;
    },
    inFlight: function (form) {
      return Array.from(sending.values()).indexOf(form) >= 0;
    },
    poll: poll,
    changed: changed,
    sent: sent,
  };

  document.addEventListener("DOMContentLoaded", localTimes);
  document.addEventListener("visibilitychange", poll);
  setInterval(poll, POLL_MS);
})();

// After this phone's own part is saved, bring its line into view at the top, with the next step under it; after a
// refusal, the first thing to fix. Without this script everything works the same, only without the scrolling.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.closest || !source.closest("#live .own form, #live #own-step form")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var spot = document.querySelector(status < 300 ? "#live .own-saved" : "#live .error");
    if (spot && spot.getBoundingClientRect().top < 0) spot.scrollIntoView({ block: "start" });
  });
})();
