"""POST /v1/bidding."""

from __future__ import annotations

from flask.views import MethodView

from ...engine.bidding import Call, IllegalBidError, run_auction
from ...engine.play import PositionError
from ...engine.text import Text
from ..blueprint import Blueprint
from ..errors import ILLEGAL_BID, InvalidInput
from ..schemas.bidding import BiddingRequestSchema, BiddingSchema
from ..views import auction_bids, auction_view
from .common import error_responses, ruleset_from

blp = Blueprint("bidding", __name__, url_prefix="/v1", description="Bidding for the contract")

BIDDING_EXAMPLE = {
    "ruleset": "coinche",
    "dealer": 3,
    "bids": [
        {"seat": 0, "action": "bid", "value": 80, "trump": "H"},
        {"seat": 1, "action": "bid", "value": 100, "trump": "S"},
        {"seat": 2, "action": "coinche"},
    ],
}
BULGARIAN_EXAMPLE = {
    "ruleset": "belot",
    "dealer": 3,
    "bids": [
        {"action": "bid", "trump": "H"},
        {"action": "contra"},
        {"action": "pass"},
        {"action": "pass"},
        {"action": "pass"},
    ],
}
KLAVERJAS_EXAMPLE = {
    "ruleset": "klaverjas-rotterdam",
    "dealer": 3,
    "proposed": "H",
    "bids": [
        {"action": "pass"},
        {"action": "pass"},
        {"action": "pass"},
        {"action": "pass"},
        {"action": "name", "trump": "S"},
    ],
}
TURNED_CARD_EXAMPLE = {
    "ruleset": "belote",
    "dealer": 0,
    "turned": "JH",
    "bids": [
        {"action": "pass"},
        {"action": "pass"},
        {"action": "pass"},
        {"action": "pass"},
        {"action": "name", "trump": "S"},
    ],
}


@blp.route("/bidding")
class Bidding(MethodView):
    @blp.arguments(
        BiddingRequestSchema(),
        examples={
            "coinche": {"summary": "Coinche auction in progress", "value": BIDDING_EXAMPLE},
            "bulgarian": {
                "summary": "Bulgarian belot: hearts, contra, three passes",
                "value": BULGARIAN_EXAMPLE,
            },
            "klaverjas_proposed": {
                "summary": "Rotterdam klaverjas: the proposed hearts passed, seat 0 names spades",
                "value": KLAVERJAS_EXAMPLE,
            },
            "turned_card": {
                "summary": "Belote: all pass, a suit named in round 2",
                "value": TURNED_CARD_EXAMPLE,
            },
        },
    )
    @blp.response(200, BiddingSchema())
    @error_responses(blp)
    @blp.doc(operationId="bidding")
    def post(self, args):
        """Where an auction stands: next seat, legal bids, the contract or a redeal.

        The bids are replayed from the seat after the dealer (docs/rules.md section 5). Coinche
        (`bidding: coinche`): `bid` a value 80..160 or capot with a trump mode, `pass`,
        `coinche`, `surcoinche`. Turned-card games and Klaberjass: `take` the turned suit in
        round 1, `name` another one in round 2, or `pass`. The first illegal bid is a 422
        problem of type `tag:belote-rules,2026:problem/illegal-bid` naming it in `errors`
        (`bids.3`) and in `violations` with the seat that made it (the bid's own `seat` when
        it names one, else the seat whose turn it was) and a stable reason code (`rule`):
        not_your_turn,
        auction_complete, action_not_allowed, malformed_bid, invalid_value,
        trump_mode_not_allowed, bid_too_low, bid_after_coinche, raise_own_bid_same_mode,
        coinche_without_bid,
        coinche_own_side, coinche_twice, surcoinche_without_coinche, surcoinche_wrong_side,
        name_in_round_one, take_in_round_two, same_suit_as_turned_in_round_two,
        contra_without_contract, contra_own_side, contra_twice, recontra_without_contra,
        recontra_wrong_side, must_name_trump, same_suit_as_proposed.
        Bulgarian belot (`bidding: bulgarian`): `bid` a trump mode (no value) higher on the
        ladder C < D < H < S < none < all, `pass`, `contra` (x2, the other side's undoubled
        contract), `recontra` (x4, once, by the doubled side); three passes end it, four
        passes with no contract redeal; the contract's `double` goes to
        POST /v1/round-score. Klaverjas: `klaverjas_free` (`name` a suit or `pass`; all
        pass: the first speaker must name one), `klaverjas_forced` (the first speaker
        names trump), `klaverjas_proposed` (`take` the `proposed` suit or `pass`; all
        pass: the first speaker names another suit, or with `proposed_all_pass:
        new_proposal` a `second_proposed` suit gets one more round, then redeal); the
        first speaker is the seat after the dealer, or the dealer (`first_speaker`).
        `legal_bids` is compact: `{"action": "bid", "values": [...], "trumps": [...]}` means
        any listed value with any listed trump mode; `{"action": "name", "trumps": [...]}`
        any listed mode; `{"action": "take", "trump": "H"}` the turned suit;
        `{"action": "coinche", "seats": [...]}` every seat that may coinche now. With the
        option `coinche_timing: any_time` an opponent of the highest bid may coinche it out
        of turn ("à la volée") by naming its `seat`; the turn then passes to its left.
        """
        ruleset = ruleset_from(args)
        bids = auction_bids(args["bids"])
        try:
            result = run_auction(
                ruleset,
                args["dealer"],
                bids,
                args.get("turned"),
                args.get("proposed"),
                args.get("second_proposed"),
            )
        except IllegalBidError as error:
            raise _illegal(error, bids[error.index]) from error
        except PositionError as error:  # the dealer, the turned card or proposed suit
            raise InvalidInput.at(error.field, str(error)) from error
        return auction_view(result)


def _illegal(error: IllegalBidError, bid: Call) -> InvalidInput:
    violation = {
        "bid": error.index,
        "seat": error.seat,
        "action": bid.action,
        "rule": error.rule,
        "message": str(error),
    }
    return InvalidInput(
        Text("{field}: {message}", field=error.field, message=str(error)),
        {error.field: [str(error)]},
        type_=ILLEGAL_BID,
        violations=[violation],
    )


BLUEPRINTS = (blp,)
