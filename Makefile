# make run  - set up the virtualenv and serve the API on 127.0.0.1:8000 with gunicorn
# make test - set up the virtualenv and run lint, the spec check and the whole test suite
#             (Schemathesis, the generated TypeScript client, hostile input: README.md)
# make contract / client-check URL=... - the same two checks against a server you run
# make clients - generate the nine clients into build/clients (docs/clients.md)
# make table - build the web table (clients/web-table) into build/table and serve it under /table/
#             on the configured address (BELOTE_BIND, 127.0.0.1:8000 by default)
# make docs - build the API reference page (clients/api-docs) into build/api-docs, served at
#             GET /docs (make run and make test build it)
# make messages - extract the sentences, update every catalog, compile them (docs/i18n.md)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CLIENT := clients/typescript
URL ?= http://127.0.0.1:8000

.PHONY: run test lint openapi bench clean client client-check contract client-deps clients arena messages table table-build browser-deps docs docs-if-node

$(STAMP): requirements.lock requirements-test.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-test.lock
	touch $(STAMP)

# The compiled solver (service/dds, Rust): maturin (pinned in requirements-test.lock)
# builds the belote_dds wheel with cargo, pip installs it into the virtualenv. It needs the
# Rust toolchain (cargo and rustc, 1.85 or later). About 30 s the first time (the crates
# are fetched and compiled), a few seconds after a change.
DDS := service/dds
DDS_STAMP := $(VENV)/.dds-installed
SETUP := $(STAMP) $(DDS_STAMP)

