// Table Companion: steppers, and live refresh of a table while the page is visible and nobody is typing.
(function () {
  "use strict";

  var POLL_MS = 1500; // under the 2 s promise, with room for the request itself

  function dirty() {
    var active = document.activeElement;
    if (active && active.form && active.closest("#live")) return true;
    return document.querySelector("#live form[data-dirty]") !== null;
  }

  function poll() {
    if (document.visibilityState === "visible" && !dirty()) {
      document.body.dispatchEvent(new Event("poll"));
    }
  }

  function step(button) {
    var input = document.getElementById(button.getAttribute("data-target"));
    if (!input) return;
    var delta = parseInt(button.getAttribute("data-step"), 10);
    var value = (parseInt(input.value, 10) || 0) + delta;
    var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step]");
    if (button) {
      event.preventDefault();
      step(button);
    }
  });

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form) form.setAttribute("data-dirty", "");
    if (form && form.hasAttribute("data-preview")) preview(form);
  });

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form) form.setAttribute("data-dirty", "");
  });

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
