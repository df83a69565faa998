// Shared helpers of the digital-game pages: games kept on this device, translated strings, API calls.
(function () {
  "use strict";
  var PREFIX = "deckside-play:";

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  // A game kept on this device: {key, game, names, created, finished} under "deckside-play:<id>".
  function saved(id) {
    var s = storage();
    if (!s) return null;
    try { return JSON.parse(s.getItem(PREFIX + id) || "null"); } catch (e) { return null; }
  }
  function save(id, data) {
    var s = storage();
    if (!s) return;
    var old = saved(id) || {};
    Object.keys(data).forEach(function (k) { old[k] = data[k]; });
    try { s.setItem(PREFIX + id, JSON.stringify(old)); } catch (e) { /* storage full or refused */ }
  }
  function forget(id) { var s = storage(); if (s) s.removeItem(PREFIX + id); }
  function list() {
    var s = storage(), out = [];
    if (!s) return out;
    for (var i = 0; i < s.length; i++) {
      var k = s.key(i);
      if (k && k.indexOf(PREFIX) === 0) {
        var g = saved(k.slice(PREFIX.length));
        if (g) { g.id = k.slice(PREFIX.length); out.push(g); }
      }
    }
    out.sort(function (a, b) { return (b.created || 0) - (a.created || 0); });
    return out;
  }

  // A translated template with {placeholders}; values may be strings or DOM nodes (e.g. <bdi> names).
  // A counted template is an object of forms by CLDR plural category (the server's plural_forms):
  // the count ({n} or {count}) picks the form as the page's language counts.
  function fmt(strings, key, values) {
    var text = strings[key] !== undefined ? strings[key] : key;
    if (text && typeof text === "object") text = pluralForm(text, values);
    var frag = document.createDocumentFragment();
    var re = /\{(\w+)\}/g, last = 0, m;
    while ((m = re.exec(text))) {
      frag.appendChild(document.createTextNode(text.slice(last, m.index)));
      var v = values && values[m[1]];
      if (v === undefined || v === null) v = m[0];
      frag.appendChild(typeof v === "object" ? v : document.createTextNode(String(v)));
      last = re.lastIndex;
    }
    frag.appendChild(document.createTextNode(text.slice(last)));
    return frag;
  }
  var pluralRules = null;
  function pluralForm(forms, values) {
    var count = values && (values.n !== undefined ? values.n : values.count);
    if (!pluralRules) pluralRules = new Intl.PluralRules(document.documentElement.lang || "en");
    var form = typeof count === "number" ? forms[pluralRules.select(count)] : undefined;
    return form !== undefined ? form : forms.other;
  }
  function text(strings, key, values) { return fmt(strings, key, values).textContent; }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.indexOf("on") === 0) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    });
    return node;
  }
  function bdi(name) { return el("bdi", { text: name }); }

  // fetch JSON; resolves {status, body, date}; rejects only when the server cannot be reached.
  // `extra` adds headers (If-Match, If-None-Match, Idempotency-Key); `date` is the server's clock (ms).
  function api(method, url, key, body, extra) {
    var headers = { "Accept": "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (key) headers["Authorization"] = "Bearer " + key;
    if (extra) Object.keys(extra).forEach(function (k) { headers[k] = extra[k]; });
    return fetch(url, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body),
                        credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        var date = Date.parse(r.headers.get("Date") || "") || Date.now();
        if (r.status === 304) return { status: 304, body: {}, date: date };
        return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b, date: date }; });
      });
  }

  function json(node, name) {
    try { return JSON.parse(node.getAttribute(name) || "{}"); } catch (e) { return {}; }
  }

  // A claim code (a join link's, a move link's) whose exchange has no answer yet: kept for the tab in
  // sessionStorage under `slot`, with the Idempotency-Key it is sent with (made here for a fresh `code`), so that a
  // reload still has both and the server answers this phone, and no other, again. `current()` is the claim to send
  // (null once done), `done()` forgets it.
  function waitingClaim(slot, code, prefix) {
    var claim = null;
    function keep(value) {
      try {
        if (value) window.sessionStorage.setItem(slot, JSON.stringify(value));
        else window.sessionStorage.removeItem(slot);
      } catch (e) { /* private mode: the code waits in this page only */ }
    }
    if (code) claim = { code: code, retry: prefix + "-" + Date.now() + "-" + Math.random().toString(36).slice(2) };
    else try { claim = JSON.parse(window.sessionStorage.getItem(slot) || "null"); } catch (e) { claim = null; }
    keep(claim);
    return {
      current: function () { return claim; },
      done: function () { claim = null; keep(null); }
    };
  }

  window.DecksidePlay = { saved: saved, save: save, forget: forget, list: list, fmt: fmt, text: text,
                          el: el, bdi: bdi, api: api, json: json, waitingClaim: waitingClaim };
})();
