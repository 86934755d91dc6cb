// Next Station Paris: a line's score as it is typed, and a sheet the map cannot hold refused at once, beside the
// number that breaks it. The engine refuses the same on submit; the limits come from the page's data-* attributes.
(function () {
  "use strict";

  function number(box, name) {
    var field = box.querySelector('input[name="' + name + '"]');
    return field ? parseInt(field.value, 10) || 0 : 0;
  }

  // The page's words for each message (data-says, in the phone's language), their %(name)s filled in.
  function say(box, name, values) {
    var says = JSON.parse(box.getAttribute("data-says") || "{}");
    return (says[name] || "").replace(/%\((\w+)\)s/g, function (whole, key) {
      return values[key] === undefined ? whole : String(values[key]);
    });
  }

  // What is wrong with a line, by field: the messages the server gives for the same numbers.
  function lineProblems(box) {
    var most = parseInt(box.getAttribute("data-stations"), 10);
    var districts = number(box, "districts");
    var busiest = number(box, "max_stations_in_district");
    var monuments = number(box, "monuments");
    var problems = {};
    if (districts > most) problems.districts = say(box, "districts", {max: most});
    if (busiest > most) problems.max_stations_in_district = say(box, "busiest", {max: most});
    if (!problems.districts && !problems.max_stations_in_district && districts >= 1 && busiest >= 1 &&
        districts + busiest - 1 > most) {
      problems.districts = say(box, "together",
        {max: most, districts: districts, most: busiest, needed: districts + busiest - 1});
    }
    if (monuments > most) {
      problems.monuments = say(box, "monuments", {max: most});
    } else if (monuments > 0 && districts <= 0 && busiest <= 0) {
      problems.monuments = say(box, "monuments-alone", {});
    }
    return problems;
  }

  // How many lines a message counts: none, one, or more (the page holds each wording).
  function counted(lines) {
    return lines === 0 ? "0" : lines === 1 ? "1" : "n";
  }

  // Interchanges (or crossings) needing more lines, or more of their stations (or sections), than the map has.
  function shared(box, problems, group, kinds, each, what) {
    var lines = parseInt(box.getAttribute("data-lines"), 10);
    var needed = 0;
    var largest = null;
    var found = false;
    kinds.forEach(function (k) {
      var count = number(box, group + "_" + k);
      if (count <= 0) return;
      needed += k * count;
      largest = k;
      if (k > lines) {
        found = true;
        problems[group + "_" + k] = say(box, what + "-lines-" + counted(lines), {kind: k, num: lines});
      }
    });
    if (!found && needed > lines * each) {
      problems[group + "_" + largest] = say(box, what + "-more-" + counted(lines),
        {needed: needed, num: lines, most: lines * each, each: each});
    }
  }

  function bonusProblems(box) {
    var problems = {};
    var stations = parseInt(box.getAttribute("data-stations"), 10);
    var sections = parseInt(box.getAttribute("data-sections"), 10);
    var objectives = parseInt(box.getAttribute("data-objectives"), 10);
    shared(box, problems, "interchanges", [2, 3, 4], stations, "interchange");
    shared(box, problems, "crossings", [1, 2], sections, "crossing");
    if (number(box, "objectives") > objectives) {
      problems.objectives = say(box, "objectives", {max: objectives});
    }
    return problems;
  }

  // Each field's own message below it; the browser will not submit a field that carries one.
  function show(box, problems) {
    box.querySelectorAll(".stepper").forEach(function (stepper) {
      var input = stepper.querySelector("input");
      var message = problems[input.name] || "";
      var live = stepper.querySelector("[data-nsp-error]");
      input.setCustomValidity(message);
      input.setAttribute("aria-invalid", message ? "true" : "false");
      var told = Array.prototype.some.call(stepper.querySelectorAll(".error:not([data-nsp-error])"), function (p) {
        return p.textContent === message;
      });
      if (!message || told) {
        if (live) live.remove();
        return;
      }
      if (!live) {
        live = document.createElement("p");
        live.className = "error";
        live.setAttribute("role", "alert");
        live.setAttribute("data-nsp-error", "");
        stepper.appendChild(live);
      }
      live.textContent = message;
    });
  }

  // Points per interchange, overhead crossing and objective, as the rules give them.
  var BONUS_POINTS = {
    interchanges_2: 2, interchanges_3: 5, interchanges_4: 9, crossings_1: 2, crossings_2: 6, objectives: 10
  };

  function bonusTotal(box) {
    return Object.keys(BONUS_POINTS).reduce(function (total, name) {
      return total + BONUS_POINTS[name] * number(box, name);
    }, 0);
  }

  function check(box) {
    if (box.hasAttribute("data-nsp-bonus")) {
      var wrong = bonusProblems(box);
      show(box, wrong);
      var total = box.closest("form") && box.closest("form").querySelector("[data-nsp-bonus-total]");
      if (total) total.value = Object.keys(wrong).length ? "—" : String(bonusTotal(box));
      return;
    }
    var problems = lineProblems(box);
    show(box, problems);
    var form = box.closest("form");
    var out = form && form.querySelector("[data-nsp-preview]");
    if (!out) return;
    // An impossible line has no score to preview: the dash keeps its number out of every total.
    out.value = Object.keys(problems).length ? "—" : String(number(box, "districts") *
      number(box, "max_stations_in_district") + 2 * number(box, "monuments"));
  }

  function checkAll() {
    document.querySelectorAll("[data-nsp-line], [data-nsp-bonus]").forEach(check);
  }

  document.addEventListener("input", function (event) {
    var box = event.target.closest("[data-nsp-line], [data-nsp-bonus]");
    if (!box) return;
    // What the server said about the old number no longer applies to the new one.
    var stepper = event.target.closest(".stepper");
    if (stepper) {
      stepper.querySelectorAll(".error:not([data-nsp-error])").forEach(function (old) { old.remove(); });
    }
    check(box);
  });

  window.TableCompanion.everySettle(checkAll);
})();
