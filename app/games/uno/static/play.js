// UNO on the game page: its cards' faces and names, the colour and direction, the hand and the prompts
// (drawn card, Draw Two, Wild Draw Four, first colour) and the plays it builds. Registered for play-game.js,
// which calls the hooks below with a context ``ctx`` (shared helpers, the latest state and seat).
(function () {
  "use strict";
  var P = window.DecksidePlay;
  if (!P) return;
  P.games = P.games || {};
  P.games.uno = function (ctx) {
    var T = ctx.T, t = ctx.t, f = ctx.f, el = ctx.el, bdi = ctx.bdi, send = ctx.send, ask = ctx.ask;
    var hand = ctx.hand, handHeading = ctx.handHeading, acting = ctx.acting, meBox = ctx.meBox;
    var cardEl = ctx.cardEl, cardName = ctx.cardName, colorChoices = ctx.colorChoices;
    var state = null, seat = null;
    var call = false;   // the UNO call the player adds to the next play (cleared once a move is made)
    function sync() { state = ctx.state(); seat = ctx.seat(); }
      var UNO_FACE = { S: "⊘", R: "⇄", "+2": "+2" };

    function plays() { return state.legal.filter(function (a) { return a.type === "play"; }); }
    function playsOf(tok) {
      return plays().filter(function (a) { return a.card === tok || (a.cards && a.cards[0] === tok); });
    }

    // Narrow the possible plays of one card step by step: how many, which colour, whom to swap with.
    function choosePlay(options) {
      var withUno = options.filter(function (a) { return !!a.uno === call; });
      if (withUno.length) options = withUno;
      else options = options.filter(function (a) { return !a.uno; }).length ? options.filter(function (a) { return !a.uno; }) : options;
      var steps = [
        { get: function (a) { return a.cards ? a.cards.length : 1; }, title: T.uno_how_many,
          label: function (v) { return t("uno_play_n", { n: v }); } },
        { get: function (a) { return a.color || ""; }, title: T.uno_choose_color, colors: true },
        { get: function (a) { return a.swap === undefined ? -1 : a.swap; }, title: T.uno_swap,
          label: function (v) { return v === -1 ? T.uno_no_swap : f("uno_swap_with", { name: bdi(state.seats[v].name) }); } }
      ];
      (function next(opts, i) {
        if (i >= steps.length || opts.length === 1) return send(opts[0]);
        var step = steps[i], values = [];
        opts.forEach(function (a) { var v = step.get(a); if (values.indexOf(v) < 0) values.push(v); });
        if (values.length < 2) return next(opts, i + 1);
        var choices = step.colors ? colorChoices(values) : values.map(function (v) { return { value: v, label: [step.label(v)] }; });
        ask(step.title, choices, function (v) { next(opts.filter(function (a) { return step.get(a) === v; }), i + 1); });
      })(options, 0);
    }

    function renderUno(s) {
      var box = el("div", { class: "panel me" }), myTurn = acting(s) === seat, pending = s.pending;
      box.appendChild(handHeading(s));
      var prompt = unoPrompt(s);
      if (prompt) box.appendChild(prompt);

      var handEl = el("div", { class: "hand" });
      hand().forEach(function (tok, i) {
        var options = playsOf(tok);
        var drawn = pending && pending.type === "drawn" && pending.seat === seat && pending.card === tok;
        // The name comes from the card's own label plus a hidden word, so it matches what is shown.
        var button = el("button", { type: "button", class: "card-btn" + (options.length ? " playable" : " unplayable") + (drawn ? " drawn" : ""),
          "aria-disabled": options.length ? null : "true", onclick: function () {
            if (options.length) choosePlay(options);
          } }, [cardEl(tok, "uno"), options.length ? el("span", { class: "visually-hidden", text: " — " + T.uno_playable }) : null]);
        handEl.appendChild(button);
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

    function unoPrompt(s) {
      var p = s.pending;
      if (!p || p.seat !== seat) return null;
      var box = el("div", { class: "prompt", role: "group" }), row = el("div", { class: "actions" });
      function button(label, action, cls) {
        row.appendChild(el("button", { type: "button", class: "button " + (cls || ""), onclick: function () { send(action); } }, [label]));
      }
      if (p.type === "color") {
        box.appendChild(el("p", { text: T.uno_first_color }));
        var colors = s.legal.filter(function (a) { return a.type === "color"; });
        var pick = el("div", { class: "choices choices-row" }, colorChoices(colors.map(function (a) { return a.color; })).map(function (c) {
          return el("button", { type: "button", class: "choice " + c.cls, onclick: function () { send({ type: "color", color: c.value }); } }, c.label);
        }));
        box.appendChild(pick);
        return box;
      }
      if (p.type === "drawn") {
        box.appendChild(el("p", null, [f("uno_drawn", { card: cardName(p.card || "", "uno") })]));
        if (p.card) box.appendChild(cardEl(p.card, "uno"));
        var options = playsOf(p.card);
        if (options.length) row.appendChild(el("button", { type: "button", class: "button primary", onclick: function () { choosePlay(options); } }, [T.uno_play_drawn]));
        s.legal.forEach(function (a) { if (a.type === "pass") button(T.uno_pass, a); });
      } else if (p.type === "draw_two") {
        box.appendChild(el("p", { text: t("uno_d2", { n: p.amount }) }));
        s.legal.forEach(function (a) { if (a.type === "draw") button(t("uno_take", { n: p.amount }), a, "primary"); });
      } else if (p.type === "wild_draw_four") {
        box.appendChild(el("p", null, [f("uno_w4", { by: bdi(p.by !== undefined ? s.seats[p.by].name : ""), n: p.amount })]));
        if (plays().length) box.appendChild(el("p", { class: "hint", text: T.uno_w4_stack }));
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
      // Its wilds of its own: the Wild Draw Four (and the wild tokens WS, WC).
      parse: function (token) {
        return token === "W4" || token === "WS" || token === "WC" ? { color: "W", face: token === "W4" ? "+4" : token, rank: token } : null;
      },
      face: function (rank) { return UNO_FACE[rank] || rank; },
      rankName: function (rank) { return { S: T.skip, R: T.reverse, "+2": T.draw2 }[rank] || rank; },
      ownName: function (token) { return token === "W4" ? T.wild4 : null; },
      // A seat with one card that called UNO says so.
      seatTags: function (s, x) { return x.uno && x.cards === 1 ? [el("span", { class: "tag tag-uno", text: T.uno_called })] : []; },
      tableExtra: function (s) {
        return el("div", { class: "uno-state" }, [
          s.color ? el("p", { class: "uno-color" }, [T.uno_color + ": ",
            el("span", { class: "color-chip c-" + s.color, text: s.color }), " ", T["color_" + s.color]]) : null,
          el("p", { class: "uno-direction" }, [T.uno_direction + ": ", s.direction === 1 ? T.uno_cw : T.uno_ccw])
        ]);
      },
      // The hand-over box: what each hand held.
      roundOver: {
        titleKey: "hand_over",
        pointsKey: "hand_points",
        points: function (entry, i) { return entry.hand_points ? entry.hand_points[i] : null; }
      },
      // The highest score leads, unless everyone keeps their own cards (lowest wins).
      compare: function (s) {
        return function (a, b) { return s.rules.scoring !== "lowest_wins" ? b.score - a.score : a.score - b.score; };
      },
      renderMe: function (s) { sync(); return renderUno(s); }
    };
  };
})();
