// UNO Show 'em No Mercy's round form: a player tapped as knocked out has nothing to enter (their cards are set
// aside), so their entry closes (the form works without it: a knocked-out player's entry is not sent).
(function () {
  "use strict";
  var form = document.querySelector("form.round-form");
  if (!form) return;
  function sync() {
    form.querySelectorAll("[data-row]").forEach(function (row) {
      var box = row.querySelector(".knocked-out");
      var out = row.querySelector("[data-went-out]");
      var knocked = !!(box && box.checked);
      row.classList.toggle("is-knocked-out", knocked);
      if (box) box.closest("label").hidden = !!(out && out.checked);
      if (knocked) {
        row.classList.remove("is-open");
        row.querySelector("[data-leftover]").hidden = true;
      }
    });
  }
  // "Last player standing": every other player was knocked out; the rows with nothing entered say so at once.
  function standing(event) {
    if (!event.target.classList.contains("won-by-input") || event.target.value !== "standing") return;
    form.querySelectorAll("[data-row]").forEach(function (row) {
      var box = row.querySelector(".knocked-out");
      var out = row.querySelector("[data-went-out]");
      var empty = Array.prototype.every.call(row.querySelectorAll(".points-input, .cards-input"), function (input) {
        return !input.value.trim();
      });
      if (box && !(out && out.checked) && empty && !box.checked) {
        box.checked = true;
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  }
  form.addEventListener("change", standing);
  form.addEventListener("change", sync);
  sync();
})();
