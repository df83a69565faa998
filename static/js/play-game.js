// The game page: fetches the state from /api/play/<id>, draws the table, and sends the moves.
// Hot seat: every person plays on this device; the hand hides behind a hand-over screen between people.
(function () {
  "use strict";
  var P = window.DecksidePlay;
  var root = document.getElementById("play-game");
  if (!root || !P) return;
  var T = P.json(root, "data-i18n"), DATA = P.json(root, "data-games");
  var ID = root.dataset.id, API = root.dataset.api;
  var $ = function (sel) { return root.querySelector(sel); };
  var tableBox = $("[data-table]"), meBox = $("[data-me]"), seatsBox = $("[data-seats]"), logBox = $("[data-log]");
  var statusBox = $("[data-status]"), errorBox = $("[data-error]");
  var overlay = $("[data-overlay]"), overlayTitle = $("[data-overlay-title]"), overlayBody = $("[data-overlay-body]");
  var el = P.el, bdi = P.bdi, baseTitle = document.title;
  var f = function (key, values) { return P.fmt(T, key, values); };
  var t = function (key, values) { return P.text(T, key, values); };

  // --- the key: from a join link's claim code (#claim=…), an older link's #key=…, or this device -------
  // The fragment leaves the address before anything else (the tab's history entry keeps no code or key). A claim
  // code works once and for 30 minutes (API.md "Hand-over links that expire"): it is exchanged at once for the seat
  // key, which this device keeps as an older link's key was kept. Until the exchange has an answer the code waits in
  // this tab's sessionStorage with the Idempotency-Key it is sent with: a phone that was offline, or whose answer
  // was lost, asks again with both (after a reload too), and the server answers that phone, and no other, again.
  var stored = P.saved(ID) || {};
  var key = stored.key || null;
  var hash = /[#&](key|claim)=([^&]+)/.exec(window.location.hash);
  if (hash) window.history.replaceState(null, "", window.location.pathname + window.location.search);
  var fragment = null;
  try { fragment = hash ? decodeURIComponent(hash[2]) : null; } catch (e) { fragment = null; }
  if (fragment && hash[1] === "key") {
    key = fragment;
    P.save(ID, { key: key, created: stored.created || Date.now() });
  }
  var claim = P.waitingClaim("deckside-claim:" + ID, fragment && hash[1] === "claim" ? fragment : null, ID + "-claim");

  var state = null;          // the latest state from the API
  var seat = null;           // the seat whose view we hold (a person's, or null: spectator)
  var ready = null;          // the person who tapped the hand-over screen
  var seenSeq = stored.seen || 0;   // log entries up to this one were shown as "new" already
  var busy = false;
  var seatMode = false;      // this device holds a seat key: it plays one seat, on its own phone
  var skew = 0;              // the server's clock minus this device's (for turn_since)
  var notice = "";           // a gentle note for the status line (a move that came too late)
  var watching = false, failures = 0, retryTimer = null, idleTimer = null;
  var joins = {};            // seat -> {url, svg}: the creator's join links
  var remoteBox = $("[data-remote]"), idleBox = $("[data-idle]");

  function persons(s) {
    var out = [];
    s.seats.forEach(function (x, i) { if (!x.bot && !x.remote) out.push(i); });
    return out;
  }
  function acting(s) {
    if (s.status !== "playing") return null;
    return s.pending ? s.pending.seat : s.turn;
  }

  // --- cards -------------------------------------------------------------------------------------
  // What differs between games comes from the game's own script (static/js/play/<kind>.js, loaded by the page).
  function parseCard(token, game) {
    var own = hooks(game).parse ? hooks(game).parse(token) : null;   // a card only that game has
    if (own) return own;
    if (token === "W") return { color: "W", face: "W", rank: "W" };
    if (/^[RBGY]./.test(token)) {
      var rank = token.slice(1);
      return { color: token[0], face: hooks(game).face ? hooks(game).face(rank) : rank, rank: rank };
    }
    return { color: "N", face: token, rank: token };
  }
  function cardName(token, game) {
    var own = hooks(game).ownName ? hooks(game).ownName(token) : null;   // a card only that game has
    if (own) return own;
    var c = parseCard(token, game);
    if (token === "W") return T.wild;
    var rank = c.rank;
    if (hooks(game).rankName) rank = hooks(game).rankName(rank);
    if (c.color === "N") return rank;
    return T["card_" + c.color] ? t("card_" + c.color, { rank: rank }) : rank;  // one pattern per colour: its word order
  }
  function cardEl(token, game, small) {
    var c = parseCard(token, game);
    return el("span", { class: "card c-" + c.color + (small ? " card-sm" : ""), role: "img", "aria-label": cardName(token, game) }, [
      el("span", { class: "card-face", "aria-hidden": "true", text: c.face }),
      /[RBGY]/.test(c.color) ? el("span", { class: "card-corner", "aria-hidden": "true", text: c.color }) : null
    ]);
  }
  function cardsEl(tokens, game, small) {
    return el("span", { class: "cards" }, tokens.map(function (tok) { return cardEl(tok, game, small); }));
  }
  function countText(n) { return t("cards_n", { n: n }); }

  // --- overlay (hand-over screen, prompts, round results) -----------------------------------------
  var overlayClose = null, overlayReturn = null;
  function openOverlay(title, body, options) {
    options = options || {};
    overlayReturn = document.activeElement;
    overlayTitle.textContent = "";
    overlayTitle.appendChild(typeof title === "string" ? document.createTextNode(title) : title);
    overlayBody.textContent = "";
    body.forEach(function (node) { if (node) overlayBody.appendChild(node); });
    overlay.className = "overlay" + (options.full ? " overlay-full" : "");
    overlay.hidden = false;
    overlayClose = options.cancel ? function () { closeOverlay(); options.cancel(); } : null;
    var first = overlayBody.querySelector("button, a");
    (first || overlayBody).focus();
  }
  function closeOverlay() {
    overlay.hidden = true;
    overlayClose = null;
    if (overlayReturn && document.contains(overlayReturn) && overlayReturn !== document.body) overlayReturn.focus();
    else { var h = meBox.querySelector(".hand-heading"); if (h) h.focus({ preventScroll: true }); }
  }
  overlay.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && overlayClose) { e.preventDefault(); overlayClose(); }
    if (e.key === "Tab") {   // keep focus inside the dialog
      var items = overlay.querySelectorAll("button, a[href]");
      if (!items.length) return;
      var first = items[0], last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    }
  });
  // Ask to choose one of several labelled values; calls back with the value.
  function ask(title, choices, done) {
    var list = el("div", { class: "choices" }, choices.map(function (c) {
      return el("button", { type: "button", class: "choice " + (c.cls || ""), onclick: function () { closeOverlay(); done(c.value); } },
                [el("span", null, c.label)]);
    }));
    var cancel = el("button", { type: "button", class: "choice-cancel", text: T.cancel, onclick: closeOverlay });
    openOverlay(title, [list, cancel], { cancel: function () {} });
  }
  function colorChoices(colors) {
    return colors.map(function (c) {
      return { value: c, cls: "color-choice c-" + c, label: [el("strong", { text: c }), " ", T["color_" + c]] };
    });
  }

  // --- talking to the API -------------------------------------------------------------------------
  function showError(message) { errorBox.textContent = message || ""; }

  function fetchState(forSeat) {
    var url = API + (key && forSeat !== null && forSeat !== undefined ? "?seat=" + forSeat : "");
    return P.api("GET", url, key).then(function (r) {
      if (r.status === 404) { statusBox.textContent = T.not_found; tableBox.textContent = ""; meBox.textContent = ""; return null; }
      // A key the game no longer takes (a replaced seat key): watch as a spectator.
      if ((r.status === 401 || r.status === 403) && key && (forSeat === null || forSeat === undefined)) { key = null; return fetchState(null); }
      if (r.status !== 200) { showError(r.body.error || String(r.status)); return null; }
      skew = r.date - Date.now();
      return { state: r.body, seat: r.body.you === undefined ? null : r.body.you };
    }, function () { showError(T.network); return null; });
  }

  // Load the view of the person who must act (or keep the current person's when a bot or nobody must).
  function load() {
    return fetchState(null).then(function (got) {
      if (!got) return;
      // A seat key: the server answers with that seat's view (`you`); no hand-over on this phone.
      seatMode = got.state.you !== null && got.state.you !== undefined;
      if (!key || seatMode) return show(got.state, got.state.you);
      var s = got.state, act = acting(s), people = persons(s);
      var want = act !== null && !s.seats[act].bot && !s.seats[act].remote ? act
        : people.indexOf(seat) >= 0 ? seat
        : people.indexOf(stored.seat) >= 0 ? stored.seat : (people.length ? people[0] : null);
      if (want === null) return show(s, null);
      return fetchState(want).then(function (again) { if (again) show(again.state, again.seat); });
    });
  }

  // Turn actions carry If-Match (a move made on an old table is refused, and the fresh table shown);
  // out-of-turn ones (the game's script says which: hooks.outOfTurn) carry an Idempotency-Key, so a resend never
  // acts twice.
  function clearHand() { var own = hooks(state.game); if (own.clear) own.clear(); }   // the game's choices for a move
  function send(action) {
    if (busy || seat === null) return;
    busy = true;
    root.classList.add("busy");
    showError("");
    var outOfTurn = acting(state) !== seat || !!(hooks(state.game).outOfTurn && hooks(state.game).outOfTurn(action));
    var headers = outOfTurn ? { "Idempotency-Key": ID + "-" + seat + "-" + Date.now() + "-" + Math.random().toString(36).slice(2) }
                            : { "If-Match": '"' + state.version + '"' };
    var body = { seat: seat, action: action };
    function done() { busy = false; root.classList.remove("busy"); }
    function attempt(tries) {
      return P.api("POST", API + "/actions", key, body, headers).then(function (r) {
        done();
        if (r.status === 200 || r.status === 201) {
          clearHand();
          var act = acting(r.body);
          if (!seatMode && act !== null && act !== seat && !r.body.seats[act].bot && !r.body.seats[act].remote) {
            state = r.body;   // show the others' moves, then hand over
            return fetchState(act).then(function (again) { if (again) show(again.state, again.seat); });
          }
          show(r.body, seat);
        } else if (r.status === 409) {
          // Someone was quicker: not an error, just the table as it is now.
          notice = T.too_late;
          clearHand();
          load();
        } else {
          showError(r.body.error || String(r.status));
        }
      }, function () {
        if (tries > 0) return new Promise(function (ok) { setTimeout(ok, 1000); }).then(function () { return attempt(tries - 1); });
        done();
        showError(T.network);
      });
    }
    attempt(1);
  }

  // --- following the table: long poll, then polling with If-None-Match when the long poll fails ---------
  function watch() {
    if (watching || !state) return;
    watching = true;
    P.api("GET", API + "/wait?version=" + state.version, key).then(function (r) {
      watching = false;
      if (r.status === 200) { failures = 0; return arrived(r); }
      if (r.status === 304) { failures = 0; return watch(); }
      later();
    }, function () { watching = false; later(); });
  }
  function later() {
    failures++;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(poll, Math.min(2000 * failures, 10000));
  }
  function poll() {
    if (!state) return load();
    P.api("GET", API, key, undefined, { "If-None-Match": '"' + state.version + '"' }).then(function (r) {
      if (r.status === 304) { failures = 0; return watch(); }
      if (r.status === 401 || r.status === 403) return load();   // a replaced seat key: watch instead
      if (r.status === 200) { failures = 0; return arrived(r); }
      later();
    }, later);
  }
  function arrived(r) {
    skew = r.date - Date.now();
    if (busy) { clearTimeout(retryTimer); retryTimer = setTimeout(watch, 300); return; }   // our own move's answer is coming
    if (r.body.version === state.version) return watch();
    if (seatMode || !key) show(r.body, r.body.you);
    else load();   // hot seat: whose view to show depends on who must act
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") poll();   // a phone that slept catches up at once
  });

  // --- a seat idle for a minute into its turn is pointed out --------------------------------------
  var IDLE_MS = 60000;
  function idleSeat(s) {
    var act = s && s.status === "playing" ? s.turn : null;
    if (act === null || act === undefined || s.seats[act].bot) return null;
    var since = Date.parse(s.seats[act].turn_since || "");
    return since && Date.now() + skew - since >= IDLE_MS ? act : null;
  }
  function showIdle() {
    var who = idleSeat(state);
    idleBox.hidden = who === null;
    idleBox.textContent = "";
    if (who !== null) idleBox.appendChild(f(who === seat ? "idle_you" : "idle", { name: bdi(state.seats[who].name) }));
  }

  // --- showing a state ----------------------------------------------------------------------------
  function show(s, forSeat) {
    var previousSeq = seenSeq;
    state = s;
    seat = forSeat;
    if (seat !== null) { P.save(ID, { seat: seat }); stored.seat = seat; }
    P.save(ID, { game: s.game, names: s.seats.map(function (x) { return x.name; }), finished: s.status === "finished" });
    var people = persons(s);
    if (seatMode || people.length <= 1) ready = seat;
    var fresh = s.log.filter(function (e) { return e.seq > previousSeq; });
    var maxSeq = s.log.length ? s.log[s.log.length - 1].seq : 0;
    if (!stored.seen && !previousSeq) fresh = [];   // first visit: nothing is "new"
    seenSeq = Math.max(seenSeq, maxSeq);
    stored.seen = seenSeq;
    P.save(ID, { seen: seenSeq });

    render(previousSeq);
    announce(fresh);

    var steps = [];
    fresh.forEach(function (e) {
      if (e.type === "out" || e.type === "hand_end") steps.push(function (next) { roundOver(e, next); });
    });
    var act = acting(s);
    if (!seatMode && seat !== null && act === seat && people.length > 1 && ready !== seat) {
      steps.push(function (next) { handOver(seat, next); });
    }
    (function run(i) { if (i < steps.length) steps[i](function () { run(i + 1); }); })(0);

    root.classList.toggle("my-turn", act !== null && act === seat);
    document.title = (act !== null && act === seat ? "▶ " : "") + baseTitle;
    showIdle();
    clearInterval(idleTimer);
    idleTimer = setInterval(showIdle, 5000);
    watch();
  }

  function announce(fresh) {
    var s = state, act = acting(s), parts = fresh.slice(-6).map(function (e) { return e.text; });
    var line;
    if (s.status === "finished") line = s.winner ? t("winner", { name: s.winner }) : T.game_over;
    else if (act === null) line = "";
    else if (act === seat) line = t("your_turn", { name: s.seats[act].name });
    else line = t("turn_of", { name: s.seats[act].name });
    statusBox.textContent = "";
    if (notice) { statusBox.appendChild(el("span", { class: "play-notice", text: notice + " " })); notice = ""; }
    if (parts.length) statusBox.appendChild(el("span", { class: "visually-hidden", text: parts.join(" ") + " " }));
    if (s.status === "finished") statusBox.appendChild(document.createTextNode(line));
    else if (act !== null) statusBox.appendChild(f(act === seat ? "your_turn" : "turn_of", { name: bdi(s.seats[act].name) }));
  }

  function handOver(who, next) {
    var name = state.seats[who].name;
    var go = el("button", { type: "button", class: "button primary handover-go", onclick: function () {
      ready = who;
      closeOverlay();
      render(seenSeq);
      next();
    } }, [T.handover_tap]);
    openOverlay(f("handover", { name: bdi(name) }), [el("p", null, [f("handover_note", { name: bdi(name) })]), go], { full: true });
    meBox.classList.add("hidden-hand");
  }

  // The end of a round or a hand, with totals; the game's script names its title, its points column and any
  // column of its own (who completed what, what each hand held).
  function roundOver(entry, next) {
    var s = state, own = hooks(s.game).roundOver || {};
    var head = el("tr", null, [el("th", { scope: "col", text: T.player }),
      own.head ? own.head() : null,
      el("th", { scope: "col", class: "num", text: T[own.pointsKey || "round_points"] }),
      el("th", { scope: "col", class: "num", text: T.total })]);
    var rows = s.seats.map(function (x, i) {
      var handPoints = own.points ? own.points(entry, i) : null;
      var out = entry.seat === i;
      return el("tr", null, [el("th", { scope: "row" }, [bdi(x.name)]), own.cell ? own.cell(entry, i) : null,
        el("td", { class: "num", text: out ? T.went_out : (handPoints === null ? "–" : String(handPoints)) }),
        el("td", { class: "num", text: String(x.score) })]);
    });
    var table = el("table", { class: "compact round-over" }, [
      el("caption", { text: T.scores }), el("thead", null, [head]), el("tbody", null, rows)]);
    var ok = el("button", { type: "button", class: "button primary", onclick: function () { closeOverlay(); next(); } }, [T.continue]);
    openOverlay(T[own.titleKey || "round_over"], [el("p", { text: entry.text }), table, ok]);
  }

  // --- the table -----------------------------------------------------------------------------------
  function render(previousSeq) {
    var s = state;
    root.classList.remove("is-loading");   // the page's space was kept for the game until now (static/css/play.css)
    $("[data-title]").textContent = T[s.game] || s.game;
    var note = hooks(s.game).roundNote ? hooks(s.game).roundNote(s) : null;   // e.g. a tie-breaker round
    $("[data-round]").textContent = t(hooks(s.game).roundKey || "round", { n: s.round }) + (note ? " · " + note : "");
    tableBox.textContent = "";
    meBox.textContent = "";
    meBox.classList.toggle("hidden-hand", seat !== null && persons(s).length > 1 && ready !== seat && acting(s) === seat);
    if (seat === null) meBox.appendChild(el("p", { class: "flash", text: creator() ? T.creator_watching : T.spectator }));
    tableBox.appendChild(renderPiles(s));
    var latest = renderLatest(s);
    if (latest) tableBox.appendChild(latest);
    seatsBox.textContent = "";
    seatsBox.appendChild(renderSeats(s));
    if (s.status === "finished") meBox.appendChild(renderResult(s));
    else if (seat !== null && s.seats[seat].bot) meBox.appendChild(el("div", { class: "panel me" }, [
      handHeading(s), el("p", { class: "flash", text: T["bot_plays_you_" + s.seats[seat].bot] || T.bot_plays_you }),
      cardsEl(hand(), s.game)]));
    else if (seat !== null) meBox.appendChild(hooks(s.game).renderMe(s));
    var panel = meBox.querySelector(".me");
    (panel || meBox).appendChild(errorBox);   // refusals show next to the buttons that caused them
    if (!document.activeElement || document.activeElement === document.body || !document.contains(document.activeElement)) {
      var heading = meBox.querySelector(".hand-heading");
      if (heading && overlay.hidden) heading.focus({ preventScroll: true });
    }
    renderLog(s, previousSeq);
    renderRemote(s);
  }

  function renderPiles(s) {
    var drawFrom = hooks(s.game).drawFrom;
    var drawLegal = drawFrom ? drawFrom("pile") : null;
    var discardLegal = drawFrom ? drawFrom("discard") : null;
    var back = el("span", { class: "card card-back", "aria-hidden": "true" }, [el("span", { class: "card-face", text: String(s.draw_pile) })]);
    var drawLabel = [back, el("span", { class: "pile-label" }, [T.draw_pile, el("br"), countText(s.draw_pile)])];
    var draw = drawLegal ? el("button", { type: "button", class: "pile pile-act", onclick: function () { send(drawLegal); } }, drawLabel)
                         : el("div", { class: "pile" }, drawLabel);
    var top = s.discard_top ? cardEl(s.discard_top, s.game) : el("span", { class: "card card-empty", text: "–" });
    var discardLabel = [top, el("span", { class: "pile-label" }, [T.discard_pile])];
    var discard = discardLegal ? el("button", { type: "button", class: "pile pile-act", onclick: function () { send(discardLegal); } }, discardLabel)
                               : el("div", { class: "pile" }, discardLabel);
    var box = el("div", { class: "piles" }, [draw, discard]);
    if (hooks(s.game).tableExtra) box.appendChild(hooks(s.game).tableExtra(s));
    return box;
  }

  function renderSeats(s) {
    var act = acting(s);
    return el("ol", { class: "seats" }, s.seats.map(function (x, i) {
      var tags = [];
      tags.push(el("span", { class: "tag", text: x.bot ? (T[x.bot] || T.bot) : T.person }));
      if (i === s.dealer) tags.push(el("span", { class: "tag", text: T.dealer }));
      if (x.remote) tags.push(el("span", { class: "tag", text: T.own_phone }));
      if (i === seat && seatMode) tags.push(el("span", { class: "tag", text: T.you }));
      if (i === act) tags.push(el("span", { class: "tag tag-turn", text: "▶ " + T.to_play }));
      if (hooks(s.game).seatTags) tags = tags.concat(hooks(s.game).seatTags(s, x, i));   // the game's own tags
      var line = el("span", { class: "seat-line" }, [countText(x.cards) + " · " + T.score + " " + x.score]);
      var items = [el("p", { class: "seat-name" }, [el("strong", null, [bdi(x.name)]), " "].concat(tags).concat([line]))];
      if (hooks(s.game).seatItems) items = items.concat(hooks(s.game).seatItems(s, x, i, act));
      return el("li", { class: "seat" + (i === act ? " seat-turn" : "") + (i === seat ? " seat-me" : "") }, items);
    }));
  }

  // The latest moves, next to the table (the whole log is further down).
  function renderLatest(s) {
    var recent = s.log.slice(-3).reverse();
    if (!recent.length) return null;
    return el("div", { class: "latest-moves" }, [el("p", { class: "latest-title", text: T.latest }),
      el("ul", null, recent.map(function (e) { return el("li", null, [e.text]); }))]);
  }

  function renderLog(s, previousSeq) {
    logBox.textContent = "";
    s.log.slice().reverse().forEach(function (e) {
      logBox.appendChild(el("li", { class: e.seq > previousSeq && previousSeq ? "log-new" : "" }, [e.text]));
    });
  }

  function renderResult(s) {
    var sorted = s.seats.slice().sort(hooks(s.game).compare(s));
    var box = el("section", { class: "panel result", "aria-labelledby": "play-result-heading" }, [
      el("h2", { id: "play-result-heading" }, [s.winner ? f("winner", { name: bdi(s.winner) }) : T.game_over]),
      el("table", { class: "compact" }, [el("caption", { text: T.scores }), el("tbody", null, sorted.map(function (x) {
        return el("tr", null, [el("th", { scope: "row" }, [bdi(x.name)]), el("td", { class: "num", text: String(x.score) })]);
      }))])
    ]);
    var links = el("p", { class: "result-links" });
    var next = nextGame(s);
    if (next) links.appendChild(next);
    else if (creator()) links.appendChild(el("button", { type: "button", class: "button primary", "data-rematch": "", onclick: rematch }, [T.play_again]));
    if (s.sheet) links.appendChild(el("a", { class: "button", href: root.dataset.sheetUrl + encodeURIComponent(s.sheet), text: T.sheet }));
    links.appendChild(el("a", { class: "button", href: root.dataset.playUrl, text: T.new_game }));
    box.appendChild(links);
    return box;
  }

  function findLegal(test) {
    if (!state || !state.legal) return null;
    for (var i = 0; i < state.legal.length; i++) if (test(state.legal[i])) return state.legal[i];
    return null;
  }

  // --- your hand -----------------------------------------------------------------------------------
  function hand() { return (state && seat !== null && state.seats[seat].hand) || []; }
  function handToken(i) { return hand()[i]; }


  function handHeading(s) {
    return el("h2", { class: "hand-heading", tabindex: "-1" }, [t("your_hand", { n: hand().length }), " — ", bdi(s.seats[seat].name)]);
  }

  // --- the creator's device: join links, QR codes, seats handed to bots, new keys, rematch ----------------
  function creator() { return !!key && !seatMode; }

  function seatKeys() { return (P.saved(ID) || {}).seatKeys || {}; }

  // A seat's join link: a new claim code each time (it works once and for 30 minutes: the panel says until when,
  // and offers a new one once it has expired).
  function loadJoin(i) {
    var k = seatKeys()[String(i)];
    if (!k || joins[i]) return;
    joins[i] = { loading: true };
    var joinedBefore = state && state.seats[i] ? state.seats[i].joined : null;
    P.api("POST", API + "/seats/" + i + "/join", key, { key: k }).then(function (r) {
      if (r.status === 400) joins[i] = { failed: true };   // this device's seat key is not the seat's any more
      else if (r.status !== 200) { joins[i] = null; return; }   // asked again when the panel is drawn next
      else joins[i] = r.body;
      joins[i].joinedBefore = joinedBefore;   // a phone taking the seat after this moves the seat's "joined" on
      if (joins[i].url) {
        var left = Date.parse(joins[i].expires) - r.date;
        joins[i].minutes = Math.max(1, Math.round(left / 60000));
        joins[i].until = Date.now() + left;
        setTimeout(function () { if (state) renderRemote(state); }, Math.max(0, left) + 500);
      }
      if (state) renderRemote(state);
    }, function () { joins[i] = null; });
  }
  function clock(moment) {
    var when = new Date(moment);
    try { return when.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" }); }
    catch (e) { return when.toLocaleTimeString(); }
  }

  function share(url, name, button) {
    var data = { title: document.title, text: t("join_text", { name: name }), url: url };
    if (navigator.share) return navigator.share(data).catch(function () {});
    var copied = function () { button.textContent = T.copied; };
    if (navigator.clipboard) return navigator.clipboard.writeText(url).then(copied, function () { window.prompt(T.copy_this, url); });
    window.prompt(T.copy_this, url);
  }

  // A change to the seats is one request at a time: while it is on its way the seat buttons are disabled (a tap
  // is not silently dropped; the other phones' view can show the change before this phone has its answer).
  function managing(on) {
    busy = on;
    remoteBox.querySelectorAll("button").forEach(function (b) { b.disabled = on; });
  }
  function manage(method, url, body, then) {
    if (busy) return;
    managing(true);
    showError("");
    P.api(method, url, key, body).then(function (r) {
      managing(false);
      if (r.status >= 400) return showError(r.body.error || String(r.status));
      if (then) then(r.body);
      load();
    }, function () { managing(false); showError(T.network); });
  }

  function renderRemote(s) {
    var remote = [];
    s.seats.forEach(function (x, i) { if (x.remote) remote.push(i); });
    remoteBox.hidden = !creator() || !remote.length;
    if (remoteBox.hidden) return;
    var open = {};
    remoteBox.querySelectorAll("details[data-seat]").forEach(function (d) { open[d.dataset.seat] = d.open; });
    var focused = null;   // the panel is drawn again: a button that had the focus keeps it
    if (remoteBox.contains(document.activeElement)) {
      ["data-newlink", "data-newkey", "data-bot", "data-share"].forEach(function (name) {
        if (document.activeElement.hasAttribute(name)) focused = "[" + name + '="' + document.activeElement.getAttribute(name) + '"]';
      });
    }
    remoteBox.textContent = "";
    remoteBox.appendChild(el("h2", { text: T.phones }));
    remote.forEach(function (i) {
      var x = s.seats[i], join = joins[i], parts = [];
      // A phone took the seat since this link was made: the link has been used (it works once), or another one
      // has; either way a QR code no one should scan any more goes. A new one is made only when asked for.
      if (join && join.url && x.joined && x.joined !== join.joinedBefore) { delete joins[i]; join = undefined; }
      // A seat's link is asked for when its part of the panel is open (a code is made only to be shown).
      var isOpen = open[String(i)] !== undefined ? open[String(i)] : s.round === 1 && s.status === "playing" && !x.joined;
      if (isOpen && !x.joined) loadJoin(i);
      if (x.joined && !join) {
        parts.push(el("p", { class: "help", "data-joined": String(i), text: t("joined_help", { time: clock(x.joined) }) }));
      }
      var expired = join && join.url && Date.now() >= join.until;
      if (join && join.url && !expired) {
        var qr = el("div", { class: "qr" });
        qr.innerHTML = join.svg;   // segno's SVG, made by this server: no script, no style
        var shareButton = el("button", { type: "button", class: "button", "data-share": String(i) }, [T.share]);
        shareButton.addEventListener("click", function () { share(join.url, x.name, shareButton); });
        parts.push(qr, el("p", { class: "join-link" }, [el("a", { href: join.url, "data-join": String(i), text: join.url })]),
                   el("p", { class: "help", "data-join-help": String(i), text: t("join_once", { n: join.minutes, time: clock(join.until) }) }),
                   shareButton);
      } else if (expired) {
        parts.push(el("p", { class: "help", "data-join-help": String(i), text: T.join_expired }));
      } else if (!seatKeys()[String(i)] || (join && join.failed)) {
        parts.push(el("p", { class: "help", text: T.no_key_here }));
      }
      var row = el("div", { class: "actions" });
      if ((join && join.url) || (x.joined && !join && seatKeys()[String(i)])) {
        row.appendChild(el("button", { type: "button", class: "button" + (expired ? " primary" : ""), "data-newlink": String(i), onclick: function () {
          delete joins[i];
          loadJoin(i);
          renderRemote(state);
        } }, [T.new_link]));
      }
      if (s.status === "playing") {
        row.appendChild(el("button", { type: "button", class: "button", "data-bot": String(i), onclick: function () {
          if (x.bot) return manage("PUT", API + "/seats/" + i, { bot: null });
          ask(T.which_bot, ["smart", "random"].map(function (b) { return { value: b, label: [T[b]] }; }), function (b) {
            manage("PUT", API + "/seats/" + i, { bot: b });
          });
        } }, [x.bot ? T.take_back : T.to_bot]));
      }
      row.appendChild(el("button", { type: "button", class: "button", "data-newkey": String(i), onclick: function () {
        manage("POST", API + "/seats/" + i + "/key", undefined, function (body) {
          var keys = seatKeys(); keys[String(i)] = body.seat_key;
          P.save(ID, { seatKeys: keys }); delete joins[i];
        });
      } }, [T.new_key]));
      parts.push(row);
      var who = [bdi(x.name), " — ", x.bot ? T["played_by_" + x.bot] || T.played_by_a_bot : T.own_phone];
      if (x.joined && !x.bot) who.push(" · ", t("joined_at", { time: clock(x.joined) }));
      var summary = el("summary", null, who);
      var details = el("details", { class: "remote-seat", "data-seat": String(i) }, [summary].concat(parts));
      details.open = isOpen;
      details.addEventListener("toggle", function () { if (details.open && !joins[i] && !x.joined) { loadJoin(i); } });
      remoteBox.appendChild(details);
    });
    if (busy) remoteBox.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    if (focused && remoteBox.querySelector(focused)) remoteBox.querySelector(focused).focus();
  }

  function rematch() {
    manage("POST", API + "/rematch", undefined, function (body) {
      var mine = P.saved(ID) || {};
      P.save(body.id, { key: key, seatKeys: mine.seatKeys || null, game: body.game, created: Date.now(),
                        names: body.seats.map(function (x) { return x.name; }) });
      window.location.assign(root.dataset.playUrl + encodeURIComponent(body.id));
    });
  }

  function nextGame(s) {
    if (!s.next) return null;
    return el("button", { type: "button", class: "button primary", "data-next": "", onclick: function () {
      P.save(s.next, { key: key, created: Date.now(), game: s.game });
      window.location.assign(root.dataset.playUrl + encodeURIComponent(s.next));
    } }, [T.next_game]);
  }

  // --- the games' own scripts: each registers a factory in P.games, given the helpers it needs ---------------
  var games = {};
  function hooks(game) {
    if (!games[game] && P.games && P.games[game]) {
      games[game] = P.games[game]({
        T: T, t: t, f: f, el: el, bdi: bdi, send: send, ask: ask, meBox: meBox, data: DATA[game] || {},
        state: function () { return state; }, seat: function () { return seat; },
        render: function () { render(seenSeq); },
        remembered: function (name) { return stored[name]; },
        remember: function (values) { P.save(ID, values); Object.keys(values).forEach(function (k) { stored[k] = values[k]; }); },
        hand: hand, handToken: handToken, handHeading: handHeading, acting: acting, findLegal: findLegal,
        parseCard: parseCard, cardName: cardName, cardEl: cardEl, cardsEl: cardsEl, colorChoices: colorChoices
      });
    }
    return games[game] || {};
  }

  // --- a join link's claim code: exchanged for the seat key (see the top of this file) -------------------
  var claimBox = $("[data-claim]"), claimTries = 0, claimTimer = null;
  function claimNote(text, waiting) {
    claimBox.textContent = text || "";
    claimBox.hidden = !text;
    claimBox.className = "flash play-claim " + (waiting ? "flash-waiting" : "flash-error");
  }
  // Resolves once the exchange has an answer, or has failed for now (then it is tried again by itself).
  function exchange() {
    var waiting = claim.current();
    if (!waiting) return Promise.resolve();
    clearTimeout(claimTimer);
    return P.api("POST", root.dataset.claims + "/" + encodeURIComponent(waiting.code), null, undefined,
                 { "Idempotency-Key": waiting.retry }).then(function (r) {
      if (r.status === 200 && r.body.key) {
        claim.done();
        claimNote("");
        P.save(r.body.game, { key: r.body.key, created: (P.saved(r.body.game) || {}).created || Date.now() });
        if (r.body.game !== ID) { window.location.replace(root.dataset.playUrl + encodeURIComponent(r.body.game)); return; }
        key = r.body.key;
        stored.key = key;
        return;
      }
      if (r.status === 429 || r.status >= 500) {   // not looked at yet: the same code, later
        claimNote(r.body.error || T.network, true);
        return later();
      }
      claim.done();   // used, expired, or no such code: the game shows read-only, with the server's sentence
      claimNote(key ? "" : r.body.error || T.network);   // (a device that holds a key already plays on with it)
    }, function () {
      claimNote(T.claim_offline, true);
      return later();
    });
    function later() {
      claimTries++;
      claimTimer = setTimeout(function () { exchange().then(load); }, Math.min(3000 * claimTries, 30000));
    }
  }
  window.addEventListener("online", function () { if (claim.current()) exchange().then(load); });
  // A join link opened in a tab that already shows this game changes only the fragment (no page load): take it
  // as a load, so that the code above takes it off the address and exchanges it.
  window.addEventListener("hashchange", function () {
    if (/[#&](?:key|claim)=[^&]/.test(window.location.hash)) window.location.reload();
  });

  // --- start ----------------------------------------------------------------------------------------
  statusBox.textContent = T.loading;
  exchange().then(load);
})();
