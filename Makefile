# Deckside: `make run` sets everything up and serves the app; `make test` sets everything up and runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUNTIME_STAMP := $(VENV)/.installed-runtime
STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: setup-runtime run test test-long screenshots lighthouse test-tls fairness test-postgres test-schema fuzz load long-games setup browser-deps bench messages clean help lint lock update-messages compile-messages untranslated merge-messages test-matrix live-bench test-quick watchers test-nginx

help:
	@echo "make run     set up and serve on http://$(HOST):$(PORT)"
	@echo "make test    set up and run the whole suite (the tests marked long: a bounded version of each)"
	@echo "make test-long  the tests marked long (tests/tiers.py): whole three-phone games, every language and width, real 8-s waits"
	@echo "make screenshots  the browser tests again, saving their review screenshots under test-artifacts/screenshots/"
	@echo "make bench   run the benchmarks (they print their figures)"
	@echo "make fairness  another table's round saves while 8 clients send the heaviest requests (SQLite, PostgreSQL)"
	@echo "make test-tls  forms and edit links through gunicorn with TLS and two workers, in Chromium"
	@echo "make test-nginx  the same browser tests through nginx (deploy/nginx.conf.example, TLS) in front of gunicorn (Debian's nginx, installed when missing)"
	@echo "make test-postgres  the database tests again on a throwaway PostgreSQL (installed when missing)"
	@echo "make test-schema  schemathesis against a live server, driven by /api/openapi.json (SCHEMA_FUZZ_SECONDS=600)"
	@echo "make fuzz    long property-based fuzzing of every endpoint and form (FUZZ_EXAMPLES=3000)"
	@echo "make load    20 simulated phones against waitress on SQLite and PostgreSQL (about 4 minutes)"
	@echo "make live-bench  200 phones watching 50 sheets on gunicorn (gthread), SQLite and PostgreSQL (about 5 minutes)"
	@echo "make watchers  250 to 2,000 phones holding long polls on gunicorn -k gevent: another table's save and save-to-screen (SQLite, about 4 minutes)"
	@echo "make long-games  the game invariant tests over thousands of seeded games, and the phase finder against brute force on 20,000 hands (about 20 minutes)"
	@echo "make messages    extract every translatable string into app/translations/messages.pot (Flask-Babel)"
	@echo "make update-messages  extract, then bring every language's messages.po up to date (pybabel update)"
	@echo "make compile-messages compile the catalogues (.mo, not committed; make run and make test do it)"
	@echo "make untranslated CODE=de  print de's untranslated entries as JSON (scripts/translations.py)"
	@echo "make merge-messages CODE=de FILE=de.json  write translated JSON back into de's catalogue"
	@echo "make test-matrix every language x every page x 320/390/landscape in Chromium: no horizontal overflow"
	@echo "make lighthouse  Lighthouse on the home page, a sheet and a digital game: every category at least 95"
	@echo "make lint    ruff check, ruff format --check, mypy (all of app/), lint-imports (engine purity)"
	@echo "make lock    update requirements.lock (runtime) and requirements-test.lock from pyproject.toml (LOCK_FLAGS=--upgrade to take new releases)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Two lock files (exact versions with hashes, made by `make lock`): requirements.lock holds what the
# server needs, requirements-test.lock that plus the test tools (its runtime pins are the same). `make run`
# installs the first only; `make test` and the other test targets the second. The project itself goes in
# with `pip install --no-deps -e .`, resolving nothing again.
$(RUNTIME_STAMP): pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(RUNTIME_STAMP)

$(STAMP): pyproject.toml requirements-test.lock $(RUNTIME_STAMP)
	$(BIN)/python -m pip install --quiet -r requirements-test.lock
	touch $(STAMP)

# uv resolves for every platform (--universal) and keeps the pins already in the locks unless
# LOCK_FLAGS=--upgrade (or --upgrade-package NAME) says otherwise; the test lock is constrained to the
# runtime lock's pins. uv is a tool here, not a dependency.
LOCK_FLAGS ?=
UV_COMPILE = $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" --quiet $(LOCK_FLAGS)
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'uv>=0.13,<1'
	$(UV_COMPILE) -o requirements.lock
	$(UV_COMPILE) --extra test --constraint requirements.lock -o requirements-test.lock

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Pyodide (vendor/package.json, pinned with its hash in vendor/package-lock.json): the Python the phone's browser
# runs the rules engine in, to count the rounds it keeps without a connection (app/provisional.py). Served from
# static/vendor/pyodide-<version>/ (not in git): the folder names the version, so the service worker keeps a copy
# for good. npm is Debian's package, installed when missing (as root).
PYODIDE_STAMP := static/vendor/.installed-pyodide
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

