// Orléans torture: a running count of the items chosen, and Confirm only once exactly enough are chosen.
(function () {
  "use strict";

  function tally(form) {
    var due = parseInt(form.getAttribute("data-due"), 10) || 0;
    var chosen = 0;
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      chosen += parseInt(input.value, 10) || 0;
    });
    var out = form.querySelector("output[data-chosen]");
    if (out) out.value = String(chosen);
    form.querySelectorAll("button.pick").forEach(function (button) {
      var input = document.getElementById(button.getAttribute("data-target"));
      var full = input && (parseInt(input.value, 10) || 0) >= parseInt(input.max, 10);
      button.disabled = chosen >= due || Boolean(full);
    });
    var confirm = form.querySelector("button[type=submit]");
    if (confirm && due > 0) confirm.disabled = chosen !== due;
  }

  function all() {
    document.querySelectorAll("form[data-torture]").forEach(tally);
  }

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-torture")) tally(form);
  });
  document.addEventListener("htmx:afterSettle", all);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", all);
  } else {
    all();
  }
})();

// After a step is recorded, bring the next step into view, with the last step's line above it; after a refusal,
// the first thing to fix. Without this script everything works the same, only without the scrolling.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.closest || !source.closest("#live form")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var spot = status < 300
      ? document.querySelector("#live .last-step") || document.getElementById("step")
      : document.querySelector("#live .error");
    if (spot && spot.getBoundingClientRect().top < 0) spot.scrollIntoView({ block: "start" });
  });
})();
