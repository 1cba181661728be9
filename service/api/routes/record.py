"""POST /v1/rounds/validate."""

from __future__ import annotations

from flask.views import MethodView

from ...engine.cards import cards_in
from ...engine.phases import AUCTION
from ...engine.record import RoundRecord, Validation, validate_record
from ...engine.rounds import Trick
from ..blueprint import Blueprint
from ..schemas.record import RoundValidateRequestSchema, RoundValidationSchema
from ..views import (
    auction_bids,
    auction_view,
    record_contract_view,
    round_bid,
    round_score_view,
    verdicts_view,
    violation_view,
)
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint("record", __name__, url_prefix="/v1", description="Validating round records")

VALIDATE_EXAMPLE = {
    "ruleset": "belote",
    "dealer": 3,
    "turned": "7H",
    "bids": [{"action": "pass"}, {"action": "take"}],
    "hands": [
        {"seat": 0, "cards": ["7C", "AC", "JD", "QD", "9H", "JH", "7S", "10S"]},
        {"seat": 1, "cards": ["8C", "10C", "7D", "AD", "7H", "KH", "8S", "AS"]},
        {"seat": 2, "cards": ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "KS"]},
        {"seat": 3, "cards": ["JC", "QC", "9D", "KD", "8H", "QH", "JS", "QS"]},
    ],
    "tricks": [{"leader": 0, "cards": ["JH", "7H"]}],
}


@blp.route("/rounds/validate")
class ValidateRound(MethodView):
    @blp.arguments(RoundValidateRequestSchema(), example=VALIDATE_EXAMPLE)
    @blp.response(200, RoundValidationSchema())
    @error_responses(blp)
    @blp.doc(operationId="validateRound")
    def post(self, args):
        """Check a whole or partial round record: legal so far, next play, score.

        Call it after every bid or card. The answer is 200 even when the record breaks a
        rule: `valid` is false and `violations` says where. A 422 is a malformed request.

        - `hands`: every seat's dealt hand, exactly `hand_size` cards each, no card in two
          hands (else 422 naming the field). With `bidding: turned_card` the taker's hand
          holds the turned card; Klaberjass hands are as at the first trick.
        - Contract: stated by `trump` and `taker` (and `bid` where the contract is `bid`),
          or decided by the auction. Unless the contract is stated, `bids` (left out or
          empty: none yet) are replayed from the seat after the dealer as in
          POST /v1/bidding (turned-card games need `turned`) and give `trump`, `taker`
          and, where the contract is `bid`, the Coinche `bid`. With both, stated values
          that disagree with the bids are a 422. The first illegal bid is a violation
          with `trick` and `card` null, `bid` its index and `rule` the bidding reason
          code; nothing after it is checked. An auction not over (or all passed) is valid
          with `phase` `bidding` (or `redeal`), `next` null and `auction` giving the next
          bidder and its legal bids; no trick may then be sent.
        - Plays: the first trick is led by the seat after the dealer (else `wrong_leader`);
          every card is checked as POST /v1/round-score does, against the dealt hands:
          wrong_leader, not_your_turn, not_in_hand, duplicate_card and the play
          obligations. Declarations are checked against the dealt hands (422 if false).
        - `next`: for a valid unfinished round, the seat to play with the answer of
          POST /v1/legal-moves for its remaining hand; else null.
        - `score`: for a valid complete round, the answer of POST /v1/round-score (with
          `declarations`, `bid` and `held_in`); else null.
        """
        ruleset = ruleset_from(args)
        record = RoundRecord(
            ruleset=ruleset,
            dealer=args["dealer"],
            hands=[(h["seat"], h["cards"]) for h in args["hands"]],
            tricks=[Trick(t["leader"], tuple(t["cards"])) for t in args["tricks"]],
            bids=_bids(args),
            turned=args.get("turned"),
            trump=args["trump"],
            taker=args["taker"],
            bid=round_bid(args["bid"]),
            declarations=[(d["seat"], d["cards"]) for d in args["declarations"]],
            held_in=args["held_in"],
            double=args["double"],
            proposed=args.get("proposed"),
            second_proposed=args.get("second_proposed"),
        )
        result = engine_call(validate_record, record)
        return _body(result, ruleset)


def _bids(args) -> list | None:
    """The auction to replay; None when the contract is stated and no bid is given.

    A value outside the spec's ``BidPoints`` is refused by the request schema (a 422 naming
    ``bids.N.value``); one in range but off the ruleset's ladder is a violation
    (``invalid_value``) of a 200 answer, as every other illegal bid.
    """
    stated = args["trump"] is not None or args["taker"] is not None
    if stated and not args["bids"]:
        return None
    return auction_bids(args["bids"])


#: The engine says ``auction`` (:mod:`engine.phases`); this operation has answered
#: ``bidding`` since it was published (``RoundPhase`` in the spec): the one word translated.
PHASE_NAMES = {AUCTION: "bidding"}


def _body(result: Validation, ruleset) -> dict:
    return {
        "valid": result.valid,
        "violations": _violations(result),
        "next": _next(result),
        "score": round_score_view(result.score, ruleset) if result.score else None,
        "phase": PHASE_NAMES.get(result.phase, result.phase),
        "contract": record_contract_view(result.contract, ruleset),
        "auction": auction_view(result.auction) if result.auction else None,
    }


def _violations(result: Validation) -> list[dict]:
    error = result.illegal_bid
    if error is not None:
        return [
            {
                "trick": None,
                "seat": error.seat,
                "card": None,
                "rule": error.rule,
                "message": str(error),
                "bid": error.index,
            }
        ]
    return [violation_view(v) | {"bid": None} for v in result.violations]


def _next(result: Validation) -> dict | None:
    upcoming = result.next
    if upcoming is None:
        return None
    return {
        "seat": upcoming.seat,
        **verdicts_view(upcoming.verdicts),
        "trick": upcoming.trick,
        "leader": upcoming.position.leader,
        "cards": list(upcoming.position.cards),
        "hand": list(cards_in(upcoming.hand)),
    }


BLUEPRINTS = (blp,)
