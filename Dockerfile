# The rules service in a container (docs/operations.md):
#   docker build -t belote-rules . && docker run -p 8000:8000 belote-rules
# tests/ops/test_ops_container.py lints this file (hadolint) and runs its install and start
# commands in a fresh virtualenv, then probes /readyz.

# --- dds: the compiled solver (service/dds, Rust) as a CPython extension module ----------
# The crate builds an abi3 module for CPython 3.11+ (PyO3), which needs no interpreter to
# build (PYO3_NO_PYTHON); `make` builds the same crate with maturin into .venv.
FROM rust:1.95-slim AS dds
WORKDIR /dds
COPY service/dds ./
RUN PYO3_NO_PYTHON=1 cargo build --release --locked \
    && cp target/release/libbelote_dds.so /belote_dds.abi3.so

# --- build: the runtime dependencies only, into a virtualenv ------------------------------
FROM python:3.11-slim AS build
ENV VENV=/opt/venv PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY requirements.lock ./
COPY --from=dds /belote_dds.abi3.so ./
# --no-deps and pip check: the lock file alone must be complete. The solver's module goes
# into the virtualenv's site-packages, where `import belote_dds` finds it.
RUN python -m venv "$VENV" \
    && "$VENV/bin/pip" install --no-deps -r requirements.lock \
    && "$VENV/bin/pip" check \
    && cp belote_dds.abi3.so "$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')/" \
    && "$VENV/bin/python" -c "import belote_dds"
# The translations: service/locales/*/LC_MESSAGES/messages.po compiled to .mo (Babel).
COPY service/locales ./locales
RUN "$VENV/bin/pybabel" compile --domain messages --directory locales

# --- run: the virtualenv and the code, as a non-root user ---------------------------------
FROM python:3.11-slim
ENV VENV=/opt/venv PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH BELOTE_BIND=0.0.0.0:8000
WORKDIR /app
COPY --from=build /opt/venv /opt/venv
COPY gunicorn.conf.py ./
COPY service ./service
COPY --from=build /app/locales ./service/locales
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py"]
