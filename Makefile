# make run  - set up the virtualenv and serve the API on 127.0.0.1:8000 with gunicorn
# make test - set up the virtualenv and run lint, the spec check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint openapi bench clean

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
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

bench: $(STAMP)
	$(BIN)/python bench/bench.py
