# The rules service in a container (docs/operations.md):
#   docker build -t belote-rules . && docker run -p 8000:8000 belote-rules
# tests/test_ops_container.py lints this file (hadolint) and runs its install and start
# commands in a fresh virtualenv, then probes /readyz.

# --- build: the runtime dependencies only, into a virtualenv ------------------------------
FROM python:3.11-slim AS build
ENV VENV=/opt/venv PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY requirements.lock ./
# --no-deps and pip check: the lock file alone must be complete.
RUN python -m venv "$VENV" \
    && "$VENV/bin/pip" install --no-deps -r requirements.lock \
    && "$VENV/bin/pip" check
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
