"""The hot path: POST operations answered without webargs' and flask-smorest's per-request
machinery, with the same answers.

The marshmallow schemas stay the single source of the spec and of every refusal:

- a body is first validated against its JSON Schema (the one the schemas generate into
  ``openapi.yaml``) compiled with ``jsonschema_rs``;
- a body it accepts is loaded by a loader compiled from the marshmallow schema (its fields
  walked once, at start), the handler runs, and the result is dumped by a dumper compiled
  from the response schema and serialised with ``orjson``;
- a body it refuses goes the ordinary way (webargs, marshmallow), so every problem detail
  is marshmallow's own; so does every operation whose schemas use something the compiled
  loader does not know (a hook, an unknown field type).

``tests/api/test_hot_path.py`` proves, on generated valid and invalid bodies, that the compiled
validator accepts exactly what marshmallow accepts, that the compiled loader loads what
marshmallow loads, and that both paths answer with the same bytes.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import flask
import jsonschema_rs
import orjson
from flask_smorest.utils import set_status_and_headers_in_response, unpack_tuple_response
from marshmallow import Schema, ValidationError, fields, missing

from ...engine.cards import NOTATIONS, card_name, parse_card
from . import i18n
from .body import JsonBodyParser
from .schemas import CapotField, CardField, JsonInteger, RequestSchema, StrictBoolean

Loader = Callable[[Any], Any]


#: The library versions the hot path was proven against: it reaches into private members
#: of these (marshmallow's ``Schema._hooks``; webargs' ``Parser._raw_load_json`` and
#: ``_on_validation_error``; flask-smorest's ``_apidoc``, the ``__wrapped__`` of its
#: decorators and its ``utils``; werkzeug's ``LocalProxy._get_current_object``), which an
#: upgrade may change without notice. tests/api/test_hot_path_fence.py has one test per member
#: and tests/api/test_hot_path.py compares both paths' answers; after an upgrade, run them, and
#: once they pass, write the new versions here.
PROVEN = {
    "marshmallow": "4.4.0",
    "webargs": "8.7.1",
    "flask-smorest": "0.47.0",
    "Werkzeug": "3.1.9",
}


def check_versions() -> None:
    """Refuse to start (RuntimeError, naming each library) with a version of a library
    the hot path was not proven against."""
    wrong = {name: metadata.version(name) for name in PROVEN}
    wrong = {name: found for name, found in wrong.items() if found != PROVEN[name]}
    if wrong:
        listed = "; ".join(
            f"{name} {found} installed, proven against {PROVEN[name]}"
            for name, found in wrong.items()
        )
        raise RuntimeError(
            f"The hot path (service/api/http/hot_path.py) uses private members of these "
            f"libraries: {listed}. Run tests/api/test_hot_path_fence.py and "
            "tests/api/test_hot_path.py with these versions, then update hot_path.PROVEN "
            "(or install the proven ones)."
        )


class Unsupported(Exception):  # noqa: N818 - a signal, not an error
    """A schema the compiled loader or dumper does not cover: use marshmallow."""


# --- loading ------------------------------------------------------------------------------


def _field_loader(field: fields.Field) -> Loader | None:
    """The field's loader; None when the validated JSON value is the loaded value. Built
    of C callables where it can (a card is one dict look-up): it runs once per value."""
    hot_load = getattr(field, "hot_load", missing)  # a field that says how (a seed)
    if hot_load is not missing:
        inner: Loader | None = hot_load
    elif isinstance(field, CardField):
        inner = _CARDS_BY_NAME.__getitem__
    elif isinstance(field, JsonInteger):
        inner = int  # 7 or 7.0 (the validator refused 7.5, "7" and true)
    elif type(field) in (StrictBoolean, CapotField, fields.String):
        inner = None  # the validated JSON value is the loaded value
    elif isinstance(field, fields.Nested) and not field.many:
        inner = schema_loader(field.schema)
    elif type(field) is fields.List:
        item = _field_loader(field.inner)
        inner = list if item is None else _list_of(item)
    elif type(field) is fields.Dict:
        if field.key_field is not None and type(field.key_field) is not fields.String:
            raise Unsupported(f"dict keys {type(field.key_field).__name__}")
        value = _field_loader(field.value_field) if field.value_field is not None else None
        inner = dict if value is None else _dict_of(value)
    else:
        raise Unsupported(type(field).__name__)
    if inner is None or not field.allow_none:
        return inner
    return _or_none(inner)


class _CardsByName(dict):
    """Every accepted card notation to its card (``"10H"``, ``"th"``, ``"J♠"``...);
    anything else is parsed by ``parse_card``, whose error it raises."""

    def __missing__(self, text: Any) -> int:
        return parse_card(text)


_CARDS_BY_NAME = _CardsByName(NOTATIONS)
#: Card index to its canonical name (``card_name``), None to None: one dict look-up.
_CARD_NAMES = {c: card_name(c) for c in range(32)} | {None: None}


def _or_none(inner: Loader) -> Loader:
    return lambda value: None if value is None else inner(value)


def _list_of(item: Loader) -> Loader:
    return lambda values: list(map(item, values))


def _dict_of(item: Loader) -> Loader:
    return lambda values: {k: item(v) for k, v in values.items()}


def _hook_name(entry: Any) -> str:
    return entry[0] if isinstance(entry, tuple) else str(entry)


def schema_loader(schema: Schema) -> Loader:
    """A loader equal to ``schema.load`` on bodies the schema's JSON Schema accepts."""
    hooks = {tag: list(entries) for tag, entries in schema._hooks.items() if entries}
    # RequestSchema._absent (a member sent as null, or an empty list, is left out) is the
    # one hook the loader knows: it does the same below.
    absent_default = isinstance(schema, RequestSchema)
    if absent_default:
        kept = [e for e in hooks.get("pre_load", []) if _hook_name(e) != "_absent"]
        if kept:
            hooks["pre_load"] = kept
        else:
            hooks.pop("pre_load", None)
    if hooks:
        raise Unsupported(f"{type(schema).__name__} hooks {sorted(map(str, hooks))}")
    source = _Source()
    lines = ["    out = {}"]
    for name, field in schema.load_fields.items():
        key = repr(field.data_key or name)
        put = f"out[{(field.attribute or name)!r}] ="
        default = field.load_default
        if default is missing:
            fallback = None
        else:
            fallback = f"{put} {source.name(default)}{'()' if callable(default) else ''}"
        value = _load_expression(field, source)
        lines += [f"    if {key} in data:", f"        v = data[{key}]"]
        if absent_default and not field.required:  # null (or []) is as if left out
            empty = " or v == []" if isinstance(field, fields.List) else ""
            lines += [f"        if not (v is None{empty}):", f"            {put} {value}"]
            if fallback:
                lines += ["        else:", f"            {fallback}"]
        else:
            lines.append(f"        {put} {value}")
        if fallback:
            lines += ["    else:", f"        {fallback}"]
    lines.append("    return out")
    return source.function(f"load_{type(schema).__name__}", "data", lines)


