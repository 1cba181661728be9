"""The fence around the hot path (service/api/http/hot_path.py): it reaches into private
members of marshmallow, webargs, flask-smorest and werkzeug, so an upgrade could break it
silently. The app refuses to start with library versions it was not proven against
(:data:`hot_path.PROVEN`), and each private member it touches has a test here that it
still exists and does what the hot path assumes.

Measured (bench/fast_path.py, docs/benchmarks.md): without the hot path, POST
/v1/legal-moves keeps 0.66 to 0.68 of GET /healthz's throughput (0.85 to 0.88 with it);
the target is 0.85.
"""

from __future__ import annotations

import inspect
from importlib import metadata

import flask
import pytest
from flask.views import MethodView
from flask_smorest import Api
from flask_smorest.utils import set_status_and_headers_in_response, unpack_tuple_response
from marshmallow import Schema, ValidationError, fields, post_dump, pre_load
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import UnprocessableEntity

from service.api.http import hot_path
from service.api.http.blueprint import Blueprint
from service.api.http.body import JsonBodyParser
from service.api.http.schemas import JsonInteger


def test_the_installed_versions_are_the_proven_ones():
    assert {name: metadata.version(name) for name in hot_path.PROVEN} == hot_path.PROVEN
    hot_path.check_versions()  # (create_app calls it: every app test starts through it)


def test_another_version_stops_the_start_with_a_clear_message(monkeypatch):
    real = metadata.version
    monkeypatch.setattr(
        hot_path.metadata,
        "version",
        lambda name: "99.0.0" if name == "marshmallow" else real(name),
    )
    with pytest.raises(RuntimeError) as refused:
        hot_path.check_versions()
    message = str(refused.value)
    assert "marshmallow 99.0.0" in message
    assert f"proven against {hot_path.PROVEN['marshmallow']}" in message
    assert "tests/api/test_hot_path_fence.py" in message


# --- marshmallow: Schema._hooks --------------------------------------------------------


def test_marshmallow_schema_hooks_name_every_hook_by_tag():
    class Plain(Schema):
        a = fields.Integer()

    class Hooked(Schema):
        a = fields.Integer()

        @pre_load
        def before(self, data, **kwargs):
            return data

        @post_dump
        def after(self, data, **kwargs):
            return data

    assert not any(Plain()._hooks.values())  # no hook: the hot path compiles the schema
    hooks = {
        tag: [hot_path._hook_name(e) for e in entries]
        for tag, entries in Hooked()._hooks.items()
        if entries
    }
    assert hooks == {"pre_load": ["before"], "post_dump": ["after"]}


def test_a_schema_with_a_hook_it_does_not_know_is_left_to_marshmallow():
    class Hooked(Schema):
        a = fields.Integer()

        @pre_load
        def before(self, data, **kwargs):
            return data

    with pytest.raises(hot_path.Unsupported):
        hot_path.schema_loader(Hooked())


# --- webargs: Parser._raw_load_json and Parser._on_validation_error --------------------


def test_webargs_reads_json_bodies_through_raw_load_json():
    # The hot path calls the parser's _raw_load_json directly: webargs must read bodies
    # through it too, so that both paths give the same 400 / 415.
    assert "_raw_load_json" in vars(FlaskParser)
    assert "_raw_load_json" in inspect.getsource(FlaskParser.load_json)
    app = flask.Flask(__name__)
    with app.test_request_context(json={"a": 1}):
        assert JsonBodyParser()._raw_load_json(flask.request) == {"a": 1}


def test_webargs_on_validation_error_raises_the_422_of_the_ordinary_path():
    parameters = inspect.signature(FlaskParser._on_validation_error).parameters
    assert list(parameters)[:5] == ["self", "error", "req", "schema", "location"]
    assert {"error_status_code", "error_headers"} <= set(parameters)
    app = flask.Flask(__name__)
    schema = Schema.from_dict({"a": fields.Integer(required=True)})()
    with app.test_request_context(json={}):
        try:
            schema.load({})
        except ValidationError as error:
            with pytest.raises(UnprocessableEntity) as raised:
                JsonBodyParser()._on_validation_error(
                    error,
                    flask.request,
                    schema,
                    "json",
                    error_status_code=None,
                    error_headers=None,
                )
    assert raised.value.data["messages"] == {"json": {"a": ["Missing data for required field."]}}


# --- flask-smorest: the view's _apidoc, its decorators' __wrapped__, its utils ------------


class _Body(Schema):
    a = JsonInteger(required=True)


def _smorest_view():
    app = flask.Flask(__name__)
    app.config.update(API_TITLE="t", API_VERSION="1", OPENAPI_VERSION="3.1.0")
    api = Api(app)
    blp = Blueprint("fence", __name__, url_prefix="/fence")

    @blp.route("/")
    class Fence(MethodView):
        @blp.arguments(_Body())
        @blp.response(201, _Body())
        def post(self, args):
            return args

    api.register_blueprint(blp)
    return app, Fence, api


def test_flask_smorest_apidoc_states_the_body_and_the_answer():
    _app, view, _api = _smorest_view()
    apidoc = view.post._apidoc
    (parameter,) = apidoc["arguments"]["parameters"]
    assert parameter["in"] == "json" and isinstance(parameter["schema"], _Body)
    status = apidoc["success_status_codes"][0]
    assert int(status) == 201
    assert isinstance(apidoc["response"]["responses"][status][0]["schema"], _Body)


def test_flask_smorest_decorators_unwrap_to_the_handler():
    _app, view, _api = _smorest_view()
    handler = inspect.unwrap(view.post)
    assert handler is not view.post
    assert handler(view(), {"a": 3}) == {"a": 3}  # the loaded body in, the result out


def test_flask_smorest_tuple_responses_unpack_and_apply():
    assert unpack_tuple_response(({"a": 1}, 201, {"X-A": "b"})) == ({"a": 1}, 201, {"X-A": "b"})
    assert unpack_tuple_response(({"a": 1}, 202)) == ({"a": 1}, 202, None)
    response = flask.Response("{}")
    set_status_and_headers_in_response(response, 201, {"X-A": "b"})
    assert response.status_code == 201 and response.headers["X-A"] == "b"


def test_the_compiled_operation_answers_as_the_view():
    app, _view, api = _smorest_view()
    spec = api.spec.to_dict()
    names = {item["post"].get("operationId", "fence.Fence") for item in spec["paths"].values()}
    assert hot_path.install(app, spec, names) == {}
    (operation,) = hot_path.operations(app).values()
    with app.test_request_context(json={"a": 4}):
        assert operation.answer({"a": 4}) == ({"a": 4}, 201)
        assert operation.answer({"a": "x"}) is None  # refused: the ordinary path answers


# --- werkzeug: LocalProxy._get_current_object ------------------------------------------


def test_werkzeug_request_proxy_gives_the_request_itself():
    app = flask.Flask(__name__)
    with app.test_request_context("/x"):
        request = flask.request._get_current_object()
        assert type(request) is app.request_class
        assert request.path == "/x"
