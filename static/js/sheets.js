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
      form.querySelectorAll(".player-row").forEach(function (row) { row.dataset.done = "1"; });
    };
    var isDone = function (name) {  // a problem naming nobody shows once any row is done
      return Array.prototype.some.call(form.querySelectorAll(".player-row"), function (row) {
        return row.dataset.done === "1" && (name == null || row.dataset.player === name);
      });
    };
    var timer = null;
    var sequence = 0;
    // What the number in a row is (a penalty, the points in a hand, the gain of who went out): the server says.
    var showLabel = function (row, label) {
      var line = row.querySelector(".penalty");
      var text = row.querySelector(".penalty-label");
      if (!line || !text) return;
      text.textContent = label.text + ":";
      line.classList.toggle("gain", !!label.gain);
    };

    // Compact rows: one line per player; what a player holds is entered under the row tapped (one open at a time).
    var rows = Array.prototype.slice.call(form.querySelectorAll(".player-row"));
    var compact = rows.length > 0 && rows.every(function (row) { return row.querySelector(".leftover") && row.querySelector(".penalty"); });
    var openRow = function (chosen) {
      rows.forEach(function (row) {
        var open = row === chosen && !row.classList.contains("is-out");
        if (!open && row.classList.contains("is-open")) finished(row);
        row.classList.toggle("is-open", open);
        var button = row.querySelector(".row-open");
        if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
      });
    };
    if (compact) {
      form.classList.add("compact");
      rows.forEach(function (row, index) {
        var penalty = row.querySelector(".penalty");
        var leftover = row.querySelector(".leftover");
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
        button.addEventListener("click", function () { openRow(row.classList.contains("is-open") ? null : row); });
        row.addEventListener("focusin", function (event) {
          if (leftover.contains(event.target) && !row.classList.contains("is-open")) openRow(row);
        });
      });
      // A row with something to fix opens; else the first row still to be entered once someone went out.
      var wrong = rows.filter(function (row) { return row.querySelector(".error"); })[0];
      if (wrong) openRow(wrong);
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
        var outBox = row.querySelector(".went-out");
        if (!outBox) return; // a game where nobody goes out
        var out = outBox.checked;
        row.classList.toggle("is-out", out);
        row.querySelector(".leftover").hidden = out;
        var completed = row.querySelector(".completed");
        if (out && completed) completed.checked = true;
        var note = row.querySelector(".low-note");
        if (note) note.hidden = !completed || completed.checked;
      });
    };

    var preview = function () {
      var mine = ++sequence;
      var body = new FormData(form);
      body.delete("submit");
      body.delete("preview");
      fetch(form.dataset.previewUrl, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          if (mine !== sequence) return;
          var told = !answer.ok && isDone(answer.player);
          form.querySelectorAll(".player-row").forEach(function (row) {
            var value = answer.ok ? answer.points[row.dataset.player] : null;
            if (answer.labels && answer.labels[row.dataset.player]) showLabel(row, answer.labels[row.dataset.player]);
            var shown = row.querySelector(".penalty-value");
            if (shown) shown.textContent = value === undefined || value === null ? "–" : value;
            row.classList.toggle("has-problem", told && answer.player === row.dataset.player);
          });
          problem.hidden = !told;
          problem.textContent = told ? answer.error : "";
        })
        .catch(function () { /* offline: the server checks again on save */ });
    };

    var schedule = function () {
      syncRows();
      clearTimeout(timer);
      timer = setTimeout(preview, 250);
    };

    form.querySelectorAll(".step").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = button.parentNode.querySelector("input");
        var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
        input.value = Math.max(0, Math.min(10, value));
        schedule();
      });
    });
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    // What the user changed in a row (typed, or tapped a key, a step or a count; choosing who went out is not an
    // entry of that row), and going on to another row or to the buttons: that row is done.
    var edited = function (event) {
      var row = event.target.closest && event.target.closest(".player-row");
      if (!row || event.target.classList.contains("went-out")) return;
      if (event.type === "click" && !event.target.closest(".leftover button, .step, .key")) return;
      row.dataset.edited = "1";
    };
    ["input", "change", "click"].forEach(function (type) { form.addEventListener(type, edited); });
    form.addEventListener("focusin", function (event) {
      var here = event.target.closest(".player-row");
      if (!here && !event.target.closest(".button-row")) return;  // a keypad key beside the rows: still entering
      form.querySelectorAll(".player-row").forEach(function (row) { if (row !== here) finished(row); });
    });
    form.addEventListener("submit", allDone);
    if (form.querySelector(".player-row .error, .flash-error")) allDone();  // a refused save: show what is wrong
    if (compact) {
      form.querySelectorAll(".went-out").forEach(function (box) {
        box.addEventListener("change", function () {
          syncRows();
          var row = box.closest(".player-row");
          if (box.checked && !form.querySelector(".player-row.is-open:not(.is-out)")) openRow(nextToEnter(row));
        });
      });
    }
    syncRows();
    if (form.querySelector(".went-out:checked")) preview();
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
  var got = K.take(scope);
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
  fetch(sheet.dataset.claim, {
    method: "POST", body: body, credentials: "same-origin",
    headers: { "X-CSRFToken": sheet.dataset.csrf }
  }).then(function (response) {
    if (response.status === 403) K.forget(scope);  // a key that no longer belongs to this sheet
    if (!editable && (response.status === 204 || response.status === 403)) window.location.reload();
  }).catch(function () { /* offline: try again on the next visit */ });
})();
