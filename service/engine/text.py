"""Sentences for players: English templates that remember how they were filled in.

The engine speaks English only. Each sentence it returns (a reason message, a refusal) is
a :class:`Text`: the English sentence itself (a ``str``, so everything that reads it as
text still works), plus its ``template`` and ``params``. The HTTP layer
(``service/api/http/i18n.py``) says the same template in the client's language, with the
parameters localised too: a ``cards.Card`` is said "JH" in English and "valet de cœur" in
French, a ``cards.Suit`` "hearts" or "hjerter".

Templates are marked with :func:`N_` where they are written, so ``pybabel extract`` (see
``babel.cfg``) finds them; ``make messages`` updates the catalogs in ``service/locales``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def N_(template: str) -> str:  # noqa: N802 - the gettext convention extractors look for
    """Mark ``template`` for extraction; it is translated where it is said, not here."""
    return template


class Text(str):
    """An English sentence made from ``template`` and ``params`` (see the module doc)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Text:
        self = super().__new__(cls, template.format(**params))
        self.template = template
        self.params = params
        return self

    def __str__(self) -> Text:
        # str(error) and marshmallow's String field keep the template with the sentence.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_text, (self.template, self.params))


def _text(template: str, params: dict) -> Text:
    return Text(template, **params)


class Listing(tuple):
    """Items said one after the other, ``, `` between them."""

    __slots__ = ()

    def __new__(cls, items: Iterable) -> Listing:
        return super().__new__(cls, items)

    def __format__(self, spec: str) -> str:
        return ", ".join(format(item) for item in self)
