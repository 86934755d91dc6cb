// Table Companion: steppers, the live refresh of a table while the page is visible, and a banner with Retry when a
// request fails. What a refresh keeps of the page (forms being typed in, where the phone was looking) is live.js.
(function () {
  "use strict";

  var POLL_MS = 1500; // under the 2 s promise, with room for the request itself
  var sending = new Map(); // entries on their way (request → form): a poll waits for their answer, which replaces
  // the panel anyway

  htmx.config.timeout = 8000; // a request that hangs is a failure the phone is told about, not a frozen button

  // A finger on the panel: a refresh waits until the tap is over. A panel swapped between the touch and the click
  // takes the tap with it (the click goes to a button no longer in the page), so a card tapped just as another
  // phone's entry arrives would be lost.
  var pressed = false;
  var held = false; // a refresh was put off during the press: it is asked for once the press is over
  var letGo = null;

  function press(event) {
    if (!event.target.closest || !event.target.closest("#live")) return;
    pressed = true;
    releaseIn(2000); // a long press, which may end in no click
  }

  function releaseIn(ms) {
    clearTimeout(letGo);
    letGo = setTimeout(release, ms);
  }

  function release() {
    clearTimeout(letGo);
    if (!pressed) return;
    pressed = false;
    if (held) {
      held = false;
      poll();
    }
  }

  document.addEventListener("pointerdown", press, true);
  document.addEventListener("pointerup", function () {
    if (pressed) releaseIn(500); // the click that follows a tap
  }, true);
  document.addEventListener("pointercancel", release, true); // the finger scrolled the page instead
  document.addEventListener("click", function () {
    if (pressed) releaseIn(0); // once the click has done its work: a form it sent is on its way
  });

  function poll() {
    var busy = window.TableCompanion.busy && window.TableCompanion.busy();
    if (pressed) held = true;
    else if (document.visibilityState === "visible" && sending.size === 0 && !busy) {
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

  // Run `draw` over the page once it is read, and again after every htmx swap has settled.
  function everySettle(draw) {
    document.addEventListener("htmx:afterSettle", function () { draw(); });
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { draw(); });
    } else {
      draw();
    }
  }

  everySettle(function () {
    document.querySelectorAll("form[data-preview]").forEach(preview);
  });

  // ---- A request that failed ------------------------------------------------------------------------------------
  // An entry that could not be sent is kept on the phone (static/outbox.js) and goes by itself once the table
  // answers; the banner says so, and how many wait.

  // The words this script says, in the page's language: base.html writes them (#words); {name} stands for a value.
  var WORDS = (function () {
    var node = document.getElementById("words");
    try {
      return node ? JSON.parse(node.textContent) : {};
    } catch (error) {
      return {};
    }
  })();

  function word(key, values) {
    var text = WORDS[key] || "";
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(values[name]));
    });
    return text;
  }

  var failure = null; // the entry that could not be sent: its form
  var said = ""; // what went wrong last

  function tc() {
    return window.TableCompanion;
  }

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
    retry.textContent = word("retry");
    retry.type = "button";
    retry.addEventListener("click", function () {
      if (tc().flush) tc().flush();
      poll();
    });
    box.append(text, retry);
    document.body.append(box);
    return box;
  }

  function waitingText(count) {
    if (!count) return word("lostNone");
    return word(count === 1 ? "lostOne" : "lostMany", { n: count });
  }

  function say(what) {
    said = what;
    var box = banner();
    box.querySelector("p").textContent = what + waitingText(tc().waiting ? tc().waiting() : 0);
    box.hidden = false;
  }

  function calm() {
    var box = document.getElementById("trouble");
    if (box) box.hidden = true;
  }

  function failed(event, what) {
    var config = event.detail.requestConfig || {};
    var form = config.elt;
    if (form && form.matches && form.matches("form") && config.verb === "post" && tc().keep) {
      failure = form;
      tc().keep(form, config.formData);
    }
    say(what);
  }

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    var what =
      status === 503
        ? word("storageDown")
        : status === 429
          ? word("tooMany")
          : status >= 500
            ? word("serverProblem", { status: status })
            : word("refused", { status: status });
    if (status >= 500 || status === 429) failed(event, what);
    else say(what);
  });
  document.addEventListener("htmx:sendError", function (event) {
    failed(event, word("offline"));
  });
  document.addEventListener("htmx:timeout", function (event) {
    failed(event, word("timeout"));
  });

  // An entry on its way: a refresh already asked for is given up (its answer could cross the entry's own and show
  // the entry's step as taken by another phone); the entry's answer replaces the panel anyway.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (config.verb === "get") return;
    var xhr = event.detail.xhr;
    sending.set(xhr, config.elt);
    // Its end is heard on the request itself: a refresh that landed meanwhile may have taken its form out of the
    // page, and htmx's events on a form out of the page reach no listener here (polls would wait for it forever).
    xhr.addEventListener("loadend", function () {
      sending.delete(xhr);
      if (!config.elt.isConnected) setTimeout(poll, 0); // its answer had no panel to go into: ask for the table
    });
    var live = document.getElementById("live");
    if (live && live !== config.elt) htmx.trigger(live, "htmx:abort");
  });

  // A panel's answer goes into the panel on the page (a refresh may have replaced the one it was asked from), and
  // a refresh never brings back an older table than the one shown.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (!detail.target || detail.target.id !== "live") return;
    var live = document.getElementById("live");
    if (live && !detail.target.isConnected) detail.target = live;
    var shown = live ? parseInt(live.dataset.version, 10) : NaN;
    var found = /data-version="(\d+)"/.exec(detail.serverResponse || "");
    if (detail.requestConfig.verb !== "get") return;
    if (found && parseInt(found[1], 10) < shown) detail.shouldSwap = false;
    else if (pressed) {
      detail.shouldSwap = false; // asked for again once the finger is off
      held = true;
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    sending.delete(detail.xhr);
    if (!detail.successful) return;
    var sent = detail.requestConfig && detail.requestConfig.elt;
    if (sent === failure) failure = null;
    if (tc().waiting && tc().waiting()) {
      say(word("back"));
      tc().flush();
      return;
    }
    if (!failure) calm();
  });

  // For outbox.js: the count of waiting entries changed, or a waiting entry was sent (its form is done with).
  function changed() {
    var box = document.getElementById("trouble");
    var count = tc().waiting();
    if (count) say(said || word("sending"));
    else if (box && !box.hidden && !failure) calm();
    else if (box && !box.hidden) say(said);
  }

  function sent(form) {
    if (form && form === failure) failure = null;
    if (!failure && !tc().waiting()) calm();
  }

  // Times the server writes in UTC (until when a join code works), shown in the phone's own time.
  function localTimes() {
    document.querySelectorAll("time[data-local]").forEach(function (time) {
      var at = new Date(time.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      var locale = document.documentElement.lang || [];
      var text = at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
      if (at.toDateString() !== new Date().toDateString()) {
        var day = at.toLocaleDateString(locale, { day: "numeric", month: "short" });
        text = word("timeOn", { time: text, day: day });
      }
      time.textContent = text;
    });
  }

  // For live.js: the form whose entry could not be sent is kept across refreshes like one being typed in.
  window.TableCompanion = {
    failedForm: function () {
      return failure;
    },
    inFlight: function (form) {
      return Array.from(sending.values()).indexOf(form) >= 0;
    },
    poll: poll,
    changed: changed,
    sent: sent,
    everySettle: everySettle,
  };

  document.addEventListener("DOMContentLoaded", localTimes);
  document.addEventListener("visibilitychange", poll);
  setInterval(poll, POLL_MS);
})();

