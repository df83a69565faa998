// An answer the page was posted for is brought into view and focused (screen readers read it out):
// a verdict marked data-focus-on-load, else the first field or player row the server refused (the row shown
// from its top).
// A form posted to an address with a #fragment (the phase check's #hit) makes the browser jump to
// that fragment after this script ran, taking the focus to the page: the answer is brought back
// once the page has loaded, so the fragment only matters without JavaScript.
(function () {
  "use strict";
  // A folded section the address names (the sheet's #join-crew after a refused crew link) is unfolded: the
  // sentence above says what was wrong, and the field to mend it shows under it.
  var named = null;
  try { named = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1))); } catch (e) { named = null; }
  if (named && named.tagName === "DETAILS") named.open = true;
  var target = document.querySelector("[data-focus-on-load]");
  if (!target) target = document.querySelector("form [aria-invalid=true]");
  if (!target) {
    var error = document.querySelector("[data-row] [data-error]");
    target = error && error.closest("[data-row]");
    if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  }
  if (!target) return;
  // A refused field of a player's row: the row from its top (the player's name), under the bar at the top of
  // the screen; what is wrong also shows in the round form's Save bar.
  var row = target.closest("[data-row]");
  function show() {
    if (row) row.scrollIntoView({ block: "start" });
    else target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }
  show();
  if (location.hash) {
    var again = function () {
      requestAnimationFrame(show);
    };
    if (document.readyState === "complete") again();
    else window.addEventListener("load", again, { once: true });
  }
})();
