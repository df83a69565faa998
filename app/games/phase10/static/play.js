// Phase 10 on the game page: its cards, its seats' phases and laid groups, the hand (sorting, selecting,
// laying down, hitting, discarding) and the actions it builds. Registered for play-game.js, which calls
// the hooks below with a context ``ctx`` (shared helpers, the latest state and seat).
(function () {
  "use strict";
  var P = window.DecksidePlay;
  if (!P) return;
  P.games = P.games || {};
  P.games.phase10 = function (ctx) {
    var T = ctx.T, t = ctx.t, f = ctx.f, el = ctx.el, bdi = ctx.bdi, send = ctx.send, ask = ctx.ask;
    var meBox = ctx.meBox, hand = ctx.hand, handToken = ctx.handToken, handHeading = ctx.handHeading, acting = ctx.acting;
    var cardName = ctx.cardName, parseCard = ctx.parseCard;
    // The hand being built into a move: the selected cards and the groups made of them (indices into the hand), the
    // phase picked to lay down (pick_a_phase), and the order the hand is shown in (kept on this device).
    var ui = { sel: [], groups: [], sort: ctx.remembered("sort") || "number", phase: null };
    var DATA = ctx.data || {};
    var CLASSIC = DATA.phases || {};
    var PHASES = CLASSIC;
    var state = null, seat = null;
    // The table's phases: the classic ten, the Masters list, or the table's own groups (numbered 1..n).
    function phaseTable() {
      var spec = state && state.rules ? state.rules.phases : null;
      if (spec === "masters" && DATA.masters) return Object.assign({ tiebreaker: CLASSIC.tiebreaker }, DATA.masters);
      if (!Array.isArray(spec) || !spec.length || !Array.isArray(spec[0])) return CLASSIC;
      var words = DATA.group_words || {}, out = { tiebreaker: CLASSIC.tiebreaker };
      spec.forEach(function (groups, i) {
        out[String(i + 1)] = {
          name: (DATA.phase_word || "{number}").replace("{number}", String(i + 1)),
          needs: groups.map(function (g) { return (words[g.kind] || g.kind).replace("{size}", String(g.size)); }).join(" + ")
        };
      });
      return out;
    }
    // A card; a wild laid in a group says the number it stands for (``stands_for``).
    function cardEl(tok, standsFor, small) {
      var card = ctx.cardEl(tok, "phase10", small);
      if (standsFor === undefined || standsFor === null || parseCard(tok, "phase10").color !== "W") return card;
      card.setAttribute("aria-label", card.getAttribute("aria-label") + " (" + t("as_value", { value: standsFor }) + ")");
      card.appendChild(el("span", { class: "card-as", "aria-hidden": "true", text: "=" + standsFor }));
      return card;
    }
    function cardsEl(tokens, standsFor, small) {
      return el("span", { class: "cards" }, tokens.map(function (tok, i) {
        return cardEl(tok, standsFor ? standsFor[i] : undefined, small);
      }));
    }
    function sync() { state = ctx.state(); seat = ctx.seat(); PHASES = phaseTable(); }

    // The phases a seat may still lay down this round, as the engine says (the state's phases_open).
    function phasesOpen(x) { return x.phases_open || []; }
    function phaseText(s, x) {
      if (x.laid_down_phase !== null && x.laid_down_phase !== undefined) {
        var done = PHASES[String(x.laid_down_phase)];
        return (done ? done.name : x.laid_down_phase) + " — " + T.p10_done;
      }
      var open = phasesOpen(x);
      if (open.length > 1) return T.p10_phase + ": " + open.join(", ");
      var p = open.length ? PHASES[String(open[0])] : null;
      return p ? t("p10_phase_of", { phase: p.name, needs: p.needs }) : "";
    }

    function renderLaid(s, x, owner, hitCard) {
      return el("ul", { class: "laid" }, x.laid.map(function (g, gi) {
        var hits = hitCard ? state.legal.filter(function (a) {
          return a.type === "hit" && a.seat === owner && a.group === gi && a.card === hitCard;
        }) : [];
        var cards = cardsEl(g.cards, g.stands_for, true);
        if (!hits.length) return el("li", { class: "group" }, [cards]);
        var button = el("button", { type: "button", class: "group group-target", onclick: function () {
          if (hits.length === 1) return send(hits[0]);
          ask(T.p10_which_end, hits.map(function (a) {
            return { value: a, label: a.end === "low" ? T.p10_low : T.p10_high };
          }), send);
        } }, [cards, el("span", { class: "hit-label", text: T.p10_hit })]);
        return el("li", null, [button]);
      }));
    }

    var COLOR_ORDER = { R: 0, B: 1, G: 2, Y: 3, N: 4, W: 5, S: 6 };
    function sortedIndices() {
      var game = "phase10", h = hand(), idx = h.map(function (_, i) { return i; });
      function num(tok) { var c = parseCard(tok, game); return /^\d+$/.test(c.rank) ? parseInt(c.rank, 10) : (c.color === "W" ? 13 : 14); }
      idx.sort(function (a, b) {
        var ca = parseCard(h[a], game), cb = parseCard(h[b], game);
        if (ui.sort === "color") return (COLOR_ORDER[ca.color] - COLOR_ORDER[cb.color]) || (num(h[a]) - num(h[b])) || (a - b);
        return (num(h[a]) - num(h[b])) || (COLOR_ORDER[ca.color] - COLOR_ORDER[cb.color]) || (a - b);
      });
      return idx;
    }

    function renderPhase10(s) {
      var box = el("div", { class: "panel me" }), me = s.seats[seat], myTurn = acting(s) === seat;
      var inGroups = [].concat.apply([], ui.groups);
      box.appendChild(handHeading(s));
      box.appendChild(el("p", { class: "my-phase" }, [phaseText(s, me)]));

      var sortBox = el("div", { class: "sort", role: "group", "aria-label": T.p10_sort }, [el("span", { text: T.p10_sort + ":" })]);
      ["number", "color"].forEach(function (k) {
        sortBox.appendChild(el("button", { type: "button", class: "small-btn", "aria-pressed": String(ui.sort === k), onclick: function () {
          ui.sort = k; ctx.remember({ sort: k }); ctx.render();
          var again = meBox.querySelector('.sort [aria-pressed="true"]'); if (again) again.focus();
        } }, [T["p10_sort_" + k]]));
      });
      box.appendChild(sortBox);

      var handEl = el("div", { class: "hand", role: "group", "aria-label": T.p10_select_hint });
      sortedIndices().forEach(function (i) {
        if (inGroups.indexOf(i) >= 0) return;
        var tok = hand()[i], on = ui.sel.indexOf(i) >= 0;
        handEl.appendChild(el("button", { type: "button", class: "card-btn" + (on ? " selected" : ""), "aria-pressed": String(on),
          "data-index": String(i), onclick: function () { toggle(i); } }, [cardEl(tok)]));
      });
      box.appendChild(handEl);
      if (!myTurn) return box;

      if (s.stage === "draw") {
        box.appendChild(el("p", { class: "hint", text: T.p10_draw_first }));
        var row = el("div", { class: "actions" });
        s.legal.forEach(function (a) {
          if (a.type !== "draw") return;
          row.appendChild(el("button", { type: "button", class: "button primary", onclick: function () { send(a); } },
            [a.from === "pile" ? T.p10_draw_pile : t("p10_draw_discard", { card: cardName(s.discard_top, "phase10") })]));
        });
        box.appendChild(row);
        return box;
      }

      var laid = me.laid_down_phase !== null && me.laid_down_phase !== undefined;
      if (!laid) box.appendChild(renderLayDown(s));
      else box.appendChild(el("p", { class: "hint", text: T.p10_laid_this_round }));

      // one card selected: discard it, or hit with it (targets light up on the table)
      var row2 = el("div", { class: "actions" });
      if (ui.sel.length === 1) {
        var tok = handToken(ui.sel[0]);
        var discards = s.legal.filter(function (a) { return a.type === "discard" && a.card === tok; });
        if (discards.length) {
          row2.appendChild(el("button", { type: "button", class: "button primary", onclick: function () {
            if (discards.length === 1) return send(discards[0]);
            ask(T.p10_skip_whom, discards.map(function (a) {
              return { value: a, label: [f("p10_skip", { name: bdi(s.seats[a.skip].name) })] };
            }), send);
          } }, [t("p10_discard", { card: cardName(tok, "phase10") })]));
        }
        var hits = s.legal.filter(function (a) { return a.type === "hit" && a.card === tok; });
        if (hits.length) box.appendChild(el("p", { class: "hint hint-hit", text: t("p10_hit_hint", { card: cardName(tok, "phase10") }) }));
        hits.forEach(function (a) {
          row2.appendChild(el("button", { type: "button", class: "button hit-btn", onclick: function () { send(a); } }, [el("span", null, [
            f("p10_hit_on", { name: bdi(s.seats[a.seat].name), n: a.group + 1 }),
            a.end ? " " + t("p10_hit_end", { end: a.end === "low" ? T.p10_low : T.p10_high }) : null])]));
        });
      } else {
        box.appendChild(el("p", { class: "hint", text: T.p10_discard_hint }));
      }
      if (ui.sel.length) row2.appendChild(el("button", { type: "button", onclick: function () { ui.sel = []; ctx.render(); } }, [T.p10_clear]));
      box.appendChild(row2);
      return box;
    }

    function toggle(i) {
      var at = ui.sel.indexOf(i);
      if (at >= 0) ui.sel.splice(at, 1); else ui.sel.push(i);
      ctx.render();
      var again = meBox.querySelector('.card-btn[data-index="' + i + '"]');
      if (again) again.focus();
    }

    function renderLayDown(s) {
      var box = el("div", { class: "laydown" });
      // Several phases open (pick_a_phase): the player names the one the groups make.
      var open = phasesOpen(s.seats[seat]), pick = open.length > 1;
      s.legal.forEach(function (a) {
        if (a.type !== "lay_down") return;
        var p = a.phase !== undefined ? PHASES[String(a.phase)] : null;
        box.appendChild(el("div", { class: "suggestion" }, [
          el("p", { class: "suggestion-head" }, [T.p10_suggestion + (p ? " — " + p.name : "") + ":"]),
          el("div", { class: "suggestion-groups" }, a.groups.map(function (g) { return cardsEl(g, null, true); })),
          el("button", { type: "button", class: "button primary", onclick: function () { send(a); } }, [T.p10_suggested])
        ]));
      });
      // build a lay-down by hand: select cards, make a group, repeat
      var built = el("div", { class: "built" });
      if (ui.groups.length) {
        built.appendChild(el("p", { class: "suggestion-head", text: T.p10_groups }));
        var list = el("ol", { class: "built-groups" });
        ui.groups.forEach(function (g, gi) {
          list.appendChild(el("li", null, [cardsEl(g.map(handToken), null, true),
            el("button", { type: "button", class: "small-btn", "aria-label": t("p10_undo_group", { n: gi + 1 }), onclick: function () {
              ui.groups.splice(gi, 1); ctx.render();
            } }, ["↩"])]));
        });
        built.appendChild(list);
      }
      var row = el("div", { class: "actions" });
      row.appendChild(el("button", { type: "button", disabled: ui.sel.length ? null : true, onclick: function () {
        ui.groups.push(ui.sel.slice()); ui.sel = []; ctx.render();
      } }, [T.p10_make_group]));
      if (ui.groups.length) {
        var phaseSelect = null;
        if (pick) {
          if (ui.phase === null || open.map(String).indexOf(String(ui.phase)) < 0) ui.phase = open[0];
          phaseSelect = el("select", { "aria-label": T.p10_pick, class: "phase-select" }, open.map(function (n) {
            var o = el("option", { value: String(n), text: PHASES[String(n)] ? PHASES[String(n)].name + " — " + PHASES[String(n)].needs : String(n) });
            if (String(ui.phase) === String(n)) o.selected = true;
            return o;
          }));
          phaseSelect.addEventListener("change", function () { ui.phase = phaseSelect.value; });
          row.appendChild(phaseSelect);
        }
        row.appendChild(el("button", { type: "button", class: "button primary", onclick: function () {
          var action = { type: "lay_down", groups: ui.groups.map(function (g) { return g.map(handToken); }) };
          if (pick && ui.phase !== null) action.phase = parseInt(ui.phase, 10);
          send(action);
        } }, [T.p10_lay_down]));
      }
      built.appendChild(row);
      box.appendChild(built);
      return box;
    }

    return {
      // A move was made (or came too late): the selection and the groups start again.
      clear: function () { ui.sel = []; ui.groups = []; },
      roundKey: "round",
      roundNote: function (s) { return s.tiebreaker_round ? T.p10_tiebreaker : null; },
      // A seat skipped this lap, or sitting out (a tie-breaker round), says so.
      seatTags: function (s, x) {
        var tags = [];
        if (x.skipped) tags.push(el("span", { class: "tag", text: T.p10_skipped }));
        if (x.playing === false) tags.push(el("span", { class: "tag", text: T.p10_out }));
        return tags;
      },
      // The Skip is a card of its own in Phase 10.
      parse: function (token) { return token === "S" ? { color: "S", face: "S", rank: "S" } : null; },
      ownName: function (token) { return token === "S" ? T.skip : null; },
      // The piles are buttons while a draw is legal.
      drawFrom: function (from) { return ctx.findLegal(function (a) { return a.type === "draw" && a.from === from; }); },
      seatItems: function (s, x, i, act) {
        sync();
        var hitCard = seat === act && ui.sel.length === 1 ? handToken(ui.sel[0]) : null;
        var items = [el("p", { class: "seat-phase" }, [phaseText(s, x)])];
        if (x.laid && x.laid.length) items.push(renderLaid(s, x, i, hitCard));
        return items;
      },
      // The round-over box: a column saying who completed which phase, and the round's points from its summary.
      roundOver: {
        titleKey: "round_over",
        pointsKey: "round_points",
        head: function () { return el("th", { scope: "col", text: T.p10_phase }); },
        cell: function (entry, i) {
          var summary = entry.summary ? entry.summary[i] : null;
          return el("td", { text: summary && summary.phase !== null ? t("p10_completed", { n: summary.phase }) : T.p10_not_completed });
        },
        points: function (entry, i) {
          var summary = entry.summary ? entry.summary[i] : null;
          return summary ? summary.points : null;
        }
      },
      // The lowest score leads.
      compare: function (s) { return function (a, b) { return a.score - b.score; }; },
      renderMe: function (s) { sync(); return renderPhase10(s); }
    };
  };
})();
