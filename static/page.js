/* The page's main thread: start the engine's worker, apply what it sends,
   forward what the player does.

   What it is for: Python (Pyodide, our wheel: the controller, the tables,
   the bots, online play) runs in a module Web Worker (static/worker.js), so
   the page keeps drawing and answering while Python starts and while a bot
   thinks. This script is all that runs on the main thread besides
   index.html's first-paint script: it sends the worker one "boot" message
   (the page's location, a snapshot of our storage keys, the screen's
   orientation, the page's clock origin), forwards DOM events as plain data,
   and applies the "ops" the worker sends back (innerHTML by id, text,
   attributes, properties, dataset, classes, title, history, focus, storage
   writes, clipboard, toasts). The message vocabulary is documented in
   docs/web-runtime.md ("Python in a web worker") and in
   py/netarcade/web/app.py, which speaks it on the worker's side.

   The worker never reaches the DOM itself (no SharedArrayBuffer, no
   synchronous calls), so the page needs no cross-origin isolation: static
   hosts and embeds in ordinary pages work as before.

   What it is not: game logic or the page's lifecycle (both Python, in the
   worker). The focus keeper (static/focus.js) is the one piece of page
   behaviour on this side, because it must read the live DOM around each
   redraw. */
(function () {
  "use strict";
  var root = document.documentElement;
  var PORTRAIT = "(orientation: portrait) and (max-width: 640px)";
  var STORE_PREFIX = "netarcade";

  // ---- boot progress: the worker reports its steps -------------------------------
  var WORDS = {
    "Loading interpreter": "Starting Python (WebAssembly)",
    "Loaded interpreter": "Python started",
    "Loaded Pyodide": "Loading the rules engine"
  };
  function progress(step, words, scale) {
    // every progress line: the game view's and the home screen's (.boot)
    var slow = step === "Loading interpreter";
    document.querySelectorAll(".boot .bar i").forEach(function (bar) {
      bar.style.transition = slow ? "transform 4s cubic-bezier(.2,.7,.4,1)" : "transform .2s";
      bar.style.transform = "scaleX(" + (scale || (slow ? 0.9 : step === "Loaded Pyodide" ? 0.95 : 0.08)) + ")";
    });
    document.querySelectorAll(".boot .boot-text").forEach(function (text) {
      text.textContent = words || (WORDS[step] || step || "Starting Python") + "\u2026";
    });
  }

  // ---- storage: a snapshot for the worker (it has none), written through ---------
  function area(name) {
    try { return name === "session" ? window.sessionStorage : window.localStorage; }
    catch (err) { return null; }  // storage refused (some iframes, private modes)
  }
  function snapshot(name) {
    var found = {}, store = area(name);
    try {
      for (var i = 0; store && i < store.length; i++) {
        var key = store.key(i);
        if (key && key.indexOf(STORE_PREFIX) === 0) found[key] = store.getItem(key);
      }
    } catch (err) { /* refused */ }
    return found;
  }

  // ---- focus across redraws (static/focus.js) ------------------------------------
  var focus = NA_FOCUS(document);

  // ---- what the worker sends: ops -----------------------------------------------------
  var remembered = null;
  var keys = new Set();  // the keys the game on screen takes ("ctrl+z" with Ctrl)
  var toastTimer = null;

  function toast(text) {
    var box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { if (box.textContent === text) box.hidden = true; }, 2400);
  }

  function mark(at) {
    // the log's move `at` marked as shown (aria-current, the one log button
    // in the tab order), later ones dimmed by one rule, scrolled to the middle
    var log = document.getElementById("log");
    var steps = log && log.querySelector(".replay-log");
    if (!steps) return;
    var old = steps.querySelector("li.now");
    if (old) {
      old.classList.remove("now");
      old.firstElementChild.removeAttribute("aria-current");
      old.firstElementChild.tabIndex = -1;
    }
    var now = steps.children.item(at);  // the first item is the start, then move 1, 2, ...
    if (!now) return;
    now.classList.add("now");
    now.firstElementChild.setAttribute("aria-current", "step");
    now.firstElementChild.tabIndex = 0;
    var later = document.getElementById("replay-later");
    if (later) later.textContent = ".replay-log > li:nth-child(n+" + (at + 2) + ") { opacity: .45; }";
    var top = now.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop;
    log.scrollTop = Math.max(0, top - log.clientHeight / 2);
  }

  function showErrors(op) {
    // a home-screen form's field notes and aria-invalid (op.only: one field)
    var form = document.querySelector('form.newgame[data-game="' + op.game + '"]');
    if (!form) return;
    form.querySelectorAll("[data-field]").forEach(function (box) {
      var name = box.getAttribute("data-field");
      if (op.only && name !== op.only) return;
      var message = op.errors[name] || "";
      var note = document.getElementById("err-" + op.game + "-" + name);
      if (note) note.textContent = message;
      var control = box.querySelector("input,select");
      if (control) {
        if (message) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      }
    });
    if (op.focus) {
      var first = form.querySelector("[aria-invalid]");
      if (first) first.focus();
    }
  }

  function copy(op) {
    function fallback() {  // no clipboard permission (http, iframe): show the link instead
      var field = document.getElementById("link-field");
      field.value = op.url;
      field.hidden = false;
      field.focus();
      field.select();
      toast(op.fallback);
    }
    var clip = navigator.clipboard;
    if (!clip || !clip.writeText) return fallback();
    clip.writeText(op.url).then(function () {
      root.dataset.copied = op.url;
      toast(op.done);
    }, fallback);
  }

  function link(op) {
    if (op.how === "replace") history.replaceState(null, "", "#" + op.fragment);
    else if (op.how === "entry") history.pushState(null, "", "#" + op.fragment);  // no hashchange
    else if (op.how === "clear") history.replaceState(null, "", location.pathname + location.search);
    else location.hash = op.fragment;  // "push": a history entry and a hashchange
  }

  var APPLY = {
    html: function (op, el) {
      var kept = (op.keep || []).map(function (id) {
        var field = document.getElementById(id);
        return [id, field ? field.value : ""];
      });
      el.innerHTML = op.html;
      kept.forEach(function (pair) {
        var field = document.getElementById(pair[0]);
        if (pair[1] && field) field.value = pair[1];
      });
    },
    text: function (op, el) { if (el.textContent !== op.text) el.textContent = op.text; },  // a quiet live region stays quiet
    attr: function (op, el) {
      if (op.value === null) el.removeAttribute(op.name);
      else el.setAttribute(op.name, op.value);
    },
    prop: function (op, el) { el[op.name] = op.value; },
    data: function (op, el) {
      if (op.value === null) delete el.dataset[op.name];
      else el.dataset[op.name] = op.value;
    },
    "class": function (op, el) { el.classList.toggle(op.name, !!op.on); },
    insert: function (op, el) {
      var where = op.where || "beforeend";
      var scope = where === "beforeend" ? el : document;  // "unless" looks inside, or anywhere
      if (!op.unless || !scope.querySelector(op.unless)) el.insertAdjacentHTML(where, op.html);
    },
    scroll: function (op, el) { el.scrollTop = el.scrollHeight; }
  };
  var GLOBAL = {
    title: function (op) { document.title = op.text; },
    link: link,
    focus: function (op) {
      if (op.step === "remember") remembered = focus.remember();
      else focus.restore(remembered);
    },
    store: function (op) {
      var store = area(op.area);
      try {
        if (!store) return;
        if (op.value === null) store.removeItem(op.key);
        else store.setItem(op.key, op.value);
      } catch (err) { /* storage refused or full: the setting is only a convenience */ }
    },
    copy: copy,
    toast: function (op) { toast(op.text); },
    mark: function (op) { mark(op.at); },
    errors: showErrors,
    keys: function (op) { keys = new Set(op.keys); },
    log: function (op) { console[op.level === "error" ? "error" : "log"]("netarcade: " + op.text); },
    ready: function () {
      root.dataset.readyMs = String(Math.round(performance.now()));
      root.dataset.ready = "play";
      progress("", "Python is up: every game plays.", 1);  // the home screen's line stays and says so
    },
    failed: function (op) {
      var status = document.getElementById("status");
      if (status) status.textContent = "The arcade failed to start: " + op.text;
      root.dataset.ready = "error";
      progress("", "The arcade failed to start.", 0.03);
      console.error("netarcade: " + op.text);
    }
  };

  function apply(ops) {
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      if (GLOBAL.hasOwnProperty(op.op)) { GLOBAL[op.op](op); continue; }
      var el = op.id ? document.getElementById(op.id) : op.sel ? document.querySelector(op.sel) : root;
      if (el && APPLY.hasOwnProperty(op.op)) APPLY[op.op](op, el);
    }
  }

  // ---- the worker ---------------------------------------------------------------------
  var worker = new Worker("static/worker.js", {type: "module"});
  var sent = 0, done = 0, waiters = [];
  function send(message) {
    message.seq = ++sent;
    worker.postMessage(JSON.stringify(message));
  }
  function settle() {
    if (done < sent) return;
    var ready = waiters.splice(0);
    ready.forEach(function (resolve) { resolve(); });
  }
  worker.addEventListener("message", function (event) {
    var message = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
    if (message.kind === "progress") { progress(message.step); return; }
    if (message.kind === "up") { start(); return; }
    if (message.kind === "failed") { GLOBAL.failed({text: message.text}); return; }
    apply(message.ops || []);
    if (message.done) done = Math.max(done, message.done);
    settle();
  });
  worker.addEventListener("error", function (event) {
    GLOBAL.failed({text: String(event.message || "the engine's worker did not start")});
  });
  var portrait = matchMedia(PORTRAIT);
  var started = false;
  function start() {
    started = true;
    // sent once Python is up (not at page load): the address, storage and
    // orientation as they are now, after whatever was done while it started
    performance.mark("na-python-up");
    send({
      kind: "start",
      location: {origin: location.origin, pathname: location.pathname, search: location.search,
                 protocol: location.protocol, host: location.host, hash: location.hash},
      embed: root.hasAttribute("data-embed"),
      portrait: portrait.matches,
      side: (document.getElementById("side") || root).getAttribute("data-game") || "",
      timeOrigin: performance.timeOrigin,
      storage: {local: snapshot("local"), session: snapshot("session")}
    });
  }

  // For tests and tools: resolves once every input sent so far has been
  // answered and applied (an input's reply comes a message later, not at once).
  window.NA_PAGE = {
    settled: function () {
      return new Promise(function (resolve) {
        function check(quiet) {
          if (done < sent) { waiters.push(function () { setTimeout(check, 0, 0); }); return; }
          if (quiet >= 2) { resolve(); return; }  // two idle turns: a hashchange an op caused has been sent
          setTimeout(check, 0, quiet + 1);
        }
        setTimeout(check, 0, 0);
      });
    }
  };

  // ---- what the player does: plain data to the worker -----------------------------
  function live(event) {
    // before this, index.html's boot guard refuses inputs (capture phase) and says why
    return root.dataset.ready === "play";
  }
  function formValues(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name) return;
      values[field.name] = field.type === "checkbox" ? (field.checked ? "true" : "false") : String(field.value);
    });
    return values;
  }
  function showSeats(form, text) {
    // one seat select per player (the form has one for every possible seat)
    var players = parseInt(text, 10);
    if (isNaN(players)) return;
    form.querySelectorAll("[data-seat]").forEach(function (box) {
      box.hidden = Number(box.getAttribute("data-seat")) > players;
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!live(event) || !target || !target.closest) return;
    var control = target.closest("[data-tool],[data-cmd]");
    if (control) {
      var tool = control.getAttribute("data-tool");
      if (tool) { send({kind: "tool", tool: tool}); return; }
      var name = control.getAttribute("data-cmd");
      if (name === "costs") {  // the costs panel folds on the page alone
        var panel = document.getElementById("costs-panel");
        var hidden = panel.classList.toggle("collapsed");
        control.setAttribute("aria-expanded", hidden ? "false" : "true");
        control.textContent = hidden ? "Show" : "Hide";
        return;
      }
      send({kind: "cmd", name: name, value: control.getAttribute("data-value")});
      return;
    }
    var spot = target.closest("[data-name]");
    var board = document.getElementById("board");
    if (spot && board && board.contains(spot)) send({kind: "spot", name: spot.getAttribute("data-name")});
  });

  document.addEventListener("keydown", function (event) {
    if (!live(event)) return;
    var target = event.target;
    var tag = String(target.tagName || "").toLowerCase();
    var key = String(event.key);
    if (/^(input|select|textarea)$/.test(tag) || (event.ctrlKey && key.toLowerCase() !== "z")) return;
    if (event.altKey || event.metaKey) return;
    if (key === "Enter" || key === " ") {
      var spot = target.closest && target.closest("#board [data-name]");
      if (spot) {
        event.preventDefault();
        focus.keyboard = spot.getAttribute("data-name");
        send({kind: "spot", name: focus.keyboard});
      }
      return;  // Enter on a button clicks it already
    }
    if (root.dataset.view !== "game") return;
    if (keys.has((event.ctrlKey ? "ctrl+" : "") + key.toLowerCase())) {
      event.preventDefault();
      send({kind: "key", key: key, ctrl: event.ctrlKey});
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!live(event) || !form.matches || !form.matches("form.newgame, form.joinseat, form.joinroom")) return;
    event.preventDefault();
    var submitter = event.submitter || null;
    var name = document.getElementById("player-name");
    send({
      kind: "submit",
      form: form.matches("form.newgame") ? "newgame" : form.matches("form.joinseat") ? "joinseat" : "joinroom",
      game: form.getAttribute("data-game") || "",
      values: formValues(form),
      submitter: submitter ? submitter.getAttribute("value") || "" : "",
      name: name ? String(name.value) : ""
    });
  });

  document.addEventListener("input", function (event) {
    var target = event.target;
    if (!live(event)) return;
    if (target.id === "replay-slider") { send({kind: "cmd", name: "replay-to", value: String(target.value)}); return; }
    var form = target.closest && target.closest("form.newgame");
    if (!form) return;
    if (target.name === "players") showSeats(form, target.value);
    send({kind: "input", game: form.getAttribute("data-game"), name: String(target.name || ""), values: formValues(form)});
  });

  // from "start" on (the worker reads its messages in order): before it,
  // "start" itself carries the address and the orientation as they are then
  addEventListener("hashchange", function () {
    if (started) send({kind: "hash", hash: location.hash});
  });
  portrait.addEventListener("change", function () {
    if (started) send({kind: "portrait", on: portrait.matches});
  });
})();
