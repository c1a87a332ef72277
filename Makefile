# Two commands set up everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test bench screenshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# Serves on http://$(HOST):$(PORT) with SQLite and the in-memory channel layer.
# DEBUG is on here for a laptop; see the README for production settings.
run: install
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(BIN)/daphne -b $(HOST) -p $(PORT) config.asgi:application

test: install
	$(BIN)/python -m pytest

bench: install
	@for f in tests/benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# Phone-size screenshots of every screen, written to var/screenshots/.
screenshots: install
	$(BIN)/python -m pytest tests/browser/test_screenshots.py -q -p no:randomly
