# Meldbook developer commands. Every target installs what it needs into .venv first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -q -n 2 --dist loadfile

.PHONY: run test lint bench openapi fuzz clean distclean

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

# Games stay in the checkout's var/meldbook.sqlite, named by its absolute path.
run: $(VENV)/.installed-run
	mkdir -p var
	MELDBOOK_STORE="$${MELDBOOK_STORE:-sqlite}" \
	MELDBOOK_SQLITE_PATH="$${MELDBOOK_SQLITE_PATH:-$(CURDIR)/var/meldbook.sqlite}" \
	$(BIN)/meldbook serve --host 127.0.0.1 --port "$${PORT:-8000}"

test: $(VENV)/.installed-dev
	$(BIN)/pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy domain

bench: $(VENV)/.installed-run
	$(BIN)/python -m bench

# The spec does not depend on the store: an in-memory one leaves no file behind.
openapi: $(VENV)/.installed-run
	MELDBOOK_STORE=sqlite MELDBOOK_SQLITE_PATH=:memory: \
	$(BIN)/flask --app api.app:create_app openapi write --format yaml openapi.yaml

# schemathesis against a live server (tests/fuzz, schemathesis.toml); FUZZ_ARGS go to `st run`. Not in CI yet.
fuzz: $(VENV)/.installed-dev
	$(BIN)/python -m tests.fuzz $(FUZZ_ARGS)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtual environment and the local SQLite data of `make run`.
distclean: clean
	rm -rf $(VENV) var