$(PYODIDE_STAMP): vendor/package.json vendor/package-lock.json
	@command -v npm >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y npm; \
		else echo "The app serves Pyodide from npm: install Debian's package 'npm' (sudo apt-get install -y npm), then make again." >&2; exit 1; fi; }
	npm ci --prefix vendor --no-audit --no-fund --silent
	rm -rf static/vendor/pyodide-*
	version=$$(node -p "require('./vendor/node_modules/pyodide/package.json').version") && \
		mkdir -p static/vendor/pyodide-$$version && \
		cd vendor/node_modules/pyodide && cp $(PYODIDE_FILES) ../../../static/vendor/pyodide-$$version/
	touch $(PYODIDE_STAMP)

# What the server needs: runtime packages, the compiled catalogues and Pyodide (no test tools).
setup-runtime: $(RUNTIME_STAMP) compile-messages $(PYODIDE_STAMP)

setup: $(STAMP) compile-messages $(PYODIDE_STAMP)

run: setup-runtime
	$(BIN)/flask --app app db upgrade
	$(BIN)/flask --app app run --host $(HOST) --port $(PORT)

# The browser tests drive Debian's Chromium (Playwright cannot download its own browsers here)
# and inject axe-core from node_modules; both are installed here, never skipped.
CHROMIUM := /usr/bin/chromium
AXE := node_modules/axe-core/axe.min.js

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium' (Debian package 'chromium'), then make test again." >&2; \
		exit 1; \
	fi

