"""POST /v1/rounds/text and POST /v1/rounds/from-text: a round record in one line of text
(and a URL-safe form) and back (docs/notation.md, service/engine/notation.py)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ...engine.actions import (
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from ...engine.cards import RANKS
from ...engine.notation import from_text, from_url, to_text, to_url
from ...engine.play import PositionError
from ...engine.round_state import GameRecord
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.notation import FromTextRequestSchema, RecordTextSchema, TextRecordSchema
from ..schemas.round_state import RoundStateRequestSchema
from .common import engine_call, error_responses, ruleset_from
from .round_state import STATE_EXAMPLE, checked_state, game_record

blp = Blueprint("notation", __name__, url_prefix="/v1/rounds", description="A round record as text")

FROM_TEXT_EXAMPLE = {
    "text": "belote/3 7H.QH.10S.KD.AD|7C.8D.JD.JC.9H|QD.JH.8S.10H.QC|7D.AH.8H.KS.7S ^8C "
    "~9S.QS.9D.JS.KH.AS.AC.9C.10C.KC.10D : take AD"
}


@blp.route("/text")
class RoundText(MethodView):
    @blp.arguments(RoundStateRequestSchema(), example=STATE_EXAMPLE)
    @blp.response(200, RecordTextSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundText")
    def post(self, args):
        """A round record in one line of text, and in a URL-safe form.

        The record as POST /v1/rounds/state takes it, complete or partial, checked as
        that operation checks it (an illegal action is its 422). The text's grammar is in
        docs/notation.md; POST /v1/rounds/from-text reads it back.
        """
        ruleset = ruleset_from(args)
        record = game_record(args, ruleset, "")
        checked_state(record, "")
        options = args.get("options") or None
        return {"text": to_text(record, options), "url": to_url(record, options)}


@blp.route("/from-text")
class RoundFromText(MethodView):
    @blp.arguments(FromTextRequestSchema(), example=FROM_TEXT_EXAMPLE)
    @blp.response(200, TextRecordSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundFromText")
    def post(self, args):
        """A round record from its line of text (or its URL-safe form).

        Give `text` or `url` (POST /v1/rounds/text's answer). The answer is the record
        as POST /v1/rounds/state takes it (read, not checked: post it there); a text that
        is not a record in the notation is a 422 at `text` (or `url`).
        """
        text, url = args.get("text"), args.get("url")
        if (text is None) == (url is None):
            raise InvalidInput.at("text", Text(N_("give one of `text` and `url`")))
        if text is not None:
            record, options = engine_call(from_text, text)
        else:
            try:
                record, options = from_url(url)
            except PositionError as error:
                raise InvalidInput.at("url", str(error)) from error
        return record_body(record, options)


def record_body(record: GameRecord, options: dict | None) -> dict[str, Any]:
    deal = record.deal
    body_deal: dict[str, Any] = {
        "hands": [{"seat": s, "cards": list(h)} for s, h in enumerate(deal.hands)]
    }
    for name in ("turned", "proposed", "second_proposed", "commitment"):
        if getattr(deal, name) is not None:
            body_deal[name] = getattr(deal, name)
    if deal.stock:
        body_deal["stock"] = list(deal.stock)
    if deal.salt is not None:
        body_deal["salt"] = deal.salt.hex()
    return {
        "ruleset": record.ruleset.name,
        "options": options or {},
        "dealer": record.dealer,
        "deal": body_deal,
        "actions": [_action(a) for a in record.actions],
        "held_in": record.held_in,
    }


def _action(a: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": a.type}
    if a.seat is not None:
        out["seat"] = a.seat
    match a:
        case BidAction(call=b):
            out["bid"] = {"action": b.action, "value": b.value, "trump": b.trump}
            if b.seat is not None:
                out["bid"]["seat"] = b.seat
        case PlayAction(card=c) | BeloteAction(card=c) if c is not None:
            out["card"] = c
        case DeclareAction(cards=cards) if cards:
            out["cards"] = list(cards)
        case ExchangeAction(swap=swap):
            out["swap"] = swap
        case CompareAction(step=step, length=length, top=top):
            out["step"] = step
            if length is not None:
                out["length"] = length
            if top is not None:
                out["top"] = RANKS[top]
    return out


BLUEPRINTS = (blp,)
