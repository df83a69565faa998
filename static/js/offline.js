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
//
// A round is never sent twice as two rounds (issue 20): a save that failed in flight, or got no answer within
// SAVE_TIMEOUT, goes to the queue with the idempotency key it was sent with, so the server answers a resend of a
// stored round with its first answer. A round another phone stored first (409) is shown beside this phone's
// entry: "Same round: discard mine" first, "Save mine as round N+1" second, after a confirmation; when the
// stored round is exactly this entry (the server says "same") it is dropped as already saved. The queue is tried
// again at most RETRY_MS after each try while the page is open, and at once after any request of the page that
// got an answer (a long poll, a preview): a connection that looks up but carries nothing ("lie-fi") is not
// waited out until a reload.
//
// A player's hand (the hand page, form.hand-form, data-mode "hand") goes the same way: kept while there is no
// connection (or no answer), sent when it returns, with its own key. A hand that arrives after its round was
// stored is shown beside the stored row ("Stored: 35; you entered: 40") with *Correct the stored round* (the
// item goes on in the queue as a correction of that round, posted to the address the server named) and *Keep
// the stored one* (dropped); a hand the stored round already holds (sent before, its answer lost) is dropped.
// The hand page itself opens offline (the service worker keeps it), with the newest round this phone has seen and
// the hand kept for that round; a hand changed offline replaces the one kept for its round.
//
// The scorekeeper's round form, filled in together with the players' phones (static/js/draft.js): a row it cannot
// send is kept as that row (a hand of its seat, "Ben's row for round 1 is kept…"), and a round kept from such a
// form goes through the round's draft when the connection returns (its rows, then the commit with the round's own
// key: viaDraft), so the rows the players sent meanwhile stay in the round; it goes as a whole round only when the
// round was stored meanwhile (its first answer, or the stored round beside this entry, as above) or when a phone
// that held every row finds the draft incomplete without them.
(function () {
  "use strict";
  var script = document.currentScript;
  var OUTBOX = "deckside-outbox";
  var NOTES = "deckside-notes";
  var LATEST = "deckside-latest-round";  // sheet → {version, next}: the newest state of it this phone saw
  var USED = "deckside-used-keys";  // idempotency keys already posted: a cached form's key is never reused
  var USED_LIMIT = 200;
  var SAVE_TIMEOUT = 8000;  // a save, or a try of the queue, with no answer by then goes on in the queue
  var RETRY_MS = 10000;  // the queue is tried again at most this long after the start of the last try
  var SENDING_MS = 4000;  // a round kept longer than this says it waits for a connection, not that it is sent
  var SKIPPED = { csrf_token: 1, round: 1, version: 1, idempotency: 1, submit: 1, preview: 1 };
  var t = script.dataset;

  // Without a service worker there is no offline copy and no round entered offline: a page a round is entered
  // on says so (a self-signed certificate, or plain HTTP to another machine, keeps the browser from registering
  // the worker; nothing else would tell).
  function noOffline() {
    if (!t.tNoOffline || document.querySelector(".no-offline")) return;
    var host = document.querySelector(".sheet, form.round-form");
    if (!host) return;
    var note = document.createElement("p");
    note.className = "flash no-offline";
    note.setAttribute("role", "status");
    note.textContent = t.tNoOffline;
    host.parentNode.insertBefore(note, host);
  }
  if (t.sw) {
    window.addEventListener("load", function () {
      if (!("serviceWorker" in navigator)) { noOffline(); return; }
      navigator.serviceWorker.register(t.sw, { scope: "/" }).catch(noOffline);
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
  function queuedKey(key) { return read(OUTBOX).some(function (item) { return item.key === key; }); }
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

  // A request that gets no answer within ``ms`` fails (the connection may look up and carry nothing).
  var realFetch = window.fetch ? window.fetch.bind(window) : null;
  function timedFetch(url, options, ms) {
    if (!window.AbortController) return realFetch(url, options);
    var controller = new AbortController();
    var timer = window.setTimeout(function () { controller.abort(); }, ms);
    options.signal = controller.signal;
    return realFetch(url, options).then(function (response) {
      window.clearTimeout(timer);
      return response;
    }, function (error) {
      window.clearTimeout(timer);
      throw error;
    });
  }
  // Any request of the page that got an answer (a long poll, a preview) shows the connection carries again:
  // the queue is tried at once, not only on the browser's "online" event.
  if (realFetch) {
    window.fetch = function () {
      return realFetch.apply(window, arguments).then(function (response) {
        if (!sending && sendable(read(OUTBOX))) window.setTimeout(flush, 0);
        return response;
      });
    };
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

  // A round kept only a moment ago is being sent; one kept longer waits for a connection that answers.
  function justKept(item) { return navigator.onLine && Date.now() - (item.kept || 0) < SENDING_MS; }

  function button(className, words, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = words;
    b.addEventListener("click", action);
    return b;
  }

  // The page shows what an item changes: its sheet, or for a hand the hand page under it (the next round's).
  function onItsPage(item) {
    var here = window.location.pathname;
    return here === item.sheet || ((item.mode === "hand" || item.mode === "correct") && here.indexOf(item.sheet + "/") === 0);
  }

  function drop(item) {
    write(OUTBOX, read(OUTBOX).filter(function (other) { return other.id !== item.id; }));
    if (onItsPage(item)) changedHere = true;
    render();
    flush();
  }

  // Another phone stored this round first: both side by side; "Same round: discard mine" is the main action,
  // "Save mine as round N" (after the rounds stored, before this phone's later ones) asks first.
  function takenBox(box, item) {
    var taken = item.taken || {};
    box.appendChild(paragraph("", fill(t.tRefused, item.round) + " " + (item.reason || "") + " " + t.tTakenAsk));
    var list = document.createElement("dl");
    list.className = "taken-compare";
    [[fill(t.tStoredAs, item.round), taken.stored, "taken-stored"], [t.tYours, taken.yours, "taken-yours"]].forEach(function (pair) {
      if (!pair[1]) return;
      var dt = document.createElement("dt");
      dt.textContent = pair[0];
      var dd = document.createElement("dd");
      dd.className = pair[2];
      dd.textContent = pair[1];
      list.appendChild(dt);
      list.appendChild(dd);
    });
    box.appendChild(list);
    box.appendChild(enteredLine(item));
    var next = Math.max(serverNextOf(item.sheet) || 0, taken.next || 0, item.round + 1);
    var actions = document.createElement("p");
    actions.className = "button-row";
    actions.appendChild(button("button small primary", t.tSameDiscard, function () {
      var notes = read(NOTES);
      notes.push({ ok: true, message: fill(t.tDiscarded, item.round) });
      write(NOTES, notes);
      drop(item);
    }));
    actions.appendChild(document.createTextNode(" "));
    actions.appendChild(button("button small", fill(t.tSaveAs, next), function () {
      if (!window.confirm(fill(t.tSaveAsConfirm, next).replace("{taken}", item.round))) return;
      var queue = read(OUTBOX);
      var at = queue.map(function (other) { return other.id; }).indexOf(item.id);
      if (at < 0) return;
      var number = next;
      queue.forEach(function (other, i) {  // this round, then the ones kept behind it
        if (i === at) {
          other.round = number;
          other.status = "pending";
          other.kept = Date.now();
          delete other.taken;
          delete other.reason;
        } else if (i > at && other.sheet === item.sheet && other.mode === "new") {
          other.round = ++number;
        }
      });
      write(OUTBOX, queue);
      render();
      flush();
    }));
    box.appendChild(actions);
  }

  // A hand that arrived after its round was stored: the stored row beside it, and what to do.
  function lateBox(box, item) {
    var taken = item.taken || {};
    box.appendChild(paragraph("", item.reason || ""));
    box.appendChild(paragraph("late-compare", taken.yours ?
      t.tLateCompare.replace("{stored}", taken.stored).replace("{yours}", taken.yours) :
      t.tLateUnfit.replace("{stored}", taken.stored).replace("{why}", taken.why || "")));
    box.appendChild(enteredLine(item));
    var actions = document.createElement("p");
    actions.className = "button-row";
    if (taken.yours && item.mayCorrect === false) box.appendChild(paragraph("", t.tAskScorekeeper));
    if (taken.yours && item.mayCorrect !== false) {
      actions.appendChild(button("button small primary", t.tCorrect, function () {
        settle(item.id, function (kept) {
          kept.status = "pending";
          kept.mode = "correct";
          kept.action = kept.correct;
          kept.kept = Date.now();
          delete kept.taken;
          delete kept.reason;
          return kept;
        });
        render();
        flush();
      }));
      actions.appendChild(document.createTextNode(" "));
    }
    actions.appendChild(button("button small", t.tKeepStored, function () {
      note(fill(t.tKeptStored, item.round));
      drop(item);
    }));
    box.appendChild(actions);
  }

  function rowWords(template, item) { return fill(template, item.round).replace("{name}", function () { return item.row; }); }

  function handWords(item) {
    if (item.mode === "correct") return justKept(item) ? t.tCorrecting : t.tCorrectWaiting;
    if (item.row) return rowWords(t.tRowWaiting, item);
    return justKept(item) ? t.tHandSending : t.tHandWaiting;
  }

  function itemBox(item, blocked) {
    var box = document.createElement("div");
    var stopped = item.status === "refused" || item.status === "taken" || item.status === "late";
    var hand = item.mode === "hand" || item.mode === "correct";
    box.className = "flash queued-round " + (stopped ? "flash-error refused" : "flash-waiting") +
      (item.status === "taken" ? " taken-round" : "");
    if (item.status === "taken") {
      takenBox(box, item);
      return box;
    }
    if (item.status === "late") {
      box.className += " late-hand";
      lateBox(box, item);
      return box;
    }
    if (item.status === "refused") {
      box.appendChild(paragraph("", fill(t.tRefused, item.round) + " " + (item.reason || "")));
    } else {
      var words = blocked ? t.tBlocked.replace("{refused}", blocked) : hand ? handWords(item) :
        item.retry ? t.tRetry : justKept(item) ? t.tSending : t.tWaiting;
      box.appendChild(paragraph("", fill(words, item.round)));
    }
    box.appendChild(enteredLine(item));
    if (item.status === "refused" && hand) {  // a hand is entered again on its page, not as a round
      var drops = document.createElement("p");
      drops.className = "button-row";
      drops.appendChild(button("button small danger", t.tDiscard, function () { drop(item); }));
      box.appendChild(drops);
    } else if (item.status === "refused") {
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
        drop(item);
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
    var hand = document.querySelector(".enter-hand[data-sheet]");  // a player link's sheet: what its hand page is for
    if (hand) sheetNext(hand);
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

  var rerender = null;
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
    var soonest = null;  // when a round now "being sent" goes on to wait for a connection
    read(OUTBOX).forEach(function (item) {
      var stopped = item.status !== "pending";
      if (shownHere(item)) area.appendChild(namedBox(item, itemBox(item, !stopped && refused[item.sheet])));
      if (stopped && !refused[item.sheet]) refused[item.sheet] = item.round;
      if (!stopped && justKept(item)) soonest = Math.min(soonest || Infinity, item.kept + SENDING_MS);
    });
    window.clearTimeout(rerender);
    if (soonest) rerender = window.setTimeout(render, Math.max(0, soonest - Date.now()) + 50);
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
    provisional();
  }
  // --- provisional standings (issue 22) ---------------------------------------------------------------------

  // The sheet page counts the rounds kept for it on this phone, marked provisional: each one's change to the
  // standings is what the server's preview said when it was entered (item.change: per player, the difference of
  // each number of their line, null where it ends, e.g. a last phase completed). Only differences are added here;
  // a round entered with no answer from the server is listed, not counted. Saved, the page shows the real sheet.
  function number(value) {
    try { return new Intl.NumberFormat(document.documentElement.lang || undefined).format(value); } catch (e) { return String(value); }
  }
  // A round typed with no connection at all has no such answer: the rules engine itself counts it here, in the
  // browser (Pyodide, the Python the server runs, compiled to WebAssembly; the engine's own source from the
  // server, app/provisional.py), from what the sheet page gives (#offline-sheet: the stored game) and what the
  // form kept (its fields, and how each reads: item.kinds). Nothing is scored in JavaScript. The files are asked
  // for once while online (warm, below), so that the service worker has them when the connection is gone.
  var engineCounts = {};  // kept round id → {change} or {error}, as the engine counted it in this page
  var engineBusy = false;
  var engineFailed = false;
  var engine = null;  // a promise of app.inbrowser.count_json (Pyodide started once per page)
  function offlineSheet() {
    var node = document.getElementById("offline-sheet");
    if (!node) return null;
    try { return JSON.parse(node.dataset.offline); } catch (e) { return null; }
  }
  function pyodideFolder(offline) { return new URL(".", new URL(offline.pyodide, window.location.href)).href; }
  function loadEngine(offline) {
    if (!engine) {
      engine = import(offline.pyodide).then(function (module) {
        return module.loadPyodide({ indexURL: pyodideFolder(offline) });
      }).then(function (python) {
        return fetch(offline.engine_zip).then(function (response) {
          if (!response.ok) throw new Error("the engine: " + response.status);
          return response.arrayBuffer();
        }).then(function (zip) {
          python.unpackArchive(zip, "zip", { extractDir: "/deckside" });
          python.runPython("import sys\nsys.path.insert(0, '/deckside')");
          return python.pyimport("app.inbrowser").count_json;
        });
      });
    }
    return engine;
  }
  function countWithEngine(items) {
    var offline = offlineSheet();
    // The rounds in the order kept (each counts on the ones before it), up to one kept before this was possible.
    var known = [];
    items.every(function (item) { if (item.kinds && !taken(item)) known.push(item); return !!item.kinds; });
    var missing = known.some(function (item) { return !item.change && !engineCounts[item.id]; });
    // Not while the queue is sending: a round the server takes needs no count, and starting Python here would slow
    // the send on a slow phone. A send that gets no answer renders the page again, and the count starts then.
    if (!offline || !missing || engineBusy || engineFailed || sending) return;
    engineBusy = true;
    loadEngine(offline).then(function (count) {
      var kept = known.map(function (item) { return { fields: item.fields, kinds: item.kinds }; });
      var answers = JSON.parse(count(JSON.stringify(offline.sheet), JSON.stringify(kept), document.documentElement.lang || "en",
        JSON.stringify(offline.lists || {})));
      known.forEach(function (item, i) { engineCounts[item.id] = answers[i]; });
    }).catch(function (error) {
      engineFailed = true;  // not asked again on this page (the kept rounds stay listed, not counted)
      if (window.console) window.console.warn("Deckside: the engine could not count the kept rounds", error);
    }).then(function () {
      engineBusy = false;
      provisional();
    });
  }
  function changeOf(item) {
    if (taken(item)) return null;
    return item.change || (engineCounts[item.id] && engineCounts[item.id].change) || null;
  }
  // A kept round whose number the sheet already has was stored meanwhile: this phone's own save whose answer was
  // lost, or another phone's round. The queue's answer says which; counting it again would count a round twice.
  function taken(item) {
    var next = serverNextOf(item.sheet);
    return next > 0 && item.round < next;
  }
  // While online, the sheet page of a phone that can enter rounds asks once for what the engine needs offline
  // (about 12 MB, kept by the service worker), a few seconds after it has loaded (a page left at once asks nothing).
  var WARM_MS = 3000;
  function warm() {
    var offline = offlineSheet();
    // Only a page the worker controls: the worker must see the requests to keep what they answer.
    if (!offline || !navigator.onLine || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller || !window.caches) return;
    var folder = pyodideFolder(offline);
    var files = [offline.pyodide, folder + "pyodide.asm.mjs", folder + "pyodide.asm.wasm", folder + "python_stdlib.zip",
      folder + "pyodide-lock.json", offline.engine_zip];
    navigator.serviceWorker.ready.then(function () {
      return Promise.all(files.map(function (url) { return window.caches.match(url, { ignoreVary: true }); }));
    }).then(function (found) {
      files.forEach(function (url, i) {
        if (!found[i]) fetch(url, { cache: "no-cache" }).then(function (response) { return response.arrayBuffer(); }).catch(function () {});
      });
    }).catch(function () {});
  }
  if (document.getElementById("offline-sheet")) {
    if (document.readyState === "complete") window.setTimeout(warm, WARM_MS);
    else window.addEventListener("load", function () { window.setTimeout(warm, WARM_MS); });
  }

  function provisional() {
    var note = document.querySelector(".provisional-note");
    if (!note) return;
    document.querySelectorAll("[data-provisional]").forEach(function (cell) {
      cell.innerHTML = cell.dataset.provisional;
      cell.removeAttribute("data-provisional");
      cell.classList.remove("provisional");
    });
    document.querySelectorAll(".provisional-row, .provisional-badge").forEach(function (old) { old.remove(); });
    // Up to a round the queue stopped at (refused, or taken by another phone): the rounds behind it wait for the
    // person's choice there, which decides their numbers; until then the sheet's totals are the saved ones.
    var stopped = false;
    var items = read(OUTBOX).filter(function (item) {
      if (item.sheet !== window.location.pathname) return false;
      if (item.status !== "pending") stopped = true;
      return !stopped && item.mode === "new";
    });
    note.hidden = !items.length;
    var onlyKept = document.querySelector("[data-only-kept]");  // the rounds table of a sheet with none saved yet
    if (onlyKept) onlyKept.hidden = !items.length;
    note.textContent = "";
    if (!items.length) return;
    countWithEngine(items);
    var sums = {};  // player → key → sum of the changes (null: ended)
    var counted = items.filter(changeOf);
    counted.forEach(function (item) {
      var change = changeOf(item);
      Object.keys(change).forEach(function (player) {
        var line = sums[player] = sums[player] || {};
        Object.keys(change[player]).forEach(function (key) {
          var by = change[player][key];
          if (line[key] === null) return;
          line[key] = by === null ? null : (line[key] || 0) + by;
        });
      });
    });
    function mark(cell, player, key, value) {
      var line = sums[player];
      if (!line || !(key in line) || (line[key] === 0 && key !== "score")) return;
      var was = parseInt(value, 10);
      if (line[key] !== null && isNaN(was)) return;
      cell.dataset.provisional = cell.innerHTML;
      cell.classList.add("provisional");
      cell.textContent = line[key] === null ? note.dataset.tDone : number(was + line[key]);
    }
    var heads = document.querySelectorAll("table.history thead th[data-player]");
    if (counted.length) {
      var saved = {};  // player → their saved total (the standings say it)
      document.querySelectorAll("table.standings tbody tr[data-player]").forEach(function (row) {
        row.querySelectorAll("[data-change]").forEach(function (cell) {
          if (cell.dataset.change === "score") saved[row.dataset.player] = cell.dataset.value;
          mark(cell, row.dataset.player, cell.dataset.change, cell.dataset.value);
        });
      });
      // The rounds table's totals row: a cell per player column, in the columns' order.
      document.querySelectorAll("table.history tfoot tr td").forEach(function (cell, i) {
        var head = heads[i];
        if (head) mark(cell, head.dataset.player, "score", saved[head.dataset.player]);
      });
    }
    var history = document.querySelector("table.history tbody");
    items.forEach(function (item) {
      if (!history) return;
      var row = document.createElement("tr");
      row.className = "provisional-row";
      var head = document.createElement("th");
      head.scope = "row";
      head.textContent = String(item.round) + " ";
      var badge = document.createElement("span");
      badge.className = "badge provisional-badge";
      badge.textContent = note.dataset.tBadge;
      head.appendChild(badge);
      row.appendChild(head);
      heads.forEach(function (th) {
        var cell = document.createElement("td");
        cell.className = "num";
        var change = changeOf(item);
        var by = change && change[th.dataset.player];
        cell.textContent = by && typeof by.score === "number" ? number(by.score) : "–";
        row.appendChild(cell);
      });
      history.appendChild(row);
    });
    var words = [];
    if (counted.length) words.push(note.dataset.tCounted);
    items.forEach(function (item) {
      if (changeOf(item)) return;
      if (taken(item)) { words.push(fill(note.dataset.tTaken, item.round)); return; }
      var refused = engineCounts[item.id] && engineCounts[item.id].error;
      words.push(refused ? fill(note.dataset.tRefused, item.round).replace("{problem}", function () { return refused; }) : fill(note.dataset.tUncounted, item.round));
    });
    note.textContent = words.join(" ");
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
    form.querySelectorAll("[data-row]").forEach(function (row) {
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
      (reentry.draft ? reentry.draft.seats : []).forEach(function (seat) {  // the rows this phone entered, again
        var row = form.querySelector("[data-row][data-index='" + seat + "']");
        if (row) row.dataset.touched = "1";
      });
    } else {
      setNumber(nextNumber(sheet, serverNext));
    }
  }

  // The hand page opened from the service worker's copy (no connection) is the one of its last visit: it takes the
  // newest round this phone has seen of the sheet (its sheet page or hand page, online), and shows the hand kept on
  // this phone for that round, if any, to be changed and kept again.
  function keptHand(queue, round) {
    return queue.filter(function (item) {
      return item.mode === "hand" && item.status === "pending" && item.action === form.action && item.round === round;
    }).pop() || null;
  }
  if (form && form.dataset.mode === "hand") {
    var pageRound = parseInt(field("round").value, 10);
    var handRound = latestNext(form.dataset.sheetUrl, parseInt(field("version").value, 10), pageRound);
    if (handRound !== pageRound) setNumber(handRound);
    var kept = keptHand(read(OUTBOX), handRound);
    if (kept) prefill(kept.fields);
  }

  // Put a round in the queue (or, for a round entered again, in the place of the refused one) and go to the sheet.
  // ``sentKey``: the key this very save was sent with, when it failed in flight or got no answer in time: the
  // server may have stored it, so the queue sends it again with the same key (never a new one: that would make
  // the server see another round, and call this phone's own round another phone's).
  function keep(fields, sentKey) {
    var mode = form.dataset.mode || "new";
    var round = parseInt(field("round").value, 10) || 0;
    var key = sentKey || field("idempotency").value;
    var queue = read(OUTBOX);
    var taken = queue.some(function (item) { return item.key === key; });
    if (!sentKey && (!key || taken || used(key))) key = newKey();
    markUsed(key);
    var item = {
      id: newKey(), sheet: form.dataset.sheetUrl || "", action: form.action, mode: mode, round: round, key: key,
      fields: fields, summary: summary(), status: "pending", kept: Date.now(), retry: !!sentKey
    };
    // What the server's preview said this very entry changes in the standings (static/js/sheets.js): the sheet
    // counts it, marked provisional, until the round is saved. Nothing is scored here.
    var change = mode === "new" && window.DecksideScoredChange ? window.DecksideScoredChange() : null;
    if (change) item.change = change;
    // How each field reads what was typed, so that the engine in the browser reads the round as the server would.
    try { if (mode === "new" && form.dataset.fieldKinds) item.kinds = JSON.parse(form.dataset.fieldKinds); } catch (e) { /* listed */ }
    if (mode === "new" && form.dataset.draftRow && form.dataset.handUrl) {  // a round filled in together
      var rows = Array.prototype.slice.call(form.querySelectorAll("[data-row]"));
      item.draft = {
        hand: form.dataset.handUrl, commit: form.dataset.draftCommit,
        seats: rows.filter(function (row) { return row.dataset.touched === "1"; }).map(function (row) { return row.dataset.index; }),
        together: rows.some(function (row) { return row.classList.contains("draft-elsewhere"); }),
        handSeats: {}
      };
      item.draft.seats.forEach(function (seat) { item.draft.handSeats[seat] = handSeat(seat); });
      queue = queue.filter(function (other) {  // this phone's rows kept for the round go with it
        return !(other.row && other.sheet === item.sheet && other.round === round && other.status === "pending");
      });
    }
    var at = reentry ? queue.map(function (other) { return other.id; }).indexOf(reentry.id) : -1;
    var before = mode === "hand" && !sentKey ? keptHand(queue, round) : null;
    if (before) {
      queue[queue.indexOf(before)] = item;  // the player changed the hand kept for this round: the new one goes
    } else if (at >= 0) {
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
    if (mode === "hand") {  // the hand page stays, and says the hand is kept
      if (saving) { busy(saving, false); saving = null; }
      render();
      flush();
      return;
    }
    if (form.dataset.sheetUrl) window.location.assign(form.dataset.sheetUrl);
    else { render(); flush(); }
  }

  // The round form filled in together (static/js/draft.js) hands this phone's work over when it cannot send it:
  // a row it could not send (no connection, no answer) is kept as that row, sent to the round's draft when the
  // connection returns (a row kept before for the same seat and round is replaced); a Save whose commit got no
  // answer is kept as the round, with the key the commit was sent with.
  function formFields() {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    return fields;
  }
  // The seat a row of the form has on its hand page (?seat=n counts every player of the game, those who left
  // included; the form's rows only those at the table in its round).
  function handSeat(seat) {
    var row = form.querySelector("[data-row][data-index='" + seat + "']");
    var names = null;
    try { names = JSON.parse(form.dataset.handSeats || "null"); } catch (e) { names = null; }
    var at = row && names ? names.indexOf(row.dataset.player) : -1;
    return String(at >= 0 ? at : seat);
  }
  window.DecksideKeepRow = function (seat) {
    var row = form && form.querySelector("[data-row][data-index='" + seat + "']");
    if (!row || !form.dataset.handUrl) return;
    var round = parseInt(field("round").value, 10) || 0;
    var action = form.dataset.handUrl + "?seat=" + handSeat(seat);
    var item = {
      id: newKey(), sheet: form.dataset.sheetUrl || "", action: action, mode: "hand", row: row.dataset.player,
      round: round, key: newKey(), fields: asHand(formFields(), seat), status: "pending", kept: Date.now(),
      summary: summary().filter(function (line) { return line.name === row.dataset.player; })
    };
    var queue = read(OUTBOX);
    var sheet = form.dataset.sheetUrl || "";
    // The round itself is kept already (a row cut off by its Save): its rows go with it.
    if (queue.some(function (other) { return other.draft && other.sheet === sheet && other.round === round; })) return;
    var before = queue.filter(function (other) {
      return other.row && other.status === "pending" && other.action === action && other.round === round;
    }).pop();
    if (before) queue[queue.indexOf(before)] = item;
    else queue.push(item);
    write(OUTBOX, queue);
    render();
    flush();
  };
  window.DecksideKeepRound = function (sentKey) { keep(formFields(), sentKey); };

  // While a save is on its way: the Save button says "Saving…" and cannot be tapped again.
  var saving = null;
  function busy(submitter, on) {
    if (!submitter) return;
    var isInput = submitter.tagName === "INPUT";
    if (on) {
      submitter.dataset.label = isInput ? submitter.value : submitter.textContent;
      if (isInput) submitter.value = t.tSaving; else submitter.textContent = t.tSaving;
    } else if (submitter.dataset.label) {
      if (isInput) submitter.value = submitter.dataset.label; else submitter.textContent = submitter.dataset.label;
    }
    submitter.disabled = on;
    submitter.setAttribute("aria-busy", on ? "true" : "false");
  }
  window.addEventListener("pageshow", function (event) {  // back to a page kept in memory: Save works again
    if (event.persisted && saving) { busy(saving, false); saving = null; }
  });

  if (form && realFetch) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      // "Save mine as round N" after another phone stored the round: a new round of its own, so it asks first.
      if (submitter && submitter.dataset.confirm && !window.confirm(submitter.dataset.confirm)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      if (submitter && submitter.name === "preview") return;  // a preview needs the server; the browser says so
      event.preventDefault();
      if (saving) return;  // one save at a time
      var hand = form.dataset.mode === "hand";
      // After what is kept for the sheet already: any of its items for a round, this player's hands for a hand.
      var waiting = (form.dataset.mode === "new" || hand) && itemsOf(form.dataset.sheetUrl).some(function (item) {
        return !hand || item.mode === "hand";
      });
      // A form whose key was posted already (a copy the service worker kept, a page the browser went back to)
      // stands for a new save: it gets a key of its own, so the server never answers it with another round's save.
      var key = field("idempotency").value;
      if (!waiting && !reentry && navigator.onLine && (!key || used(key) || queuedKey(key))) {
        field("idempotency").value = newKey();
      }
      var fields = [];
      new FormData(form, submitter).forEach(function (value, name) { fields.push([name, String(value)]); });
      if (!navigator.onLine || waiting || reentry) { keep(fields); return; }  // after the rounds already queued
      key = field("idempotency").value;
      markUsed(key);
      saving = submitter || form.querySelector("[type=submit][name=submit]");
      busy(saving, true);
      var body = new URLSearchParams();
      fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      var answered = false;
      if (hand) {  // the answer in JSON: a hand too late for its round is shown beside the stored one
        timedFetch(form.action, { method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" } }, SAVE_TIMEOUT)
          .then(function (response) {
            answered = true;
            return response.json().then(function (answer) {
              if (answer.saved) {
                note(t.tHandIn);
                window.location.assign(form.action);
              } else if (response.status === 409 && (answer.late || answer.same)) {
                keep(fields, key);  // the queue asks again and shows the stored row beside this hand
              } else {
                HTMLFormElement.prototype.submit.call(form);  // refused: the page shows why, in the form
              }
            });
          })
          .catch(function () { if (!answered) keep(fields, key); });
        return;
      }
      timedFetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" }, SAVE_TIMEOUT)
        .then(function (response) {
          answered = true;
          // Saved (or already saved): the server sends the sheet, whose page shows its message.
          if (response.type === "opaqueredirect") { window.location.assign(form.dataset.sheetUrl || form.action); return; }
          // Refused: post the same form (same idempotency key) the ordinary way so the page shows why.
          HTMLFormElement.prototype.submit.call(form);  // (form.submit is the Save button, named "submit")
        })
        .catch(function () {
          // No answer (the connection dropped, or nothing came back in time): the server may have stored it,
          // so the queue sends it again with the same key; the sheet says it is kept.
          if (!answered) keep(fields, key);
        });
    });
  }

  // --- sending the queue ------------------------------------------------------------------------------------

  // The first item that may go now: pending, and no refused round of its sheet before it.
  function sendable(queue) {
    var stopped = {};
    for (var i = 0; i < queue.length; i++) {
      var item = queue[i];
      if (item.status !== "pending") stopped[item.sheet] = true;  // refused, or taken by another phone
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
    return timedFetch(t.token, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } }, SAVE_TIMEOUT)
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { freshToken = (data && data.token) || null; return freshToken; },
        function () { return null; });
  }

  // One POST of the queue: ``pairs`` (a form's fields) with the item's round and key and a fresh form token;
  // ``{status, answer}`` (the JSON answer, or null), or a failure when nothing came back in time.
  function post(url, pairs, item, csrf) {
    var body = new URLSearchParams();
    pairs.forEach(function (pair) {
      if (pair[0] === "round") body.append("round", String(item.round));
      else if (pair[0] === "idempotency") body.append("idempotency", item.key);
      else if (pair[0] === "csrf_token" && csrf) body.append("csrf_token", csrf);
      else body.append(pair[0], pair[1]);
    });
    return timedFetch(url, {
      method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" }
    }, SAVE_TIMEOUT).then(function (response) {
      return response.json().then(function (answer) { return { status: response.status, answer: answer }; },
        function () { return { status: response.status, answer: null }; });
    });
  }

  // A round kept from a form filled in together (API.md "A round entered together"): this phone's rows go to the
  // round's draft, each as that row (a hand of its seat, so the rows other phones sent meanwhile stay), then the
  // draft is stored with the round's own key. ``null`` when the round is to go as a whole round after all (the
  // existing path: the server answers a resend of this phone's own save with its first answer, and sets a round
  // another phone stored beside this entry): the round was stored meanwhile, or, on a phone that held every row
  // itself, the draft is not complete without the rows it did not send.
  function viaDraft(item, csrf) {
    var draft = item.draft;
    var done = draft.sent && draft.sent.round === item.round ? draft.sent.seats : [];
    var seats = (draft.seats || []).filter(function (seat) { return done.indexOf(seat) < 0; });
    function refused(reply) { return reply.status >= 400 && reply.status < 500 && reply.status !== 409; }
    function rows(i) {
      if (i >= seats.length) return Promise.resolve(null);
      var onHand = draft.handSeats && draft.handSeats[seats[i]] !== undefined ? draft.handSeats[seats[i]] : seats[i];
      return post(draft.hand + "?seat=" + onHand, asHand(item.fields, seats[i]), item, csrf).then(function (reply) {
        if (reply.answer && reply.answer.saved) {
          settle(item.id, function (kept) {
            var sent = kept.draft.sent && kept.draft.sent.round === kept.round ? kept.draft.sent.seats : [];
            kept.draft.sent = { round: kept.round, seats: sent.concat([seats[i]]) };
            return kept;
          });
          return rows(i + 1);
        }
        if (reply.status === 409) return null;  // the round was stored meanwhile: the commit says whose it is
        if (refused(reply)) return reply;
        throw new Error("no answer");
      });
    }
    return rows(0).then(function (stop) {
      if (stop) return stop;
      var own = item.fields.filter(function (pair) { return pair[0] === "csrf_token"; })[0];
      var pairs = [["csrf_token", own ? own[1] : ""], ["round", ""], ["idempotency", ""], ["queued", "1"]];
      return post(draft.commit, pairs, item, csrf).then(function (reply) {
        if (reply.answer && reply.answer.saved) return reply;
        if (reply.status === 409 || (reply.status === 400 && !draft.together)) return null;
        if (refused(reply)) return reply;
        throw new Error("no answer");
      });
    });
  }

  // A row of the round form as its seat's hand form sends it (app/views/hands.py, with ?seat=n): that row's fields
  // as the first row's, "went out" as "this player" or left out, the other rows left out.
  function asHand(fields, seat) {
    var hand = [];
    fields.forEach(function (pair) {
      var row = /^players-(\d+)-(.+)$/.exec(pair[0]);
      if (row) {
        if (row[1] === String(seat)) hand.push(["players-0-" + row[2], row[2] === "seat" ? "0" : pair[1]]);
      } else if (pair[0] === "went_out") {
        if (pair[1] === String(seat)) hand.push(["went_out", "0"]);
      } else if (pair[0] !== "submit" && pair[0] !== "preview") {
        hand.push(pair);
      }
    });
    hand.push(["send", "1"]);
    return hand;
  }

  var sending = false;
  var changedHere = false;  // a round of the sheet on screen was saved or refused: show it fresh
  var retryTimer = null;
  function retryAfter(started) {  // the next try comes at most RETRY_MS after the start of this one
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(flush, Math.max(0, started + RETRY_MS - Date.now()));
  }
  function note(message) {
    var notes = read(NOTES);
    notes.push({ ok: true, message: message });
    write(NOTES, notes);
  }
  function flush() {
    var item = sendable(read(OUTBOX));
    if (sending) return;
    if (!navigator.onLine) {
      if (item) retryAfter(Date.now());
      return;
    }
    if (!item) {
      if (changedHere) window.location.reload();  // the standings as they are now
      return;
    }
    sending = true;
    var started = Date.now();
    token().then(function (csrf) {
      if (!item.draft) return post(item.action, item.fields, item, csrf);
      return viaDraft(item, csrf).then(function (reply) { return reply || post(item.action, item.fields, item, csrf); });
    })
      .then(function (reply) {
        sending = false;
        var answer = reply.answer;
        if (answer && answer.saved) {
          settle(item.id, null);
          note(item.row && item.mode === "hand" ? rowWords(t.tRowSent, item) :
            fill(item.mode === "correct" ? t.tCorrected : item.mode === "hand" ? t.tHandSent :
              item.retry ? t.tSaved : t.tSent, item.round));
        } else if (answer && reply.status === 409 && answer.same) {
          // The stored round is this entry: this phone's own save (its answer was lost). Nothing to do.
          settle(item.id, null);
          if (!item.row) note(fill(item.mode === "hand" ? t.tHandAlready : t.tAlready, item.round));
        } else if (answer && reply.status === 409 && answer.late) {
          settle(item.id, function (kept) {
            kept.status = "late";
            kept.reason = answer.error || "";
            kept.correct = answer.correct;
            kept.mayCorrect = answer.may_correct !== false;  // a player link may not correct a stored round
            kept.taken = { stored: answer.compare && answer.compare.stored, yours: answer.compare && answer.compare.yours,
              why: answer.why };
            return kept;
          });
        } else if (answer && reply.status === 409 && answer.stored) {
          settle(item.id, function (kept) {
            kept.status = "taken";
            kept.reason = answer.error || "";
            kept.taken = { stored: answer.compare && answer.compare.stored, yours: answer.compare && answer.compare.yours,
              next: answer.next_round };
            return kept;
          });
        } else if (answer && reply.status >= 400 && reply.status < 500) {
          settle(item.id, function (kept) {
            kept.status = "refused";
            kept.reason = answer.error || "";
            return kept;
          });
        } else {
          render();  // the server could not answer now: keep it and try again soon
          retryAfter(started);
          return;
        }
        if (onItsPage(item) && !item.row) changedHere = true;  // a row sent from the round form leaves it open
        render();
        flush();
      })
      .catch(function () {  // still no connection (or no answer in time): keep it and try again soon
        sending = false;
        render();
        retryAfter(started);
      });
  }

  // A player's sheet page that follows the table live (static/js/live.js) learns the next round as it is saved: the
  // hand page opened offline later takes that round, not the one of the copy the worker kept.
  document.addEventListener("deckside:sheet-updated", function () {
    var holder = document.querySelector(".sheet[data-live-version]");
    var hand = document.querySelector(".enter-hand[data-sheet]");
    if (holder && hand) latestNext(hand.dataset.sheet, parseInt(holder.dataset.liveVersion, 10), parseInt(hand.dataset.nextRound, 10));
    provisional();  // the fresh sheet, with this phone's kept rounds counted again
  });

  window.addEventListener("online", function () { render(); flush(); });
  window.addEventListener("offline", render);
  flush();  // first: a page that opens with rounds to send is sending them when it first shows them
  render();
  forgetSaved();
})();
