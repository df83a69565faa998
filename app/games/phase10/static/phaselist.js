// Phase 10's new-sheet form: a table's own phase list built phase by phase and group by group. The text field
// beside it is what the form sends (and all a phone without scripts needs); this script writes the list into it
// and asks the server whether each phase can be made from 10 cards. No rule is written here: the server reads
// the list, checks it, and says each phase's verdict in the page's language.
(function () {
  "use strict";

  var KINDS = ["set", "run", "color", "color_run"];

  document.querySelectorAll(".phase-builder").forEach(function (box) {
    var field = document.getElementById(box.dataset.for);
    if (!field) return;
    var words = JSON.parse(box.dataset.words);
    var url = box.dataset.checkUrl;
    var phases = [];  // [[{kind: "set", size: 3}, ...], ...], as the builder shows them
    var sequence = 0;
    var timer = null;

    var list = document.createElement("ol");
    list.className = "builder-phases";
    var addPhase = button(words.add_phase, "add-phase");
    var status = document.createElement("p");
    status.className = "phase-list-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    box.append(list, addPhase, status);
    box.hidden = false;

    function button(text, cls) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "button " + cls;
      b.textContent = text;
      return b;
    }

    function numbered(template, n) { return template.replace("{number}", String(n)); }

    function text() {
      return phases.map(function (groups) {
        return groups.map(function (g) { return g.kind + " " + g.size; }).join(" + ");
      }).filter(Boolean).join("; ");
    }

    function groupRow(p, g) {
      var item = document.createElement("li");
      item.className = "builder-group";
      var label = numbered(words.group, g + 1);
      var kind = document.createElement("select");
      kind.className = "group-kind-choice";
      kind.setAttribute("aria-label", numbered(words.phase, p + 1) + ", " + label + ": " + words.kind);
      KINDS.forEach(function (k) {
        var option = document.createElement("option");
        option.value = k;
        option.textContent = words.kinds[k];
        kind.append(option);
      });
      kind.value = phases[p][g].kind;
      kind.addEventListener("change", function () { phases[p][g].kind = kind.value; changed(); });
      var size = document.createElement("input");
      size.type = "number";
      size.className = "group-size";
      size.min = "2";
      size.max = "10";
      size.inputMode = "numeric";
      size.value = String(phases[p][g].size);
      size.setAttribute("aria-label", numbered(words.phase, p + 1) + ", " + label + ": " + words.size);
      size.addEventListener("input", function () { phases[p][g].size = size.value.trim() || "0"; changed(); });
      var remove = button("×", "remove-group");
      remove.setAttribute("aria-label", numbered(words.phase, p + 1) + ", " + label + ": " + words.remove_group);
      remove.title = words.remove_group;
      remove.addEventListener("click", function () {
        phases[p].splice(g, 1);
        if (!phases[p].length) phases.splice(p, 1);
        draw();
        changed();
      });
      item.append(kind, size, remove);
      return item;
    }

    function draw() {
      list.textContent = "";
      phases.forEach(function (groups, p) {
        var item = document.createElement("li");
        item.className = "builder-phase";
        var head = document.createElement("p");
        head.className = "builder-phase-name";
        head.textContent = numbered(words.phase, p + 1);
        var rows = document.createElement("ol");
        rows.className = "builder-groups";
        groups.forEach(function (_g, g) { rows.append(groupRow(p, g)); });
        var add = button(words.add_group, "add-group");
        add.addEventListener("click", function () {
          phases[p].push({ kind: "set", size: 3 });
          draw();
          changed();
          var selects = list.children[p].querySelectorAll(".group-kind-choice");
          selects[selects.length - 1].focus();
        });
        var remove = button(words.remove_phase, "remove-phase");
        remove.setAttribute("aria-label", numbered(words.phase, p + 1) + ": " + words.remove_phase);
        remove.addEventListener("click", function () { phases.splice(p, 1); draw(); changed(); });
        var verdict = document.createElement("p");
        verdict.className = "phase-verdict";
        var actions = document.createElement("div");
        actions.className = "builder-actions";
        actions.append(add, remove);
        item.append(head, rows, actions, verdict);
        list.append(item);
      });
    }

    // The builder changed: the text field takes the list, and the server checks it.
    function changed() {
      field.value = text();
      field.dispatchEvent(new Event("input", { bubbles: true }));
      ask(false);
    }

    function ask(rebuild) {
      clearTimeout(timer);
      status.textContent = words.checking;
      timer = setTimeout(function () { check(rebuild); }, 250);
    }

    function check(rebuild) {
      var mine = ++sequence;
      fetch(url + "?list=" + encodeURIComponent(field.value), { headers: { Accept: "application/json" } })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (answer) {
          if (mine !== sequence) return;
          var readable = answer.phases.length && answer.phases.every(function (p) { return p.groups.length; });
          if (rebuild && readable) {
            phases = answer.phases.map(function (p) {
              return p.groups.map(function (g) { return { kind: g.kind, size: g.size }; });
            });
            draw();
          }
          show(answer);
        })
        .catch(function () { if (mine === sequence) status.textContent = words.offline; });
    }

    function show(answer) {
      var items = list.querySelectorAll(".builder-phase");
      answer.phases.forEach(function (p, i) {
        var verdict = items[i] && items[i].querySelector(".phase-verdict");
        if (!verdict) return;
        verdict.textContent = p.said || "";
        verdict.classList.toggle("ok", !p.problem);
        verdict.classList.toggle("no", !!p.problem);
        items[i].classList.toggle("has-error", !!p.problem);
      });
      status.textContent = answer.problem || "";
      status.classList.toggle("error", !!answer.problem);
    }

    addPhase.addEventListener("click", function () {
      phases.push([{ kind: "set", size: 3 }]);
      draw();
      changed();
      var selects = list.querySelectorAll(".group-kind-choice");
      selects[selects.length - 1].focus();
    });
    field.addEventListener("input", function (event) { if (event.isTrusted) ask(true); });

    if (field.value.trim()) {
      check(true);
    } else {
      phases = [[{ kind: "set", size: 3 }, { kind: "run", size: 4 }]];
      draw();
      changed();
    }
  });
})();
