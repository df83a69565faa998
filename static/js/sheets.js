// Score sheets: conveniences on top of forms that work without JavaScript.
(function () {
  "use strict";

  // New game: show the table rules of the chosen game, and as many name fields as it takes.
  var newGame = document.querySelector("form.new-game");
  if (newGame) {
    var maxPlayers = JSON.parse(newGame.dataset.maxPlayers);
    var update = function () {
      var chosen = newGame.querySelector("[data-game-choice]:checked");
      var game = (chosen || newGame.querySelector("[data-game-choice]")).value;
      newGame.querySelectorAll("[data-for-game]").forEach(function (box) {
        box.hidden = box.dataset.forGame !== game;
      });
      var rows = newGame.querySelectorAll(".player-input");
      var filled = 0;
      rows.forEach(function (row, i) { if (row.querySelector("input").value.trim()) filled = i + 1; });
      rows.forEach(function (row, i) {
        row.hidden = i >= maxPlayers[game] || i > Math.max(filled, 2);
      });
      var custom = newGame.querySelector("[name=custom_phases]");
      var list = newGame.querySelector("[name=phase_list]");
      if (custom && list) custom.closest(".field").hidden = list.value !== "custom";
    };
    newGame.addEventListener("change", update);
    newGame.addEventListener("input", update);
    update();
  }

  // Round form: steppers, "went out" hides the leftover entry, and a live penalty preview from the server.
  var form = document.querySelector("form.round-form");
  if (form) {
    var problem = form.querySelector(".round-problem");
    // A problem shows once the user is done with what it is about, never while it is still being entered
    // (tapping Out for Ana must not mark Ben's row red): a row is done once something in it was changed and
    // the user went on to another row (or closed it); every row is once they try to save.
    var finished = function (row) {
      if (!row || row.dataset.edited !== "1" || row.dataset.done === "1") return;
      row.dataset.done = "1";
      preview();
    };
    var allDone = function () {
      form.querySelectorAll("[data-row]").forEach(function (row) { row.dataset.done = "1"; });
    };
    var isDone = function (name) {  // a problem naming nobody shows once any row is done
      return Array.prototype.some.call(form.querySelectorAll("[data-row]"), function (row) {
        return row.dataset.done === "1" && (name == null || row.dataset.player === name);
      });
    };
    var timer = null;
    var sequence = 0;
    // A refused entry in one row does not blank the others: a row untouched since the last preview that scored
    // the round keeps the points it showed then (unless its number depends on the other rows: a gain). Who went
    // out changes every row's number.
    var scored = {};  // player → points, from the last preview that scored the round
    var touched = {};  // player → changed since the last preview was asked for
    // The player row whose entry an event changed (typed; or tapped a key, a step or a count), or who went out.
    var entryRow = function (event) {
      var row = event.target.closest && event.target.closest("[data-row]");
      if (!row || (event.type === "click" && !event.target.closest("[data-leftover] button, [data-step], [data-key], [data-count]"))) return null;
      return row;
    };
    var touch = function (event) {
      var row = entryRow(event);
      if (!row) return;
      if (event.target.hasAttribute("data-went-out")) scored = {};
      else touched[row.dataset.player] = true;
    };
    ["input", "change", "click"].forEach(function (type) { form.addEventListener(type, touch); });
    // What the number in a row is (a penalty, the points in a hand, the gain of who went out): the server says.
    var showLabel = function (row, label) {
      var line = row.querySelector(".penalty");
      var text = row.querySelector(".penalty-label");
      if (!line || !text) return;
      text.textContent = label.text + ":";
      line.classList.toggle("gain", !!label.gain);
    };

    // Compact rows: one line per player; what a player holds is entered under the row tapped (one open at a time).
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-row]"));
    var compact = rows.length > 0 && rows.every(function (row) { return row.querySelector("[data-leftover]") && row.querySelector(".penalty"); });
    var openRow = function (chosen) {
      rows.forEach(function (row) {
        var open = row === chosen && !row.classList.contains("is-out");
        if (!open && row.classList.contains("is-open")) finished(row);
        row.classList.toggle("is-open", open);
        var button = row.querySelector(".row-open");
        if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
      });
      // The entry opened comes into view: when part of it is under the sticky Save bar (or above the screen),
      // its row goes to the top, just below the top bar (its scroll-margin-top, app.css).
      if (chosen && chosen.classList.contains("is-open")) {
        var bar = form.querySelector(".sticky-actions");
        var foot = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
        var box = chosen.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight - foot) chosen.scrollIntoView({ block: "start" });
      }
    };
    if (compact) {
      form.classList.add("compact");
      rows.forEach(function (row, index) {
        var penalty = row.querySelector(".penalty");
        var leftover = row.querySelector("[data-leftover]");
        leftover.id = leftover.id || "leftover-" + index;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "row-open";
        button.setAttribute("aria-controls", leftover.id);
        var what = document.createElement("span");
        what.className = "visually-hidden";
        what.textContent = form.dataset.tOpen.replace("{name}", row.dataset.player) + " ";
        button.appendChild(what);
        while (penalty.firstChild) button.appendChild(penalty.firstChild);
        penalty.appendChild(button);
        button.addEventListener("click", function (event) {
          openRow(row.classList.contains("is-open") ? null : row);
          // Opened from the keyboard (Enter or Space: no pointer, detail 0): on to the first field of the entry.
          if (event.detail === 0 && row.classList.contains("is-open")) {
            var first = tabbables(leftover)[0];
            if (first) first.focus();
          }
        });
        row.insertBefore(penalty, leftover);  // the tab order follows the screen: the row's line, then its entry
        row.addEventListener("focusin", function (event) {
          if (leftover.contains(event.target) && !row.classList.contains("is-open")) openRow(row);
        });
      });
      // A row with something to fix opens; else the first row still to be entered once someone went out.
      var wrong = rows.filter(function (row) { return row.querySelector("[data-error]"); })[0];
      if (wrong) openRow(wrong);
    }
    // Keyboard: one tab stop per player row. Inside a row's line (Out, the phase, the points) the arrow keys
    // move the focus (Up and Down: the same place in the row above or below) and never choose who went out:
    // Space or Enter does. Tab goes from a row to its open entry's fields, then to the next row.
    var shown = function (el) {  // a closed <details> keeps its fields laid out (content-visibility), yet unfocusable
      var closed = el.closest("details:not([open])");
      return el.getClientRects().length > 0 && (!closed || (el.tagName === "SUMMARY" && el.parentNode === closed));
    };
    var tabbables = function (box) {
      return Array.prototype.slice.call(box.querySelectorAll("input:not([type=hidden]), select, textarea, button, summary"))
        .filter(function (el) { return el.tabIndex >= 0 && !el.disabled && shown(el); });
    };
    var lineOf = function (row) {
      return Array.prototype.slice.call(row.querySelectorAll("[data-row-line] input, [data-row-line] select, .row-open"))
        .filter(function (el) { return el.getClientRects().length > 0; });
    };
    var rove = function (row, current) {
      lineOf(row).forEach(function (el) { el.tabIndex = el === current ? 0 : -1; });
    };
    var stops = function () {
      var list = [];
      rows.forEach(function (row) {
        var line = lineOf(row);
        list.push(line.filter(function (el) { return el.tabIndex === 0; })[0] || line[line.length - 1]);
        if (row.classList.contains("is-open")) list = list.concat(tabbables(row.querySelector("[data-leftover]")));
      });
      return list;
    };
    var keyboard = function (event) {
      var target = event.target;
      var row = target.closest && target.closest("[data-row]");
      if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
      var line = lineOf(row);
      var at = line.indexOf(target);
      if (event.key === "Tab") {
        var list = stops();
        var here = list.indexOf(at >= 0 ? line.filter(function (el) { return el.tabIndex === 0; })[0] : target);
        var next = here < 0 ? null : list[here + (event.shiftKey ? -1 : 1)];
        if (next) {
          event.preventDefault();
          next.focus();
        }
        return;
      }
      if (at < 0) return;
      if (event.key === "Enter" && (target.type === "radio" || target.type === "checkbox")) {
        event.preventDefault();  // Enter chooses, as Space does; it never sends the form from here
        if (!(target.type === "radio" && target.checked)) target.click();
        return;
      }
      var rtl = getComputedStyle(row).direction === "rtl";
      var moves = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -line.length, End: line.length };
      var to = null;
      if (event.key in moves) {
        to = line[Math.max(0, Math.min(line.length - 1, at + moves[event.key]))];
      } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && target.tagName !== "SELECT") {
        var other = rows[rows.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
        var otherLine = other ? lineOf(other) : [];
        to = otherLine[Math.min(at, otherLine.length - 1)] || target;
      } else {
        return;
      }
      event.preventDefault();  // a radio's own arrow keys would choose another player: never silently
      rove(to.closest("[data-row]"), to);
      to.focus();
    };
    if (compact) {
      rows.forEach(function (row) {
        var line = lineOf(row);
        rove(row, line[line.length - 1]);
        row.querySelectorAll("[data-quick-counts] [data-count], [data-step]").forEach(function (button) { button.tabIndex = -1; });
        row.addEventListener("focusin", function (event) {
          if (lineOf(row).indexOf(event.target) >= 0) rove(row, event.target);
        });
      });
      form.addEventListener("keydown", keyboard);
    }

    var nextToEnter = function (outRow) {
      var at = rows.indexOf(outRow);
      for (var k = 1; k < rows.length; k++) {
        var row = rows[(at + k) % rows.length];
        if (!row.classList.contains("is-out")) return row;
      }
      return null;
    };

    var syncRows = function () {
      rows.forEach(function (row) {
        var outBox = row.querySelector("[data-went-out]");
        if (!outBox) return; // a game where nobody goes out
        var out = outBox.checked;
        row.classList.toggle("is-out", out);
        row.querySelector("[data-leftover]").hidden = out;
      });
      // A count that fills itself in (the rest of the hand: data-auto-count) shows the number it will fill.
      form.querySelectorAll("[data-auto-count]").forEach(function (input) {
        var row = input.closest("[data-row]");
        var box = row.querySelector("[data-completed]");
        var others = 0;
        row.querySelectorAll("[data-hand-count]").forEach(function (other) {
          if (other !== input) others += parseInt(other.value, 10) || 0;
        });
        var ticked = box && box.checked && !box.hasAttribute("data-auto");  // a completed phase: nothing fills in
        input.placeholder = String(ticked ? 0 : Math.max(0, parseInt(input.dataset.autoCount, 10) - others));
      });
      form.querySelectorAll("[data-quick-counts]").forEach(function (group) {
        var value = document.getElementById(group.dataset.for).value.trim();
        group.querySelectorAll("[data-count]").forEach(function (chip) {
          chip.setAttribute("aria-pressed", String(chip.dataset.count === value));
        });
      });
    };

    // What follows from the entry (went out, or a hand of fewer than 10 cards: a completed phase) is the
    // engine's to say: the preview answers it, and a box ticked that way is marked, so the next preview asks again.
    var autoBoxes = function () { return form.querySelectorAll("[data-completed][data-auto]"); };
    var showCompleted = function (completed) {
      form.querySelectorAll("[data-row]").forEach(function (row) {
        var box = row.querySelector("[data-completed]");
        if (!box || !(row.dataset.player in completed) || (box.checked && !box.hasAttribute("data-auto"))) return;
        box.checked = completed[row.dataset.player];
        box.toggleAttribute("data-auto", box.checked);
      });
    };
    form.querySelectorAll("[data-completed]").forEach(function (box) {
      box.addEventListener("change", function () { box.removeAttribute("data-auto"); });
    });

    // What the form holds, as the preview reads it (auto-ticked boxes left out): a round kept offline carries the
    // last preview's change to the standings only if it scored exactly this (static/js/offline.js, issue 22).
    var LEFT_OUT = { submit: 1, preview: 1, csrf_token: 1, idempotency: 1, version: 1, round: 1 };
    var entered = function () {
      var body = new FormData(form);
      autoBoxes().forEach(function (box) { body.delete(box.name); });
      var pairs = [];
      body.forEach(function (value, name) { if (!LEFT_OUT[name]) pairs.push(name + "=" + value); });
      return pairs.join("&");
    };
    var lastChange = null;  // {entry, change}: the standings change the server scored for `entry`
    if (form.dataset.mode === "new") {
      window.DecksideScoredChange = function () {
        return lastChange && lastChange.entry === entered() ? lastChange.change : null;
      };
    }

    var preview = function () {
      var mine = ++sequence;
      var asking = entered();
      var asked = touched;  // what changed before this question (later changes stay in `touched`)
      touched = {};
      var keep = function () { Object.keys(asked).forEach(function (name) { touched[name] = true; }); };
      var body = new FormData(form);
      body.delete("submit");
      body.delete("preview");
      autoBoxes().forEach(function (box) { body.delete(box.name); });
      fetch(form.dataset.previewUrl, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          if (mine !== sequence || !answer.ok) keep();  // still changed since the last scored preview
          if (mine !== sequence) return;
          var told = !answer.ok && isDone(answer.player);
          if (answer.ok) scored = answer.points;
          lastChange = answer.ok && answer.change ? { entry: asking, change: answer.change } : null;
          form.querySelectorAll("[data-row]").forEach(function (row) {
            // A row another phone entered shows the draft's points (static/js/draft.js), not this form's empty row.
            if (row.classList.contains("draft-elsewhere")) return;
            var name = row.dataset.player;
            var label = answer.labels && answer.labels[name];
            var untouched = !touched[name] && name !== answer.player && !(label && label.gain) && name in scored;
            // Refused: a row valid on its own shows its own points (the server says which), else what it showed.
            var own = !answer.ok && answer.points && name !== answer.player ? answer.points[name] : undefined;
            var value = answer.ok ? answer.points[name] : own !== undefined ? own : untouched ? scored[name] : null;
            if (label) showLabel(row, label);
            var shown = row.querySelector(".penalty-value");
            if (shown) shown.textContent = value === undefined || value === null ? "–" : value;
            row.classList.toggle("has-problem", told && answer.player === name);
          });
          if (answer.ok) showCompleted(answer.ticked || {});
          problem.hidden = !told;
          problem.textContent = told ? answer.error : "";
        })
        .catch(function () { keep(); /* offline: the server checks again on save */ });
    };

    var schedule = function () {
      syncRows();
      clearTimeout(timer);
      timer = setTimeout(preview, 250);
    };

    form.querySelectorAll("[data-step]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = button.parentNode.querySelector("input");
        // A count that fills itself in and is still empty steps from the number it shows (9 → 10), not from 0.
        var from = input.value === "" && input.hasAttribute("data-auto-count") ? input.placeholder : input.value;
        var value = (parseInt(from, 10) || 0) + parseInt(button.dataset.step, 10);
        input.value = Math.max(0, Math.min(10, value));
        schedule();
      });
    });
    // Quick counts: one tap says how many of these cards; tapping the pressed one again clears it.
    form.querySelectorAll("[data-quick-counts]").forEach(function (group) {
      var input = document.getElementById(group.dataset.for);
      group.hidden = false;
      group.addEventListener("click", function (event) {
        var chip = event.target.closest("[data-count]");
        if (!chip) return;
        input.value = input.value.trim() === chip.dataset.count ? "" : chip.dataset.count;
        schedule();
      });
    });
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    // What the user changed in a row (typed, or tapped a key, a step or a count; choosing who went out is not an
    // entry of that row), and going on to another row or to the buttons: that row is done.
    var edited = function (event) {
      var row = entryRow(event);
      if (row && !event.target.hasAttribute("data-went-out")) row.dataset.edited = "1";
    };
    ["input", "change", "click"].forEach(function (type) { form.addEventListener(type, edited); });
    form.addEventListener("focusin", function (event) {
      var here = event.target.closest("[data-row]");
      if (!here && !event.target.closest(".button-row")) return;  // a keypad key beside the rows: still entering
      form.querySelectorAll("[data-row]").forEach(function (row) { if (row !== here) finished(row); });
    });
    form.addEventListener("submit", allDone);
    if (form.querySelector("[data-error], .flash-error")) allDone();  // a refused save: show what is wrong
    if (compact) {
      form.querySelectorAll("[data-went-out]").forEach(function (box) {
        box.addEventListener("change", function () {
          syncRows();
          var row = box.closest("[data-row]");
          // Another phone's choice followed here (static/js/draft.js) opens nothing: this phone may be entering.
          if (form.dataset.following) return;
          if (box.checked && !form.querySelector("[data-row].is-open:not(.is-out)")) openRow(nextToEnter(row));
        });
      });
    }
    // The sheet's "Who went out?" links name the player in the address's fragment (#out=<seat>).
    var outAt = /^#out=(\d+)$/.exec(window.location.hash);
    if (outAt && form.dataset.mode === "new") {
      var chosen = form.querySelectorAll("[data-went-out]")[parseInt(outAt[1], 10)];
      history.replaceState(null, "", window.location.pathname + window.location.search);
      if (chosen && !form.querySelector("[data-went-out]:checked")) {
        chosen.checked = true;
        chosen.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    syncRows();
    if (form.querySelector("[data-went-out]:checked")) preview();
  }

  // Confirm before taking a round back; select a share link on focus.
  // Delegated, so that forms a live update swaps in (static/js/live.js) ask too.
  document.addEventListener("submit", function (event) {
    var f = event.target.closest && event.target.closest("form[data-confirm]");
    if (f && !window.confirm(f.dataset.confirm)) event.preventDefault();
  });
  document.querySelectorAll("input.copy-source").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
})();