def _load_expression(field: fields.Field, source: _Source) -> str:
    """Python for the loaded value of ``v``, the field's JSON value."""
    if type(field) is fields.List:
        item = _field_loader(field.inner)
        value = "list(v)" if item is None else f"list(map({source.name(item)}, v))"
        return f"None if v is None else {value}" if field.allow_none else value
    inner = _field_loader(field)
    return "v" if inner is None else f"{source.name(inner)}(v)"


class _Source:
    """The Python source of one loader or dumper, compiled with the objects it names: a
    schema's fields unrolled once, at start, instead of walked on every request."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {}

    def name(self, value: Any) -> str:
        name = f"_{len(self.names)}"
        self.names[name] = value
        return name

    def function(self, name: str, argument: str, lines: list[str]) -> Callable[[Any], Any]:
        code = "\n".join([f"def {name}({argument}):", *lines])
        exec(compile(code, f"<hot_path {name}>", "exec"), self.names)
        return self.names[name]


# --- dumping ------------------------------------------------------------------------------


def _field_dumper(field: fields.Field) -> Loader | None:
    """The field's dumper (None: the value as it is); marshmallow dumps None as None."""
    hot_dump = getattr(field, "hot_dump", None)  # a field that says how (a bid's value)
    if hot_dump is not None:
        return hot_dump
    if isinstance(field, CardField):
        return _CARD_NAMES.__getitem__
    if isinstance(field, JsonInteger) or type(field) is fields.Integer:
        return _or_none(int)
    if type(field) in (fields.String, fields.Boolean, fields.Dict):
        return None
    if isinstance(field, fields.Nested):
        nested, many = field.schema, field.many
        try:
            dump = schema_dumper(nested)
        except Unsupported:  # marshmallow dumps this part (a post_dump hook, say)
            return lambda value: None if value is None else nested.dump(value, many=many)
        return _or_none_list_of(dump) if many else _or_none(dump)
    if type(field) is fields.List:
        item = _field_dumper(field.inner)
        return _or_none(list) if item is None else _or_none_list_of(item)
    raise Unsupported(type(field).__name__)


