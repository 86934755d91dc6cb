// Oz: choosing a story type fills its slot with the rulebook's example card; the hand's card count follows the steppers.
(function () {
  "use strict";

  function fill(select) {
    var slot = select.closest("fieldset.story");
    var option = select.options[select.selectedIndex];
    var example = option ? option.getAttribute("data-example") : null;
    var values = example ? JSON.parse(example) : {};
    slot.querySelectorAll("[data-field]").forEach(function (input) {
      var value = values[input.getAttribute("data-field")];
      if (input.type === "checkbox") {
        input.checked = Array.isArray(value) && value.indexOf(input.value) >= 0;
      } else {
        input.value = value === undefined || value === null ? "" : String(value);
      }
    });
  }

  function count(hand) {
    var total = 0;
    hand.querySelectorAll("input[type=number]").forEach(function (input) {
      total += parseInt(input.value, 10) || 0;
    });
    var out = hand.querySelector("output[data-cards]");
    if (out) out.value = String(total);
  }


  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-story-type]")) fill(event.target);
  });

  document.addEventListener("input", function (event) {
    var hand = event.target.closest("[data-oz-hand]");
    if (hand) count(hand);
  });
})();
