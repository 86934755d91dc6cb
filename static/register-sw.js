// Table Companion: install the service worker that keeps the rules reference readable without a connection.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // No worker (private mode, an old browser): the pages still work, only not offline.
    });
  });
})();
