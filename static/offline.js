/* Offline and updates: registers the service worker (sw.js at the site's
   root) once the arcade is ready to play, and offers a reload when a new
   version has been stored.

   - Only where a service worker may run: a secure context (https, or
     http://localhost / 127.0.0.1). On a plain-http host the page works as
     before, online only.
   - Not in a frame of another site's page: an embed there would store the
     whole runtime (about 22 MB) in that site's partition for a visitor who
     never chose to install anything. An embed opened on its own (?embed) or
     framed by our own pages is served like the arcade.
   - Registered after the page is ready to play, so storing the runtime
     never competes with the first load; those files are then in the HTTP
     cache already and cost a revalidation each.
   - <html data-offline>: "stored" when this version is kept for offline
     use, "update" when a newer one waits for a reload, "off" when no
     service worker may run here. */
(function () {
  "use strict";
  var root = document.documentElement;
  var framedByOther;
  try { framedByOther = window.top !== window && window.top.location.origin !== location.origin; }
  catch (err) { framedByOther = true; }  // reading another origin's location throws
  if (!("serviceWorker" in navigator) || !window.isSecureContext || framedByOther) {
    root.dataset.offline = "off";
    return;
  }
  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // a new version took over (after a Reload click here or in another tab)
    if (reloading) return;
    reloading = true;
    location.reload();
  });

  function offer(worker) {
    root.dataset.offline = "update";
    if (document.getElementById("update-bar")) return;
    var bar = document.createElement("div");
    bar.id = "update-bar";
    bar.className = "toast";
    bar.setAttribute("role", "status");
    bar.append("A new version of netarcade is ready. ");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", function () { worker.postMessage({kind: "skip-waiting"}); });
    bar.append(button);
    document.body.append(bar);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }

  function register() {
    navigator.serviceWorker.register("sw.js", {scope: "./"}).then(function (registration) {
      watch(registration);
      return navigator.serviceWorker.ready;
    }).then(function () {
      if (root.dataset.offline !== "update") root.dataset.offline = "stored";
    }).catch(function (err) {
      root.dataset.offline = "off";
      console.warn("netarcade: offline use is not available here:", err && err.message);
    });
  }

  if (root.dataset.ready === "play") return register();
  new MutationObserver(function (changes, observer) {
    if (root.dataset.ready === "play") { observer.disconnect(); register(); }
  }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
})();
