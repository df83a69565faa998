// UNO Flip on the game page: which side is up, every card's face on that side, the other side of the other
// players' cards (what this phone's player sees of them, as at the table) and of the draw pile's top card, the hand
// and the prompts (drawn card, Wild Draw Two, Wild Draw Color, a Wild to name). Registered for play-game.js, which
// calls the hooks below with a context ``ctx`` (shared helpers, the latest state and seat). UNO's words are reused
// (uno/play_strings.html); Flip's own are flip_*.
(function () {
  "use strict";
  var P = window.DecksidePlay;
  if (!P) return;
  P.games = P.games || {};
  P.games.uno_flip = function (ctx) {
    var T = ctx.T, t = ctx.t, f = ctx.f, el = ctx.el, bdi = ctx.bdi, send = ctx.send, ask = ctx.ask;
    var hand = ctx.hand, handHeading = ctx.handHeading, acting = ctx.acting, meBox = ctx.meBox;
    var cardEl = ctx.cardEl, colorChoices = ctx.colorChoices;
    var state = null, seat = null;
    var call = false;   // the UNO call the player adds to the next play (cleared once a move is made)
    function sync() { state = ctx.state(); seat = ctx.seat(); }
    var FACE = { D1: "+1", D5: "+5", R: "⇄", S: "⊘", SE: "⊘⊘", F: "⇅", W: "W", W2: "+2", WC: "+◐" };
    var backSide = null;   // while the other side of some cards is drawn: that side
    var root = document.getElementById("play-game");

    function sideNow() { var s = ctx.state(); return backSide || (s && s.side) || "light"; }
    function other(side) { return side === "dark" ? "light" : "dark"; }
    function split(token) {
      if (token === "W" || token === "W2" || token === "WC") return { color: null, rank: token };
      return { color: token.charAt(0), rank: token.slice(1) };
    }
    // A face drawn on the side it belongs to (a back: the side that is not up).
    function faceEl(token, side, small) {
      backSide = side;
      try { return cardEl(token, "uno_flip", small); } finally { backSide = null; }
    }

    function plays() { return state.legal.filter(function (a) { return a.type === "play"; }); }
    function playsOf(tok) { return plays().filter(function (a) { return a.card === tok; }); }

    // The possible plays of one card: with or without the UNO call, then the colour of a wild.
    function choosePlay(options) {
      var withUno = options.filter(function (a) { return !!a.uno === call; });
      if (withUno.length) options = withUno;
      var colors = [];
      options.forEach(function (a) { if (a.color && colors.indexOf(a.color) < 0) colors.push(a.color); });
      if (colors.length < 2) return send(options[0]);
      ask(T.uno_choose_color, colorChoices(colors), function (v) {
        send(options.filter(function (a) { return a.color === v; })[0]);
      });
    }

    function renderMe(s) {
      var box = el("div", { class: "panel me" }), myTurn = acting(s) === seat, pending = s.pending;
      box.appendChild(handHeading(s));
      var prompt = flipPrompt(s);
      if (prompt) box.appendChild(prompt);
      var handEl = el("div", { class: "hand", "data-side": s.side });
      hand().forEach(function (tok) {
        var options = playsOf(tok);
        var drawn = pending && pending.type === "drawn" && pending.seat === seat && pending.card === tok;
        handEl.appendChild(el("button", { type: "button", class: "card-btn" + (options.length ? " playable" : " unplayable") + (drawn ? " drawn" : ""),
          "aria-disabled": options.length ? null : "true", onclick: function () { if (options.length) choosePlay(options); } },
          [cardEl(tok, "uno_flip"), options.length ? el("span", { class: "visually-hidden", text: " — " + T.uno_playable }) : null]));
      });
      box.appendChild(handEl);
      var row = el("div", { class: "actions" });
      if (plays().some(function (a) { return a.uno; })) {
        row.appendChild(el("button", { type: "button", class: "uno-toggle", "aria-pressed": String(call), onclick: function () {
          call = !call; ctx.render(); var b = meBox.querySelector(".uno-toggle"); if (b) b.focus();
        } }, [T.uno_call_with]));
      }
      s.legal.forEach(function (a) {
        if (a.type === "uno") row.appendChild(el("button", { type: "button", class: "button uno-call", onclick: function () { send(a); } }, [T.uno_call]));
        if (a.type === "catch") row.appendChild(el("button", { type: "button", class: "button catch", onclick: function () { send(a); } },
          [el("span", null, [f("uno_catch", { name: bdi(s.seats[a.seat].name) })])]));
        if (a.type === "draw" && !pending) row.appendChild(el("button", { type: "button", class: "button", onclick: function () { send(a); } }, [T.uno_draw]));
      });
      if (myTurn && !pending && plays().length) box.appendChild(el("p", { class: "hint", text: T.uno_tap_play }));
      box.appendChild(row);
      return box;
    }

    function flipPrompt(s) {
      var p = s.pending;
      if (!p || p.seat !== seat) return null;
      var box = el("div", { class: "prompt", role: "group" }), row = el("div", { class: "actions" });
      function button(label, action, cls) {
        row.appendChild(el("button", { type: "button", class: "button " + (cls || ""), onclick: function () { send(action); } }, [label]));
      }
      if (p.type === "color") {
        box.appendChild(el("p", { text: T.flip_color }));
        var colors = s.legal.filter(function (a) { return a.type === "color"; }).map(function (a) { return a.color; });
        box.appendChild(el("div", { class: "choices choices-row" }, colorChoices(colors).map(function (c) {
          return el("button", { type: "button", class: "choice " + c.cls, onclick: function () { send({ type: "color", color: c.value }); } }, c.label);
        })));
        return box;
      }
      if (p.type === "drawn") {
        box.appendChild(el("p", null, [f("uno_drawn", { card: ctx.cardName(p.card || "", "uno_flip") })]));
        if (p.card) box.appendChild(cardEl(p.card, "uno_flip"));
        var options = playsOf(p.card);
        if (options.length) row.appendChild(el("button", { type: "button", class: "button primary", onclick: function () { choosePlay(options); } }, [T.uno_play_drawn]));
        s.legal.forEach(function (a) { if (a.type === "pass") button(T.uno_pass, a); });
      } else {
        var by = bdi(p.by !== undefined ? s.seats[p.by].name : "");
        box.appendChild(el("p", null, [p.type === "wild_draw_color"
          ? f("flip_wc", { by: by, color: T["color_" + p.color] || p.color }) : f("flip_w2", { by: by })]));
        s.legal.forEach(function (a) {
          if (a.type === "challenge") button(T.uno_challenge, a);
          if (a.type === "accept") button(T.uno_accept, a, "primary");
        });
      }
      box.appendChild(row);
      return box;
    }

    return {
      clear: function () { call = false; },
      roundKey: "hand_no",
      // Calling UNO and catching someone may come out of turn: sent with an Idempotency-Key, not If-Match.
      outOfTurn: function (action) { return action.type === "uno" || action.type === "catch"; },
      // Every face is Flip's own: its colour (a wild: W on the light side, K on the dark), symbol and rank.
      parse: function (token) {
        var c = split(token);
        return { color: c.color || (sideNow() === "dark" ? "K" : "W"), face: FACE[c.rank] || c.rank, rank: c.rank };
      },
      ownName: function (token) {
        var c = split(token), rank = T["flip_" + c.rank] || c.rank;
        return c.color && T["card_" + c.color] ? t("card_" + c.color, { rank: rank }) : rank;
      },
      seatTags: function (s, x) { return x.uno && x.cards === 1 ? [el("span", { class: "tag tag-uno", text: T.uno_called })] : []; },
      // What this phone sees of another player's hand: the other side of their cards.
      seatItems: function (s, x) {
        if (!x.backs || !x.backs.length) return [];
        var side = other(s.side);
        return [el("div", { class: "flip-backs", "data-backs": side, role: "group", "aria-label": T.flip_backs },
          x.backs.map(function (tok) { return faceEl(tok, side, true); }))];
      },
      tableExtra: function (s) {
        if (root) root.classList.toggle("flip-dark", s.side === "dark");
        return el("div", { class: "uno-state flip-state" }, [
          el("p", { class: "flip-side flip-side-" + s.side, "data-side": s.side, text: T["flip_" + s.side] }),
          s.color ? el("p", { class: "uno-color" }, [T.uno_color + ": ",
            el("span", { class: "color-chip c-" + s.color, text: s.color }), " ", T["color_" + s.color]]) : null,
          el("p", { class: "uno-direction" }, [T.uno_direction + ": ", s.direction === 1 ? T.uno_cw : T.uno_ccw]),
          s.draw_top ? el("p", { class: "flip-draw-top" }, [T.flip_draw_top + ": ", faceEl(s.draw_top, other(s.side), true)]) : null
        ]);
      },
      roundOver: {
        titleKey: "hand_over",
        pointsKey: "hand_points",
        points: function (entry, i) { return entry.hand_points ? entry.hand_points[i] : null; }
      },
      compare: function (s) {
        return function (a, b) { return s.rules.scoring !== "lowest_wins" ? b.score - a.score : a.score - b.score; };
      },
      renderMe: function (s) { sync(); return renderMe(s); }
    };
  };
})();
