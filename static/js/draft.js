// A player's hand page (templates/sheets/hand.html): the row is sent to the round being filled in together by
// static/js/offline.js (data-mode "hand"), which keeps it on the phone while there is no connection and shows a
// hand that arrives after its round was stored beside the stored row. The page's draft panel follows the table
// live (static/js/live.js).
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  if (!form) return;
  // One row on the page: its entry is open from the start (no tap to open it). After static/js/sheets.js has
  // made the rows compact (deferred scripts run before DOMContentLoaded).
  document.addEventListener("DOMContentLoaded", function () {
    var row = form.querySelector("[data-row]");
    var open = row && row.querySelector(".row-open");
    if (open && !row.classList.contains("is-open")) open.click();
  });
  // Once the round this page was drawn for is stored, the live panel says so and leads to the next round's hand
  // (templates/sheets/_hand_panel.html): the old form, its help and "Your hand is in." go.
  function stored() {
    if (!document.querySelector(".hand-moved")) return;
    form.hidden = true;
    document.querySelectorAll(".hand-help, .flash-ok:not(.hand-moved)").forEach(function (el) { el.hidden = true; });
  }
  if (window.MutationObserver) new MutationObserver(stored).observe(document.body, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", stored);
})();

// The round form, filled in together (API.md "A round entered together"): each row this phone enters is sent
// to the round's draft as it is made (POST data-draft-row, the form as it stands and the row's seat); rows that
// other phones send arrive with the live sheet (static/js/live.js fires "deckside:draft") and are shown in their
// row with what they count. Save stores the form as before when every row is this phone's; once another phone
// has sent a row, Save sends this phone's rows and stores the draft (POST data-draft-commit) instead, so the
// round is stored once, with every phone's rows.
(function () {
  "use strict";
  var form = document.querySelector("form.round-form[data-mode=new][data-draft-row]");
  if (!form || !window.fetch) return;
  var status = form.querySelector(".draft-status");
  var touched = {};   // seat → entered on this phone
  // The rows this phone sent to this round are remembered on the phone (the draft knows only that an editing
  // phone sent them), so a form reopened from the draft shows them as this phone's, not "entered elsewhere".
  var roundField = form.querySelector("[name=round]");
  var memo = "deckside-draft-mine:" + (form.dataset.draftRow || "") + ":" + (roundField ? roundField.value : "");
  function remembered() {
    try { return JSON.parse(window.localStorage.getItem(memo) || "[]"); } catch (e) { return []; }
  }
  function forget(name) {
    try {
      window.localStorage.setItem(memo, JSON.stringify(remembered().filter(function (n) { return n !== name; })));
    } catch (e) { /* no storage */ }
  }
  function remember(name) {
    var names = remembered();
    if (names.indexOf(name) >= 0) return;
    names.push(name);
    try { window.localStorage.setItem(memo, JSON.stringify(names)); } catch (e) { /* private mode: this visit only */ }
  }
  try {  // another round's note of this sheet is done with
    var prefix = "deckside-draft-mine:" + (form.dataset.draftRow || "") + ":";
    for (var i = window.localStorage.length - 1; i >= 0; i--) {
      var stored = window.localStorage.key(i);
      if (stored && stored.indexOf(prefix) === 0 && stored !== memo) window.localStorage.removeItem(stored);
    }
  } catch (e) { /* no storage */ }
  var timers = {};
  var inFlight = [];
  var draft = null;
  var saving = false;
  var leaving = false;  // the page is being left (a save took it elsewhere): a row cut off now is not kept
  var ROW_TIMEOUT = 8000;  // a row with no answer by then is kept on the phone (static/js/offline.js)
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });

  function rows() { return Array.prototype.slice.call(form.querySelectorAll("[data-row]")); }
  function seatOf(row) { return row.dataset.index; }
  var mineBefore = remembered();
  rows().forEach(function (row) {
    if (mineBefore.indexOf(row.dataset.player) >= 0) { touched[seatOf(row)] = true; row.dataset.touched = "1"; }
  });
  function csrf() { var field = form.querySelector("[name=csrf_token]"); return field ? field.value : ""; }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }

  function elsewhere(row) {
    var name = row.dataset.player;
    var filled = draft && draft.rows && draft.rows[name];
    return !!filled && !touched[seatOf(row)];
  }

  // What the round itself says follows the table: who went out, and a choice each row carries (data-round-choice:
  // the side a hand ended on, in a game whose cards have two sides), as another phone set it, unless this phone
  // changed it and its row is still on its way.
  var applying = false;   // a change made here to follow the table, not an entry of this phone
  var pending = {};       // "went_out" or a choice's name → this phone changed it; cleared once a row carried it
  var outOnly = {};       // seat → this phone's row only because this phone said that player went out
  var unsent = {};        // seat → the edit of that row not yet taken by the draft (its number: see send())
  var edits = 0;
  // Who went out moved to another row: a row that was this phone's only for saying that player went out is no
  // longer this phone's (another phone's entry in it stands), and the rows this phone entered are sent again (the
  // draft's row of the player who went out had replaced one of them, or they were read against another winner).
  function outMoved(outSeat) {
    Object.keys(outOnly).forEach(function (seat) {
      if (seat === outSeat) return;
      delete outOnly[seat];
      delete touched[seat];
      var gone = rows().filter(function (r) { return seatOf(r) === seat; })[0];
      if (gone) { delete gone.dataset.touched; forget(gone.dataset.player); }
    });
    sendMine(function (seat) { return seat !== outSeat && !outOnly[seat]; });
  }
  // A row is sent half a second after its last change (a burst of taps is one request).
  function sendSoon(seat) {
    clearTimeout(timers[seat]);
    timers[seat] = setTimeout(function () { send(seat); }, 500);
  }
  function sendMine(which) {  // this phone's rows again (those ``which`` keeps, when given)
    Object.keys(touched).forEach(function (seat) { if (!which || which(seat)) sendSoon(seat); });
  }
  function apply(input) {
    applying = true;
    form.dataset.following = "1";  // static/js/sheets.js: opens no row for a change it did not make
    try {
      input.checked = true;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    } finally {
      applying = false;
      delete form.dataset.following;
    }
  }
  // What the table said last (the draft's went_out, each choice's value): only a change of it is followed, so a
  // choice this phone made against the others' stays (the save then names the disagreement). The draft the page
  // was drawn with is only noted: the server filled the form in from it.
  var seen = {};
  function follow(fresh, noteOnly) {
    var newOut = fresh.went_out && fresh.went_out !== seen.went_out;
    seen.went_out = fresh.went_out;
    if (newOut && !noteOnly && !pending.went_out) {
      var row = rows().filter(function (r) { return r.dataset.player === fresh.went_out; })[0];
      var box = row && row.querySelector("[data-went-out]");
      if (box && !box.checked) { apply(box); outMoved(seatOf(row)); }
    }
    var names = {};
    form.querySelectorAll("[data-round-choice]").forEach(function (input) { names[input.name] = true; });
    Object.keys(names).forEach(function (name) {
      var said = {};  // the values the rows other phones sent say
      rows().forEach(function (r) {
        var sent = fresh.rows && fresh.rows[r.dataset.player];
        if (sent && sent[name] !== undefined && sent[name] !== null && !touched[seatOf(r)]) said[sent[name]] = true;
      });
      var values = Object.keys(said);
      var now = values.length === 1 ? values[0] : null;  // none, or phones that disagree: the save says so
      var changedThere = now !== seen[name];
      seen[name] = now;
      if (noteOnly || pending[name] || !changedThere || now === null) return;
      var choice = Array.prototype.filter.call(form.querySelectorAll("[data-round-choice]"), function (input) {
        return input.name === name && input.value === now;
      })[0];
      if (!choice || choice.checked) return;
      apply(choice);
      sendMine();  // this phone's rows were sent with the other choice
    });
  }

  function show(fresh) {
    if (!fresh || saving) return;
    follow(fresh);
    draft = fresh;
    var counting = [];
    rows().forEach(function (row) {
      var name = row.dataset.player;
      var away = elsewhere(row);
      row.classList.toggle("draft-elsewhere", away);
      var note = row.querySelector(".draft-note");
      if (away && !note) {
        note = document.createElement("p");
        note.className = "draft-note help";
        row.appendChild(note);
      }
      if (note) {
        note.hidden = !away;
        note.textContent = away ? form.dataset.tElsewhere : "";
      }
      if (away) {
        var shown = row.querySelector(".penalty-value");
        var points = draft.points ? draft.points[name] : null;
        if (shown) shown.textContent = points === null || points === undefined ? "–" : points;
        // The box (and the phase picked) as the row was sent: the row's key the game's partial names in the hook (a
        // phase number when the table picks the phase, else true or false).
        var box = row.querySelector("[data-completed]");
        var sent = box ? draft.rows[name][box.getAttribute("data-completed")] : undefined;
        if (box && sent !== undefined) { box.checked = sent !== false; box.removeAttribute("data-auto"); }
        var pick = row.querySelector("select[data-completed-phase]");
        var picked = pick ? draft.rows[name][pick.getAttribute("data-completed-phase")] : undefined;
        if (pick && picked !== undefined) pick.value = typeof picked === "number" ? String(picked) : "";
      }
      var out = row.querySelector("[data-went-out]");
      if (!draft.rows[name] && draft.went_out !== name && !touched[seatOf(row)] && !(out && out.checked)) {
        counting.push(name);
      }
    });
    // Said only once another phone takes part: alone, this phone's own preview says what it needs to.
    if (!status || !rows().some(elsewhere)) { if (status) status.hidden = true; return; }
    var lines = [];
    if (counting.length) lines.push(fill(form.dataset.tCounting, { names: counting.join(", ") }));
    (draft.problems || []).forEach(function (problem) { lines.push(problem.error); });
    status.textContent = lines.join(" ");
    status.hidden = !lines.length;
  }

  function send(seat) {
    clearTimeout(timers[seat]);
    delete timers[seat];
    var body = new FormData(form);
    body.delete("submit");
    body.delete("preview");
    body.set("seat", seat);
    var carried = Object.keys(pending);  // what this row carries of this phone's changes to the round
    var edition = unsent[seat];            // the row's last edit on this phone, as this request carries it
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, ROW_TIMEOUT) : null;
    var request = fetch(form.dataset.draftRow, {
      method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "application/json" },
      signal: controller ? controller.signal : undefined
    }).then(function (response) { clearTimeout(timer); return response.json(); })
      .then(function (answer) {
        if (answer.ok) {
          carried.forEach(function (name) { delete pending[name]; });
          if (unsent[seat] === edition) delete unsent[seat];  // (an edit made meanwhile is still to send)
          // Who went out on this form went to the draft with the row (app/views/hands.py draft_row): this phone's.
          var out = form.querySelector("[data-went-out]:checked");
          var outRow = out && out.closest("[data-row]");
          if (outRow && !touched[seatOf(outRow)]) outOnly[seatOf(outRow)] = true;
          if (outRow) { touched[seatOf(outRow)] = true; remember(outRow.dataset.player); }
          show(answer.draft);
        }
        return answer;
      })
      .catch(function () {
        clearTimeout(timer);
        // No connection, or no answer: the row is kept on this phone and sent as that row when the connection
        // returns (static/js/offline.js), not lost with the page, and never sent as a whole round.
        if (!leaving && window.DecksideKeepRow) window.DecksideKeepRow(seat);
        return { ok: false };
      });
    inFlight.push(request);
    return request;
  }

  function changed(event) {
    if (applying) return;
    var target = event.target;
    if (target.hasAttribute && target.hasAttribute("data-went-out")) pending.went_out = true;
    if (target.hasAttribute && target.hasAttribute("data-round-choice")) {
      pending[target.name] = true;
      sendMine();  // the rows sent so far carry the choice: send them again
    }
    var row = target.closest && target.closest("[data-row]");
    if (!row || saving) return;
    var seat = seatOf(row);
    if (target.hasAttribute("data-went-out")) {
      if (!touched[seat]) outOnly[seat] = true;
      outMoved(seat);
    } else {
      delete outOnly[seat];  // an entry of this row: this phone's now
    }
    touched[seat] = true;
    unsent[seat] = ++edits;
    remember(row.dataset.player);
    row.dataset.touched = "1";  // entered on this phone: a round kept offline sends this row (static/js/offline.js)
    show(draft);
    sendSoon(seat);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (button && !button.classList.contains("row-open")) changed(event);  // opening a row enters nothing
  });

  document.addEventListener("deckside:draft", function (event) { show(event.detail.draft); });

  // Another phone stored this round. When the stored round holds every row this phone entered as this form shows
  // it (and no edit of this phone's is still on its way), there is nothing left to save here: the page says so
  // and leads to the sheet, and the form goes. Otherwise the live sheet's own notice (compare before saving).
  function holdsMine(stored) {
    var mine = remembered();
    // An edit made here that the draft has not taken yet (a row resent only because the table's choice was
    // followed is not one: it carries nothing new).
    if (!mine.length || saving || Object.keys(unsent).length || Object.keys(pending).length) return false;
    var results = {};
    (stored.results || []).forEach(function (result) { results[result.player] = result; });
    return mine.every(function (name) {
      var row = rows().filter(function (r) { return r.dataset.player === name; })[0];
      if (!row) return false;
      var out = row.querySelector("[data-went-out]");
      if ((out && out.checked) !== (stored.went_out === name)) return false;
      var result = results[name];
      if (!result) return stored.went_out === name;
      var shown = row.querySelector(".penalty-value");
      if (!shown || shown.textContent.trim() !== String(result.points)) return false;
      var box = row.querySelector("[data-completed]");
      var kept = box ? result[box.getAttribute("data-completed")] : undefined;
      return kept === undefined || (kept !== false) === box.checked;
    });
  }
  document.addEventListener("deckside:taken", function (event) {
    var number = parseInt(roundField ? roundField.value : "", 10);
    var stored = (event.detail.rounds || [])[number - 1];
    if (!stored || !holdsMine(stored)) return;
    event.preventDefault();
    var notice = document.querySelector("[data-live-wait]");
    if (!notice) return;
    notice.textContent = form.dataset.tSavedTogether + " ";
    var back = document.createElement("a");
    back.href = form.dataset.sheetUrl;
    back.textContent = form.dataset.tBack;
    notice.appendChild(back);
    notice.hidden = false;
    notice.classList.add("live-changed", "round-saved-together");
    form.hidden = true;
    document.querySelectorAll(".round-dealer").forEach(function (line) { line.hidden = true; });  // that round's
  });
  var drawn = null;
  try { drawn = JSON.parse(form.dataset.draft || "null"); } catch (e) { /* no draft when the page was drawn */ }
  follow(drawn || {}, true);
  show(drawn);

  function problem(text) {
    var box = form.querySelector(".round-problem");
    if (box) { box.textContent = text; box.hidden = false; }
  }

  // Save: once another phone has sent a row, this phone's rows go to the draft too and the draft is stored.
  document.addEventListener("submit", function (event) {
    if (event.target !== form) return;
    if (event.submitter && event.submitter.name === "preview") return;
    var others = rows().filter(elsewhere);
    // Every row is this phone's: the form is stored as before. Without a connection: the round is kept on the
    // phone with the rows this phone entered (static/js/offline.js), sent to the draft when it returns.
    if (!others.length || !navigator.onLine) {
      Object.keys(timers).forEach(function (seat) { clearTimeout(timers[seat]); });  // the round holds those rows
      return;
    }
    event.preventDefault();
    event.stopPropagation();  // not the whole-round outbox (static/js/offline.js)
    if (saving) return;
    saving = true;
    var mine = rows().filter(function (row) { return !elsewhere(row); }).map(seatOf);
    var key = newKey();  // this save's own key: a commit whose answer is lost is sent again with it
    Promise.all(inFlight).then(function () {
      return mine.reduce(function (chain, seat) {
        return chain.then(function () { return send(seat); });
      }, Promise.resolve());
    }).then(function () {
      var body = new URLSearchParams({ csrf_token: csrf(), round: form.querySelector("[name=round]").value, idempotency: key });
      var controller = window.AbortController ? new AbortController() : null;
      if (controller) setTimeout(function () { controller.abort(); }, ROW_TIMEOUT);
      return fetch(form.dataset.draftCommit, {
        method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "application/json" },
        signal: controller ? controller.signal : undefined
      });
    }).then(function (response) { return response.json(); }).then(function (answer) {
      if (answer.saved) { window.location.assign(form.dataset.sheetUrl); return; }
      saving = false;
      problem(answer.error);
    }).catch(function () {
      saving = false;
      // No answer: the server may have stored it. Kept on the phone with this key (static/js/offline.js), which
      // sends this phone's rows and the commit again; a resend of a stored commit gets its first answer.
      if (window.DecksideKeepRound) window.DecksideKeepRound(key);
      else problem(form.dataset.tOffline);
    });
  }, true);

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
})();
