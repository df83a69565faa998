// Weak connection: register the service worker, say when the phone is offline, and keep a round
// saved without a connection on this phone until it can be sent (never lose it silently).
//
// A round is kept as the form's own fields (CSRF token, round number, version and the idempotency
// key the form carries), so sending it later is exactly the post the form would have made; the
// server's answer says whether it was saved or refused, and either is shown to the player.
(function () {
  "use strict";
  var script = document.currentScript;
  var OUTBOX = "deckside-outbox";
  var NOTES = "deckside-notes";
  var text = {
    offline: script.dataset.tOffline,
    waiting: script.dataset.tWaiting,
    sent: script.dataset.tSent,
    refused: script.dataset.tRefused,
    dismiss: script.dataset.tDismiss
  };

  if ("serviceWorker" in navigator && script.dataset.sw) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.dataset.sw, { scope: "/" }).catch(function () { /* no offline copy */ });
    });
  }

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function write(key, list) {
    try { localStorage.setItem(key, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function fill(template, round) { return (template || "").replace("{round}", round); }

  // One status area for everything this script says, below the top bar.
  var area = document.createElement("div");
  area.className = "offline-area";
  area.setAttribute("role", "status");
  area.setAttribute("aria-live", "polite");
  var main = document.getElementById("main");
  if (main) main.insertBefore(area, main.firstChild);

  function render() {
    area.textContent = "";
    if (!navigator.onLine) {
      var line = document.createElement("p");
      line.className = "flash flash-offline";
      line.textContent = text.offline;
      area.appendChild(line);
    }
    read(OUTBOX).forEach(function (item) {
      var p = document.createElement("p");
      p.className = "flash flash-waiting";
      p.textContent = fill(text.waiting, item.round);
      area.appendChild(p);
    });
    read(NOTES).forEach(function (note, index) {
      var p = document.createElement("p");
      p.className = "flash " + (note.ok ? "flash-ok" : "flash-error");
      p.textContent = note.message;
      if (!note.ok) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button small";
        button.textContent = text.dismiss;
        button.addEventListener("click", function () {
          var notes = read(NOTES);
          notes.splice(index, 1);
          write(NOTES, notes);
          render();
        });
        p.appendChild(document.createTextNode(" "));
        p.appendChild(button);
      }
      area.appendChild(p);
    });
    // Notes of rounds sent are shown once; refusals stay until dismissed.
    write(NOTES, read(NOTES).filter(function (note) { return !note.ok; }));
  }

  // Saving a round: sent with fetch, so that a post the connection drops (offline, or a flaky line that
  // fails mid-way) is kept on this phone instead of ending on the browser's error page.
  var form = document.querySelector("form.round-form");
  function keep(fields) {
    var round = (form.querySelector("[name=round]") || {}).value || "?";
    var outbox = read(OUTBOX);
    outbox.push({ action: form.action, fields: fields, round: round, back: form.dataset.sheetUrl || "" });
    if (!write(OUTBOX, outbox)) {
      window.alert(fill(text.refused, round));
      return;
    }
    if (form.dataset.sheetUrl) window.location.assign(form.dataset.sheetUrl);
    else render();
  }
  if (form && window.fetch) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.name === "preview") return;  // a preview needs the server; the browser says so
      event.preventDefault();
      var fields = [];
      new FormData(form, submitter).forEach(function (value, name) { fields.push([name, String(value)]); });
      if (!navigator.onLine) { keep(fields); return; }
      var body = new URLSearchParams();
      fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      fetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" })
        .then(function (response) {
          // Saved (or already saved): the server sends the sheet, whose page shows its message.
          if (response.type === "opaqueredirect") { window.location.assign(form.dataset.sheetUrl || form.action); return; }
          // Refused: post the same form (same idempotency key) the ordinary way so the page shows why.
          HTMLFormElement.prototype.submit.call(form);  // (form.submit is the Save button, named "submit")
        })
        .catch(function () { keep(fields); });
    });
  }

  // What the server's page says about a post: the first error message, or none when it was saved.
  function refusal(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var errors = doc.querySelectorAll(".flash-error, .error, .round-problem:not([hidden])");
    for (var i = 0; i < errors.length; i++) {
      var message = errors[i].textContent.trim();
      if (message) return message;
    }
    return doc.querySelector("form.round-form") ? "?" : null;
  }

  var sending = false;
  function flush() {
    var outbox = read(OUTBOX);
    if (sending || !navigator.onLine || !outbox.length) return;
    sending = true;
    var item = outbox[0];
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    fetch(item.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var reason = refusal(html);
        var notes = read(NOTES);
        notes.push(reason === null
          ? { ok: true, message: fill(text.sent, item.round) }
          : { ok: false, message: fill(text.refused, item.round) + (reason !== "?" ? " " + reason : "") });
        write(NOTES, notes);
        write(OUTBOX, read(OUTBOX).slice(1));
        sending = false;
        if (read(OUTBOX).length) flush();
        else window.location.reload();  // show the standings as they are now
      })
      .catch(function () { sending = false; render(); });  // still no connection: keep it and wait
  }

  window.addEventListener("online", function () { render(); flush(); });
  window.addEventListener("offline", render);
  render();
  flush();
})();