$(DDS_STAMP): $(STAMP) $(DDS)/Cargo.toml $(DDS)/Cargo.lock $(DDS)/pyproject.toml $(wildcard $(DDS)/src/*.rs)
	@command -v cargo >/dev/null 2>&1 || { echo "make: cargo not found. The compiled solver \
	(service/dds) needs the Rust toolchain: install it (https://rustup.rs, or your system's \
	rustc and cargo packages, Rust 1.85 or later) and run make again." >&2; exit 1; }
	rm -rf build/dds
	$(BIN)/maturin build --quiet --release --locked -m $(DDS)/Cargo.toml -i $(BIN)/python -o build/dds
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall build/dds/*.whl
	touch $(DDS_STAMP)

# The translations (service/locales/<lang>/LC_MESSAGES/messages.po, committed) compiled to
# .mo files, as part of the install step of run and test. `make messages` extracts the
# templates (messages.pot, not committed), updates every catalog (dates left out, so a
# catalog changes only when its messages do) and compiles them; tests/api/test_i18n.py then
# names any message without a translation.
LOCALES := service/locales
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po))

$(LOCALES)/%/LC_MESSAGES/messages.mo: $(LOCALES)/%/LC_MESSAGES/messages.po $(STAMP)
	$(BIN)/pybabel -q compile -D messages -d $(LOCALES) -l $*

messages: $(SETUP)
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ -k P_:1c,2 --no-location --sort-output \
		--project belote-rules --copyright-holder "belote-rules" \
		--msgid-bugs-address "" -o $(LOCALES)/messages.pot service
	$(BIN)/pybabel -q update -D messages -i $(LOCALES)/messages.pot -d $(LOCALES) \
		--no-fuzzy-matching --ignore-obsolete
	sed -i '/^"POT-Creation-Date: /d; /^"PO-Revision-Date: /d' $(LOCALES)/*/LC_MESSAGES/messages.po
	$(BIN)/pybabel -q compile -D messages -d $(LOCALES) --statistics

# The API reference page (clients/api-docs, docs/api-reference.md): Swagger UI, pinned
# (npm ci), bundled by esbuild into build/api-docs, served at GET /docs by the API's
# gunicorn (BELOTE_DOCS_DIR, or build/api-docs of the working directory). `make run` builds
# it when npm is there, and starts without it otherwise (/docs then answers a 404 problem
# saying how to build it); `make test` needs it (tests/clients/test_api_docs.py drives it in
# Debian's Chromium).
API_DOCS := clients/api-docs
API_DOCS_OUT := build/api-docs

$(API_DOCS_OUT)/index.html: $(API_DOCS)/package.json $(API_DOCS)/package-lock.json \
		$(wildcard $(API_DOCS)/src/* $(API_DOCS)/static/* $(API_DOCS)/scripts/*)
	cd $(API_DOCS) && npm ci --no-audit --no-fund --loglevel=error && node scripts/build.mjs $(CURDIR)/$(API_DOCS_OUT)

docs: $(API_DOCS_OUT)/index.html

docs-if-node:
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory docs; \
	else echo "make: npm not found: the API reference page is not built, GET /docs will answer 404 (the API is served all the same)." >&2; fi

run: $(SETUP) $(CATALOGS) docs-if-node
	$(BIN)/gunicorn -c gunicorn.conf.py

test: $(SETUP) $(CATALOGS) lint client-deps browser-deps docs
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

lint: $(SETUP)
	$(BIN)/ruff check service tests bench clients
	$(BIN)/ruff format --check service tests bench clients
	$(BIN)/mypy service/engine service/players

openapi: $(SETUP)
	$(BIN)/python -m service.api.spec > openapi.yaml

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .mypy_cache .hypothesis .schemathesis $(CLIENT)/node_modules $(CLIENT)/dist \
		$(TABLE)/node_modules $(TABLE)/dist $(API_DOCS)/node_modules

# The TypeScript client of clients/typescript: pinned tools (npm ci), types generated from
# openapi.yaml, tsc --strict. `make client-check URL=...` then runs its check script
# against a running server (`make run` in another shell). `make test` does all of it
# against its own gunicorn (tests/clients/test_typescript_client.py).
# The web table of clients/web-table (docs/web-table.md): the page built on the generated
# client (npm ci, tsc --strict, esbuild) into build/table (outside the source tree; only
# the generated types, src/schema.d.ts, ignored by git, are written there), served by the
# API's gunicorn under /table/ on the configured address (BELOTE_BIND), which it prints.
# `make test` drives it in Debian's Chromium (tests/clients/test_web_table.py), installed here as
# root when missing.
TABLE := clients/web-table

TABLE_OUT := build/table

table-build:
	cd $(TABLE) && npm ci --no-audit --no-fund --loglevel=error && npm run build -- $(CURDIR)/$(TABLE_OUT)

table: $(SETUP) $(CATALOGS) table-build docs-if-node
	@$(BIN)/python -c "from service.api.server.config import Settings; \
	print('The table: http://' + Settings.from_env().bind.replace('0.0.0.0', '127.0.0.1') + '/table/')"
	BELOTE_TABLE_DIR=$(TABLE_OUT) $(BIN)/gunicorn -c gunicorn.conf.py

browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q --no-install-recommends chromium; \
	  else echo "The browser test needs Debian's chromium: run 'sudo apt-get install chromium' (or make test as root)." >&2; exit 1; fi; fi

client:
	cd $(CLIENT) && npm ci --no-audit --no-fund --loglevel=error && npm run build

client-check: client
	cd $(CLIENT) && node dist/check.js $(URL)

# Schemathesis with every check against a running server (`make test` runs it too).
contract: $(SETUP)
	$(BIN)/st --config-file tests/support/contract/schemathesis.toml run openapi.yaml --url $(URL) --checks all

# bench/overload.py: workers replaced under load, floods of suggestions and batches, the
# metrics directory after 10,000 replacements (about 8 minutes; `overload.py 20` floods 20 s);
# bench/review.py, the cost of a round's review (docs/review.md), and legal-moves latency
# while reviews run.
bench: $(SETUP)
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/ops.py
	nice $(BIN)/python bench/overload.py
	nice $(BIN)/python bench/review.py --rounds 100 --full 4
	$(BIN)/python bench/suggest_load.py --operation review

# Generated clients (tests/clients/test_generated_clients.py, docs/clients.md). The generators are
# pinned in requirements-test.lock. The toolchains and libraries the nine checks build with:
# Debian's packages (installed here, as root, when missing; no version pins, so a Debian
# point release changes nothing), Kotlin's compiler and libraries from Maven Central
# (clients/kotlin/pom.xml, copied into build/clients/libs/kotlin), Go modules from the Go
# module proxy and crates from the Rust registry (fetched by go build and cargo build).
# Not root, not Debian, or no network: it says what is missing, and the tests of the
# languages concerned fail naming it.
CLIENT_DEBS := libjakarta-annotation-api-java maven \
	mono-mcs mono-runtime libnewtonsoft-json-cil-dev libmono-system-net-http4.0-cil \
	libmono-system-runtime-serialization4.0-cil libmono-system-web4.0-cil \
	libmono-system-componentmodel-dataannotations4.0-cil \
	php-cli php-mbstring php-guzzlehttp-guzzle php-guzzlehttp-psr7 ruby ruby-typhoeus
CLIENT_TOOLS := java javac go cargo node npm
KOTLIN_LIBS := build/clients/libs/kotlin

client-deps:
	@missing=$$(for deb in $(CLIENT_DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$deb 2>/dev/null | grep -q 'install ok installed' || echo $$deb; \
	done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing \
	      || echo "client-deps: apt-get could not install: $$missing (their clients' tests will fail)"; \
	  else \
	    echo "client-deps: missing Debian packages (run as root on Debian, or install them): $$missing"; \
	  fi; \
	fi
	@for tool in $(CLIENT_TOOLS); do command -v $$tool >/dev/null || \
	  echo "client-deps: \`$$tool\` is not on PATH: its client's test will fail (docs/clients.md)"; done
	@if [ ! -f $(KOTLIN_LIBS)/.done ]; then \
	  if command -v mvn >/dev/null && mvn -q -B -f clients/kotlin/pom.xml dependency:copy-dependencies \
	      -DoutputDirectory=$(CURDIR)/$(KOTLIN_LIBS); then touch $(KOTLIN_LIBS)/.done; \
	  else echo "client-deps: the Kotlin compiler and libraries could not be fetched (mvn, Maven Central)"; fi; \
	fi

clients: $(SETUP)
	$(BIN)/python clients/generate.py

# The computer players' duplicate matches (our levels against each other and against
# colver's players and bidders, bench/colver_table.py) and the legal-moves latency while
# suggestions run (docs/players.md); not part of `make test`. DEALS=... changes the number
# of deals.
DEALS ?= 200
arena: $(SETUP)
	nice $(BIN)/python bench/arena.py --pairs greedy:random,easy:random,normal:greedy,hard:greedy,hard:plain --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --pairs casual:beginner,easy:casual,normal:easy,hard:normal --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --a hard --b plain --auction --bid-a heuristic --bid-b heuristic --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --a greedy --b greedy --auction --bid-a hard --bid-b strong --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --pairs hard:colver-isdd,normal:colver-heuristic,hard:colver-smart,colver-oracle:hard --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --a normal --b normal --auction --bid-a hard --bid-b colver-improved --deals $(DEALS) --jobs 2
	$(BIN)/python bench/suggest_load.py
