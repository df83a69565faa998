# Deckside: `make run` sets everything up and serves the app; `make test` sets everything up and runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test setup bench clean help

help:
	@echo "make run     set up and serve on http://$(HOST):$(PORT)"
	@echo "make test    set up and run the whole suite"
	@echo "make bench   run the benchmarks (they print their figures)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/flask --app app init-db
	$(BIN)/flask --app app run --host $(HOST) --port $(PORT)

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python bench/phase_finder.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
