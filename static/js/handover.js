// Edit keys on this phone. A hand-over link carries a claim code in its fragment (…#claim=…), which browsers
// never send to a server: this module takes it from the address (and removes it from the tab at once),
// exchanges it for the key (POST /api/claims/<code>) and keeps the key in localStorage (it survives a
// browser restart; there is no limit on how many games a phone keeps). The browser's history still holds
// the address as it was opened, code included: a code works for 30 minutes (a seat's once), so the
// history holds no key. Older links carry the key itself (…#key=…): they keep working.
// Used by the score sheet (static/js/sheets.js); the digital game's join links (/play/<id>#claim=…, a seat's
// code: once, 30 minutes) are taken the same way by static/js/play-game.js. The server side is app/handover.py
// and app/services/claims.py.
(function () {
  "use strict";
  var PREFIX = "deckside-key:";

  function get(scope) {
    try { return window.localStorage.getItem(PREFIX + scope); } catch (e) { return null; }
  }
  function put(scope, key) {
    try { window.localStorage.setItem(PREFIX + scope, key); return true; } catch (e) { return false; }
  }
  function forget(scope) {
    try { window.localStorage.removeItem(PREFIX + scope); } catch (e) { /* private mode: nothing kept */ }
  }
  // `name`'s value in this address's fragment (#key=…, #claim=…), if any; the fragment is removed from the
  // address either way.
  function fromFragment(name) {
    var match = new RegExp("(?:^#|&)" + name + "=([^&]+)").exec(window.location.hash);
    if (!match) return null;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    try { return decodeURIComponent(match[1]); } catch (e) { return null; }
  }
  // The key in this address's fragment, if any.
  function fromAddress() { return fromFragment("key"); }
  // The ids whose key this phone keeps under scope "<kind>:<id>" (kind "sheet", as static/js/sheets.js keeps a
  // sheet's edit key; "crew", as static/js/crews.js keeps a crew key).
  function kept(kind) {
    var ids = [], prefix = PREFIX + kind + ":";
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var name = window.localStorage.key(i) || "";
        if (name.indexOf(prefix) === 0) ids.push(name.slice(prefix.length));
      }
    } catch (e) { /* private mode: nothing kept */ }
    return ids;
  }
  function sheetsKept() { return kept("sheet"); }
  // The key for `scope` from the address (kept) or, failing that, the one kept on this phone.
  function take(scope) {
    var key = fromAddress();
    if (key) put(scope, key);
    return { key: key || get(scope), fresh: !!key };
  }
  // The claim code in this address's fragment, if any; the fragment is removed from the address either way.
  function claimFromAddress() { return fromFragment("claim"); }
  // A claim code whose exchange has not been answered yet (no connection, a lost reply): kept for the tab
  // (sessionStorage, gone when the tab closes), so that a reload still has it; a code may be exchanged again
  // for its 30 minutes (an edit or player code: any number of times).
  var PENDING = "deckside-claim:";
  function pending(scope, code) {
    try {
      if (code === undefined) return window.sessionStorage.getItem(PENDING + scope);
      if (code) window.sessionStorage.setItem(PENDING + scope, code);
      else window.sessionStorage.removeItem(PENDING + scope);
    } catch (e) { /* private mode: the code lives as long as the page */ }
    return code;
  }
  // The key a claim code in the address hands over, kept for `scope`: a promise of {key, fresh} (fresh when
  // the code gave it), or of what take() finds when there is no code. A code that no longer works (410,
  // 404, 429) gives nothing: `refused` is called with the server's sentence, to show on the page. A code
  // whose exchange gets no answer (offline, a lost reply, a server error) gives nothing yet: `waiting` is
  // called, the exchange is tried again (when the phone is back online, and every few seconds), and the page
  // loads again once it has the key.
  function takeClaimed(scope, claims, refused, waiting) {
    var code = claimFromAddress() || pending(scope);
    if (!code) return Promise.resolve(take(scope));
    pending(scope, code);
    function exchange() {
      return fetch(claims + "/" + encodeURIComponent(code), { method: "POST", credentials: "same-origin" })
        .then(function (response) {
          if (response.status >= 500) throw new Error("server " + response.status);
          return response.json().then(function (body) {
            pending(scope, null);
            if (response.ok && body.key) {
              put(scope, body.key);
              return { key: body.key, fresh: true };
            }
            if (refused && body.error) refused(body.error);
            return take(scope);
          });
        });
    }
    return exchange().catch(function () {
      if (waiting) waiting();
      var delay = 2000, timer = null;
      function again() {
        window.clearTimeout(timer);
        exchange().then(function (got) {
          window.removeEventListener("online", again);
          if (got.fresh) window.location.reload();  // the page as this key shows it
        }, function () {
          delay = Math.min(delay * 2, 30000);
          timer = window.setTimeout(again, delay);
        });
      }
      window.addEventListener("online", again);
      timer = window.setTimeout(again, delay);
      return take(scope);
    });
  }
  function link(url, key) {
    return url.split("#")[0] + "#key=" + encodeURIComponent(key);
  }
  // An edit link opened in a tab that already shows its page changes only the fragment: no page load, so
  // nothing of the page's script runs again. Take it as a load: the page comes again with the key in its
  // address, and its script takes the key, keeps it, removes the fragment and asks for the editing page.
  window.addEventListener("hashchange", function () {
    if (/(?:^#|&)(?:key|claim)=[^&]/.test(window.location.hash)) window.location.reload();
  });
  // A crew link pasted on a sheet ("Add this game to a crew", templates/sheets/_share.html): its key is noted for
  // the tab as the form is sent, and kept on the phone once the page that follows says the game joined a crew
  // (data-joined-crew: the server read the link and checked the key) named in the link's path, as opening the link
  // would have kept it; a refused link keeps nothing. The link is read as any address is (URL), not by the
  // server's own pattern for crew links.
  var JOINING = "deckside-joining-crew";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-keeps-crew-key")) return;
    var link = ((form.querySelector("[name=crew_link]") || {}).value || "").trim();
    try {
      var url = new URL(link, window.location.href), key = new URLSearchParams(url.hash.slice(1)).get("key");
      if (key) window.sessionStorage.setItem(JOINING, JSON.stringify({ path: url.pathname.split("/"), key: key }));
    } catch (e) { /* not an address, or private mode: the key stays in the crew's cookie only */ }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var joining = null;
    try {
      joining = JSON.parse(window.sessionStorage.getItem(JOINING) || "null");
      window.sessionStorage.removeItem(JOINING);
    } catch (e) { joining = null; }
    var joined = document.querySelector("[data-joined-crew]");
    var crew = joined && joined.getAttribute("data-joined-crew");
    if (joining && crew && (joining.path || []).indexOf(crew) >= 0) put("crew:" + crew, joining.key);
  });
  window.DecksideKeys = {
    get: get, put: put, forget: forget, fromAddress: fromAddress, take: take, link: link,
    claimFromAddress: claimFromAddress, takeClaimed: takeClaimed, sheetsKept: sheetsKept, kept: kept
  };
})();
