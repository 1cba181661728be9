"""The OpenAPI document, as generated from the code (``python -m service.api.spec``)."""

from __future__ import annotations

import sys

import yaml
from flask import Flask


def spec_dict(app: Flask) -> dict:
    with app.app_context():
        return app.extensions["belote_api"].spec.to_dict()


def spec_yaml(app: Flask) -> str:
    return yaml.safe_dump(spec_dict(app), sort_keys=False, allow_unicode=True, width=100)


def main() -> None:
    from .app import create_app

    sys.stdout.write(spec_yaml(create_app()))


if __name__ == "__main__":
    main()
