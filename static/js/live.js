// Live sheets: the page follows the sheet as other phones change it, without reloading.
//
// The element marked data-live-wait holds the API's long-poll URL, the version shown and the
// plain read URL. The page asks /wait?version=N: the server answers as soon as the version
// differs (200, the new sheet) or after about 22 s (304, ask again). On an error the page falls
// back to asking the plain read URL with If-None-Match every few seconds, and goes back to the
// long poll once that works again. A hidden page stops asking and catches up when it is shown.
//
// data-live-mode="sheet": the sheet page swaps in the server's fresh rendering of itself and
// highlights what changed for a moment. data-live-mode="round": a round form being filled in
// is never touched; the page only says that the round was taken (or that the sheet changed).
(function () {
  "use strict";

  var root = document.querySelector("[data-live-wait]");
  if (!root || !window.fetch) return;

  var version = parseInt(root.dataset.liveVersion, 10);
  var mode = root.dataset.liveMode || "sheet";
  var POLL_MS = 3000;        // degraded mode: a conditional GET this often
  var RETRY_LONG_AFTER = 2;  // successful polls before the long poll is tried again
  var HOLD_MS = 35000;       // a long poll held longer than this is dropped (a proxy ate it)
  var failures = 0;
  var polls = 0;
  var running = false;
  var controller = null;
  var timer = null;

  function highlightKeys(container) {
    // Rows, headings and lines of text, each keyed by its section and its position there.
    var keyed = {};
    container.querySelectorAll("h1, h2, .panel > p, tr").forEach(function (el) {
      var section = el.closest("section");
      var where = section ? (section.getAttribute("aria-labelledby") || section.className) : "top";
      var key = where + "|" + el.tagName;
      var n = 0;
      while (keyed[key + "|" + n] !== undefined) n++;
      keyed[key + "|" + n] = el;
    });
    return keyed;
  }

  // Your place on the page, kept across a swap: open disclosures (the QR code someone is about to scan),
  // sideways-scrolled tables and the focused control. Each element is found again by where it sits (its
  // section, its tag and class, its place among its likes there), not by its text, which the update may change.
  function placeKey(el) {
    if (el.id) return "#" + el.id;
    var section = el.closest("section");
    var where = section ? (section.getAttribute("aria-labelledby") || section.className) : "top";
    var like = el.tagName + "." + (el.getAttribute("class") || "").replace(/\blive-changed\b/g, "").trim();
    var scope = section || root;
    var n = 0;
    var all = scope.getElementsByTagName(el.tagName);
    for (var i = 0; i < all.length && all[i] !== el; i++) {
      if (all[i].tagName + "." + (all[i].getAttribute("class") || "").replace(/\blive-changed\b/g, "").trim() === like) n++;
    }
    return where + "|" + like + "|" + n + (el.name ? "|" + el.name : "");
  }

  function findPlace(key) {
    if (key.charAt(0) === "#") return document.getElementById(key.slice(1));
    // Only the elements of the key's own tag can have it ("section|TAG.class|n").
    var tag = key.split("|")[1].split(".")[0];
    var candidates = root.getElementsByTagName(tag);
    for (var i = 0; i < candidates.length; i++) if (placeKey(candidates[i]) === key) return candidates[i];
    return null;
  }

  function notePlace() {
    var place = { open: [], scrolled: [], focus: null };
    root.querySelectorAll("details[open]").forEach(function (el) { place.open.push(placeKey(el)); });
    root.querySelectorAll(".table-scroll, [data-keep-scroll]").forEach(function (el) {
      if (el.scrollLeft || el.scrollTop) place.scrolled.push([placeKey(el), el.scrollLeft, el.scrollTop]);
    });
    var active = document.activeElement;
    if (active && active !== root && root.contains(active)) place.focus = placeKey(active);
    return place;
  }

  function keepPlace(place) {
    place.open.forEach(function (key) { var el = findPlace(key); if (el && el.tagName === "DETAILS") el.open = true; });
    place.scrolled.forEach(function (item) {
      var el = findPlace(item[0]);
      if (el) { el.scrollLeft = item[1]; el.scrollTop = item[2]; }
    });
    if (place.focus) {
      var el = findPlace(place.focus);
      if (el && typeof el.focus === "function") el.focus({ preventScroll: true });
    }
  }

  function swapSheet(fresh) {
    var before = highlightKeys(root);
    var oldText = {};
    Object.keys(before).forEach(function (key) { oldText[key] = before[key].textContent.trim(); });
    var place = notePlace();
    root.innerHTML = fresh.innerHTML;
    root.dataset.liveVersion = fresh.dataset.liveVersion;
    keepPlace(place);
    var after = highlightKeys(root);
    Object.keys(after).forEach(function (key) {
      if (oldText[key] !== after[key].textContent.trim()) {
        after[key].classList.add("live-changed");
      }
    });
    setTimeout(function () {
      root.querySelectorAll(".live-changed").forEach(function (el) { el.classList.remove("live-changed"); });
    }, 2600);
    document.dispatchEvent(new CustomEvent("deckside:sheet-updated", { detail: { version: version } }));
  }

  function refreshSheet() {
    return fetch(root.dataset.livePage || window.location.pathname, {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
    }).then(function (response) {
      if (!response.ok) throw new Error("page " + response.status);
      return response.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.querySelector("[data-live-wait]");
      if (!fresh) throw new Error("no sheet in the page");
      swapSheet(fresh);
      return parseInt(fresh.dataset.liveVersion, 10);
    });
  }

  function noteRoundPage(data) {
    var number = parseInt(root.dataset.liveRound, 10);
    var editing = root.dataset.liveEditing === "1";
    var notice = root;  // on a round page the notice itself carries the URLs
    var taken = !editing && data.rounds && data.rounds.length >= number;
    // Rows of this very round arriving from the table's phones (a round entered together) change the version
    // but not the sheet: nothing to say on this form.
    if (!editing && !taken && data.draft && data.draft.round === number) {
      document.dispatchEvent(new CustomEvent("deckside:draft", { detail: data }));  // static/js/draft.js
      return;
    }
    // The round this form is for was stored on another phone: the round filled in together may hold this phone's
    // entry as it stands (static/js/draft.js says so itself then, and cancels this notice).
    if (taken && !document.dispatchEvent(new CustomEvent("deckside:taken", { detail: data, cancelable: true }))) return;
    notice.textContent = taken ? root.dataset.tTaken : root.dataset.tChanged;
    notice.hidden = false;
    notice.classList.add("live-changed");
  }

  function changed(data) {
    if (mode === "round") {
      noteRoundPage(data);
      return Promise.resolve(data.version);
    }
    return refreshSheet();
  }

  function next(delay) {
    clearTimeout(timer);
    timer = setTimeout(loop, delay);
  }

  function loop() {
    if (document.hidden) { running = false; return; }
    running = true;
    var longPoll = failures === 0;
    var url = longPoll ? root.dataset.liveWait + "?version=" + version : root.dataset.liveRead;
    var headers = longPoll ? {} : { "If-None-Match": "\"" + version + "\"" };
    var mine = controller = new AbortController();
    var guard = setTimeout(function () { mine.abort(); }, HOLD_MS);
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: headers, signal: mine.signal })
      .then(function (response) {
        clearTimeout(guard);
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("status " + response.status);
        return response.json();
      })
      .then(function (data) {
        if (!data || data.version === version) return null;
        return changed(data).then(function (shown) { version = shown || data.version; });
      })
      .then(function () {
        if (mine !== controller) return;  // superseded (the page was shown again)
        if (!longPoll && ++polls >= RETRY_LONG_AFTER) { failures = 0; polls = 0; }
        next(longPoll ? 0 : POLL_MS);
      })
      .catch(function () {
        clearTimeout(guard);
        if (mine !== controller) return;
        failures += 1;
        polls = 0;
        next(Math.min(POLL_MS * failures, 15000));
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    // Back on screen: the held request may have died with the connection; ask again at once.
    if (controller) controller.abort();
    controller = null;
    failures = failures ? 1 : 0;
    next(0);
  });

  // The page was rendered just now: the first question can wait a moment (and lets the page settle,
  // "network idle", before a request is held open); a change meanwhile is answered at once then.
  var FIRST_MS = 1500;
  if (document.readyState === "complete") next(FIRST_MS);
  else window.addEventListener("load", function () { next(FIRST_MS); });
})();
