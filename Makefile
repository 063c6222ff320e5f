# Entry points: `make dev` (the live preview on http://127.0.0.1:$(PORT)),
# `make serve` (build and serve), `make test` (the whole suite, as CI runs it),
# `make site`, `make bench`. Every target installs what it needs first and
# skips work that is up to date. The build reads SITE_URL and EDIT_URI from
# the environment (mkdocs.yml; README, "Deploy").

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
WHEELS_DIR := .cache/pyodide-wheels
WHEELS_STAMP := $(WHEELS_DIR)/.downloaded
SITE_STAMP := site/.built
# The environment the build reads: a change rebuilds the site.
SITE_ENV := .cache/site-env
PORT ?= 8000
SITE_SOURCES := mkdocs.yml pyproject.toml package-lock.json \
	$(shell find docs rules_py macros hooks site_overrides runtime -type f -not -path '*/__pycache__/*' 2>/dev/null)
export NO_MKDOCS_2_WARNING := 1

.PHONY: dev serve site test bench lint chromium deps clean FORCE

deps: $(PY_STAMP) $(NPM_STAMP)

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[site,test,dev]'
	touch $@

$(NPM_STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund
	touch $@

# Rewritten only when SITE_URL or EDIT_URI differ from the last build's.
$(SITE_ENV): FORCE
	@mkdir -p $(@D)
	@echo 'SITE_URL=$(SITE_URL) EDIT_URI=$(EDIT_URI)' | cmp -s - $@ \
		|| echo 'SITE_URL=$(SITE_URL) EDIT_URI=$(EDIT_URI)' > $@

# The pages, then the steps that follow them (runtime/build): the runtime's
# files, Python (Pyodide, wheel, snapshot) and the build's manifest, then the
# service worker, web app manifest and icons, and _headers.
$(SITE_STAMP): $(PY_STAMP) $(NPM_STAMP) $(SITE_SOURCES) $(SITE_ENV)
	$(BIN)/mkdocs build --strict --quiet
	$(BIN)/python -m runtime.build --site site
	touch $@

site: $(SITE_STAMP)

serve: site
	$(BIN)/python scripts/serve.py --dir site --port $(PORT)

# The live preview: rebuilt on every save, open pages reloaded (scripts/dev.py).
dev: $(PY_STAMP) $(NPM_STAMP)
	$(BIN)/python scripts/dev.py --port $(PORT)

# Pure-Python wheels of pytest and hypothesis, installed into Pyodide by the
# tests/pyodide suite (Pyodide cannot reach PyPI under Node here).
$(WHEELS_STAMP): tests/pyodide/requirements.txt $(PY_STAMP)
	$(BIN)/python -m pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary=:all: --platform any --python-version 3.14 --implementation py \
		-r tests/pyodide/requirements.txt -d $(WHEELS_DIR)
	touch $@

chromium:
	@bash scripts/ensure-chromium.sh

lint: $(PY_STAMP)
	$(BIN)/ruff check rules_py macros hooks runtime tests bench scripts
	$(BIN)/mypy --strict rules_py runtime
	$(BIN)/zizmor --offline --quiet --config .github/zizmor.yml .github/workflows

test: site $(WHEELS_STAMP) chromium lint
	$(BIN)/python -m pytest

bench: site chromium
	$(BIN)/python bench/run_all.py

clean:
	rm -rf site .cache build *.egg-info
