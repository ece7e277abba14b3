# `make serve` and `make test` set up everything they need themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per set of packages: `make serve` installs what serving needs, `make test` adds
# the test tools. Each is redone when pyproject.toml changes.
SERVE_STAMP := $(VENV)/.installed-serve
CLUSTER_STAMP := $(VENV)/.installed-cluster
STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
BIGTWO_DB ?= var/bigtwo.db
export BIGTWO_DB

.PHONY: serve test browser-note lint typecheck bench clean venv golden docs native native-clean cluster \
	i18n-extract i18n-update i18n-compile extract update compile \
	i18n-core-extract i18n-core-update i18n-core-compile \
	i18n-pages-extract i18n-pages-update i18n-pages-compile

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Editable installs as a plain path in a .pth file ("compat" mode): setuptools' default
# finder for this layout is imported by every interpreter of the venv (about a third of
# `python -c pass` here, docs/PERFORMANCE.md "Start-up"). The path is the checkout's root, so
# the venv also sees its app/ and schemas/ packages, which `make serve` runs from it anyway;
# a wheel (`pip install .`) still installs bigtwo alone. tests/install installs the same way.
EDITABLE := pip install --quiet --config-settings editable_mode=compat -e

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/$(EDITABLE) '.[native]'
	touch $(SERVE_STAMP)

# Dask for `bigtwo validate --workers N` and `--scheduler` (docs/SCALING.md): the cluster
# extra's packages (pyproject.toml's optional-dependencies) into the venv `make serve` made,
# as wheels. Not `pip install -e '.[cluster]'`: that builds bigtwo again, compiling the core
# with mypyc in a fresh build environment (most of the minutes the target took).
CLUSTER_REQUIREMENTS = $(BIN)/python -c "import tomllib; print(' '.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['cluster']))"

cluster: $(CLUSTER_STAMP)

$(CLUSTER_STAMP): pyproject.toml | $(SERVE_STAMP)
	$(BIN)/pip install --quiet $$($(CLUSTER_REQUIREMENTS))
	touch $(CLUSTER_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/$(EDITABLE) '.[test]'
	touch $(STAMP)

# The core's hot modules compiled with mypyc, in place, by setup.py's build hook (the one every
# pip install runs; bigtwo/native.py, docs/PERFORMANCE.md).
# Redone when one of their sources changes; without a C compiler the core runs as Python.
NATIVE_SOURCES := $(shell $(PYTHON) scripts/build_native.py --list)
NATIVE_MANIFEST := bigtwo/native-build.json

native: $(NATIVE_MANIFEST)

$(NATIVE_MANIFEST): $(NATIVE_SOURCES) bigtwo/native.py setup.py scripts/build_native.py | $(SERVE_STAMP)
	$(BIN)/python scripts/build_native.py

native-clean: | $(BIN)/python
	$(BIN)/python scripts/build_native.py --clean

serve: $(SERVE_STAMP) native i18n-compile
	@mkdir -p $(dir $(BIGTWO_DB))
	@echo "bigtwo on http://$(HOST):$(PORT)/  (API docs: http://$(HOST):$(PORT)/docs, OpenAPI: /openapi.json, store: $(BIGTWO_DB))"
	$(BIN)/gunicorn -c gunicorn.conf.py --bind $(HOST):$(PORT) --workers $(WORKERS) 'wsgi:app'

lint: $(STAMP)
	$(BIN)/ruff check bigtwo app schemas tests bench scripts wsgi.py setup.py
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser tests' Chromium (tests/browser/support.py): when it is missing, make test says so
# before anything else (pytest says it again, with the reason, when the run starts). Debian's
# old headless shell first, else the full browser (tests/browser/support.py says why).
CHROMIUM := $(or $(BIGTWO_CHROMIUM),$(firstword $(wildcard /usr/bin/chromium-headless-shell \
	/usr/bin/chromium)),/usr/bin/chromium-headless-shell)

browser-note:
	@[ -x "$(CHROMIUM)" ] || echo "NOTE: the browser tests (tests/browser) will be SKIPPED: no Chromium at $(CHROMIUM) (Debian: apt-get install chromium-headless-shell; or set BIGTWO_CHROMIUM to a Chromium binary)"

# The tests run a second time as Python: the rules core's, and those of the library's modules
# the core calls per move or per record (the reader of JSON, records, results, the report).
# Not the catalogs' checks (tests/core/test_extract_update.py, tests/reports/test_catalogs.py):
# they read and compile .po files and run no compiled module.
PURE_TESTS := tests/core --ignore=tests/core/test_extract_update.py \
	tests/formats/test_jsonin.py tests/formats/test_sheet_text.py \
	tests/formats/test_sheets.py tests/formats/test_text_report.py tests/records \
	tests/reports/test_messages.py tests/reports/test_i18n.py \
	tests/reports/test_golden_messages.py

# browser-note first: make builds the prerequisites in the order listed. TEST_ARGS go to the
# workers' pytest: `make test TEST_ARGS=--durations=0`, then scripts/durations.py sums them.
TEST_ARGS ?=
test: browser-note $(STAMP) native i18n-compile lint typecheck
	@# Two workers run the suite, the tests that mostly wait first; beside them one process
	@# runs the install test, and one the schemathesis tests (their collection is costly:
	@# once, not once per worker), then, where the core is compiled, PURE_TESTS again as
	@# Python (scripts/test_passes.py).
	PURE_TESTS="$(PURE_TESTS)" $(BIN)/python scripts/test_passes.py $(TEST_ARGS)

# Every headline ratio in one run (docs/PERFORMANCE.md); bench/replay.py and bench/cluster.py
# break them down. WAL8800_ENGINE=DIR names a Wal8800/card-games checkout (else /tmp/card-games).
# bench/v4.py pairs the one-deck figure with the tree before v4 given as BIGTWO_BEFORE_V4 (its
# compiled core built in place), and skips that row, saying so, without it. bench/tables.py
# plays 200 live tables on a gunicorn as `make serve` runs it, 500 event streams open.
bench: $(STAMP) native
	$(BIN)/python bench/summary.py
	$(BIN)/python bench/v4.py
	$(BIN)/python bench/tables.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find bigtwo -name '*.so' -delete; rm -f $(NATIVE_MANIFEST)

golden: $(STAMP)
	$(BIN)/python scripts/golden.py

# The generated parts of the docs: RECORDS.md's messages, RULES.md's fields, and CLI.md's
# command reference from every command's --help (cog; tests/docs/test_cli_doc.py checks it).
docs: $(STAMP)
	$(BIN)/python scripts/error_table.py
	$(BIN)/python scripts/field_table.py
	$(BIN)/cog -r docs/CLI.md

# The library's translations (domain "bigtwo", bigtwo/reports/locale; docs/TRANSLATING.md):
# extract the message ids from the code, merge them into every language's catalog, compile
# the catalogs the library reads (.mo, committed so that a clean clone and an installed
# package need no build step; tests/reports/test_catalogs.py fails when one is stale).
LOCALE := bigtwo/reports/locale
BABEL_KEYWORDS := -k NP_:1c,2 -k N_ -k NN_:1c,2,3
# pybabel dates every template it writes; a template whose messages did not change is kept
# as it was, so that `make extract update` touches only the catalogs whose messages changed.
KEEP_IF_SAME = if [ -f $(1) ] && diff -q -I '^"POT-Creation-Date:' $(1) $(1).new >/dev/null; \
	then rm $(1).new; else mv $(1).new $(1); fi

i18n-core-extract: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) -c TRANSLATORS: --no-location \
		--sort-output --project bigtwo -w 100 -o $(LOCALE)/bigtwo.pot.new bigtwo
	$(call KEEP_IF_SAME,$(LOCALE)/bigtwo.pot)

