"""POST /v1/suggest/play and /v1/suggest/bid: the computer players (docs/players.md).

The request is checked here, in the worker (a 422 costs no search); the search itself runs
in the suggestion process pool (:mod:`..search_pool`), so it never holds this worker's
interpreter lock while other threads answer the rules endpoints.
"""

from __future__ import annotations

from typing import Any

import flask
from flask.views import MethodView
from werkzeug.exceptions import ServiceUnavailable

from ...engine.text import N_, Text
from .. import search_pool, suggest_jobs
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.suggest import (
    SuggestBidRequestSchema,
    SuggestBidSchema,
    SuggestPlayRequestSchema,
    SuggestPlaySchema,
)
from ..views import bid_value, round_bid
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint(
    "suggest",
    __name__,
    url_prefix="/v1/suggest",
    description="Computer players: a card or a call for one seat, from its own view",
)

PLAY_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 1,
    "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"],
    "tricks": [],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
    "level": "normal",
    "seed": 0,
    "budget_ms": 2000,
}
BID_EXAMPLE = {
    "ruleset": "belote",
    "dealer": 3,
    "turned": "JH",
    "hand": ["9H", "AH", "AS", "KD", "10C"],
    "bids": [],
    "level": "normal",
    "seed": 0,
    "budget_ms": 2000,
}


def _bids(args: dict[str, Any]) -> list[tuple]:
    bids = enumerate(args["bids"])
    return [
        (b["action"], bid_value(b, f"bids.{i}"), b.get("trump"), b.get("seat")) for i, b in bids
    ]


def _play_payload(args: dict[str, Any]) -> dict[str, Any]:
    bid = round_bid(args.get("bid"))  # a 422 for a bid without its value
    return {
        "ruleset": args["ruleset"],
        "options": args.get("options") or None,
        "level": args["level"],
        "seed": args["seed"],
        "budget_ms": args.get("budget_ms"),
        "trump": args["trump"],
        "taker": args["taker"],
        "bid": (bid.value, bid.coinche) if bid else None,
        "hand": list(args["hand"]),
        "trick": (args["trick"]["leader"], list(args["trick"]["cards"])),
        "tricks": [(t["leader"], list(t["cards"])) for t in args["tricks"]],
        "declarations": [(d["seat"], list(d["cards"])) for d in args["declarations"]],
        "belotes": [(b["seat"], "CDHS".index(b["suit"])) for b in args["belotes"]],
        "turned": args.get("turned"),
        "exchanged_by": args.get("exchanged_by"),
        "dealer": args.get("dealer"),
        "bids": _bids(args),
    }


def _search(job, payload: dict[str, Any], budget_ms: float) -> dict[str, Any]:
    try:
        # The place in the line taken before the body was read (service/api/admission.py).
        result = search_pool.run(flask.g.ticket, job, payload, budget_s=budget_ms / 1000)
    except search_pool.Busy as error:
        message = Text(
            N_("The computer players are busy: {reason}. Try again shortly."),
            reason=error.args[0],
        )
        raise ServiceUnavailable(message, retry_after=error.retry_after) from error
    if "error" in result:
        field, message = result["error"]
        raise InvalidInput.at(field, message)
    return result


@blp.route("/play")
class SuggestPlay(MethodView):
    @blp.arguments(SuggestPlayRequestSchema(), example=PLAY_EXAMPLE)
    @blp.response(200, SuggestPlaySchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="suggestPlay")
    def post(self, args):
        """The card a computer player would play.

        From one seat's view only: its hand, the contract, the tricks so far and the trick
        in progress, the declarations and belotes announced, the turned card (and the
        auction, which `hard` reads). Answers the card and each legal card's expected
        margin for the seat's side; on the seat's first card, what to announce.
        """
        ruleset_from(args, args["trump"])
        payload = _play_payload(args)
        engine_call(suggest_jobs.play_view, payload)
        result = _search(suggest_jobs.play_job, payload, suggest_jobs.play_budget_ms(payload))
        return {
            "seat": result["seat"],
            "card": result["card"],
            "level": args["level"],
            "seed": args["seed"],
            "values": [{"card": c, "value": v} for c, v in result["values"]],
            "samples": result["samples"],
            "exact": result["exact"],
            "complete": result["complete"],
            "declarations": result["declarations"],
            "belote": result["belote"],
        }


@blp.route("/bid")
class SuggestBid(MethodView):
    @blp.arguments(SuggestBidRequestSchema(), example=BID_EXAMPLE)
    @blp.response(200, SuggestBidSchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="suggestBid")
    def post(self, args):
        """The call a computer player would make in the auction.

        From the seat's hand as dealt for the auction, the dealer, the bids so far and the
        turned card. Answers the call and each option considered with its estimated margin
        for the seat's side.
        """
        ruleset_from(args)
        payload = {
            "ruleset": args["ruleset"],
            "options": args.get("options") or None,
            "level": args["level"],
            "seed": args["seed"],
            "budget_ms": args.get("budget_ms"),
            "dealer": args["dealer"],
            "turned": args.get("turned"),
            "hand": list(args["hand"]),
            "bids": _bids(args),
        }
        engine_call(suggest_jobs.auction_view, payload)
        result = _search(suggest_jobs.bid_job, payload, suggest_jobs.bid_budget_ms(payload))
        return {
            "seat": result["seat"],
            "bid": result["bid"],
            "level": args["level"],
            "seed": args["seed"],
            "options": result["options"],
            "samples": result["samples"],
        }


BLUEPRINTS = (blp,)
