// Unit tests of the card keypad's pure helpers (static/js/keypad.js): run with `node --test tests/js/`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { parseTokens, formatTokens, toggleColor, keyToken } = require("../../static/js/keypad.js");

test("parseTokens splits on any run of spaces and ignores the ends", () => {
  assert.deepEqual(parseTokens("  R7  W\t5 "), ["R7", "W", "5"]);
  assert.deepEqual(parseTokens(""), []);
  assert.deepEqual(parseTokens("   "), []);
  assert.deepEqual(parseTokens(undefined), []);
});

test("formatTokens leaves a space for the next token, and nothing for no tokens", () => {
  assert.equal(formatTokens(["R7", "W"]), "R7 W ");
  assert.equal(formatTokens([]), "");
});

test("parseTokens reads back what formatTokens wrote", () => {
  const list = ["G12", "S", "W", "3", "|", "4"];
  assert.deepEqual(parseTokens(formatTokens(list)), list);
});

test("toggleColor chooses a colour, switches to another, and clears on a second tap", () => {
  assert.equal(toggleColor("", "R"), "R");
  assert.equal(toggleColor("R", "B"), "B");
  assert.equal(toggleColor("B", "B"), "");
});

test("keyToken prefixes the chosen colour to coloured keys only", () => {
  assert.equal(keyToken("7", true, "G", false), "G7");
  assert.equal(keyToken("7", true, "", false), "7");
  assert.equal(keyToken("W", false, "G", true), "W");
});

test("keyToken refuses a coloured key without a colour when the pad needs one", () => {
  assert.equal(keyToken("7", true, "", true), null);
  assert.equal(keyToken("7", true, "Y", true), "Y7");
});
