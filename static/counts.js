// A count's pick (a row of number buttons beside a count) sets it in one tap; the pick matching the count shows
// pressed, however it was set.
(function () {
  "use strict";

  function markPicks(input) {
    (input.form || document).querySelectorAll('[data-count-for="' + CSS.escape(input.id) + '"]').forEach(function (pick) {
      pick.setAttribute("aria-pressed", pick.value === input.value ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var pick = event.target.closest("[data-count-for]");
    if (!pick) return;
    // Within the pick's own form: a form kept while the panel refreshed may share its ids with the new one.
    var input = (pick.closest("form") || document).querySelector("#" + CSS.escape(pick.getAttribute("data-count-for")));
    if (!input) return;
    input.value = pick.value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("input", function (event) {
    if (event.target.id) markPicks(event.target);
  });
})();
