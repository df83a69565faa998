// "Recent games on this phone" and the phone's crews, that survive a browser restart. The server's list lives in the session
// cookie, which a restart ends; this phone's storage does not: every sheet opened is noted here
// ("deckside-recent"), and the edit keys kept by handover.js ("deckside-key:sheet:<id>") name games too.
// On the Sheets page, games the phone remembers but the page does not list are asked for (?also=…) and the
// list is drawn again from the server's answer. An editable sheet page also asks the service worker to keep
// its round form (a player link's phone: its hand page), so that a new sheet's round form opens offline.
(function () {
  "use strict";
  var LIST = "deckside-recent";
  var LIMIT = 20;
  var store;
  try { store = window.localStorage; } catch (e) { return; }
  if (!store) return;

  // The ids kept under ``key``, then those ``more`` names (the keys handover.js keeps), well formed only.
  function listed(key, more) {
    var ids = [];
    try { ids = JSON.parse(store.getItem(key)) || []; } catch (e) { ids = []; }
    more.forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); });
    return ids.filter(function (id) { return /^[A-Za-z0-9_-]{8,40}$/.test(id); });
  }
  function remembered() { return listed(LIST, window.DecksideKeys.sheetsKept()); }
  function note(key, ids, id) {  // ``id`` first in the list kept under ``key``
    var kept = [id].concat(ids.filter(function (other) { return other !== id; }));
    try { store.setItem(key, JSON.stringify(kept.slice(0, LIMIT))); } catch (e) { /* full: the session's list */ }
  }

  var CREWS = "deckside-crews";
  function rememberedCrews() { return listed(CREWS, window.DecksideKeys.kept("crew")); }
  // The sheets and crews this phone knows (opened, or a key kept), for "Move my games" (static/js/move.js).
  window.DecksideRecent = { sheets: remembered, crews: rememberedCrews };

  var sheet = document.querySelector(".sheet[data-game]");
  if (sheet) {
    note(LIST, remembered(), sheet.dataset.game);
    // The round form (or on a player link's phone, its hand page), kept by the service worker now, so that it
    // opens offline too (static/js/sw.js).
    var record = sheet.dataset.editable === "1" && sheet.querySelector("a.record-round, a.enter-hand");
    if (record && navigator.serviceWorker && navigator.onLine) {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage({ type: "keep-page", url: record.href });
      });
    }
    return;
  }

  // A crew's page notes the crew the same way ("deckside-crews"); the crew keys kept by handover.js
  // ("deckside-key:crew:<id>") name crews too.
  var crewPage = document.querySelector(".crew[data-crew]");
  if (crewPage) {
    note(CREWS, rememberedCrews(), crewPage.dataset.crew);
    return;
  }

  var section = document.querySelector(".recent-games[data-recent-url]");
  if (!section) return;
  var crewList = document.querySelector(".recent-crews");
  var shown = {};
  section.querySelectorAll("[data-game-id]").forEach(function (li) { shown[li.dataset.gameId] = true; });
  document.querySelectorAll("[data-crew-id]").forEach(function (li) { shown["crew:" + li.dataset.crewId] = true; });
  var missing = remembered().filter(function (id) { return !shown[id]; });
  var missingCrews = crewList ? rememberedCrews().filter(function (id) { return !shown["crew:" + id]; }) : [];
  if (!missing.length && !missingCrews.length) return;
  fetch(section.dataset.recentUrl + "?also=" + encodeURIComponent(remembered().slice(0, LIMIT).join(",")) +
    "&crews=" + encodeURIComponent(rememberedCrews().slice(0, LIMIT).join(",")), {
    credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
  }).then(function (response) {
    return response.ok ? response.text() : null;
  }).then(function (html) {
    if (!html) return;
    var answer = new DOMParser().parseFromString(html, "text/html");
    var fresh = answer.querySelector(".recent-games");
    if (!fresh) return;
    section.innerHTML = fresh.innerHTML;
    var freshCrews = answer.querySelector(".recent-crews");
    if (crewList && freshCrews) crewList.innerHTML = freshCrews.innerHTML;
    var K = window.DecksideKeys;  // "view only" beside the games this phone holds no key for
    section.querySelectorAll("[data-view-only]").forEach(function (label) {
      label.hidden = !!(K && K.get("sheet:" + label.dataset.viewOnly));
    });
  }).catch(function () { /* offline: the list as the page has it */ });
})();