$(AXE): package.json package-lock.json
	@command -v npm >/dev/null || { echo "The accessibility tests need npm: install Debian's package 'npm' (apt-get install -y npm)." >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $(AXE)

# Hebrew and Devanagari glyphs for the screenshots and the layout checks in those languages (system fonts, no CDN).
NOTO := /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf

$(NOTO):
	@if [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-core; \
	else \
		echo "The Hindi and Hebrew browser tests need Debian's fonts-noto-core: run 'sudo apt-get install -y fonts-noto-core', then make test again." >&2; \
		exit 1; \
	fi

browser-deps: $(CHROMIUM) $(AXE) $(NOTO)

# The suite runs in parallel (pytest-xdist): one worker per core (TEST_WORKERS=auto; two per core measured no
# faster on this 2-core machine: 11 min 56 s against 12 min 18 s, the browser tests then wait for the CPU), idle
# workers taking the next test (worksteal). TEST_WORKERS=0 runs it in one process. Each worker has its own
# database files, servers on free ports and browser.
TEST_WORKERS ?= auto
# The tests' temporary files (each test's SQLite database, the servers' files, the browser profiles) go to
# memory when the machine has /dev/shm: every commit of a test database is an fsync on a disk, and the same
# suite ran in half the time from memory (make test keeps to its 10 minutes so). pytest empties the folder first.
TEST_TMP ?= $(if $(wildcard /dev/shm),/dev/shm/deckside-tests,)
PYTEST_TMP := $(if $(TEST_TMP),--basetemp=$(TEST_TMP),)
# The tests marked long (tests/tiers.py: whole games on three phones, every language at every width, real waits of
# 8 s and more, the TLS servers) are left to make test-long and make test-tls; make test runs a bounded version of each.
test: setup browser-deps
	node --test tests/js/
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal -m 'not long' $(PYTEST_TMP)

# The tests marked long, but those of tests/tls (make test-tls runs those, with the rest of tests/tls).
test-long: setup browser-deps
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal -m long --ignore=tests/tls $(PYTEST_TMP)

# The browser tests again, saving the screenshots they take for review under test-artifacts/screenshots/
# (make test takes none: a full-page screenshot costs a third of a second).
screenshots: setup browser-deps
	DECKSIDE_SHOTS=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_TMP) tests/e2e

# The forms and edit links as deployed: gunicorn with TLS (a throwaway certificate) and two workers, in Chromium.
# (make test runs the tests of tests/tls not marked long.)
test-tls: setup browser-deps
	$(BIN)/python -m pytest -p no:cacheprovider tests/tls

# The same tests as deployed behind a proxy: nginx (Debian's package) terminates TLS with a throwaway certificate,
# running deploy/nginx.conf.example (ports and paths filled in by tests/tls/nginx_front.py), in front of
# gunicorn (two gevent workers, plain HTTP on loopback, DECKSIDE_PROXIES=1). 17 tests, 2 min 51 s measured on a
# loaded 2-core machine. Not part of `make test`: .ci/run calls it.
NGINX := /usr/sbin/nginx

$(NGINX):
	@if [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx; \
	else \
		echo "make test-nginx needs nginx at $(NGINX): run 'sudo apt-get install -y nginx' (Debian package 'nginx'), then make test-nginx again." >&2; \
		exit 1; \
	fi

test-nginx: setup browser-deps $(NGINX)
	TEST_TLS_FRONT=nginx $(BIN)/python -m pytest -p no:cacheprovider tests/tls

# The suite without the tests marked slow (servers, crashes, fuzzing, hundreds of whole games).
test-quick: setup
	node --test tests/js/
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal -m 'not slow' $(PYTEST_TMP)

# The tests that touch the database, again on PostgreSQL (scripts/pg-test.sh sets TEST_DATABASE_URL);
# the pure engine tests do not depend on the database and run once, in `make test`.
test-postgres: setup
	bash scripts/pg-test.sh $(BIN)/python -m pytest -p no:cacheprovider tests/web tests/hardening

# Schemathesis against a real server on 127.0.0.1: every check but positive_data_acceptance, stateful links.
SCHEMA_FUZZ_SECONDS ?= 600
test-schema: setup  # schemathesis (the fuzz extra) is pinned in requirements-test.lock with the test extra
	$(BIN)/python scripts/schema_fuzz.py --max-time $(SCHEMA_FUZZ_SECONDS)

FUZZ_EXAMPLES ?= 3000
fuzz: setup
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:cacheprovider -s tests/hardening/test_fuzz.py

load: setup
	$(BIN)/python bench/load.py --database sqlite
	PG_FSYNC=on bash scripts/pg-test.sh $(BIN)/python bench/load.py --database postgres
	$(BIN)/python bench/phones.py

# Another table's round saves, a 70-round sheet's saves and a person's moves while 8 clients loop on the heaviest
# requests and one client loops 40 reads of bots-only games (gunicorn -k gthread; SQLite, then PostgreSQL with fsync on).
fairness: setup
	$(BIN)/python bench/fairness.py --database sqlite; sqlite=$$?; \
	PG_FSYNC=on bash scripts/pg-test.sh $(BIN)/python bench/fairness.py --database postgres; postgres=$$?; \
	exit $$((sqlite || postgres))

# Live sheets: 200 phones long-polling 50 sheets while they record rounds, on gunicorn -k gthread.
live-bench: setup
	$(BIN)/python bench/live.py --database sqlite
	PG_FSYNC=on bash scripts/pg-test.sh $(BIN)/python bench/live.py --database postgres

# Thousands of watching phones: the long polls on gunicorn -k gevent beside the threaded app server;
# the curve of another table's save and of save-to-screen (SQLite; about 4 minutes).
WATCHERS_LEVELS ?= 250,500,1000,2000
watchers: setup
	$(BIN)/python bench/watchers.py --levels $(WATCHERS_LEVELS)

bench: setup
	$(BIN)/python bench/phase_finder.py
	$(BIN)/python bench/dealcheck.py
	$(BIN)/python bench/simulate_phase10.py --games 100
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/simulate_uno.py

# The invariant tests of both digital games, over full-length games instead of the suite's bounded set.
long-games: setup
	PHASE10_LONG_GAMES=2000 UNO_LONG=1 FLIP_LONG=1 PHASE10_PROPERTY_EXAMPLES=20000 SEATS_PROPERTY_EXAMPLES=200 \
		$(BIN)/python -m pytest -p no:cacheprovider \
		tests/engine/test_phase10_game_invariants.py tests/engine/test_uno_game_invariants.py \
		tests/engine/test_uno_flip_game_invariants.py \
		tests/engine/test_phase10_finder_property.py tests/web/test_seats_property.py

# Translations (app/translations/<lang>/LC_MESSAGES/messages.po; README "Languages"). The .mo files are
# built here, never committed; messages.pot is regenerated from the source each time.
LOCALES := app/translations
CATALOGUES := $(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGUES:.po=.mo)

messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k _l -k N_ -k plural_forms:1,2 --no-location --sort-output --add-comments=Translators: \
		-o $(LOCALES)/messages.pot .

update-messages: messages
	$(BIN)/pybabel update -i $(LOCALES)/messages.pot -d $(LOCALES) --no-wrap --ignore-obsolete
	$(BIN)/python scripts/translations.py check || true

$(LOCALES)/%/LC_MESSAGES/messages.mo: $(LOCALES)/%/LC_MESSAGES/messages.po | $(RUNTIME_STAMP)
	$(BIN)/pybabel -q compile -i $< -o $@ -l $*

compile-messages: $(COMPILED)

CODE ?= de
untranslated: $(STAMP)
	@$(BIN)/python scripts/translations.py untranslated $(CODE)

# make merge-messages CODE=de FILE=de.json: the filled-in JSON back into de's catalogue (placeholders checked).
merge-messages: $(STAMP)
	$(BIN)/python scripts/translations.py merge $(CODE) $(FILE)

# Every language x every page x 320x568, 390x844 and 844x390 in Chromium (make test runs a subset).
test-matrix: setup browser-deps
	DECKSIDE_MATRIX=1 $(BIN)/python -m pytest -p no:cacheprovider tests/e2e/test_languages_browser.py

# Lighthouse (npm, in Debian's Chromium) on the home page, a sheet and a digital game against gunicorn: performance,
# accessibility, best practices and SEO, each at least 95 (the median of three runs per page; about 4 minutes).
lighthouse: setup browser-deps
	$(BIN)/python bench/lighthouse.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info node_modules vendor/node_modules static/vendor test-artifacts
