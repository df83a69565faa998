// The start page: seats and table rules -> POST /api/play; the edit key is kept on this device.
(function () {
  "use strict";
  var P = window.DecksidePlay;
  var form = document.getElementById("play-start");
  if (!form || !P) return;
  var T = P.json(form, "data-i18n"), SEATS = P.json(form, "data-seats");
  var rows = form.querySelector(".seat-rows"), errorBox = form.querySelector("[data-error]");
  var submit = form.querySelector("button[type=submit]");
  form.hidden = false;

  // A person plays on this device ("person") or on their own phone ("remote"); the others are bots.
  function isPerson(kind) { return kind === "person" || kind === "remote"; }

  function game() { return form.querySelector("input[name=game]:checked").value; }

  function seatRow(name, kind) {
    var li = P.el("li", { class: "seat-row" });
    var input = P.el("input", { type: "text", maxlength: "30", autocomplete: "off", value: name, "data-name": true, "data-auto": "1" });
    var select = P.el("select", { "data-kind": true });
    ["person", "remote", "smart", "random"].forEach(function (k) {
      var o = P.el("option", { value: k, text: T[k] });
      if (k === kind) o.selected = true;
      select.appendChild(o);
    });
    var remove = P.el("button", { type: "button", class: "remove-seat", text: "×" });
    li.appendChild(input); li.appendChild(select); li.appendChild(remove);
    return li;
  }

  function renumber() {
    var list = rows.querySelectorAll(".seat-row"), range = SEATS[game()];
    Array.prototype.forEach.call(list, function (li, i) {
      var n = i + 1;
      li.querySelector("[data-name]").setAttribute("aria-label", P.text(T, "name", { n: n }));
      li.querySelector("[data-kind]").setAttribute("aria-label", P.text(T, "kind", { n: n }));
      var remove = li.querySelector(".remove-seat");
      remove.setAttribute("aria-label", P.text(T, "remove", { n: n }));
      remove.disabled = list.length <= range[0];
    });
    form.querySelector(".add-seat").disabled = list.length >= range[1];
  }

  function addSeat(kind) {
    var n = rows.children.length + 1;
    var name = isPerson(kind) ? P.text(T, "player", { n: n }) : P.text(T, "bot", { n: n - 1 });
    rows.appendChild(seatRow(name, kind));
    renumber();
  }

  rows.addEventListener("click", function (e) {
    var b = e.target.closest(".remove-seat");
    if (!b || b.disabled) return;
    var li = b.closest("li"), next = li.nextElementSibling || li.previousElementSibling;
    li.remove();
    renumber();
    if (next) next.querySelector("[data-name]").focus();
  });
  rows.addEventListener("input", function (e) {
    if (e.target.matches("[data-name]")) delete e.target.dataset.auto;
  });
  rows.addEventListener("change", function (e) {
    var s = e.target.closest("[data-kind]");
    if (!s) return;
    var input = s.closest("li").querySelector("[data-name]"), n = Array.prototype.indexOf.call(rows.children, s.closest("li")) + 1;
    // A default name follows the seat's kind; a typed name stays.
    if (input.dataset.auto) input.value = isPerson(s.value) ? P.text(T, "player", { n: n }) : P.text(T, "bot", { n: n - 1 });
  });
  form.querySelector(".add-seat").addEventListener("click", function () {
    addSeat("smart");
    rows.lastElementChild.querySelector("[data-name]").focus();
  });

  function showRules() {
    var g = game();
    form.querySelectorAll(".rules-game").forEach(function (box) { box.hidden = box.dataset.game !== g; });
    var range = SEATS[g];
    while (rows.children.length > range[1]) rows.lastElementChild.remove();
    while (rows.children.length < range[0]) addSeat("smart");
    renumber();
  }
  form.querySelectorAll("input[name=game]").forEach(function (r) { r.addEventListener("change", showRules); });

  // A rule of kind "list" is a choice, or (its option "custom") numbers typed in the field beside it
  // (data-list-custom), which says in data-bad why other text is refused: a game's own rule, drawn by its template.
  form.querySelectorAll("[data-kind=list]").forEach(function (select) {
    var custom = select.parentNode.querySelector("[data-list-custom]");
    select.addEventListener("change", function () {
      custom.hidden = select.value !== "custom";
      if (!custom.hidden) custom.focus();
    });
  });

  function rules(g) {
    var out = {}, bad = null;
    form.querySelectorAll('.rules-game[data-game="' + g + '"] [data-rule]').forEach(function (f) {
      var name = f.dataset.rule, kind = f.dataset.kind;
      if (kind === "bool") out[name] = f.checked;
      else if (kind === "int") out[name] = parseInt(f.value, 10);
      else if (kind === "list") {
        if (f.value !== "custom") { out[name] = f.value; return; }
        var typed = f.parentNode.querySelector("[data-list-custom]"), text = typed.value.trim();
        if (!/^\d+([\s,;]+\d+)*$/.test(text)) { bad = typed.dataset.bad; return; }
        out[name] = text.split(/[\s,;]+/).map(function (x) { return parseInt(x, 10); });
      } else out[name] = f.value;
    });
    if (bad) throw new Error(bad);
    return out;
  }

  function fail(message) {
    errorBox.textContent = message;
    submit.disabled = false;
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    errorBox.textContent = "";
    var g = game(), seats = [];
    var range = SEATS[g];
    rows.querySelectorAll(".seat-row").forEach(function (li) {
      var kind = li.querySelector("[data-kind]").value, seat = { name: li.querySelector("[data-name]").value.trim() };
      if (kind === "remote") seat.remote = true;
      else if (kind !== "person") seat.bot = kind;
      seats.push(seat);
    });
    if (seats.some(function (s) { return !s.name; })) return fail(T.names_needed);
    if (seats.length < range[0] || seats.length > range[1])
      return fail(P.text(T, "seats_range", { game: T[g], min: range[0], max: range[1] }));
    var body = { game: g, seats: seats };
    try { body.rules = rules(g); } catch (err) { return fail(err.message); }
    var seed = document.getElementById("play-seed").value.trim();
    if (seed !== "") body.seed = parseInt(seed, 10);
    submit.disabled = true;
    errorBox.textContent = T.starting;
    P.api("POST", form.dataset.api, null, body).then(function (r) {
      if (r.status !== 201 || !r.body.id) return fail(r.body.error || String(r.status));
      // Seat keys are shown once: this device keeps them to show the join links and QR codes.
      P.save(r.body.id, { key: r.body.edit_key, seatKeys: r.body.seat_keys || null, game: g,
                          names: seats.map(function (s) { return s.name; }), created: Date.now() });
      window.location.assign(form.dataset.playUrl + encodeURIComponent(r.body.id));
    }, function () { fail(T.network); });
  });

  // "Your games on this device"
  var box = document.getElementById("my-games"), ul = box.querySelector("ul");
  function listGames() {
    var games = P.list();
    ul.textContent = "";
    box.hidden = !games.length;
    games.forEach(function (g) {
      var title = P.el("a", { href: form.dataset.playUrl + encodeURIComponent(g.id), class: "my-game-link" }, [
        P.el("strong", { text: T[g.game] || g.game }), " ",
        P.el("span", { class: "my-game-names" }, (g.names || []).reduce(function (acc, n, i) {
          if (i) acc.push(", ");
          acc.push(P.bdi(n));
          return acc;
        }, [])),
        g.finished ? P.el("span", { class: "tag", text: T.finished }) : null
      ]);
      var when = g.created ? P.el("small", { class: "help", text: new Date(g.created).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" }) }) : null;
      var forget = P.el("button", { type: "button", class: "forget", "aria-label": T.forget_label, "data-id": g.id, text: T.forget });
      ul.appendChild(P.el("li", null, [P.el("div", null, [title, when]), forget]));
    });
  }
  ul.addEventListener("click", function (e) {
    var b = e.target.closest(".forget");
    if (!b) return;
    P.forget(b.dataset.id);
    listGames();
    var first = ul.querySelector("a");
    (first || submit).focus();
  });
  listGames();

  addSeat("person");
  addSeat("smart");
  addSeat("smart");
  showRules();
})();
