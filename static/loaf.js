// L'oaf: after a part of a round is entered, bring the next step into view (with the last round's summary above it,
// when there is one); after a refusal, the first thing to fix. Without this script everything works the same, only
// without the scrolling.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.closest || !source.closest("form.round-form, #step form")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var spot = status < 300
      ? document.querySelector("#live .round-summary") || document.getElementById("step")
      : document.querySelector("#live .needs-attention, #live .error");
    if (spot) spot.scrollIntoView({ block: "start" });
  });
})();
