// Card keypad: taps append tokens to the text field named by data-target. The form works without it.
(function () {
  "use strict";
  function setup(pad) {
    var input = document.getElementById(pad.dataset.target);
    if (!input) return;
    var color = "";
    pad.hidden = false;
    function tokens() { return input.value.trim() ? input.value.trim().split(/\s+/) : []; }
    function put(list) { input.value = list.join(" ") + (list.length ? " " : ""); input.dispatchEvent(new Event("input", { bubbles: true })); }
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !pad.contains(button)) return;
      if (button.dataset.color !== undefined) {
        color = color === button.dataset.color ? "" : button.dataset.color;
        pad.querySelectorAll("[data-color]").forEach(function (b) {
          b.setAttribute("aria-pressed", String(b.dataset.color === color));
        });
        return;
      }
      var list = tokens();
      if (button.dataset.action === "back") { list.pop(); put(list); return; }
      var key = button.dataset.key;
      if (button.dataset.colored) {
        if (!color && pad.dataset.needsColor) {
          var hint = pad.querySelector(".keypad-hint");
          if (hint) hint.hidden = false;
          return;
        }
        key = color + key;
      }
      list.push(key);
      put(list);
    });
  }
  document.querySelectorAll(".keypad[data-target]").forEach(setup);
})();
