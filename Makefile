# netarcade: every target sets up what it needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test soak bench bench-cpython bench-cpu bench-ladders bench-breach-ladder bench-page bench-pyodide venv clean simulate

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

# the suite runs in two processes (pytest-xdist; docs/testing.md, "Two processes"):
# `make test TEST_WORKERS=0` runs it in one
TEST_WORKERS ?= 2
# tests handed out one by one in the collected order (the browser tests last in each
# process; tests/conftest.py), a file marked xdist_group kept in one process
PARALLEL := -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder
# Python's bytecode and pytest's rewritten test modules kept under build/pycache, also
# where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE): without
# them every test process and relay process compiles everything again
# (collecting the suite: 15 s of CPU against 2.6 s)
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache

test: $(STAMP)
	$(TEST_ENV) $(PY) -m pytest -q $(PARALLEL)

# the long twins at full size: the tests marked soak (more kills, games and
# hypothesis examples than make test runs; tests/support/soak.py, tests/conftest.py)
soak: $(STAMP)
	$(TEST_ENV) $(PY) -m pytest -q $(PARALLEL) --soak -m soak

# engine figures (catanatron's four random players, then ours on CPython, then ours under
# Pyodide in Node, by the wall clock; then the three again by CPU seconds, bench-cpu), page
# figures (first board paint, ready to play cold and warm, beside the bare page), the relay's,
# then one table of them all (scripts/bench/table.py);
# `make bench BENCH_ARGS=--bots` also times the greedy and search bots' moves on both
# runtimes. The relay: 250 rooms of clients acting at once (throughput), then thinking 2 s, then three processes on
# Redis, and the pause per room when an owner is killed (docs/relay-load.md)
BENCH_ARGS ?=
BENCH_JSON := build/bench-cpython.json
bench: bench-pyodide
	$(MAKE) --no-print-directory bench-cpu
	$(MAKE) --no-print-directory bench-page
	$(PY) scripts/bench/relay.py --rooms 250 --seats 4 --seconds 20
	$(PY) scripts/bench/relay.py --rooms 250 --seats 4 --seconds 20 --think 2 --service-moves 0
	$(PY) scripts/bench/relay.py --rooms 20 --seats 4 --seconds 60 --kills 200 --service-moves 0
	$(MAKE) --no-print-directory redis
	$(PY) scripts/bench/relay.py --rooms 250 --seats 4 --seconds 20 --processes 3
	$(PY) scripts/bench/failover.py --rooms 30 --seats 4 --processes 3 --kills 3
	$(PY) scripts/bench/table.py --build build

# catanatron for the yardstick lives in its own venv, never in the test venv or the page
BENCH_VENV       := build/bench-venv
BENCH_VENV_STAMP := $(BENCH_VENV)/.installed
CATANATRON       := catanatron==3.2.1
$(BENCH_VENV_STAMP):
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet $(CATANATRON)
	touch $(BENCH_VENV_STAMP)

# catanatron then ours on CPython, in one run: every game's ratio to catanatron's figure
bench-cpython: $(STAMP) $(BENCH_VENV_STAMP)
	@mkdir -p build
	$(BENCH_VENV)/bin/python scripts/bench/catanatron_figures.py --save build/bench-catanatron.json
	$(PY) -m netarcade bench --catanatron build/bench-catanatron.json --save $(BENCH_JSON) $(BENCH_ARGS)

# the engines by CPU seconds, not the wall clock: the same seeded games on CPython, under
# Pyodide in Node and catanatron's, alternating in 3 rounds (scripts/bench/cpu.py): the ratios
# hold on a shared, loaded machine where the wall-clock figures above swing
bench-cpu: site $(STAMP) $(BENCH_VENV_STAMP)
	$(PY) scripts/bench/cpu.py --rounds 3 --save build/bench-cpu.json

# the search bots' ladders at full size (issue 24's targets; docs/bots.md): Overwrite's search
# against greedy at the page's think time, 200 games with 2 players and 200 with 4
# (scripts/research/overwrite_ladders.py; LADDER_ARGS="--option rules=2" for edition 2), then Breach's.
# Tens of CPU minutes each, so not part of `make bench`
LADDER_ARGS ?=
bench-ladders: $(STAMP)
	$(PY) scripts/research/overwrite_ladders.py --players 2 --games 200 --seed 8001 --workers 2 $(LADDER_ARGS)
	$(PY) scripts/research/overwrite_ladders.py --players 4 --games 200 --seed 7001 --workers 2 $(LADDER_ARGS)
	$(MAKE) --no-print-directory bench-breach-ladder

# Breach's search against three greedy bots, the full 200 games (the default rules edition,
# 3; BREACH_ARGS="--option rules=2" for edition 2; about 25 CPU-minutes; docs/bots.md,
# "Breach rules editions 2 and 3"), then the balance tables of edition 3
BREACH_ARGS ?=
bench-breach-ladder: $(STAMP)
	$(PY) -m netarcade ladder breach --pair search,greedy --players 4 --games 200 --seed 7001 --workers 2 $(BREACH_ARGS)
	$(PY) scripts/research/breach_balance.py --players 4 --games 400 --seed 1 --rules 3 --workers 2

# the CPython figures it compares with are measured first, in the same run (bench-cpython)
bench-pyodide: site bench-cpython
	node scripts/bench/pyodide.mjs --lock $(firstword $(wildcard $(DIST)/static/vendor/pyodide-*/pyodide-lock.json)) --cpython $(BENCH_JSON) --save build/bench-pyodide.json $(BENCH_ARGS)

bench-page: site chromium
	@mkdir -p build
	$(PY) scripts/bench/page.py --dist $(DIST) --save build/bench-page.json
	$(PY) scripts/bench/replay.py --page $(DIST)

clean:
	rm -rf $(VENV) dist build

# ---- browser runtime: static site, local server, browser for tests --------
# The site (dist/) = index.html + static/ + Pyodide and PyScript from npm
# (pinned in package-lock.json) + our wheel and msgpack's Pyodide wheel.
PORT      ?= 8000
# the built site; `make dist DIST=/srv/www/arcade` writes it elsewhere
DIST      ?= dist
NPM_STAMP := node_modules/.netarcade-npm-ci

.PHONY: site dist play chromium redis

# npm ci whenever node_modules is missing or the pins changed
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NPM_STAMP)

site: $(STAMP) $(NPM_STAMP)
	$(PY) -m sitebuild --out $(DIST)

# $(DIST)/ is the folder any static host can serve
dist: site

# the relay: the built site and online play (/ws) on one origin; prints
# "netarcade: serving http://127.0.0.1:PORT/"; `make play PORT=8001` for another port,
# `HOST=0.0.0.0 make play` to let others on the network join; rooms are kept in $(RELAY_DATA)
HOST       ?= 127.0.0.1
RELAY_DATA ?= build/relay-data
play: site
	$(PY) -m netarcade relay --site $(DIST) --host $(HOST) --port $(PORT) --data $(RELAY_DATA)

# Debian's Chromium for the browser tests (never a downloaded browser build)
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		echo "make chromium: /usr/bin/chromium is missing; run 'make chromium' as root (browser tests skip)"; \
	fi

# Debian's redis-server for the tests of several relay processes sharing one Redis
redis:
	@if command -v redis-server >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; \
	else \
		echo "make redis: redis-server is missing; run 'make redis' as root (the Redis relay tests skip)"; \
	fi

# the cross-runtime and browser tests need the npm runtime and Chromium; the relay's Redis tests redis-server
test soak: $(NPM_STAMP) chromium redis
