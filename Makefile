# make run  - set up the virtualenv and serve the API on 127.0.0.1:8000 with gunicorn
# make test - set up the virtualenv and run lint, the spec check and the whole test suite
#             (Schemathesis, the generated TypeScript client, hostile input: README.md)
# make contract / client-check URL=... - the same two checks against a server you run
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CLIENT := clients/typescript
URL ?= http://127.0.0.1:8000

.PHONY: run test lint openapi bench clean client client-check contract arena

$(STAMP): requirements.lock requirements-test.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-test.lock
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gunicorn -c gunicorn.conf.py

test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check service tests bench
	$(BIN)/ruff format --check service tests bench

openapi: $(STAMP)
	$(BIN)/python -m service.api.spec > openapi.yaml

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .schemathesis $(CLIENT)/node_modules $(CLIENT)/dist

# The TypeScript client of clients/typescript: pinned tools (npm ci), types generated from
# openapi.yaml, tsc --strict. `make client-check URL=...` then runs its check script
# against a running server (`make run` in another shell). `make test` does all of it
# against its own gunicorn (tests/test_typescript_client.py).
client:
	cd $(CLIENT) && npm ci --no-audit --no-fund --loglevel=error && npm run build

client-check: client
	cd $(CLIENT) && node dist/check.js $(URL)

# Schemathesis with every check against a running server (`make test` runs it too).
contract: $(STAMP)
	$(BIN)/st --config-file tests/contract/schemathesis.toml run openapi.yaml --url $(URL) --checks all

bench: $(STAMP)
	$(BIN)/python bench/bench.py

# The computer players' duplicate matches and the legal-moves latency while suggestions
# run (docs/players.md); not part of `make test`. DEALS=... changes the number of deals.
DEALS ?= 200
arena: $(STAMP)
	nice $(BIN)/python bench/arena.py --pairs greedy:random,easy:random,normal:greedy,hard:greedy,hard:plain --deals $(DEALS) --jobs 2
	nice $(BIN)/python bench/arena.py --a greedy --b greedy --auction --bid-a hard --bid-b strong --deals $(DEALS) --jobs 2
	$(BIN)/python bench/suggest_load.py
