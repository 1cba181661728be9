"""The OpenAPI document, as generated from the code (``python -m service.api.spec``)."""

from __future__ import annotations

import sys

import yaml
from flask import Flask

#: Top-level keys in the conventional order (readers and diff tools expect it).
KEY_ORDER = ("openapi", "info", "jsonSchemaDialect", "servers", "tags", "paths", "webhooks")


def spec_dict(app: Flask) -> dict:
    from .i18n import document

    with app.app_context():
        spec = document(app.extensions["belote_api"].spec.to_dict())
    first = {key: spec[key] for key in KEY_ORDER if key in spec}
    return first | {key: value for key, value in spec.items() if key not in first}


def spec_yaml(app: Flask) -> str:
    return yaml.safe_dump(spec_dict(app), sort_keys=False, allow_unicode=True, width=100)


def main() -> None:
    from .app import create_app

    sys.stdout.write(spec_yaml(create_app()))


if __name__ == "__main__":
    main()
