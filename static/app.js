// Table Companion: steppers, the live refresh of a table while the page is visible, and a banner with Retry when a
// request fails. What a refresh keeps of the page (forms being typed in, where the phone was looking) is live.js.
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

  // ---- A request that failed ------------------------------------------------------------------------------------

  var failure = null; // the entry that could not be sent: its form, and the button that sent it

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

  // For live.js: the form whose entry could not be sent is kept across refreshes like one being typed in.
  window.TableCompanion = {
    failedForm: function () {
      return failure && failure.form;
    },
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
