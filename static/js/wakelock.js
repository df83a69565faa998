// Keep the screen on while a score sheet or a game is open (Screen Wake Lock, where the browser has it).
// The browser releases the lock when the page is hidden; it is asked for again when the page is shown.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  var lock = null;

  function keepAwake() {
    if (lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (granted) {
      lock = granted;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { /* refused (battery saver, no permission): the screen may sleep */ });
  }

  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
})();
