# Two commands set up everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run party run-cluster test bench screenshots mutate

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# html-validate for tests/test_markup.py, from npm at the versions its lock file pins.
HTMLVALIDATE := tests/assets/html-validate
NPM_STAMP := $(HTMLVALIDATE)/node_modules/.installed
$(NPM_STAMP): $(HTMLVALIDATE)/package.json $(HTMLVALIDATE)/package-lock.json
	@command -v npm >/dev/null || { echo "make install needs node 20.19+ and npm, for html-validate"; exit 1; }
	cd $(HTMLVALIDATE) && npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

# What `make test` needs. Serving needs only the Python half: a laptop without node can host.
install: $(STAMP) $(NPM_STAMP)

# Serves on http://$(HOST):$(PORT) with SQLite (db.sqlite3, the user's alone: companion/web/private.py)
# and the in-memory channel layer.
# DEBUG is on here for a laptop; docs/hosting.md has the production settings.
run: $(STAMP)
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(BIN)/daphne --no-server-name -b $(HOST) -p $(PORT) config.asgi:application

# Serves the phones on this Wi-Fi as production does (DEBUG off), on this machine's
# local-network address, and prints it with a QR code. PARTY_INTERFACE=<name> picks the interface.
party: $(STAMP)
	PORT=$(PORT) $(BIN)/python -m companion.web.party

# Two Daphne processes behind nginx on http://$(HOST):$(PORT), sharing PostgreSQL and Redis:
#   DATABASE_URL=postgres://... REDIS_URL=redis://... make run-cluster
# Needs nginx (apt-get install nginx). Ctrl-C stops all three.
CLUSTER := var/cluster
run-cluster: $(STAMP)
	@test -n "$$DATABASE_URL" -a -n "$$REDIS_URL" || { echo "run-cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)"; exit 1; }
	mkdir -p -m 700 var $(CLUSTER) && chmod 700 var $(CLUSTER)  # the user's alone (companion/web/private.py)
	sed -e "s|@VAR@|$(CURDIR)/$(CLUSTER)|g" -e "s|@PORT@|$(PORT)|g" \
	    -e "s|@UPSTREAM@|server 127.0.0.1:8101; server 127.0.0.1:8102;|" config/nginx.conf > $(CLUSTER)/nginx.conf
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	trap 'kill 0' INT TERM EXIT; \
	for p in 8101 8102; do DEBUG=$${DEBUG:-1} RATELIMIT_IP_META_KEY=HTTP_X_REAL_IP \
	    $(BIN)/daphne --no-server-name -b 127.0.0.1 -p $$p config.asgi:application & done; \
	nginx -c $(CURDIR)/$(CLUSTER)/nginx.conf -g 'daemon off;'

test: install
	$(BIN)/python -m pytest -n auto --dist worksteal

bench: install
	@for f in tests/benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# The screen matrix: every screen of every scripted game on phones and displays, checked and
# written to var/screenshots/; then the README's gallery from it (docs/screens/).
screenshots: install
	$(BIN)/python -m pytest tests/browser/test_screens.py -q -p no:randomly -n auto --dist worksteal
	$(BIN)/python tests/browser/gallery.py

# Mutation testing of the rules engines (not part of `make test` nor CI; see docs/mutation.md).
# By default every rules module of every game but the demo (games/stub, which pyproject's
# do_not_mutate leaves out too), so a new game is in as soon as it has games/<slug>/rules/;
# a part by mutmut's name pattern, e.g.
#   make mutate MUTANTS='games.lie.rules.game.x__settle*'
MUTATED_GAMES := $(filter-out stub,$(patsubst games/%/rules/,%,$(wildcard games/*/rules/)))
MUTANTS ?= $(foreach game,$(MUTATED_GAMES),'games.$(game).rules.*')
MUTATE_CHILDREN ?= 2
# Start afresh: mutmut keeps its map of which tests reach which function (stale once tests are
# added) and skips every mutant it once killed (even by a test since removed or by a lucky
# random example); a score is only honest from nothing.
mutate: install
	mkdir -p var
	rm -rf mutants
	$(BIN)/mutmut run --max-children $(MUTATE_CHILDREN) $(MUTANTS) > var/mutmut.log 2>&1 || { tail -40 var/mutmut.log; exit 1; }
	$(BIN)/python tests/mutate_report.py
