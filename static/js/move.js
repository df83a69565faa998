// Move my games to another phone (templates/sheets/move.html, app/services/moves.py).
// Old phone: this phone's score sheets (the server's recent list, every sheet opened on it and every sheet whose
// edit key static/js/handover.js keeps), its crews (likewise: static/js/recent.js lists both) and its
// digital games (static/js/play-common.js: each game's key, and the remote seats' keys its creator keeps) go to a
// claim; the page shows its link and QR code, or saves the same list as a file. The server checks every key and
// says which it left out (a new key was made since, or the thing was deleted).
// New phone: the link's fragment (#claim=…) is taken off the address at once (it is not kept in the history),
// the claim is exchanged for the list, and each key is kept on this phone as an edit, crew or join link would keep
// it. Until the exchange has an answer the code waits in this tab's sessionStorage with the Idempotency-Key it is
// sent with: a phone whose connection dropped (no answer, or a server error) asks again, by itself and after a
// reload, and the server answers that phone, and no other, again.
(function () {
  "use strict";
  var root = document.querySelector(".move");
  if (!root || !window.DecksideKeys) return;
  var keys = window.DecksideKeys;
  var play = window.DecksidePlay || null;
  var status = root.querySelector(".move-status");
  var moved = root.querySelector(".move-moved");
  var refusedList = root.querySelector(".move-refused");

  function say(text, waiting) {
    status.textContent = text;
    status.hidden = !text;
    status.classList.toggle("flash-waiting", !!waiting);
  }
  // Resolves the answer's body; rejects with {message, retry}: retry when no answer came, or a server error.
  function post(url, body, extra) {
    var headers = { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": root.dataset.csrf };
    if (extra) Object.keys(extra).forEach(function (k) { headers[k] = extra[k]; });
    return fetch(url, {
      method: "POST", credentials: "same-origin", headers: headers, body: JSON.stringify(body)
    }).then(function (answer) {
      return answer.json().catch(function () { return {}; }).then(function (data) {
        if (!answer.ok) {
          var error = new Error(data.error || root.dataset.tFailed);
          error.retry = answer.status >= 500 || answer.status === 429;
          throw error;
        }
        return data;
      });
    }, function () {
      var error = new Error(root.dataset.tFailed);
      error.retry = true;
      throw error;
    });
  }
  function sheetScope(id) { return "sheet:" + id; } // as static/js/sheets.js keeps a sheet's key
  function crewScope(id) { return "crew:" + id; }   // as static/js/crews.js keeps a crew key
  // The sheets and crews this phone opened or holds a key for (static/js/recent.js), or without storage the keys.
  var recent = window.DecksideRecent || { sheets: keys.sheetsKept, crews: function () { return keys.kept("crew"); } };
  function adding(ids, more) { more.forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); }); return ids; }
  // This phone's list: sheets, crews and digital games, each with the keys kept for it.
  function myList() {
    var sheets = adding(JSON.parse(root.dataset.games || "[]"), recent.sheets());
    var crews = adding(JSON.parse(root.dataset.crews || "[]"), recent.crews());
    var plays = play ? play.list() : [];
    return {
      games: sheets.map(function (id) { return { id: id, key: keys.get(sheetScope(id)) }; }),
      crews: crews.map(function (id) { return { id: id, key: keys.get(crewScope(id)) }; }),
      plays: plays.map(function (g) { return { id: g.id, key: g.key || null, seat_keys: g.seatKeys || null }; })
    };
  }
  function entry(url, name, detail, editable) {
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = url;
    var title = document.createElement("strong");
    title.textContent = name;
    link.appendChild(title);
    link.appendChild(document.createTextNode((detail ? ": " + detail : "") + " · "));
    var right = document.createElement("span");
    right.className = "meta";
    right.textContent = editable ? root.dataset.tEdit : root.dataset.tView;
    link.appendChild(right);
    item.appendChild(link);
    return item;
  }
  function showRefused(refused) {
    refusedList.textContent = "";
    (refused || []).forEach(function (item) {
      var li = document.createElement("li");
      var name = document.createElement("bdi");
      name.textContent = item.name;
      li.appendChild(name);
      li.appendChild(document.createTextNode(": " + item.error));
      li.setAttribute("data-refused", item.part + ":" + item.id);
      refusedList.appendChild(li);
    });
    refusedList.hidden = !refusedList.children.length;
    root.querySelector(".move-refused-heading").hidden = refusedList.hidden;
  }
  // A heading and list of one part of the answer (sheets, crews, digital games), in the list of what was moved.
  function part(heading) {
    var title = document.createElement("h2");
    title.textContent = heading;
    var list = document.createElement("ul");
    list.className = "game-list";
    moved.appendChild(title);
    moved.appendChild(list);
    return list;
  }
  // The answer of a claim or a file: every key kept on this phone, every thing listed.
  function received(data) {
    moved.textContent = "";
    var recent = [];
    try { recent = JSON.parse(window.localStorage.getItem("deckside-recent")) || []; } catch (e) { recent = []; }
    var list = data.games.length ? part(root.dataset.tSheets) : null;
    data.games.forEach(function (game) {
      if (game.key) keys.put(sheetScope(game.id), game.key);
      if (recent.indexOf(game.id) < 0) recent.unshift(game.id);   // the Sheets page lists it (static/js/recent.js)
      list.appendChild(entry(game.url, game.name, game.players.join(", "), !!game.key));
    });
    try { window.localStorage.setItem("deckside-recent", JSON.stringify(recent.slice(0, 20))); } catch (e) { /* full */ }
    list = (data.crews || []).length ? part(root.dataset.tCrews) : null;
    (data.crews || []).forEach(function (crew) {
      if (crew.key) keys.put(crewScope(crew.id), crew.key);
      list.appendChild(entry(crew.url, crew.name, "", !!(crew.key || keys.get(crewScope(crew.id)))));
    });
    list = (data.plays || []).length ? part(root.dataset.tPlays) : null;
    (data.plays || []).forEach(function (game) {
      if (play) {
        var mine = play.saved(game.id) || {};
        var values = { game: game.game, names: game.names, finished: game.finished, created: mine.created || Date.now() };
        if (game.key) values.key = game.key;               // a key this phone holds already is not replaced by none
        if (game.seat_keys) {
          var seats = mine.seatKeys || {};
          Object.keys(game.seat_keys).forEach(function (n) { seats[n] = game.seat_keys[n]; });
          values.seatKeys = seats;
        }
        play.save(game.id, values);
      }
      list.appendChild(entry(game.url, game.name, game.names.join(", "), !!(game.key || (play && (play.saved(game.id) || {}).key))));
    });
    var count = moved.querySelectorAll("li").length;
    moved.hidden = !count;
    showRefused(data.refused);
    say(count ? root.dataset.tMoved : root.dataset.tNone);
  }

  // New phone, by the link: take the code off the address first (or the one this tab is still waiting on), then
  // claim it; asked again while no answer comes.
  var claim = play.waitingClaim("deckside-claim:move", keys.claimFromAddress(), "move");
  var tries = 0, timer = null;
  function exchange() {
    var waiting = claim.current();
    if (!waiting) return;
    window.clearTimeout(timer);
    post(root.dataset.claim, { code: waiting.code }, { "Idempotency-Key": waiting.retry }).then(function (data) {
      claim.done();
      received(data);
    }, function (error) {
      if (!error.retry) {   // used, expired or unknown: said, and not asked again
        claim.done();
        return say(error.message);
      }
      say(root.dataset.tWaiting, true);
      tries++;
      timer = window.setTimeout(exchange, Math.min(2000 * tries, 30000));
    });
  }
  window.addEventListener("online", function () { if (claim.current()) exchange(); });
  exchange();

  var make = root.querySelector(".move-make");
  if (make) make.addEventListener("click", function () {
    make.disabled = true;
    post(root.dataset.create, myList()).then(function (data) {
      root.querySelector(".move-qr").innerHTML = data.svg; // the server's SVG of the link
      root.querySelector(".move-url").value = data.url;
      root.querySelector(".move-share").setAttribute("data-share-url", data.url);
      root.querySelector(".move-made").textContent = root.dataset.tMade;
      root.querySelector(".move-link").hidden = false;
      showRefused(data.refused);
      make.disabled = false;
    }, function (error) { make.disabled = false; say(error.message); });
  });

  var save = root.querySelector(".move-save");
  if (save) save.addEventListener("click", function () {
    var list = myList();
    var file = JSON.stringify({ format: "deckside-games", format_version: 2, games: list.games, crews: list.crews,
                                plays: list.plays }, null, 2);
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file], { type: "application/json" }));
    link.download = "deckside-games.json";
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  });

  var open = root.querySelector(".move-open");
  if (open) open.addEventListener("change", function () {
    var file = open.files && open.files[0];
    if (!file) return;
    file.text().then(function (text) {
      var data;
      try { data = JSON.parse(text); } catch (e) { data = null; }
      return post(root.dataset.file, data || {});
    }).then(received, function (error) { say(error.message); });
  });
})();
