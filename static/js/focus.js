// An answer the page was posted for is brought into view and focused (screen readers read it out):
// a verdict marked data-focus-on-load, else the first field or player row the server refused.
(function () {
  "use strict";
  var target = document.querySelector("[data-focus-on-load]");
  if (!target) target = document.querySelector("form [aria-invalid=true]");
  if (!target) {
    var error = document.querySelector(".player-row .error");
    target = error && error.closest(".player-row");
    if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  }
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
})();