// Edit rights (static/js/handover.js, app/handover.py): a key from the link's fragment, or the one kept on
// this phone, is handed to the server once (it keeps it in this sheet's cookie, so the forms work). The edit
// link for other phones is only on its own page (share.edit: no-store, never kept by the service worker).
(function () {
  "use strict";
  var K = window.DecksideKeys;
  if (!K) return;
  document.querySelectorAll("[data-view-only]").forEach(function (label) {
    label.hidden = !!K.get("sheet:" + label.dataset.viewOnly);
  });
  // The edit link's own page, reached after "Make a new edit key" with the new key in its fragment: keep it.
  document.querySelectorAll("[data-keep-key]").forEach(function (page) { K.take(page.dataset.keepKey); });
  var sheet = document.querySelector(".sheet[data-claim]");
  if (!sheet) return;
  var scope = "sheet:" + sheet.dataset.game;
  var editable = sheet.dataset.editable === "1";
  // A claim link's code is exchanged for the key first; one that no longer works says so above the sheet.
  // One that gets no answer yet (offline, a lost reply) says so, and is tried again by itself.
  var claimNote = null;
  function say(sentence, kind) {
    if (!claimNote) {
      claimNote = document.createElement("p");
      claimNote.setAttribute("role", "alert");
      sheet.insertBefore(claimNote, sheet.firstChild);
    }
    claimNote.className = "flash " + kind + " claim-note";
    claimNote.textContent = sentence;
  }
  K.takeClaimed(scope, sheet.dataset.claims, function (sentence) { say(sentence, "flash-error"); },
                function () { say(sheet.dataset.tClaimWaiting, "flash-waiting"); })
    .then(function (got) { handOver(got); });
  function handOver(got) {
  if (!got.key && sheet.dataset.previous) {  // a rematch takes the same key: a phone that edited goes on editing
    var inherited = K.get("sheet:" + sheet.dataset.previous);
    if (inherited) {
      K.put(scope, inherited);
      got = { key: inherited, fresh: true };
    }
  }
  if (!got.key || (editable && !got.fresh)) return;
  var body = new URLSearchParams({ key: got.key });
  if (!editable) body.set("announce", "1");
  // A busy server (503, Retry-After) or a dropped connection: ask again a few times, then on the next visit.
  // A refused form token (400): the page is a copy the service worker kept from an earlier session (a browser
  // restart ends it); ask once more with the session's token as it is now.
  var csrf = sheet.dataset.csrf;
  var renewed = false;
  function claim(triesLeft) {
    function again(seconds) {
      if (triesLeft > 0) window.setTimeout(function () { claim(triesLeft - 1); }, seconds * 1000);
    }
    fetch(sheet.dataset.claim, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf }
    }).then(function (response) {
      if (response.status === 403) K.forget(scope);  // a key that no longer belongs to this sheet
      if (!editable && (response.status === 204 || response.status === 403)) window.location.reload();
      else if (response.status >= 500) again(Math.min(Number(response.headers.get("Retry-After")) || 2, 10));
      else if (response.status === 400 && !renewed && window.DecksideFreshToken) {
        renewed = true;
        return window.DecksideFreshToken().then(function (token) {
          if (token) { csrf = token; claim(triesLeft); }
        });
      }
    }).catch(function () { if (navigator.onLine) again(2); });  /* offline: on the next visit */
  }
  claim(3);
  }
})();
