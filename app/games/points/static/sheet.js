// Points sheets: a number keypad with a minus key for the round form (the form works without it).
// Tap a player's row (or its field), then the digits; ± changes the sign; "Next player" moves on.
(function () {
  "use strict";
  var form = document.querySelector("form.round-form");
  var pad = form && form.querySelector(".number-keypad");
  if (!pad) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll(".points-input"));
  var shown = pad.querySelector(".keypad-target");
  var active = null;
  var MAX_DIGITS = 6;
  // What stops the round goes above the keypad, not in the save bar: the keypad stays just above the bar, and a
  // bar grown by a message would leave a small screen no room for the rows.
  var problem = form.querySelector(".round-problem");
  if (problem) pad.parentNode.insertBefore(problem, pad);

  var entered = pad.querySelector(".keypad-value");
  // Save is a key of the keypad (the last, beside "Next player"): one bar sticks at the foot, never a keypad stacked
  // over a Save bar (issue 22), and Save is in sight on a short screen without scrolling to the end of the form.
  // What the Save bar also says (a round entered together: who is still counting) goes into the keypad too.
  var bar = form.querySelector(".sticky-actions");
  var save = bar && bar.querySelector("[type=submit]");
  if (save) {
    var keys = pad.querySelector(".keypad-keys");
    Array.prototype.slice.call(bar.children).forEach(function (child) {
      if (child !== save) pad.insertBefore(child, keys);
    });
    save.classList.add("key", "key-save");
    keys.appendChild(save);
    bar.hidden = true;
  }

  function showValue() {
    entered.textContent = active.value.trim() || "–";
  }

  function select(input) {
    active = input;
    inputs.forEach(function (other) {
      other.closest("[data-row]").classList.toggle("is-active", other === input);
    });
    shown.textContent = pad.dataset.label.replace("{name}", input.closest("[data-row]").dataset.player);
    showValue();
  }

  function put(value) {
    active.value = value;
    active.dispatchEvent(new Event("input", { bubbles: true }));
  }
  form.addEventListener("input", function (event) { if (event.target === active) showValue(); });

  // The next value after a key: digits append (a lone 0 is replaced), the sign flips, back deletes. Zero has no
  // sign: never "-0" (a minus waits for its first digit that is not 0; ± on 0 leaves 0).
  function next(value, button) {
    var negative = value.charAt(0) === "-";
    var digits = negative ? value.slice(1) : value;
    if (button.dataset.digit !== undefined) {
      if (digits.length >= MAX_DIGITS) return value;
      if (negative && /^0*$/.test(digits) && button.dataset.digit === "0") return "-";
      digits = /^0+$/.test(digits) ? button.dataset.digit : digits + button.dataset.digit;
      return (negative ? "-" : "") + digits;
    }
    if (button.dataset.action === "sign") return negative ? digits : /^0+$/.test(digits) ? digits : "-" + digits;
    if (button.dataset.action === "back") return value.slice(0, -1);
    return value;
  }

  // The row the keys go to, brought into view between the sticky top bar and the keypad that sticks at the foot
  // (its height as drawn: two rows of keys on a phone on its side, four or five on a narrow one). "nearest": only
  // as far as it takes (when the row cannot fit, its top, the player's name, stays in sight); "end": its foot
  // (a refused row's message) just above the keypad.
  function reveal(input, where) {
    var row = input.closest("[data-row]");
    var topBar = document.querySelector(".topbar");
    var top = (topBar && getComputedStyle(topBar).position === "sticky" ? topBar.getBoundingClientRect().bottom : 0) + 8;
    var foot = window.innerHeight - pad.offsetHeight - 8;
    var box = row.getBoundingClientRect();
    var by = 0;
    if (where === "end" || box.bottom > foot) by = box.bottom - foot;
    if (where !== "end" && box.top - by < top) by = box.top - top;
    if (where !== "end" && box.top >= top && box.bottom <= foot) by = 0;
    if (by) window.scrollBy(0, by);
  }

  inputs.forEach(function (input) {
    input.addEventListener("focus", function () { select(input); reveal(input); });
    input.closest("[data-row]").addEventListener("click", function (event) {
      if (event.target !== input) { select(input); reveal(input); }
    });
  });
  pad.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !pad.contains(button)) return;
    if (button.dataset.action === "next") {
      select(inputs[(inputs.indexOf(active) + 1) % inputs.length]);
      reveal(active);  // into view above the keypad
      return;
    }
    put(next(active.value.trim(), button));
  });
  pad.hidden = false;
  var refused = inputs.find(function (input) { return input.getAttribute("aria-invalid") === "true"; });
  select(refused || inputs[0]);
  // A refused save: the refused row, with its message, above the keypad (its scroll-margin leaves the room); else
  // the first row, whose field the keypad would cover on a short screen.
  reveal(refused || inputs[0], refused ? "end" : "nearest");
})();
