// The page's focus keeper (static/focus.js) against a stand-in document:
// prints "ok NAME" per scenario, exits 1 on the first failure.
// Run by tests/test_web_newcomer.py.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import assert from "node:assert/strict";

const source = readFileSync(new URL("../../static/focus.js", import.meta.url), "utf-8");
const NA_FOCUS = vm.runInNewContext(source + "\nNA_FOCUS;", {});

class FakeNode {
  constructor(doc, id = "", attributes = {}) { this.doc = doc; this.id = id; this.attributes = {...attributes}; }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  hasAttribute(name) { return name in this.attributes; }
  setAttribute(name, value) { this.attributes[name] = value; }
  focus() { this.doc.activeElement = this; }
}

class FakeDocument {
  // the board and tool row (kept by redraws) and the spots inside them (replaced)
  constructor() {
    this.body = new FakeNode(this, "body");
    this.activeElement = this.body;
    this.board = new FakeNode(this, "board");
    this.tools = new FakeNode(this, "tools");
    this.spots = new Map();
  }
  redraw(buttons) {  // replace the spots; the focus falls to the body when its element goes
    this.spots = new Map(Object.entries(buttons).map(([sel, attrs]) => [sel, new FakeNode(this, "", attrs)]));
    if (![this.board, this.tools, this.body].includes(this.activeElement)) this.activeElement = this.body;
  }
  querySelector(selector) {
    if (selector === "#board [data-action]") {
      for (const node of this.spots.values()) if ("data-action" in node.attributes) return node;
      return null;
    }
    return this.spots.get(selector) || null;
  }
  getElementById(name) { return {board: this.board, tools: this.tools}[name] || null; }
}

const scenarios = {
  "the focus waits on the board while a bot moves and comes back": () => {
    const doc = new FakeDocument(), keeper = NA_FOCUS(doc), spot = '[data-name="b2"]';
    doc.redraw({[spot]: {"data-name": "b2", tabindex: "0", "data-action": "p1 router b2"}});
    doc.spots.get(spot).focus();
    let before = keeper.remember();  // the player's action: the bot's turn, no spot is a button
    doc.redraw({[spot]: {"data-name": "b2"}});
    keeper.restore(before);
    assert.equal(doc.activeElement, doc.board);
    assert.equal(doc.board.getAttribute("tabindex"), "-1");
    before = keeper.remember();  // the bot's reply: the spot is a button again and gets the focus back
    assert.equal(before, null);  // the board itself has no data attribute
    doc.redraw({[spot]: {"data-name": "b2", tabindex: "0", "data-action": "p1 router b2"}});
    keeper.restore(before);
    assert.equal(doc.activeElement, doc.spots.get(spot));
  },
  "a disabled button holds the focus on the tool row until it is back": () => {
    const doc = new FakeDocument(), keeper = NA_FOCUS(doc), end = '[data-cmd="end"]';
    doc.redraw({[end]: {"data-cmd": "end"}});
    doc.spots.get(end).focus();
    const before = keeper.remember();
    doc.redraw({[end]: {"data-cmd": "end", disabled: ""}});
    keeper.restore(before);
    assert.equal(doc.activeElement, doc.tools);
    keeper.restore(keeper.remember());  // a redraw with End still off: still waiting
    assert.equal(doc.activeElement, doc.tools);
    assert.equal(keeper.held, end);
    doc.redraw({[end]: {"data-cmd": "end"}});
    keeper.restore(keeper.remember());
    assert.equal(doc.activeElement, doc.spots.get(end));
    doc.activeElement = doc.body;  // a player who moved elsewhere is not pulled back
    keeper.held = end;
    keeper.restore(keeper.remember());
    assert.equal(doc.activeElement, doc.body);
    assert.equal(keeper.held, null);
  },
  "a spot pressed by keyboard gets the focus after the redraw": () => {
    const doc = new FakeDocument(), keeper = NA_FOCUS(doc), spot = '[data-name="c3"]';
    keeper.keyboard = "c3";
    doc.redraw({[spot]: {"data-name": "c3", tabindex: "0"}});
    keeper.restore(keeper.remember());
    assert.equal(doc.activeElement, doc.spots.get(spot));
    assert.equal(keeper.keyboard, null);
  },
};

for (const [name, run] of Object.entries(scenarios)) {
  run();
  console.log("ok " + name);
}
