/* The first screen before Python: index.html loads this (in its head,
   before the body is parsed) and static/prepaint.js (in the body, right
   after the board and after the home screen's resume link).

   What it is for: which view a visit shows (the bare address is the home
   screen: a first visit sees the games; an embed plays), which game's
   layout and board, and "Back to your game", all before the first paint;
   then, until Python is up, the board and the controls refuse input and
   say why, and a form sent meanwhile is kept and sent once Python is up.
   For the page's whole life: a game opens at its top, and whether the
   relay serves the page (online play), asked as it loads.

   What it is not: the page's glue (static/page.js) or inline code: the
   site's Content-Security-Policy runs no inline script (docs/web-runtime.md),
   so everything index.html runs is a file. sitebuild/build.py fills
   the NA_PAGES marker below (netarcade.web.shell.fill_boot). */
// Every playable game: its title and which pre-rendered board a link to
// it shows at once (web/games/<id>/__init__.py, written by the build).
var NA_PAGES = /*na:pages*/;
// Before the first paint, and at every change of the address until
// Python is up: which view (the bare address is the home screen: a first
// visit sees the games; an embed plays), which game's layout and board.
var NA_BOOT = (function () {
  var root = document.documentElement;
  var query = location.search.replace(/^\?/, "").split("&");
  var embed = query.some(function (p) { return p === "embed" || p.indexOf("embed=") === 0; });
  if (embed) root.setAttribute("data-embed", "");
  // in another page's frame the focus is the person's: static/focus.py moves it only while
  // this page has it (comparing the windows is allowed across origins; reading top's is not)
  if (window.self !== window.top) root.setAttribute("data-framed", "");
  var firstGame = root.getAttribute("data-game");
  var firstBoard = null;  // the pre-rendered board, put back when a link to another game is left
  function show() {
    if (root.hasAttribute("data-ready")) return;  // Python routes from now on
    var hash = location.hash.replace(/^#/, "");
    var home = !embed && (hash === "home" || hash === "");
    var glance = !embed && /^glance=/.test(hash);  // a rules card: drawn once Python is up
    root.setAttribute("data-view", home ? "home" : glance ? "glance" : "game");
    root.classList.toggle("link-pending", /(^|&)(r|play)=/.test(hash));
    // an embed's layout before Python says who plays (the bare embed: bots; a link: its seats,
    // a person against bots when it names none), so the frame does not move when Python is up
    if (embed && !/(^|&)online=/.test(hash)) {
      var seats = /(^|&)seats=([^&]*)/.exec(hash);
      var humans = !/(^|&)(r|play)=/.test(hash) ? 0 : !seats ? 1 : seats[2].split(",").filter(function (seat) {
        return seat === "human"; }).length;
      root.setAttribute("data-humans", String(humans));
    }
    // a link to another game: its layout at once (its pre-rendered board below)
    var play = /(^|&)play=([a-z0-9_-]+)(&|$)/.exec(hash);
    // an online room: the game this browser saw there (web/online/online.py keeps it), else no game's
    // board at all (a reload of a Net Control room painted a Backbone board for seconds)
    var room = /(^|&)online=([A-Za-z0-9]+)(&|$)/.exec(hash), roomGame = null;
    if (room) {
      try {
        roomGame = sessionStorage.getItem("netarcade:room:" + room[2].toUpperCase())
          || localStorage.getItem("netarcade:room:" + room[2].toUpperCase());
      } catch (err) { /* storage refused */ }
      if (!NA_PAGES.hasOwnProperty(roomGame)) roomGame = null;
    }
    root.classList.toggle("room-pending", !!room);
    root.classList.toggle("room-unknown", !!room && !roomGame);
    root.setAttribute("data-game", play && NA_PAGES.hasOwnProperty(play[2]) ? play[2] : roomGame || firstGame);
    title();
    // until the board below is parsed and replaced (static/prepaint.js), the built page's board and
    // title bar are the default game's: not shown for another game (a reloaded Net Control room
    // painted a frame of Backbone's board and title while the page was parsed)
    root.classList.toggle("board-pending", root.getAttribute("data-game") !== firstGame);
    if (document.getElementById("board")) board();
    if (document.getElementById("resume")) resume();
  }
  function resume() {
    // a returning player: "Back to your game" (the last unfinished local
    // game this browser kept: controller.LAST_SETTING) before Python too
    var last = null, link = document.getElementById("resume");
    try { last = localStorage.getItem("netarcade.last"); } catch (err) { /* storage refused */ }
    var play = /(^|&)play=([a-z0-9_-]+)(&|$)/.exec(last || "");
    link.hidden = !(play && NA_PAGES.hasOwnProperty(play[2]));
    if (link.hidden) return;
    link.href = "#" + last;
    link.textContent = "Back to your " + NA_PAGES[play[2]].title + " game";
  }
  function title() {
    // the window's title from the first frame (the built page's <title> names the default game:
    // a room this browser never saw showed "netarcade: Backbone" until the board was parsed)
    var page = NA_PAGES[root.getAttribute("data-game")];
    document.title = root.getAttribute("data-view") === "home" ? "netarcade: choose a game"
      : root.classList.contains("room-unknown") ? "netarcade: online game" : "netarcade: " + (page ? page.title : "");
  }
  function board() {
    // the game's own first board for this link or screen (a template), if any
    var hash = location.hash.replace(/^#/, "");
    var page = NA_PAGES[root.getAttribute("data-game")];
    var target = document.getElementById("board");
    if (firstBoard === null) firstBoard = target.innerHTML;
    root.classList.remove("board-pending");  // this game's board and title below, before the next paint
    var note = document.querySelector(".pending-note");
    if (note) note.textContent = /(^|&)r=/.test(hash) ? "Restoring the position from the link\u2026" : "Starting Python\u2026";
    if (!page) return;
    var id = page.board(location.hash, matchMedia("(orientation: portrait) and (max-width: 640px)").matches);
    if (id) target.replaceChildren(document.getElementById(id).content.cloneNode(true));
    else target.innerHTML = firstBoard;
    document.getElementById("topic").textContent = page.title;
  }
  show();
  addEventListener("hashchange", show);

  // A game opens at its top (its status line in view), not where the home
  // screen was scrolled to when its Play now or form was used. The focus,
  // left on a link of the home screen now hidden (Play now, Back to your
  // game), goes to the board (focusable by script only): the first Tab then
  // reaches its first lit target, not the end of the page.
  var lastView = root.getAttribute("data-view");
  new MutationObserver(function () {
    var view = root.getAttribute("data-view");
    var active = document.activeElement;
    if (view === "game" && lastView !== "game") {
      scrollTo(0, 0);
      var home = document.getElementById("view-home"), card = document.getElementById("view-glance");
      var board = document.getElementById("board");
      if (board && (!active || active === document.body || (home && home.contains(active))
                    || (card && card.contains(active)))) {
        board.setAttribute("tabindex", "-1");
        board.focus({preventScroll: true});
      }
    }
    // a rules card (#glance=<game>) opens at its top, the focus on its heading: Tab goes on from
    // there (drawn once Python is up, so also when the card comes after the view)
    var glanceView = document.getElementById("view-glance"), heading = document.getElementById("glance-title");
    if (view === "glance" && heading && !(active && glanceView.contains(active))) {
      scrollTo(0, 0);
      heading.focus({preventScroll: true});
    }
    lastView = view;
  }).observe(root, {attributes: true, attributeFilter: ["data-view"]});

  // Online play only when the relay serves this page: its answers carry
  // the websockets server header; a static host's do not. Asked at once,
  // not when Python is up: until the answer ("asking") the home screen
  // keeps the online name box's room, so the game cards below it hold
  // still when a relay answers.
  if (!embed) {
    root.setAttribute("data-online", "asking");
    // The answer's (empty) body is read to its end: a response left unread is
    // cancelled when it is collected, which the browser logs as a failed
    // request for the page (net::ERR_ABORTED) on every load.
    fetch(location.pathname, {method: "HEAD", cache: "no-store"}).then(function (answer) {
      var relay = String(answer.headers.get("server") || "").indexOf("websockets") >= 0;
      return answer.arrayBuffer().then(function () { return relay; }, function () { return relay; });
    }, function () { return false; }).then(function (relay) {  // offline: no online play
      if (relay) root.setAttribute("data-online", "yes");
      else if (root.getAttribute("data-online") === "asking") root.removeAttribute("data-online");
    });
  }

  // Until Python is up the board and the controls are inert (CSS) and
  // say why: a click or a game key there plays nothing and the status
  // says so. An input made before that moment but handled after it (the
  // page can be busy starting Python) is refused the same way, never
  // played late. A form sent meanwhile (a new game, joining a room) is
  // kept and sent once Python is up.
  function early(event) {
    return !root.hasAttribute("data-ready") || event.timeStamp < Number(root.dataset.readyMs || 0);
  }
  var refused = 0, queued = null;
  function refuse(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    root.dataset.bootRefused = String(++refused);
    if (root.hasAttribute("data-ready")) {
      var prompt = document.getElementById("prompt");
      if (prompt) prompt.textContent = "That came while Python was starting: nothing was played. The board is live now.";
      return;
    }
    document.getElementById("status").textContent = "Not yet: Python is still starting\u2026";
    var boot = document.getElementById("boot");
    boot.classList.remove("nudge");
    void boot.offsetWidth;  // restart the nudge's animation
    boot.classList.add("nudge");
  }
  addEventListener("click", function (event) {
    var target = event.target;
    if (early(event) && target.closest && target.closest(".board-wrap, .controls, [data-cmd], [data-tool]")) refuse(event);
  }, true);
  addEventListener("keydown", function (event) {
    var tag = String(event.target.tagName || "").toLowerCase();
    if (!early(event) || root.getAttribute("data-view") !== "game" || /^(input|select|textarea)$/.test(tag)
        || event.altKey || event.metaKey || (event.ctrlKey && event.key.toLowerCase() !== "z")
        || (event.key.length !== 1 && event.key !== "Escape")) return;
    refuse(event);  // Enter and Space on a button become a click, refused above
  }, true);
  addEventListener("submit", function (event) {
    if (root.hasAttribute("data-ready")) return;  // Python has it
    event.preventDefault();
    event.stopImmediatePropagation();
    queued = {form: event.target, submitter: event.submitter || null};
    root.dataset.bootQueued = "1";
    var wait = event.target.querySelector(".boot-wait");
    if (!wait) {
      wait = document.createElement("p");
      wait.className = "boot-wait";
      wait.setAttribute("role", "status");
      event.target.appendChild(wait);
    }
    wait.textContent = "Starting Python\u2026 your game starts as soon as it is up.";
  }, true);
  new MutationObserver(function (records, observer) {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    ["board", "controls"].forEach(function (id) {
      var node = document.getElementById(id);
      if (node) { node.removeAttribute("aria-disabled"); node.removeAttribute("aria-busy"); }
    });
    document.querySelectorAll(".boot-wait").forEach(function (node) { node.remove(); });
    if (refused) {
      var prompt = document.getElementById("prompt");
      if (prompt) prompt.textContent = "What you did while Python was starting was not played: the board is live now.";
    }
    if (queued && root.dataset.ready === "play" && queued.form.isConnected) {
      var form = queued.form, submitter = queued.submitter && queued.submitter.isConnected ? queued.submitter : undefined;
      queued = null;
      form.requestSubmit(submitter);
    }
  }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
  // static/prepaint.js, loaded where index.html used to run the same
  // calls inline: right after the board (its first board for this link or
  // screen) and after the home screen's resume link; each part runs once
  var painted = false, resumed = false;
  function prepaint() {
    if (!painted && document.getElementById("board")) {
      painted = true;
      board();
      // the frame that first shows the board: rAF runs just before it is
      // painted, the timeout just after (scripts/bench/page.py reads it)
      requestAnimationFrame(function () { setTimeout(function () { performance.mark("na-board-painted"); }); });
    }
    if (!resumed && document.getElementById("resume")) {
      resumed = true;
      resume();
    }
  }
  return {show: show, board: board, resume: resume, prepaint: prepaint};
})();
