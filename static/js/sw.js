// Service worker, served at /sw.js (scope: the whole app) by app/views/main.py, which puts
// VERSION (changes with any static file) and PRECACHE (versioned static URLs) in front of this file.
//
// Pages: network first, the last copy seen as the fallback when the connection drops (cache-first
// would show stale scores and stale CSRF tokens). A page sent with Cache-Control: no-store (the
// edit link's page) is never kept. Static files: their URLs carry a content hash, so a
// cached copy is always right. Writes (POST) are never touched here: a cache cannot replay them;
// static/js/offline.js keeps a round entered offline and sends it when the connection returns.
// Edit keys: no page holds one (they travel in URL fragments, see static/js/handover.js), and an answer
// marked Cache-Control: no-store (the hand-over redirects, the digital game's state) is never kept.
// A cached round form carries the round number, version and idempotency key of the visit that stored
// it: offline.js renumbers it after the rounds already queued and gives each queued round its own key,
// so a copy served from here can never overwrite or stand in for another round.
/* global VERSION, PRECACHE, OFFLINE */
"use strict";

var STATIC = "deckside-static-" + VERSION;
var PAGES = "deckside-pages";
var ENGINE = "deckside-engine";
var PAGE_TIMEOUT = 6000;  // on a weak connection, show the copy we have rather than wait forever

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC)
      .then(function (cache) { return cache.addAll(PRECACHE); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("deckside-static-") === 0 && name !== STATIC;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// OFFLINE holds the offline page's words in every language the app offers ({default, texts: {code: words}},
// HTML-escaped by app/views/main.py, the link already in place). The page comes in the language of the last page
// this worker fetched (its Content-Language, kept in the pages cache under LANGUAGE so that it survives the worker
// being stopped), else in the language of the request that installed the worker: a phone that switches its
// language gets the offline page in its language now (issue 25).
var LANGUAGE = "/__deckside-language";

function rememberLanguage(cache, response) {
  var lang = response.headers.get("Content-Language");
  if (lang && OFFLINE.texts[lang]) {
    cache.put(LANGUAGE, new Response(lang, { headers: { "Content-Type": "text/plain" } }));
  }
}

function offlinePage(cache) {
  var kept = cache ? cache.match(LANGUAGE).then(function (r) { return r ? r.text() : null; }) : Promise.resolve(null);
  return kept.catch(function () { return null; }).then(function (lang) {
    var words = OFFLINE.texts[lang] || OFFLINE.texts[OFFLINE.default];
    var html = "<!doctype html><html lang=\"" + words.lang + "\" dir=\"" + words.dir + "\"><head><meta charset=\"utf-8\">" +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + words.title + " · Deckside</title>" +
      "<style>body{font:1.05rem/1.5 system-ui,sans-serif;margin:2rem 1rem;color:#1d1b16;background:#f4f1ea}" +
      "a{display:inline-block;min-height:44px;line-height:44px;color:#0b5fa5}</style></head><body><main>" +
      "<h1>" + words.heading + "</h1><p>" + words.body + "</p><p>" + words.sheets + "</p></main></body></html>";
    return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

function fromNetworkOrCache(request) {
  var url = new URL(request.url);
  var key = url.origin + url.pathname;  // never a query string or a fragment
  return caches.open(PAGES).then(function (cache) {
    return cache.match(key).then(function (cached) {
      var network = fetch(request).then(function (response) {
        var noStore = /no-store/i.test(response.headers.get("Cache-Control") || "");
        if (response.ok && !response.redirected && response.type === "basic" && !url.search && !noStore) {
          cache.put(key, response.clone());
        }
        if (response.ok && response.type === "basic") rememberLanguage(cache, response);
        return response;
      });
      if (!cached) return network.catch(function () { return offlinePage(cache); });
      var timeout = new Promise(function (resolve) {
        setTimeout(function () { resolve(cached); }, PAGE_TIMEOUT);
      });
      return Promise.race([network.catch(function () { return cached; }), timeout]);
    });
  });
}

// A sheet page asks to keep its round form (its "Record round" link) when it is opened online, so that a new
// sheet's round form opens offline although it was never opened online; a player link's phone asks to keep its
// hand page ("Enter my hand", /sheets/<id>/hand: the player key is in the sheet's cookie, never in the address,
// and the copy is kept under the bare address, so no key is in the cache's keys or headers). Only a round form or
// hand page of this app, kept once (a copy already kept is refreshed by the next visit that opens it); nothing
// with no-store.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep-page" || typeof data.url !== "string") return;
  var url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || url.search || !/^\/sheets\/[^/]+\/(rounds\/new|hand)$/.test(url.pathname)) return;
  var key = url.origin + url.pathname;
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return cache.match(key).then(function (cached) {
      if (cached) return null;
      return fetch(key, { credentials: "same-origin" }).then(function (response) {
        var noStore = /no-store/i.test(response.headers.get("Cache-Control") || "");
        if (response.ok && !response.redirected && response.type === "basic" && !noStore) return cache.put(key, response);
        return null;
      });
    });
  }).catch(function () { return null; }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pyodide (static/vendor/pyodide-<version>/: the folder names the version, so a copy is always right) and the
  // engine's source (/engine.zip?v=…): what offline.js counts kept rounds with, kept apart from the static files'
  // cache so that a new version of the app does not make every phone download them again.
  if (/^\/static\/vendor\/pyodide-[^/]+\//.test(url.pathname) || (url.pathname === "/engine.zip" && url.searchParams.get("v"))) {
    event.respondWith(caches.open(ENGINE).then(function (cache) {
      // ignoreVary: the answers vary by encoding and cookie, the files do not (a module import and a fetch differ).
      return cache.match(request, { ignoreSearch: url.pathname !== "/engine.zip", ignoreVary: true }).then(function (cached) {
        return cached || fetch(request).then(function (response) {
          if (response.ok) {
            cache.put(request, response.clone());
            if (url.pathname === "/engine.zip") {  // the engine of an earlier version of the app goes
              cache.keys().then(function (keys) {
                keys.forEach(function (key) {
                  if (new URL(key.url).pathname === "/engine.zip" && key.url !== request.url) cache.delete(key);
                });
              });
            }
          }
          return response;
        });
      });
    }));
    return;
  }
  // The shared static files (/static/) and each game's own (/games/<kind>/static/, served from its folder).
  if (/^\/(games\/[a-z][a-z0-9_]*\/)?static\//.test(url.pathname)) {
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(request).then(function (cached) {
        return cached || fetch(request).then(function (response) {
          if (response.ok && url.searchParams.get("v")) cache.put(request, response.clone());
          return response;
        });
      });
    }));
  } else if (/\/share\/edit$/.test(url.pathname)) {
    return;  // the edit link's page: straight to the network, never kept (it holds the edit key)
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkOrCache(request));
  }
});