// After a step: once the table takes a form's entry, the first element whose `data-next-step` (a selector of the
// forms it follows) names that form comes to the top of the screen: the next step, or the line of the last one with
// the next step under it. After a refusal, the first thing to fix does. Either only if the phone has scrolled past
// it, unless the element says `data-next-step-always`. Without this script everything works the same, only without
// the scrolling.
(function () {
  "use strict";

  function following(root, source) {
    return Array.from(root.querySelectorAll("[data-next-step]")).filter(function (spot) {
      return source.closest(spot.getAttribute("data-next-step"));
    });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var live = document.getElementById("live");
    if (!source || !source.closest || !live) return;
    var next = following(live, source);
    var before = source.closest("#live"); // the panel the form was sent from, already swapped out
    var known = next.concat(before && before !== live ? following(before, source) : []);
    if (!known.length) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var spot = status < 300 ? next[0] : live.querySelector(".needs-attention, .error");
    if (!spot) return;
    if (known[0].hasAttribute("data-next-step-always") || spot.getBoundingClientRect().top < 0) {
      spot.scrollIntoView({ block: "start" });
    }
  });
})();

// The language link takes the phone back where it was once a language is chosen. The page itself never prints
// its own address (it may hold a name or a code): the link is given it as it is tapped.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-back-here]");
  if (!link) return;
  var url = new URL(link.href, location.href);
  url.searchParams.set("next", location.pathname + location.search + location.hash);
  link.href = url.pathname + url.search;
});
