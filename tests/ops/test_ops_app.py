"""Operations features seen through the Flask app: configuration, request ids, problem
bodies, API keys, caching headers, CORS and readiness (issue 9, items 3, 4, 5, 7, 8)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.app import create_app
from service.api.server.config import VARIABLES, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("old-key-0123456789abcdef", "new-key-0123456789abcdef")
MOVE = {"trump": "H", "trick": {"leader": 1, "cards": ["8C", "9H", "AC", "JH"]}}


def client_with(**settings):
    return create_app(settings=Settings(**settings)).test_client()


# --- configuration ------------------------------------------------------------------------


def test_defaults_come_from_an_empty_environment():
    settings = Settings.from_env({})
    assert settings.bind == "127.0.0.1:8000"
    assert settings.worker_class == "gevent"
    assert settings.web_concurrency >= 1
    assert settings.api_keys == () and settings.cors_origins == ()
    assert settings.max_body_bytes == 65536
    assert settings.access_log == "json" and settings.metrics


def test_every_variable_is_read_and_the_old_names_still_work():
    settings = Settings.from_env(
        {
            "BIND": "0.0.0.0:9000",
            "WORKERS": "3",
            "THREADS": "8",
            "ACCESS_LOG": "",
            "BELOTE_API_KEYS": ",".join(KEYS),
            "BELOTE_CORS_ORIGINS": "https://cards.example, http://localhost:3000/",
            "BELOTE_MAX_BODY_BYTES": "2048",
            "BELOTE_METRICS": "off",
        }
    )
    assert (settings.bind, settings.web_concurrency, settings.threads) == ("0.0.0.0:9000", 3, 8)
    assert settings.access_log == "off" and not settings.metrics
    assert settings.api_keys == KEYS
    assert settings.cors_origins == ("https://cards.example", "http://localhost:3000")
    assert Settings.from_env({"WEB_CONCURRENCY": "5", "WORKERS": "3"}).web_concurrency == 5


def test_invalid_variables_are_all_named_in_one_clear_message_that_hides_keys():
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(
            {
                "WEB_CONCURRENCY": "many",
                "BELOTE_TIMEOUT": "-1",
                "BELOTE_LOG_LEVEL": "loud",
                "BELOTE_API_KEYS": "short-secret",
                "BELOTE_CORS_ORIGINS": "https://x.example/path",
                "BELOTE_BIND": "nowhere",
                "BELOTE_SUGGEST_NICE": "20",
            }
        )
    message = str(caught.value)
    for name in ("WEB_CONCURRENCY", "BELOTE_TIMEOUT", "BELOTE_LOG_LEVEL", "BELOTE_BIND"):
        assert name in message
    assert "BELOTE_API_KEYS=(hidden): key #1 (of 1) must be 16 to 256" in message
    assert "short-secret" not in message
    assert "'https://x.example/path' is not an origin" in message
    assert "BELOTE_BIND='nowhere': expected HOST:PORT" in message
    assert "BELOTE_SUGGEST_NICE='20': expected a number between 0 and 19" in message
    assert "short-secret" not in repr(Settings(api_keys=("short-secret",)))


def test_readme_and_operations_doc_list_every_variable_with_its_default():
    docs = (ROOT / "docs" / "operations.md").read_text()
    readme = (ROOT / "README.md").read_text()
    for variable in VARIABLES:
        assert variable.name in docs, variable.name
        assert variable.name in readme, variable.name
        if variable.default:
            assert f"`{variable.default}`" in docs, (variable.name, variable.default)


def test_each_setting_is_declared_once_with_a_default_its_variable_reads_back():
    import dataclasses

    defaults = Settings()
    fields = dataclasses.fields(Settings)
    assert [variable.name for variable in VARIABLES] == [f.metadata["env"][0] for f in fields]
    for item, variable in zip(fields, VARIABLES, strict=True):
        if item.default is dataclasses.MISSING:  # computed at start: one worker per CPU
            assert variable.default == "" and getattr(defaults, item.name) >= 1
        else:
            assert variable.parse(variable.default) == getattr(defaults, item.name), item.name
    assert [v.name for v in VARIABLES if v.secret] == ["BELOTE_API_KEYS"]


# --- request ids --------------------------------------------------------------------------


def test_a_sane_request_id_is_echoed_and_a_hostile_one_replaced():
    client = client_with()
    assert client.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["X-Request-ID"] == (
        "abc-123"
    )
    for hostile in ("a" * 129, "two words", "x\u00e9", "id;drop"):
        answer = client.get("/healthz", headers={"X-Request-ID": hostile}).headers["X-Request-ID"]
        assert answer != hostile and len(answer) == 32
    generated = {client.get("/healthz").headers["X-Request-ID"] for _ in range(5)}
    assert len(generated) == 5


def test_problem_bodies_carry_the_request_id_as_an_extension_member():
    client = client_with()
    response = client.post("/v1/trick-winner", data="{", headers={"X-Request-ID": "req-1"})
    assert response.status_code in (400, 415)
    body = response.get_json(force=True)
    assert response.mimetype == "application/problem+json"
    assert body["request_id"] == "req-1"
    assert {"type", "title", "status", "detail"} <= set(body)


def test_every_request_logs_one_json_line_with_route_template_status_and_id(caplog):
    from service.api.server.logs import JsonFormatter

    client = client_with()
    with caplog.at_level(logging.INFO, logger="belote.access"):
        client.get("/v1/rulesets/belote", headers={"X-Request-ID": "log-1"})
    record = next(r for r in caplog.records if r.name == "belote.access")
    line = json.loads(JsonFormatter().format(record))
    assert line["request_id"] == "log-1"
    assert line["method"] == "GET" and line["status"] == 200
    assert line["route"] == "/v1/rulesets/<name>" and line["path"] == "/v1/rulesets/belote"
    assert line["duration_ms"] >= 0 and line["level"] == "info"


# --- API keys -----------------------------------------------------------------------------


def test_without_keys_the_api_is_open():
    assert client_with().post("/v1/trick-winner", json=MOVE).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong-key-0123456789"},
        {"X-API-Key": "nope"},
        {"Authorization": "Basic " + KEYS[0]},
    ],
    ids=["none", "wrong-bearer", "wrong-x-api-key", "basic-scheme"],
)
def test_with_keys_a_v1_call_without_a_valid_key_is_a_401_problem(headers, caplog):
    client = client_with(api_keys=KEYS)
    with caplog.at_level(logging.DEBUG):
        response = client.post("/v1/trick-winner", json=MOVE, headers=headers)
    assert response.status_code == 401
    assert response.mimetype == "application/problem+json"
    assert response.headers["WWW-Authenticate"].startswith('Bearer realm="belote-rules"')
    assert response.get_json()["status"] == 401
    for key in KEYS:
        assert key not in caplog.text and key not in response.get_data(as_text=True)


@pytest.mark.parametrize("key", KEYS)
def test_with_keys_every_listed_key_works_in_either_header(key):
    client = client_with(api_keys=KEYS)
    assert client.post("/v1/trick-winner", json=MOVE, headers={"X-API-Key": key}).status_code == 200
    bearer = {"Authorization": f"Bearer {key}"}
    assert client.get("/v1/rulesets", headers=bearer).status_code == 200


def test_with_keys_probes_metrics_and_the_spec_stay_open():
    client = client_with(api_keys=KEYS)
    for path in ("/healthz", "/readyz", "/metrics", "/openapi.yaml"):
        assert client.get(path).status_code == 200, path


# --- headers, caching, CORS, Host ---------------------------------------------------------


def test_nosniff_everywhere_and_cacheable_listings_have_an_etag_and_answer_304():
    client = client_with()
    for path in ("/healthz", "/v1/nowhere"):
        assert client.get(path).headers["X-Content-Type-Options"] == "nosniff"
    for path in ("/v1/rulesets", "/v1/rulesets/coinche", "/v1/parameters", "/openapi.yaml"):
        first = client.get(path)
        assert first.headers["Cache-Control"] == "public, max-age=300", path
        etag = first.headers["ETag"]
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b""
    assert client.get("/readyz").headers["Cache-Control"] == "no-store"
    assert client.get("/v1/rulesets/nope").headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in client.post("/v1/trick-winner", json=MOVE).headers


def test_with_keys_cacheable_answers_are_private_and_vary_on_the_key():
    response = client_with(api_keys=KEYS).get("/v1/rulesets", headers={"X-API-Key": KEYS[0]})
    assert response.headers["Cache-Control"].startswith("private")
    assert {"Authorization", "X-API-Key"} <= set(response.vary)


def test_cors_is_off_by_default():
    response = client_with().get("/v1/rulesets", headers={"Origin": "https://cards.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_answers_listed_origins_and_their_preflights_only():
    client = client_with(cors_origins=("https://cards.example",), api_keys=KEYS)
    preflight = client.options(
        "/v1/legal-moves",
        headers={
            "Origin": "https://cards.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-api-key",
        },
    )
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://cards.example"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert "X-API-Key" in preflight.headers["Access-Control-Allow-Headers"]
    simple = client.get(
        "/v1/rulesets", headers={"Origin": "https://cards.example", "X-API-Key": KEYS[1]}
    )
    assert simple.headers["Access-Control-Allow-Origin"] == "https://cards.example"
    assert "X-Request-ID" in simple.headers["Access-Control-Expose-Headers"]
    assert "Origin" in simple.vary
    other = client.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_does_not_echo_a_listed_origin_with_a_trailing_slash():
    # A browser's Origin has no path; "https://cards.example/" is another string, and an
    # echo of it would be a header no browser accepts for the listed origin (issue 22).
    client = client_with(cors_origins=("https://cards.example",))
    for origin in ("https://cards.example/", "https://cards.example//"):
        simple = client.get("/v1/rulesets", headers={"Origin": origin})
        assert "Access-Control-Allow-Origin" not in simple.headers
        preflight = client.options(
            "/v1/legal-moves",
            headers={"Origin": origin, "Access-Control-Request-Method": "POST"},
        )
        assert "Access-Control-Allow-Origin" not in preflight.headers


def test_an_http11_request_without_host_is_a_400_problem():
    client = client_with()
    response = client.get("/healthz", environ_overrides={"HTTP_HOST": ""})
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    assert "Host" in response.get_json()["detail"]


def test_the_body_limit_is_configurable_and_the_413_says_the_limit():
    client = client_with(max_body_bytes=2048)
    response = client.post(
        "/v1/trick-winner", data=b"{" + b" " * 4096 + b"}", content_type="application/json"
    )
    assert response.status_code == 413
    assert "2048 bytes" in response.get_json()["detail"]


# --- readiness ----------------------------------------------------------------------------


def test_readyz_answers_after_a_real_engine_call_and_503_when_it_fails(monkeypatch):
    client = client_with()
    assert client.get("/readyz").get_json() == {"status": "ready", "checks": {"engine": "ok"}}
    from service.api.http.routes import health

    monkeypatch.setattr(health, "engine_answers", lambda: False)
    failed = client.get("/readyz")
    assert failed.status_code == 503
    assert failed.mimetype == "application/problem+json"


# --- nothing a client sends to these hooks gives a 500 ------------------------------------

_header_text = st.text(
    alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"),
    max_size=300,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    request_id=_header_text,
    authorization=_header_text,
    api_key=_header_text,
    origin=_header_text,
    method=st.sampled_from(["GET", "POST", "OPTIONS", "HEAD", "DELETE"]),
    path=st.sampled_from(["/v1/rulesets", "/v1/legal-moves", "/metrics", "/nowhere", "/readyz"]),
)
def test_hostile_operations_headers_never_give_a_500(
    request_id, authorization, api_key, origin, method, path
):
    client = _HOSTILE_CLIENT
    headers = {
        "X-Request-ID": request_id,
        "Authorization": authorization,
        "X-API-Key": api_key,
        "Origin": origin,
        "Access-Control-Request-Method": "POST",
    }
    response = client.open(path, method=method, headers=headers)
    assert response.status_code < 500
    echoed = response.headers["X-Request-ID"]
    assert echoed == request_id or (echoed != request_id and len(echoed) == 32)


_HOSTILE_CLIENT = client_with(api_keys=KEYS, cors_origins=("https://cards.example",))