i18n-core-update: i18n-core-extract
	$(BIN)/pybabel update -D bigtwo -i $(LOCALE)/bigtwo.pot -d $(LOCALE) \
		--ignore-obsolete -w 100 --no-fuzzy-matching

i18n-core-compile: $(SERVE_STAMP)
	$(BIN)/pybabel compile -D bigtwo -d $(LOCALE) --statistics

# Translations (gettext, managed with Babel). The pages' domain "messages" lives in
# app/translations; extract writes the template (.pot) from the N_() declarations, update
# merges it into every language's .po, compile writes the .mo files the pages read (they are
# also committed, so a clean clone serves every language before anything is compiled).
PAGES_LOCALE := app/translations
PAGES_POT := $(PAGES_LOCALE)/messages.pot
PYBABEL := $(BIN)/pybabel

i18n-extract extract: i18n-core-extract i18n-pages-extract
i18n-update update: i18n-core-update i18n-pages-update
i18n-compile compile: i18n-core-compile i18n-pages-compile

# N_(key, English) and, for counts, NN_(key, singular, plural) (gettext plural forms).
PAGES_KEYWORDS := -k N_:1c,2 -k NN_:1c,2,3

i18n-pages-extract: $(SERVE_STAMP)
	$(PYBABEL) extract -F app/babel.cfg $(PAGES_KEYWORDS) --no-location --sort-output \
		--project bigtwo --copyright-holder "bigtwo" -o $(PAGES_POT).new app
	$(call KEEP_IF_SAME,$(PAGES_POT))

i18n-pages-update: i18n-pages-extract
	$(PYBABEL) update --no-fuzzy-matching --ignore-obsolete -i $(PAGES_POT) -d $(PAGES_LOCALE) \
		-D messages

i18n-pages-compile: $(SERVE_STAMP)
	$(PYBABEL) compile --statistics -d $(PAGES_LOCALE) -D messages
