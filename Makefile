# Meldbook developer commands. Every target installs what it needs into .venv first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -q -n 2 --dist loadfile

.PHONY: run test lint bench mutate openapi clean distclean

# Create the virtual environment only when it is missing.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changed (the stamp is older than it).
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[dev]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	mkdir -p var
	MELDBOOK_STORE="$${MELDBOOK_STORE:-sqlite}" \
	MELDBOOK_SQLITE_PATH="$${MELDBOOK_SQLITE_PATH:-var/meldbook.sqlite}" \
	$(BIN)/meldbook serve --host 127.0.0.1 --port "$${PORT:-8000}"

test: $(VENV)/.installed-dev
	$(BIN)/pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy domain

bench: $(VENV)/.installed-run
	$(BIN)/python -m bench

# Mutation testing of the rule modules (not part of `test`): MUTATE_GROUPS=roby runs one group only.
mutate: $(VENV)/.installed-dev
	nice -n 10 $(BIN)/python tools/mutate.py $(MUTATE_GROUPS)

openapi: $(VENV)/.installed-run
	$(BIN)/flask --app api.app:create_app openapi write --format yaml openapi.yaml

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtual environment and the local SQLite data of `make run`.
distclean: clean
	rm -rf $(VENV) var
