# Entry points: `make dev` (the live preview on http://127.0.0.1:$(PORT)),
# `make serve` (build and serve), `make test` (the whole suite, as CI runs it),
# `make site`, `make bench`, `make zensical` (the site built by Zensical,
# and its browser test). Every target installs what it needs first and
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
	$(shell find docs rules_py macros textdice site_overrides runtime -type f -not -path '*/__pycache__/*' 2>/dev/null)
export NO_MKDOCS_2_WARNING := 1

.PHONY: dev serve site test bench lint chromium hosts deps clean zensical FORCE

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
# search index's own entries and the roller pages' changes, then the
# service worker, web app manifest and icons, and _headers. Not --quiet:
# MkDocs 1.6 then drops warnings before strict mode counts them.
$(SITE_STAMP): $(PY_STAMP) $(NPM_STAMP) $(SITE_SOURCES) $(SITE_ENV)
	$(BIN)/python -m mkdocs build --strict
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

# nginx, Caddy and Apache for tests/site/test_hosts.py, after Chromium (one
# apt at a time).
hosts: chromium
	@bash scripts/ensure-hosts.sh

# The runtime's JavaScript is type-checked by TypeScript (nothing emitted),
# one project per global scope (runtime/tsconfig.*.json), against the
# declarations written from Python (runtime/build/declarations.py), which
# must be up to date first.
TS_PROJECTS := page worker sw build

lint: $(PY_STAMP) $(NPM_STAMP)
	$(BIN)/ruff check rules_py macros textdice runtime tests bench scripts
	$(BIN)/mypy
	$(BIN)/python -m runtime.build.declarations --check
	for project in $(TS_PROJECTS); do node_modules/.bin/tsc -p runtime/tsconfig.$$project.json || exit 1; done
	$(BIN)/zizmor --offline --quiet --config .github/zizmor.yml .github/workflows

# What the tests need is made side by side (installs, Chromium, the build,
# the lint: on a fresh clone most wait on the network or use a single core),
# then three processes each run whole test files (a file's tests keep their
# order and share their browser): one run in sequence spends two thirds of
# its time waiting on Chromium and Pyodide, not on the two cores. The files
# go out in the order tests/conftest.py gives them, the longest first.
test:
	$(MAKE) --jobs=4 --output-sync=line --no-print-directory site $(WHEELS_STAMP) hosts lint
	$(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder

bench: site chromium
	$(BIN)/python bench/run_all.py

# The same sources built by Zensical, Material's successor, in a venv of its
# own: a scratch copy (Zensical writes its cache beside mkdocs.yml and its
# site inside the project), then the steps that follow the page build, then a
# browser test of that site (tests/zensical; `make test` skips it when no
# Zensical build is there); the scratch copy is on Python's path, so that
# Python-Markdown can import textdice, the extension mkdocs.yml names.
# zensical 0.0.74 and 0.1.x need a `zensical-ui` release PyPI lacks, hence
# the pin.
ZENSICAL_VERSION := 0.0.73
ZENSICAL_VENV := .venv-zensical
ZENSICAL_STAMP := $(ZENSICAL_VENV)/.installed-$(ZENSICAL_VERSION)
ZENSICAL_SRC := build/zensical-src
ZENSICAL_SITE := build/zensical-site

$(ZENSICAL_STAMP):
	$(PYTHON) -m venv $(ZENSICAL_VENV)
	@$(ZENSICAL_VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
		'zensical==$(ZENSICAL_VERSION)' || { \
		echo "make zensical: zensical==$(ZENSICAL_VERSION) cannot be installed here (see pip's message above); nothing was built."; \
		exit 1; }
	rm -f $(ZENSICAL_VENV)/.installed-*
	touch $@

zensical: $(PY_STAMP) $(NPM_STAMP) $(ZENSICAL_STAMP) chromium
	rm -rf $(ZENSICAL_SRC) $(ZENSICAL_SITE)
	mkdir -p $(ZENSICAL_SRC)
	cp -R mkdocs.yml docs macros textdice rules_py site_overrides $(ZENSICAL_SRC)/
	cd $(ZENSICAL_SRC) && PYTHONPATH=. $(CURDIR)/$(ZENSICAL_VENV)/bin/zensical build --strict
	mv $(ZENSICAL_SRC)/site $(ZENSICAL_SITE)
	$(BIN)/python -m runtime.build --site $(ZENSICAL_SITE)
	ZENSICAL_SITE=$(ZENSICAL_SITE) $(BIN)/python -m pytest tests/zensical -p no:cacheprovider -rs

clean:
	rm -rf site .cache build *.egg-info
