// UNO Flip's round form: the side the hand ended on decides which keypad and example the card fields show
// (the form works without it: the side is sent, the cards are read on it).
(function () {
  "use strict";
  var form = document.querySelector("form.round-form");
  if (!form) return;
  var choice = form.querySelector(".side-choice");
  if (!choice) return;
  function show() {
    var checked = form.querySelector(".side-input:checked");
    var side = checked ? checked.value : "light";
    choice.dataset.side = side;
    form.dataset.side = side;
    form.querySelectorAll(".flip-keypad").forEach(function (pad) { pad.hidden = pad.dataset.side !== side; });
    form.querySelectorAll(".cards-input").forEach(function (input) {
      input.placeholder = input.dataset["placeholder" + (side === "dark" ? "Dark" : "Light")] || input.placeholder;
    });
  }
  choice.addEventListener("change", show);
  show();
})();
