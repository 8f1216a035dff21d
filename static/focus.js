/* Keyboard focus across the page's redraws (loaded before static/page.js).

   What it is for: the worker's ops replace the board and the tool row
   with innerHTML after every change, which drops the focused element and
   sends a keyboard player back to the top of the page. NA_FOCUS(document)
   makes a keeper: remember() notes what had the focus before a redraw (a
   tool, a command button, a board spot) as a selector, restore(selector)
   focuses its new twin after it. While that control is not a button (a bot
   is moving, End turn is off), the focus waits on its container (#board or
   #tools, which redraws keep), and each later redraw tries again: a
   keyboard player keeps their place across a bot's reply. A card that
   opens over the board (the game-over card, a confirmation: role=dialog or
   alertdialog in #overlay) takes the focus once, on its autofocus button
   or else its first one, so a screen reader reads it at once and Enter
   answers it.

   What it is not: key handling (page.js) or the game's controls. It needs
   only a document with activeElement, querySelector and getElementById, so
   tests/node/focus_keeper.mjs runs it in Node against a stand-in. */
var NA_FOCUS = function (document) {
  "use strict";
  var DIALOG = "#overlay:not([hidden]) [role=dialog], #overlay:not([hidden]) [role=alertdialog]";
  return {
    keyboard: null,  // a board spot pressed by keyboard: focus it after the redraw
    held: null,      // a control to focus once it is a button again
    dialog: null,    // the open card that took the focus (its heading)
    remember: function () {
      var active = document.activeElement;
      if (!active || !active.getAttribute) return null;
      var attributes = ["data-tool", "data-cmd", "data-name"];
      for (var i = 0; i < attributes.length; i++) {
        var value = active.getAttribute(attributes[i]);
        if (value !== null && value !== undefined) {
          var extra = active.getAttribute("data-value");
          return "[" + attributes[i] + '="' + value + '"]' +
            (extra !== null && extra !== undefined ? '[data-value="' + extra + '"]' : "");
        }
      }
      return null;
    },
    restore: function (selector) {
      if (!this.openDialog()) this.returnTo(selector);
    },
    openDialog: function () {
      var card = document.querySelector(DIALOG);
      if (!card) { this.dialog = null; return false; }
      var heading = card.querySelector("h2");
      var key = String(heading ? heading.textContent : card.getAttribute("class"));
      if (key !== this.dialog) {
        this.dialog = key;
        this.keyboard = this.held = null;
        var button = card.querySelector("[autofocus]") || card.querySelector("button:not([disabled]), a[href]");
        if (button) button.focus();
      }
      return true;
    },
    returnTo: function (selector) {
      if (this.keyboard !== null) {
        selector = '[data-name="' + this.keyboard + '"]';
        this.keyboard = null;
      }
      if (selector === null) {
        var active = document.activeElement;
        var waiting = active && (active.id === "board" || active.id === "tools");
        selector = waiting ? this.held : null;  // the player moved on: forget it
      }
      this.held = null;
      if (selector === null) return;
      var node = document.querySelector(selector);
      var onBoard = selector.indexOf("[data-name") === 0;
      if (onBoard && (!node || !node.hasAttribute("tabindex"))) node = document.querySelector("#board [data-action]");
      if (!node || node.hasAttribute("disabled")) {
        node = document.getElementById(onBoard ? "board" : "tools");
        this.held = selector;
        if (node) node.setAttribute("tabindex", "-1");  // focusable by script, not a Tab stop
      }
      if (node) node.focus();
    }
  };
};
