// A count's picks: a row of number buttons under a count's stepper, drawn here from its `data-picks` (the highest
// pick); a pick sets the count in one tap, and the pick matching the count shows pressed, however it was set.
(function () {
  "use strict";

  function markPicks(input) {
    var picks = input.closest(".tap-count");
    if (!picks) return;
    picks.querySelectorAll(".tap-picks button").forEach(function (pick) {
      pick.setAttribute("aria-pressed", pick.value === input.value ? "true" : "false");
    });
  }

  function drawPicks(count) {
    var input = count.querySelector("input");
    var label = count.querySelector("label");
    if (!input || count.querySelector(".tap-picks")) return;
    var row = document.createElement("div");
    row.className = "tap-picks";
    for (var n = 0; n <= parseInt(count.getAttribute("data-picks"), 10); n++) {
      var pick = document.createElement("button");
      pick.type = "button";
      pick.className = "quiet";
      pick.value = String(n);
      pick.textContent = String(n);
      pick.setAttribute("aria-label", (label ? label.textContent.trim() : input.name) + ": " + n);
      row.appendChild(pick);
    }
    count.appendChild(row);
    markPicks(input);
  }

  document.addEventListener("click", function (event) {
    var pick = event.target.closest(".tap-picks button");
    var input = pick && pick.closest(".tap-count").querySelector("input");
    if (!input) return;
    input.value = pick.value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest(".tap-count")) markPicks(event.target);
  });

  // Every count gets its picks once the page is read, and those of new content (a refresh of the table, a refused
  // form sent back) as it settles; a count that has its picks keeps them.
  window.TableCompanion.everySettle(function () {
    document.querySelectorAll(".tap-count[data-picks]").forEach(drawPicks);
  });
})();
