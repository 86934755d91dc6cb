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
  window.TableCompanion.everySettle(all);
})();

// The phone's own holdings, once saved, fold back into their line (a refresh keeps a disclosure as the phone left
// it, and the phone left this one open to save it); the next step comes into view by `data-next-step` (app.js).
// Without this script everything works the same, only without the folding.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.closest || !source.closest("#live details.own-holdings")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var own = document.querySelector("#live details.own-holdings");
    if (status < 300 && own) own.open = false;
  });
})();