def _or_none_list_of(item: Loader) -> Loader:
    return lambda values: None if values is None else list(map(item, values))


def schema_dumper(schema: Schema) -> Loader:
    """A dumper equal to ``schema.dump`` on the dicts the handlers return."""
    if any(names for names in schema._hooks.values()):
        raise Unsupported(f"{type(schema).__name__} has hooks")
    source = _Source()
    lines = ["    if not isinstance(obj, dict):"]
    lines += [f"        return {source.name(schema.dump)}(obj)", "    out = {}"]
    for name, field in schema.dump_fields.items():
        # a field may dump another member of the object (a bid's capot: its value)
        attribute = repr(getattr(field, "source", None) or field.attribute or name)
        value = _dump_expression(field, source)
        lines += [
            f"    if {attribute} in obj:",
            f"        v = obj[{attribute}]",
            f"        out[{(field.data_key or name)!r}] = {value}",
        ]
    lines.append("    return out")
    return source.function(f"dump_{type(schema).__name__}", "obj", lines)


def _dump_expression(field: fields.Field, source: _Source) -> str:
    """Python for the dumped value of ``v``, the handler's value."""
    if type(field) is fields.List or (isinstance(field, fields.Nested) and field.many):
        try:
            item = (
                _field_dumper(field.inner)
                if type(field) is fields.List
                else schema_dumper(field.schema)
            )
        except Unsupported:  # marshmallow dumps this part (a post_dump hook, say)
            item = _field_dumper(field)
            return f"{source.name(item)}(v)"
        items = "list(v)" if item is None else f"list(map({source.name(item)}, v))"
        return f"None if v is None else {items}"
    if getattr(field, "hot_dump", None) is None and (
        isinstance(field, JsonInteger) or type(field) is fields.Integer
    ):
        return "None if v is None else int(v)"
    if isinstance(field, fields.Nested):  # one object
        try:
            return f"None if v is None else {source.name(schema_dumper(field.schema))}(v)"
        except Unsupported:
            pass
    inner = _field_dumper(field)
    return "v" if inner is None else f"{source.name(inner)}(v)"


# --- the operation ------------------------------------------------------------------------


