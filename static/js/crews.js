// A crew's key on this phone, as a sheet's edit key (static/js/handover.js, app/handover.py): the crew link
// carries it in its fragment; this script keeps it in localStorage and hands it to the server once, which
// keeps it in a cookie scoped to the crew's pages (so its forms work). A key that no longer belongs is forgotten.
(function () {
  "use strict";
  var K = window.DecksideKeys;
  if (!K) return;
  document.querySelectorAll("[data-keep-key]").forEach(function (page) { K.take(page.dataset.keepKey); });
  var crew = document.querySelector(".crew[data-claim]");
  if (!crew) return;
  var scope = "crew:" + crew.dataset.crew;
  var editable = crew.dataset.editable === "1";
  var got = K.take(scope);
  if (!got.key || (editable && !got.fresh)) return;
  var body = new URLSearchParams({ key: got.key });
  if (!editable) body.set("announce", "1");
  var csrf = crew.dataset.csrf;
  var renewed = false;
  function claim(triesLeft) {
    fetch(crew.dataset.claim, {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": csrf }
    }).then(function (response) {
      if (response.status === 403) K.forget(scope);
      if (!editable && (response.status === 204 || response.status === 403)) window.location.reload();
      else if (response.status >= 500 && triesLeft > 0) {
        var seconds = Math.min(Number(response.headers.get("Retry-After")) || 2, 10);
        window.setTimeout(function () { claim(triesLeft - 1); }, seconds * 1000);
      } else if (response.status === 400 && !renewed && window.DecksideFreshToken) {
        renewed = true;
        return window.DecksideFreshToken().then(function (token) {
          if (token) { csrf = token; claim(triesLeft); }
        });
      }
    }).catch(function () { /* offline: on the next visit */ });
  }
  claim(3);
})();
