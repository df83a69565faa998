// Weak connection: register the service worker, say when the phone is offline, and keep every round saved
// without a connection on this phone, in order, until it is saved or its refusal has been dealt with.
//
// The queue ("deckside-outbox" in localStorage) holds one item per round entered while offline (or while
// rounds of the same sheet were still waiting): the form's fields, the round number that follows the queued
// ones, its own idempotency key, and what was entered (names and the values typed, for the cached sheet to
// list; nothing is scored here: the rules stay on the server). Items are sent in order, one at a time; the
// server answers in JSON (saved, or refused with the reason). The queue of a sheet stops at its first refused
// round: the round is kept, shown with the reason, and can be entered again (prefilled, as the next round)
// or discarded; the rounds behind it wait.
(function () {
  "use strict";
  var script = document.currentScript;
  var OUTBOX = "deckside-outbox";
  var NOTES = "deckside-notes";
  var LATEST = "deckside-latest-round";  // sheet → {version, next}: the newest state of it this phone saw
  var USED = "deckside-used-keys";  // idempotency keys already posted: a cached form's key is never reused
  var USED_LIMIT = 200;
  var SKIPPED = { csrf_token: 1, round: 1, version: 1, idempotency: 1, submit: 1, preview: 1 };
  var t = script.dataset;

  if ("serviceWorker" in navigator && t.sw) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(t.sw, { scope: "/" }).catch(function () { /* no offline copy */ });
    });
  }

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function write(key, list) {
    try { localStorage.setItem(key, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function fill(template, round) { return (template || "").replace("{round}", round); }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function used(key) { return read(USED).indexOf(key) >= 0; }
  function markUsed(key) {
    if (!key || used(key)) return;
    write(USED, read(USED).concat([key]).slice(-USED_LIMIT));
  }
  function itemsOf(sheet) { return read(OUTBOX).filter(function (item) { return item.sheet === sheet; }); }
  function lastQueued(sheet) {
    return itemsOf(sheet).reduce(function (last, item) { return item.mode === "new" ? Math.max(last, item.round) : last; }, 0);
  }
  // The number the next round of ``sheet`` gets: after the server's rounds and after the queued ones.
  function nextNumber(sheet, serverNext) { return Math.max(serverNext, lastQueued(sheet) + 1); }

  // The service worker's copy of a page is the one of its last visit: its round form may say "round 2" when the
  // sheet seen since offered round 3. Every page remembers (sheet, version, next round); the copy with the
  // highest version (which grows with every save, correction and undo) is the latest the phone knows.
  function latestNext(sheet, version, pageNext) {
    var known = {};
    try { known = JSON.parse(localStorage.getItem(LATEST)) || {}; } catch (e) { known = {}; }
    var mine = known[sheet];
    if (!sheet || !(version >= 0) || !(pageNext > 0)) return pageNext;
    if (mine && mine.version > version) return mine.next;
    known[sheet] = { version: version, next: pageNext };
    try { localStorage.setItem(LATEST, JSON.stringify(known)); } catch (e) { /* full: the page's own number */ }
    return pageNext;
  }

  // --- what the page shows ---------------------------------------------------------------------------------

  var area = document.createElement("div");
  area.className = "offline-area";
  area.setAttribute("role", "status");
  area.setAttribute("aria-live", "polite");
  var main = document.getElementById("main");
  if (main) main.insertBefore(area, main.firstChild);

  // A page from the service worker's copy carries the messages of the visit that stored it: not news now.
  if (!navigator.onLine && main) {
    main.querySelectorAll(":scope > .flash").forEach(function (old) { old.remove(); });
  }

  function paragraph(className, textContent) {
    var p = document.createElement("p");
    p.className = className;
    p.textContent = textContent;
    return p;
  }

  function enteredLine(item) {
    var parts = (item.summary || []).map(function (row) { return row.name + ": " + row.parts.join(", "); });
    return paragraph("entered", t.tEntered + " " + parts.join(" · "));
  }

  function serverNextOf(sheet) {
    var link = document.querySelector(".record-round[data-sheet]");
    if (link && link.dataset.sheet === sheet) return sheetNext(link);
    var form = document.querySelector("form.round-form[data-mode=new]");
    if (form && form.dataset.sheetUrl === sheet && !form.dataset.reentry) return parseInt(form.dataset.serverNext, 10);
    return null;
  }

  function itemBox(item, blocked) {
    var box = document.createElement("div");
    box.className = "flash queued-round " + (item.status === "refused" ? "flash-error refused" : "flash-waiting");
    if (item.status === "refused") {
      box.appendChild(paragraph("", fill(t.tRefused, item.round) + " " + (item.reason || "")));
    } else {
      var words = blocked ? t.tBlocked.replace("{refused}", blocked) : navigator.onLine ? t.tSending : t.tWaiting;
      box.appendChild(paragraph("", fill(words, item.round)));
    }
    box.appendChild(enteredLine(item));
    if (item.status === "refused") {
      var actions = document.createElement("p");
      actions.className = "button-row";
      var again = document.createElement("a");
      again.className = "button small primary";
      again.href = item.sheet + "/rounds/new#reenter=" + item.id;
      var serverNext = serverNextOf(item.sheet);
      again.textContent = serverNext ? fill(t.tReenter, serverNext) : t.tReenterAny;
      var discard = document.createElement("button");
      discard.type = "button";
      discard.className = "button small danger";
      discard.textContent = t.tDiscard;
      discard.addEventListener("click", function () {
        if (!window.confirm(fill(t.tDiscardConfirm, item.round))) return;
        write(OUTBOX, read(OUTBOX).filter(function (other) { return other.id !== item.id; }));
        if (window.location.pathname === item.sheet) changedHere = true;
        render();
        flush();
      });
      actions.appendChild(again);
      actions.appendChild(document.createTextNode(" "));
      actions.appendChild(discard);
      box.appendChild(actions);
    }
    return box;
  }

  // The sheet's "Record round N" offers the round after the queued ones.
  function sheetNext(link) {
    var holder = document.querySelector(".sheet[data-version]");
    var version = holder ? parseInt(holder.dataset.version, 10) : NaN;
    return latestNext(link.dataset.sheet, version, parseInt(link.dataset.nextRound, 10));
  }

  function renumberSheet() {
    var link = document.querySelector(".record-round[data-sheet]");
    if (!link) return;
    var serverNext = sheetNext(link);
    var next = nextNumber(link.dataset.sheet, serverNext);
    link.textContent = fill(link.dataset.tLabel, next);
    var label = document.querySelector(".next-round-number");
    if (label) label.textContent = fill(label.dataset.tLabel, next);
    var dealer = document.querySelector(".next-dealer");
    if (dealer) dealer.hidden = next !== parseInt(link.dataset.nextRound, 10);  // the page names the dealer of its own next round
  }

  // A kept round shows on its own sheet's pages only; the Sheets page (.recent-games) lists every kept round,
  // each under a link naming its game (issue 22).
  function shownHere(item) {
    var here = window.location.pathname;
    return here === item.sheet || here.indexOf(item.sheet + "/") === 0 || !!document.querySelector(".recent-games");
  }
  function namedBox(item, box) {
    if (window.location.pathname.indexOf(item.sheet) === 0) return box;
    var listed = document.querySelector('[data-game-id="' + item.sheet.split("/").pop() + '"] a');
    var link = document.createElement("a");
    link.href = item.sheet;
    link.className = "queued-sheet";
    link.textContent = listed ? listed.textContent.replace(/\s+/g, " ").trim() : item.sheet;
    var line = document.createElement("p");
    line.appendChild(link);
    box.insertBefore(line, box.firstChild);
    return box;
  }

  function render() {
    area.textContent = "";
    if (!navigator.onLine) area.appendChild(paragraph("flash flash-offline", t.tOffline));
    var refused = {};  // sheet → the refused round its queue stopped at
    read(OUTBOX).forEach(function (item) {
      if (shownHere(item)) area.appendChild(namedBox(item, itemBox(item, item.status !== "refused" && refused[item.sheet])));
      if (item.status === "refused" && !refused[item.sheet]) refused[item.sheet] = item.round;
    });
    read(NOTES).forEach(function (note, index) {
      var p = paragraph("flash " + (note.ok ? "flash-ok" : "flash-error"), note.message);
      if (!note.ok) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button small";
        button.textContent = t.tDismiss;
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
    renumberSheet();
  }
  // "Saved" is said on the page that saw it happen and on the next one (the sheet reloads), then dropped.
  function forgetSaved() { write(NOTES, read(NOTES).filter(function (note) { return !note.ok; })); }

  // --- the round form ----------------------------------------------------------------------------------------

  var form = document.querySelector("form.round-form");
  var reentry = null;

  function field(name) { return form.querySelector("[name='" + name + "']"); }

  // What was entered, row by row, in the page's own words (the labels): for the queue's list.
  function summary() {
    var rows = [];
    form.querySelectorAll(".player-row").forEach(function (row) {
      var parts = [];
      row.querySelectorAll("input, select").forEach(function (input) {
        if (input.type === "hidden" || input.type === "submit") return;
        var label = input.closest("label") || (input.id && form.querySelector("label[for='" + input.id + "']"));
        var words = label ? (label.firstChild && label.firstChild.nodeType === 3 && label.firstChild.textContent.trim()) || label.textContent.trim() : input.name;
        if (input.type === "checkbox" || input.type === "radio") {
          if (input.checked) parts.push(label ? label.textContent.trim() : input.value);
        } else if (input.tagName === "SELECT") {
          if (input.value) parts.push(words + " " + input.options[input.selectedIndex].text);
        } else if (input.value.trim()) {
          parts.push(words + " " + input.value.trim());
        }
      });
      if (parts.length) rows.push({ name: row.dataset.player, parts: parts });
    });
    return rows;
  }

  function setNumber(number) {
    field("round").value = String(number);
    var heading = document.querySelector(".round-heading");
    if (heading) heading.textContent = fill(heading.dataset.tHeading, number);
    document.title = fill(heading ? heading.dataset.tHeading : "{round}", number) + document.title.replace(/^[^·]*/, " ");
    var dealer = document.querySelector(".round-dealer");
    if (dealer) dealer.hidden = number !== parseInt(form.dataset.pageNext, 10);  // the page's dealer is for its round
  }

  function prefill(fields) {
    fields.forEach(function (pair) {
      if (SKIPPED[pair[0]]) return;
      form.querySelectorAll("[name='" + pair[0] + "']").forEach(function (input) {
        if (input.type === "checkbox" || input.type === "radio") input.checked = input.value === pair[1];
        else input.value = pair[1];
      });
    });
  }

  if (form && form.dataset.mode === "new") {
    form.dataset.pageNext = field("round").value;
    form.dataset.serverNext = String(latestNext(form.dataset.sheetUrl, parseInt(field("version").value, 10),
      parseInt(field("round").value, 10)));
    var sheet = form.dataset.sheetUrl;
    var wanted = /#reenter=([\w-]+)/.exec(window.location.hash);
    var queue = read(OUTBOX);
    reentry = wanted ? queue.filter(function (item) { return item.id === wanted[1]; })[0] || null : null;
    var serverNext = parseInt(form.dataset.serverNext, 10);
    if (reentry) {
      form.dataset.reentry = reentry.id;
      var before = queue.slice(0, queue.indexOf(reentry)).filter(function (item) {
        return item.sheet === sheet && item.mode === "new";
      });
      var after = before.reduce(function (last, item) { return Math.max(last, item.round); }, 0);
      setNumber(Math.max(serverNext, after + 1));
      prefill(reentry.fields);
    } else {
      setNumber(nextNumber(sheet, serverNext));
    }
  }

  // Put a round in the queue (or, for a round entered again, in the place of the refused one) and go to the sheet.
  function keep(fields) {
    var mode = form.dataset.mode || "new";
    var round = parseInt(field("round").value, 10) || 0;
    var key = field("idempotency").value;
    var queue = read(OUTBOX);
    var taken = queue.some(function (item) { return item.key === key; });
    if (!key || taken || used(key)) key = newKey();
    markUsed(key);
    var item = {
      id: newKey(), sheet: form.dataset.sheetUrl || "", action: form.action, mode: mode, round: round, key: key,
      fields: fields, summary: summary(), status: "pending"
    };
    var at = reentry ? queue.map(function (other) { return other.id; }).indexOf(reentry.id) : -1;
    if (at >= 0) {
      queue[at] = item;
      var number = round;
      queue.forEach(function (other, i) {  // the rounds behind it follow it
        if (i > at && other.sheet === item.sheet && other.mode === "new") other.round = ++number;
      });
    } else {
      queue.push(item);
    }
    if (!write(OUTBOX, queue)) {
      window.alert(fill(t.tRefused, round));
      return;
    }
    if (form.dataset.sheetUrl) window.location.assign(form.dataset.sheetUrl);
    else { render(); flush(); }
  }

  if (form && window.fetch) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.name === "preview") return;  // a preview needs the server; the browser says so
      event.preventDefault();
      var fields = [];
      new FormData(form, submitter).forEach(function (value, name) { fields.push([name, String(value)]); });
      var waiting = form.dataset.mode === "new" && itemsOf(form.dataset.sheetUrl).length > 0;
      if (!navigator.onLine || waiting || reentry) { keep(fields); return; }  // after the rounds already queued
      markUsed(field("idempotency").value);
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

  // --- sending the queue ------------------------------------------------------------------------------------

  // The first item that may go now: pending, and no refused round of its sheet before it.
  function sendable(queue) {
    var stopped = {};
    for (var i = 0; i < queue.length; i++) {
      var item = queue[i];
      if (item.status === "refused") stopped[item.sheet] = true;
      else if (!stopped[item.sheet]) return item;
    }
    return null;
  }

  function settle(id, change) {
    var queue = read(OUTBOX);
    var rest = [];
    queue.forEach(function (item) {
      if (item.id !== id) rest.push(item);
      else if (change) rest.push(change(item));
    });
    write(OUTBOX, rest);
  }

  // A form token for the session as it is now. A kept round's own token belongs to the session its form was
  // made in, which a browser restart ends: sent with it, the round would be refused as "expired".
  // Also the sheet page's edit-key hand-over (static/js/sheets.js), for a page the service worker kept.
  var freshToken = null;
  window.DecksideFreshToken = token;
  function token() {
    if (freshToken || !t.token) return Promise.resolve(freshToken);
    return fetch(t.token, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { freshToken = (data && data.token) || null; return freshToken; },
        function () { return null; });
  }

  var sending = false;
  var changedHere = false;  // a round of the sheet on screen was saved or refused: show it fresh
  function flush() {
    var item = sendable(read(OUTBOX));
    if (sending || !navigator.onLine) return;
    if (!item) {
      if (changedHere) window.location.reload();  // the standings as they are now
      return;
    }
    sending = true;
    token().then(function (csrf) {
      var body = new URLSearchParams();
      item.fields.forEach(function (pair) {
        if (pair[0] === "round") body.append("round", String(item.round));
        else if (pair[0] === "idempotency") body.append("idempotency", item.key);
        else if (pair[0] === "csrf_token" && csrf) body.append("csrf_token", csrf);
        else body.append(pair[0], pair[1]);
      });
      return fetch(item.action, {
        method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" }
      });
    })
      .then(function (response) {
        return response.json().then(function (answer) { return { status: response.status, answer: answer }; },
          function () { return { status: response.status, answer: null }; });
      })
      .then(function (reply) {
        sending = false;
        var answer = reply.answer;
        if (answer && answer.saved) {
          settle(item.id, null);
          var notes = read(NOTES);
          notes.push({ ok: true, message: fill(t.tSent, item.round) });
          write(NOTES, notes);
        } else if (answer && reply.status >= 400 && reply.status < 500) {
          settle(item.id, function (kept) {
            kept.status = "refused";
            kept.reason = answer.error || "";
            return kept;
          });
        } else {
          render();  // the server could not answer now: keep it and try again on the next occasion
          return;
        }
        if (window.location.pathname === item.sheet) changedHere = true;
        render();
        flush();
      })
      .catch(function () { sending = false; render(); });  // still no connection: keep it and wait
  }

  window.addEventListener("online", function () { render(); flush(); });
  window.addEventListener("offline", render);
  render();
  forgetSaved();
  flush();
})();