@dataclass
class Operation:
    """One POST operation's hot path: validator, loader, handler and dumper."""

    operation_id: str
    request_schema: Schema
    response_schema: Schema
    status: int
    validator: Any
    load: Loader
    dump: Loader
    view_class: type
    handler: Callable[[Any, Any], Any]
    slow_endpoint: Callable[..., Any]

    def __post_init__(self) -> None:
        # The handlers keep nothing on their resource (``self``, the MethodView): one
        # instance serves every request.
        self.resource = self.view_class()

    def valid(self, data: Any) -> bool:
        try:
            return self.validator.is_valid(data)
        except Exception:
            return False

    def answer(self, data: Any) -> tuple[Any, int] | None:
        """The handler's dumped result for a valid body; None when the body is not valid
        (the caller then goes the ordinary way for marshmallow's problem details)."""
        if not self.valid(data):
            return None
        return self.finish(self.handler(self.resource, self.load(data)))

    def finish(self, result: Any) -> tuple[Any, int]:
        if isinstance(result, tuple):  # (body, status, headers), as flask-smorest takes it
            body, status, headers = unpack_tuple_response(result)
            if not isinstance(body, flask.Response):
                body = json_response(self.dump(body), status or self.status)
            set_status_and_headers_in_response(body, status, headers)
            result = body
        if isinstance(result, flask.Response):  # built by the handler (POST /v1/batch)
            return result, result.status_code
        return self.dump(result), self.status


_PARSER = JsonBodyParser()
#: Subclasses (a Text above all) go to i18n.orjson_default, which says each sentence.
_SUBCLASSES = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_APPEND_NEWLINE


def json_response(payload: Any, status: int) -> flask.Response:
    """``payload`` serialised with orjson, as Flask's ``jsonify`` would (compact, UTF-8),
    its sentences said in the request's language (i18n.JSONProvider does it for Flask's)."""
    try:
        body = orjson.dumps(payload, default=i18n.orjson_default(), option=_SUBCLASSES)
    except TypeError:  # orjson writes integers of at most 64 bits (a match total may be more)
        tree = i18n.say_tree(payload)
        body = (flask.current_app.json.dumps(tree, separators=(",", ":")) + "\n").encode()
    return flask.Response(body, status=status, mimetype="application/json")


def _load_item(operation: Operation, body: Any) -> Any:
    """A batch item's body loaded as its endpoint loads it; its endpoint's own 422, word
    for word, when the body is not valid."""
    if operation.valid(body):
        return operation.load(body)
    try:
        return operation.request_schema.load(body)
    except ValidationError as error:
        _PARSER._on_validation_error(
            error,
            flask.request,
            operation.request_schema,
            "json",
            error_status_code=None,
            error_headers=None,
        )
        raise  # (the parser raises its own error above)


def _item_result(operation: Operation, result: Any) -> dict:
    if type(result) is dict:  # the common case: the handler's answer, dumped
        return {"status": operation.status, "body": operation.dump(result), "problem": None}
    payload, status = operation.finish(result)
    if isinstance(payload, flask.Response):
        payload = orjson.loads(payload.get_data())
    if status < 400:
        return {"status": status, "body": payload, "problem": None}
    return {"status": status, "problem": payload}  # no body (the spec has no nullable map)


def _item_problem(error: Exception) -> dict:
    response = flask.current_app.handle_user_exception(error)
    return {"status": response.status_code, "problem": orjson.loads(response.get_data())}


def answer_item(operation: Operation, body: Any) -> dict:
    """One batch item's result: ``{"status", "body", "problem"}``, the status and the answer
    (or problem details) that the operation's own endpoint gives for ``body``."""
    try:
        return _item_result(
            operation, operation.handler(operation.resource, _load_item(operation, body))
        )
    except Exception as error:
        return _item_problem(error)


def start_item(
    operation: Operation, body: Any, start: Callable[[Any], Callable[[], Any]]
) -> Callable[[], dict]:
    """Begin a batch item whose work runs elsewhere (a suggestion: in the search pool):
    ``start`` takes the loaded body, checks it and hands the work over, and returns the
    function that waits for the handler's answer. Returns the function that gives the
    item's result, as :func:`answer_item` would."""
    try:
        wait = start(_load_item(operation, body))
    except Exception as error:
        refused = _item_problem(error)
        return lambda: refused

    def result() -> dict:
        try:
            return _item_result(operation, wait())
        except Exception as error:
            return _item_problem(error)

    return result


