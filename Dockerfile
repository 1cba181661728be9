# The rules service in a container: docker build -t belote-rules . && docker run -p 8000:8000 belote-rules
FROM python:3.11-slim

WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BIND=0.0.0.0:8000

COPY requirements.lock pyproject.toml ./
RUN pip install --no-cache-dir --disable-pip-version-check -r requirements.lock

COPY gunicorn.conf.py ./
COPY service ./service

RUN useradd --system --no-create-home belote
USER belote
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
CMD ["gunicorn", "-c", "gunicorn.conf.py"]
