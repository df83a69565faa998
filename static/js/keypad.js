// Card keypad: taps append tokens to the text field named by data-target. The form works without it.
// The pure helpers below are also exported for node's test runner (tests/js), where there is no page.
(function () {
  "use strict";

  // The tokens typed so far: "R7  W 5 " -> ["R7", "W", "5"].
  function parseTokens(text) {
    var trimmed = String(text || "").trim();
    return trimmed ? trimmed.split(/\s+/) : [];
  }

  // The field's text for a list of tokens, with a trailing space inviting the next one.
  function formatTokens(list) { return list.join(" ") + (list.length ? " " : ""); }

  // The colour chosen after tapping colour `tapped`: tapping the chosen colour again clears it.
  function toggleColor(current, tapped) { return current === tapped ? "" : tapped; }

  // The token a key adds: a coloured key takes the chosen colour; null when the pad needs a colour
  // (a colour phase) and none is chosen.
  function keyToken(key, colored, color, needsColor) {
    if (!colored) return key;
    if (!color && needsColor) return null;
    return color + key;
  }

  var helpers = { parseTokens: parseTokens, formatTokens: formatTokens, toggleColor: toggleColor, keyToken: keyToken };
  if (typeof module === "object" && module.exports) module.exports = helpers;
  if (typeof document === "undefined") return;

  function setup(pad) {
    var input = document.getElementById(pad.dataset.target);
    if (!input) return;
    var color = "";
    pad.hidden = false;
    function put(list) { input.value = formatTokens(list); input.dispatchEvent(new Event("input", { bubbles: true })); }
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !pad.contains(button)) return;
      if (button.dataset.color !== undefined) {
        color = toggleColor(color, button.dataset.color);
        pad.querySelectorAll("[data-color]").forEach(function (b) {
          b.setAttribute("aria-pressed", String(b.dataset.color === color));
        });
        return;
      }
      var list = parseTokens(input.value);
      if (button.dataset.action === "back") { list.pop(); put(list); return; }
      var token = keyToken(button.dataset.key, Boolean(button.dataset.colored), color, Boolean(pad.dataset.needsColor));
      if (token === null) {
        var hint = pad.querySelector("[data-keypad-hint]");
        if (hint) hint.hidden = false;
        return;
      }
      list.push(token);
      put(list);
    });
  }
  document.querySelectorAll("[data-keypad][data-target]").forEach(setup);
})();