def _fast_endpoint(app: flask.Flask, operation: Operation) -> Callable[..., Any]:
    config = app.config  # (tests turn HOT_PATH off to compare both paths)

    def endpoint(*args: Any, **kwargs: Any) -> Any:
        request = flask.request._get_current_object()  # (not the proxy, on every access)
        if request.method != "POST" or not config.get("HOT_PATH", True):
            return operation.slow_endpoint(*args, **kwargs)
        data = _PARSER._raw_load_json(request)  # the same 400/413/415 problems
        answered = operation.answer(data)
        if answered is None:
            return operation.slow_endpoint(*args, **kwargs)
        payload, status = answered
        return payload if isinstance(payload, flask.Response) else json_response(payload, status)

    endpoint.view_class = operation.view_class  # type: ignore[attr-defined]
    endpoint.__name__ = operation.slow_endpoint.__name__
    endpoint.__doc__ = operation.slow_endpoint.__doc__
    return endpoint


def _request_json_schema(spec: dict, path: str) -> dict:
    """The operation's request schema as the spec states it, less ``uniqueItems``: the
    schemas leave a repeated card to the engine, whose 422 names it (both paths)."""
    body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", **body["schema"]}
    return _without_unique_items(document | {"components": spec["components"]})


def _without_unique_items(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_unique_items(v) for k, v in value.items() if k != "uniqueItems"}
    if isinstance(value, list):
        return [_without_unique_items(v) for v in value]
    return value


def operations(app: flask.Flask) -> dict[str, Operation]:
    """The hot path of every POST operation it covers, by operationId."""
    return app.extensions.get("belote_hot_path", {})


def install(
    app: flask.Flask, spec: dict, only: Collection[str], served: Collection[str] | None = None
) -> dict[str, str]:
    """Compile the POST operations named in ``only`` (a batch calls them through
    :func:`operations`) and answer those of ``served`` (default: all of them) by the hot
    path, where the compiled loader covers them; returns those left out, with the
    reason. Refuses to start with library versions it was not proven against
    (:func:`check_versions`)."""
    check_versions()
    found: dict[str, Operation] = {}
    skipped: dict[str, str] = {}
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.rule not in spec["paths"]:
            continue
        slow_endpoint = app.view_functions[rule.endpoint]
        view_class = getattr(slow_endpoint, "view_class", None)
        method = getattr(view_class, "post", None)
        apidoc = getattr(method, "_apidoc", None)
        op = spec["paths"][rule.rule].get("post", {})
        operation_id = op.get("operationId", rule.endpoint)
        if operation_id not in only:
            continue
        try:
            if apidoc is None:
                raise Unsupported("not a flask-smorest endpoint")
            parameters = apidoc.get("arguments", {}).get("parameters", [])
            if len(parameters) != 1 or parameters[0]["in"] != "json":
                raise Unsupported("not one JSON body")
            status = apidoc["success_status_codes"][0]
            responses = apidoc["response"]["responses"][status]
            request_schema = parameters[0]["schema"]
            response_schema = responses[0]["schema"]
            operation = Operation(
                operation_id=operation_id,
                request_schema=request_schema,
                response_schema=response_schema,
                status=int(status),
                validator=jsonschema_rs.validator_for(_request_json_schema(spec, rule.rule)),
                load=schema_loader(request_schema),
                dump=schema_dumper(response_schema),
                view_class=view_class,
                handler=inspect.unwrap(method),
                slow_endpoint=slow_endpoint,
            )
        except Unsupported as why:
            skipped[operation_id] = str(why)
            continue
        found[operation_id] = operation
        if served is None or operation_id in served:
            app.view_functions[rule.endpoint] = _fast_endpoint(app, operation)
    app.extensions["belote_hot_path"] = found
    app.extensions["belote_hot_path_skipped"] = skipped
    return skipped
