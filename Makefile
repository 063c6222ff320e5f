# Entry points: `make serve` (build and serve on http://127.0.0.1:8000),
# `make test` (the whole suite, as CI runs it), `make site`, `make bench`.
# Every target installs what it needs first and skips work that is up to date.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
WHEELS_DIR := .cache/pyodide-wheels
WHEELS_STAMP := $(WHEELS_DIR)/.downloaded
SITE_STAMP := site/.built
SITE_SOURCES := mkdocs.yml pyproject.toml package-lock.json \
	$(shell find docs rules_py macros hooks site_overrides runtime -type f -not -path '*/__pycache__/*' 2>/dev/null)
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve site test bench lint chromium deps clean

deps: $(PY_STAMP) $(NPM_STAMP)

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[site,test,dev]'
	touch $@

$(NPM_STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund
	touch $@

# The pages, then the steps that follow them (runtime/build): the runtime's
# files, Python (Pyodide, wheel, snapshot) and the build's manifest, then the
# service worker, web app manifest and icons.
$(SITE_STAMP): $(PY_STAMP) $(NPM_STAMP) $(SITE_SOURCES)
	$(BIN)/mkdocs build --strict --quiet
	$(BIN)/python -m runtime.build --site site
	touch $@

site: $(SITE_STAMP)

serve: site
	$(BIN)/python scripts/serve.py --dir site --port 8000

# Pure-Python wheels of pytest and hypothesis, installed into Pyodide by the
# tests/pyodide suite (Pyodide cannot reach PyPI under Node here).
$(WHEELS_STAMP): tests/pyodide/requirements.txt $(PY_STAMP)
	$(BIN)/python -m pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary=:all: --platform any --python-version 3.14 --implementation py \
		-r tests/pyodide/requirements.txt -d $(WHEELS_DIR)
	touch $@

chromium:
	@bash scripts/ensure-chromium.sh

# The runtime's JavaScript is type-checked by TypeScript (nothing emitted),
# one project per global scope (runtime/tsconfig.*.json), against the
# declarations written from Python (runtime/build/declarations.py), which
# must be up to date first.
TS_PROJECTS := page worker sw build

lint: $(PY_STAMP) $(NPM_STAMP)
	$(BIN)/ruff check rules_py macros hooks runtime tests bench scripts
	$(BIN)/mypy --strict rules_py runtime
	$(BIN)/python -m runtime.build.declarations --check
	for project in $(TS_PROJECTS); do node_modules/.bin/tsc -p runtime/tsconfig.$$project.json || exit 1; done

test: site $(WHEELS_STAMP) chromium lint
	$(BIN)/python -m pytest

bench: site chromium
	$(BIN)/python bench/run_all.py

clean:
	rm -rf site .cache build *.egg-info
