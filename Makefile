# Meldbook developer commands. Every target installs what it needs, at the exact versions (and hashes) of the
# lock files: requirements.txt (what the service runs on) and requirements-dev.txt (that plus the dev tools).
SHELL := /bin/bash
# The test suite runs in stages (tools/test_stages.py, which prints each stage's time): fast, then browser (and
# packaging), then faults, then slow. TEST_STAGES names the stages `make test` runs; PYTEST_ARGS go to every stage
# (a `-m` there narrows each stage's own selection).
TEST_STAGES ?= fast browser faults slow
DEFAULT_STAGES := fast browser faults
PYTEST_ARGS ?= -q
RULE_IDS ?= var/rule-ids.json

# The supported Python versions, oldest first (pyproject.toml's classifiers name the same).
PYTHONS := 3.11 3.12 3.13
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
# The first of the given versions whose interpreter runs: pythonX.Y on PATH, else pyenv's build of it.
find_python = $(shell for v in $(1); do \
	for c in python$$v "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/$$v.*/bin/python$$v; do \
	"$$c" -c '' >/dev/null 2>&1 && { command -v "$$c"; exit 0; }; done; done)
# Tests and tools run on the oldest supported Python found (what CI tests); `make run` on the newest (it is faster).
DEV_PYTHON ?= $(or $(call find_python,$(PYTHONS)),python3)
RUN_PYTHON ?= $(or $(call find_python,$(call reverse,$(PYTHONS))),python3)

VENV := .venv
RUN_VENV := .venv-run
LOWEST_VENV := .venv-lowest
NEWEST_VENV := .venv-newest
BIN := $(VENV)/bin
UV := $(BIN)/uv
LOCKFILE := .ci/lockfile.py
# `make lock` keeps every pin it can; UPGRADE=all moves everything to the newest allowed release,
# UPGRADE="jinja2 werkzeug" only those packages.
UPGRADE ?=
LOCK_UPGRADE := $(if $(filter all,$(UPGRADE)),--upgrade,$(foreach p,$(UPGRADE),--upgrade-package $(p)))
LOCK_OPTIONS := --universal --generate-hashes --quiet --custom-compile-command "make lock" $(LOCK_UPGRADE)

.PHONY: run test test-fast test-default test-slow rule-ids test-lowest test-newest lint bench bench-long bench-load bench-streams bench-servers bench-guarantees mutate openapi rules-docs messages fuzz lock check-lock audit clean distclean

# A virtual environment made with the given interpreter; remade when it was made with another Python version.
define make_venv
	@want="$$($(2) -c 'import sys; print(sys.version.split()[0])')"; \
	have="$$($(1)/bin/python -c 'import sys; print(sys.version.split()[0])' 2>/dev/null)"; \
	if [ "$$want" != "$$have" ]; then \
		echo "creating $(1) with Python $$want ($(2))"; rm -rf $(1) && $(2) -m venv $(1); \
	fi
endef

# Into virtual environment $(1), made with interpreter $(3): the packages lock file $(2) pins, with their hashes
# (the build backend among them: the project itself installs without build isolation).
define install_locked
	$(call make_venv,$(1),$(3))
	$(1)/bin/python -m pip install -q --require-hashes -r $(2)
	touch $(1)/.locked
endef

# Into virtual environment $(1): Meldbook itself, editable and without dependencies of its own, once the lock files
# are found to match pyproject.toml; pip check then proves that the lock held every dependency.
define install_meldbook
	$(1)/bin/python $(LOCKFILE) check
	$(1)/bin/python -m pip install -q --no-deps --no-build-isolation -e .
	$(1)/bin/python -m pip check
	touch $(1)/.installed
endef

$(VENV)/.locked: requirements-dev.txt
	$(call install_locked,$(VENV),requirements-dev.txt,$(DEV_PYTHON))

$(VENV)/.installed: $(VENV)/.locked pyproject.toml api/version.py
	$(call install_meldbook,$(VENV))

$(RUN_VENV)/.locked: requirements.txt
	$(call install_locked,$(RUN_VENV),requirements.txt,$(RUN_PYTHON))

$(RUN_VENV)/.installed: $(RUN_VENV)/.locked pyproject.toml api/version.py
	$(call install_meldbook,$(RUN_VENV))

# Games stay in the checkout's var/meldbook.sqlite, named by its absolute path.
run: $(RUN_VENV)/.installed
	mkdir -p var
	MELDBOOK_STORE="$${MELDBOOK_STORE:-sqlite}" \
	MELDBOOK_SQLITE_PATH="$${MELDBOOK_SQLITE_PATH:-$(CURDIR)/var/meldbook.sqlite}" \
	$(RUN_VENV)/bin/meldbook serve --host 127.0.0.1 --port "$${PORT:-8000}"

# Every stage: what CI runs (.ci/run).
test: $(VENV)/.installed
	$(BIN)/python tools/test_stages.py $(TEST_STAGES) -- $(PYTEST_ARGS)

# The developer's loop: the fast stage alone (no browser, packaging, fault or slow test).
test-fast: $(VENV)/.installed
	$(BIN)/python tools/test_stages.py fast -- $(PYTEST_ARGS)

# The default run: every stage but slow.
test-default: $(VENV)/.installed
	$(BIN)/python tools/test_stages.py $(DEFAULT_STAGES) -- $(PYTEST_ARGS)

# What is behind the `slow` marker: every bot game, the whole walk, whole games on the other store, the bigger faults.
test-slow: $(VENV)/.installed
	$(BIN)/python tools/test_stages.py slow -- $(PYTEST_ARGS)

# The rule ids the default run meets (tools/rule_ids.py), written to $(RULE_IDS); compare two such files with
# `python -m tools.rule_ids compare OLD NEW`.
rule-ids: $(VENV)/.installed
	rm -f $(RULE_IDS)
	$(BIN)/python tools/test_stages.py $(DEFAULT_STAGES) -- $(PYTEST_ARGS) -p tools.rule_ids --rule-ids=$(RULE_IDS)

# The suite on the lowest versions pyproject.toml allows for its direct dependencies (uv's lowest-direct
# resolution, not a lock): run it after moving a lower bound. Not part of CI.
test-lowest: $(VENV)/.locked
	$(call make_venv,$(LOWEST_VENV),$(DEV_PYTHON))
	$(BIN)/python $(LOCKFILE) build-requires | $(UV) pip compile pyproject.toml - --extra dev \
		--resolution lowest-direct --python $(LOWEST_VENV)/bin/python --quiet -o $(LOWEST_VENV)/requirements.txt
	$(LOWEST_VENV)/bin/python -m pip install -q -r $(LOWEST_VENV)/requirements.txt
	$(call install_meldbook,$(LOWEST_VENV))
	$(LOWEST_VENV)/bin/python tools/test_stages.py $(DEFAULT_STAGES) -- $(PYTEST_ARGS)

# The store adapter's tests (service/store/ replaces parts of eventsourcing) on the newest releases of eventsourcing
# and psycopg that pyproject.toml allows (everything else as locked): a release that changes a replaced part fails
# here before anyone locks it. CI runs it after the stages (.ci/run).
STORE_TESTS := tests/integration/test_store_adapter.py tests/unit/test_saving.py tests/unit/test_chain.py \
	tests/integration/test_locked_insert.py tests/integration/test_snapshots_with_events.py \
	tests/integration/test_hash_chain.py tests/integration/test_chain_heads.py tests/integration/test_kept_access.py
test-newest: $(VENV)/.installed
	$(call install_locked,$(NEWEST_VENV),requirements-dev.txt,$(DEV_PYTHON))
	$(BIN)/python -c 'import tomllib; deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]; \
		print("\n".join(d for d in deps if d.startswith(("eventsourcing", "psycopg"))))' > $(NEWEST_VENV)/store.txt
	$(NEWEST_VENV)/bin/python -m pip install -q --upgrade -r $(NEWEST_VENV)/store.txt
	$(call install_meldbook,$(NEWEST_VENV))
	@$(NEWEST_VENV)/bin/python -c 'from importlib.metadata import version as v; \
		print("store tests on eventsourcing", v("eventsourcing"), "psycopg", v("psycopg"))'
	$(NEWEST_VENV)/bin/python -m pytest -q -p no:cacheprovider -n 2 -m "not slow" $(STORE_TESTS)

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy domain
	$(BIN)/lint-imports --no-cache

# Every ratio of the performance issue side by side, on SQLite and PostgreSQL (a few minutes; docs/deploy.md).
bench: $(VENV)/.installed
	$(BIN)/python -m bench
	$(BIN)/python -m bench.notation
	$(BIN)/python -m bench.refusals

# Memory over a long run: the server's RSS after 10,000 short games beside 1,000, the peak allocation per request,
# and the notation's import at scale: peak RSS importing 10,000 games against 1,000 (bench/notation.py).
bench-long: $(VENV)/.installed
	$(BIN)/python -m bench.long $(BENCH_ARGS)
	$(BIN)/python -m bench.notation --long

# Capacity: live tables (a move each 5 s) against gunicorn on PostgreSQL, stepped up until p99 passes a second; then the
# same steps against the bare app (bench/bare.py: a move is one save), the machine's ceiling for this stack.
bench-load: $(VENV)/.installed
	$(BIN)/python -m bench.load $(BENCH_ARGS)

# Streams: 200 live tables (a move each 5 s) and 500 open streams on PostgreSQL, the production server beside gunicorn's
# gthread workers with a thread for each stream; moves, /health and each move's delivery to every stream of its game,
# beside their targets (bench/streams.py; about 10 minutes). BENCH_ARGS="--rounds 3" alternates more runs.
bench-streams: $(VENV)/.installed
	$(BIN)/python -m bench.streams $(BENCH_ARGS)

# Servers: moves and /health under gunicorn's asgi (production) and gthread worker classes, granian (WSGI and ASGI)
# and uvicorn, alternated round by round on PostgreSQL (bench/serving.py; about 10 minutes).
bench-servers: $(VENV)/.installed
	$(BIN)/python -m bench.serving $(BENCH_ARGS)

# What each of a move's guarantees costs (bench/switches.py): instructions per request counted by valgrind's callgrind,
# recording and HTTP ratios with the guarantees switched off beside them as is (about 20 minutes; docs/performance.md).
bench-guarantees: $(VENV)/.installed
	$(BIN)/python -m bench.guarantees $(BENCH_ARGS)

# Mutation testing of the rule modules (not part of `test`): MUTATE_GROUPS=roby runs one group only.
mutate: $(VENV)/.installed
	nice -n 10 $(BIN)/python tools/mutate.py $(MUTATE_GROUPS)

# The spec does not depend on the store: an in-memory one leaves no file behind.
openapi: $(VENV)/.installed
	MELDBOOK_STORE=sqlite MELDBOOK_SQLITE_PATH=:memory: \
	$(BIN)/flask --app api.app:create_app openapi write --format yaml openapi.yaml

# The rule catalogue's table of each variant, written into its docs/rules page (checked by a test).
rules-docs: $(VENV)/.installed
	$(BIN)/python -m tools.rules_docs

# Extract the pages' texts, update each language's catalogue (keeping its translations) and compile it; then list
# what still needs translating (a test fails while anything does).
messages: $(VENV)/.installed
	$(BIN)/python -m tools.messages

# Compile both lock files from pyproject.toml (for every supported Python at once), then stamp them with its
# fingerprint. requirements.txt is constrained by requirements-dev.txt, so the two never pin a package apart.
lock: $(VENV)/.locked
	$(BIN)/python $(LOCKFILE) build-requires | \
		$(UV) pip compile pyproject.toml - --extra dev --extra bench $(LOCK_OPTIONS) -o requirements-dev.txt
	$(BIN)/python $(LOCKFILE) build-requires | \
		$(UV) pip compile pyproject.toml - -c requirements-dev.txt $(LOCK_OPTIONS) -o requirements.txt
	$(BIN)/python $(LOCKFILE) stamp

# Fails when pyproject.toml changed since the lock files were compiled (needs only Python, no install).
check-lock:
	$(DEV_PYTHON) $(LOCKFILE) check

# schemathesis against a live server (tests/fuzz, schemathesis.toml); FUZZ_ARGS go to `st run`. CI runs it through
# tests/fuzz/test_schemathesis.py.
fuzz: $(VENV)/.installed
	$(BIN)/python -m tests.fuzz $(FUZZ_ARGS)

# Known vulnerabilities of every locked release, from PyPI's vulnerability data.
audit: $(VENV)/.locked
	$(BIN)/python .ci/audit.py requirements.txt requirements-dev.txt

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants
	find . -path './.venv*' -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtual environments and the local SQLite data of `make run`.
distclean: clean
	rm -rf $(VENV) $(RUN_VENV) $(LOWEST_VENV) $(NEWEST_VENV) var
