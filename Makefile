# Table Companion: the README's commands.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 5000
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
# Lighthouse for the browser tests, from npm with its lock (the test fails in CI without it).
LIGHTHOUSE_DIR := tests/lighthouse
LIGHTHOUSE_STAMP := $(LIGHTHOUSE_DIR)/node_modules/.installed
# The locks: every package with its hashes, compiled from pyproject.toml by `make lock`.
RUN_LOCK := requirements/run.txt
TEST_LOCK := requirements/test.txt
PIP_TOOLS := pip-tools==7.6.2
LOCK_TOOLS := $(VENV)/lock-tools
# e.g. LOCK_FLAGS=--upgrade to move every unpinned dependency to its newest release
LOCK_FLAGS ?=
COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_TOOLS)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	--strip-extras --no-emit-index-url --no-emit-find-links --build-deps-for=editable $(LOCK_FLAGS)
# The project itself, built by the setuptools the lock installed (the one pyproject's build-system pins).
INSTALL_PROJECT := $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .

.PHONY: run test lint bench clean lock catalogues

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml $(RUN_LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $(RUN_LOCK)
	$(INSTALL_PROJECT)
	$(BIN)/python -m pip check
	touch $@

$(TEST_STAMP): pyproject.toml $(TEST_LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $(TEST_LOCK)
	$(INSTALL_PROJECT)
	$(BIN)/python -m pip check
	touch $(STAMP) $@

$(LIGHTHOUSE_STAMP): $(LIGHTHOUSE_DIR)/package-lock.json
	if command -v npm >/dev/null; then \
		npm ci --prefix $(LIGHTHOUSE_DIR) --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "npm is not installed: the Lighthouse tests cannot run"; fi

run: $(STAMP)
	$(BIN)/companion init-db
	HOST=$(HOST) PORT=$(PORT) $(BIN)/companion serve

# No import cache: a module added since the last run would not be seen by the modules already cached.
test: $(TEST_STAMP) $(LIGHTHOUSE_STAMP)
	$(BIN)/ruff check companion tests benchmarks
	$(BIN)/ruff format --check companion tests benchmarks
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q -m "not alone"
	$(BIN)/python -m pytest -q -m alone

lint: $(TEST_STAMP)
	$(BIN)/ruff check companion tests benchmarks
	$(BIN)/ruff format --check companion tests benchmarks

bench: $(TEST_STAMP)
	for script in benchmarks/[a-z]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# After a change to what the pages, sheets or engines say: every catalogue updated from the sources, and compiled.
catalogues: $(TEST_STAMP)
	$(BIN)/python -m companion.catalogues

# The test lock first: the runtime lock is held to the versions it tested.
lock:
	test -x $(LOCK_TOOLS)/bin/python || $(PYTHON) -m venv $(LOCK_TOOLS)
	$(LOCK_TOOLS)/bin/python -m pip install --quiet $(PIP_TOOLS)
	mkdir -p requirements
	$(COMPILE) --extra=test -o $(TEST_LOCK) pyproject.toml
	$(COMPILE) --constraint=$(TEST_LOCK) -o $(RUN_LOCK) pyproject.toml

clean:
	rm -rf $(VENV) instance .pytest_cache .mypy_cache .import_linter_cache
