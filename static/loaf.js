// L'oaf: after a round is recorded, bring its result into view; after a refusal, the first thing to fix.
// Without this script everything works the same, only without the scrolling.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.matches || !source.matches("form.round-form")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var spot = status < 300 ? document.getElementById("last-round") : document.querySelector("#live .needs-attention, #live .error");
    if (spot) spot.scrollIntoView({ block: "start" });
  });
})();
