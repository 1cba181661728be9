"""Helpers the tests share: random rounds and records, HTTP games, a gunicorn process,
the generated pages' writers, the contract checks. Nothing here is a test."""

from pathlib import Path

#: The repository's root.
ROOT = Path(__file__).resolve().parents[2]
