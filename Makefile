# Table Companion: the README's commands.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 5000
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/companion init-db
	HOST=$(HOST) PORT=$(PORT) $(BIN)/companion serve

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

lint: $(TEST_STAMP)
	$(BIN)/ruff check companion tests benchmarks
	$(BIN)/ruff format --check companion tests benchmarks

bench: $(TEST_STAMP)
	for script in benchmarks/[a-z]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) instance .pytest_cache
