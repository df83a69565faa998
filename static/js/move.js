// Move my games to another phone (templates/sheets/move.html, app/services/moves.py).
// Old phone: this phone's sheets (the server's recent list) and the edit keys kept in localStorage
// (static/js/handover.js) go to a claim; the page shows its link and QR code, or saves the same list as a file.
// New phone: the link's fragment (#claim=…) is taken off the address at once (it is not kept in the history),
// the claim is exchanged once for the list, and each key is kept on this phone as an edit link would keep it.
(function () {
  "use strict";
  var root = document.querySelector(".move");
  if (!root || !window.DecksideKeys) return;
  var keys = window.DecksideKeys;
  var status = root.querySelector(".move-status");
  var moved = root.querySelector(".move-moved");

  function say(text) { status.textContent = text; status.hidden = !text; }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": root.dataset.csrf },
      body: JSON.stringify(body)
    }).then(function (answer) {
      return answer.json().then(function (data) {
        if (!answer.ok) throw new Error(data.error || root.dataset.tFailed);
        return data;
      });
    });
  }
  function scopeOf(id) { return "sheet:" + id; } // as static/js/sheets.js keeps a sheet's key
  // This phone's sheets: the recent list, and every sheet whose edit key this phone keeps.
  function myGames() {
    var ids = JSON.parse(root.dataset.games || "[]");
    keys.sheetsKept().forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); });
    return ids.map(function (id) { return { id: id, key: keys.get(scopeOf(id)) }; });
  }
  function received(data) {
    moved.textContent = "";
    data.games.forEach(function (game) {
      if (game.key) keys.put(scopeOf(game.id), game.key);
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = game.url;
      var title = document.createElement("strong");
      title.textContent = game.name;
      link.appendChild(title);
      link.appendChild(document.createTextNode(": " + game.players.join(", ") + " · "));
      var right = document.createElement("span");
      right.className = "meta";
      right.textContent = game.key ? root.dataset.tEdit : root.dataset.tView;
      link.appendChild(right);
      item.appendChild(link);
      moved.appendChild(item);
    });
    moved.hidden = !data.games.length;
    say(data.games.length ? root.dataset.tMoved : root.dataset.tNone);
  }

  // New phone, by the link: take the code off the address first, then claim it.
  var code = keys.claimFromAddress();
  if (code) post(root.dataset.claim, { code: code }).then(received, function (error) { say(error.message); });

  var make = root.querySelector(".move-make");
  if (make) make.addEventListener("click", function () {
    make.disabled = true;
    post(root.dataset.create, { games: myGames() }).then(function (data) {
      root.querySelector(".move-qr").innerHTML = data.svg; // the server's SVG of the link
      root.querySelector(".move-url").value = data.url;
      root.querySelector(".move-share").setAttribute("data-share-url", data.url);
      root.querySelector(".move-made").textContent = root.dataset.tMade;
      root.querySelector(".move-link").hidden = false;
      make.disabled = false;
    }, function (error) { make.disabled = false; say(error.message); });
  });

  var save = root.querySelector(".move-save");
  if (save) save.addEventListener("click", function () {
    var file = JSON.stringify({ format: "deckside-games", format_version: 1, games: myGames() }, null, 2);
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
