"""POST /v1/round-score/counts: a round scored from what the players count (a score pad)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ....engine.cards import RANKS, SUITS, mask_of
from ....engine.counts import declared_cards, score_told
from ....engine.play import PositionError
from ....engine.rulesets import Ruleset
from ....engine.text import N_, Text
from ..answers import round_bid, round_score_answer
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.counts import RoundCountsRequestSchema, RoundCountsScoreSchema
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint(
    "counts", __name__, url_prefix="/v1", description="Scoring a round from the players' count"
)

#: Belote, hearts: the takers counted 92 (the defenders the other 60), took the last trick
#: and said belote; the defenders announced a tierce to the king (clubs, not trump). (One
#: count and null for the other works too; the example gives both, which every generated
#: client can send: some cannot put null in an array of integers.)
COUNTS_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 0,
    "points": [92, 60],
    "last_trick": 0,
    "declarations": [{"seat": 1, "kind": "sequence", "length": 3, "top": "K", "suit": "C"}],
    "belote": [{"seat": 0}],
}
#: Coinche: 100 bid in spades, coinched, and failed: the defenders took 90 of the 152.
COINCHE_COUNTS_EXAMPLE = {
    "ruleset": "coinche",
    "trump": "S",
    "taker": 1,
    "bid": {"value": 100, "coinche": "coinche"},
    "points": [90, 62],
    "last_trick": 1,
}


def told_declarations(items: list[dict[str, Any]], trump: str, field: str) -> list:
    """The request's declarations as ``(seat, cards)``: cards as given, or the cards of
    the kind said (:func:`counts.declared_cards`, a suitless sequence in a free suit)."""
    out: list[tuple[int, list[int]]] = []
    taken = 0
    for i, d in enumerate(items):
        at = f"{field}.{i}"
        if (d.get("cards") is None) == (d.get("kind") is None):
            raise InvalidInput.at(at, Text(N_("give the declaration's `cards` or its `kind`")))
        cards = d.get("cards")
        if cards is None:
            cards = engine_call(
                declared_cards,
                d["kind"],
                trump,
                length=d.get("length"),
                top=_index(RANKS, d.get("top")),
                rank=_index(RANKS, d.get("rank")),
                suit=_index(SUITS, d.get("suit")),
                taken=taken,
                field=at,
            )
        taken |= mask_of(cards)
        out.append((d["seat"], list(cards)))
    return out


def _index(names, value: str | None) -> int | None:
    return None if value is None else names.index(value)


def told_score(args: dict[str, Any], ruleset: Ruleset, field: str = "", **contract):
    """Score a round told by its counts (the members of POST /v1/round-score/counts),
    errors named under ``field`` (a match's ``rounds.k.counts.``)."""
    trump = args["trump"]
    claims = told_declarations(args["declarations"], trump, field + "declarations")
    belotes = [(b["seat"], _index(SUITS, b.get("suit"))) for b in args["belote"]]
    contract = {
        "bid": round_bid(args.get("bid")),
        "held_in": args.get("held_in", 0),
        "double": args.get("double", "none"),
    } | contract
    try:
        return score_told(
            ruleset,
            trump,
            args["taker"],
            args["points"],
            args["last_trick"],
            args["every_trick"],
            claims,
            belotes,
            args["leader"],
            **contract,
        )
    except PositionError as error:
        raise InvalidInput.at(field + error.field, str(error)) from error


@blp.route("/round-score/counts")
class RoundCountsView(MethodView):
    @blp.arguments(
        RoundCountsRequestSchema(),
        examples={
            "belote": {"summary": "Belote, hearts: 92 counted, belote", "value": COUNTS_EXAMPLE},
            "coinche": {
                "summary": "Coinche: 100 in spades coinched, failed",
                "value": COINCHE_COUNTS_EXAMPLE,
            },
        },
    )
    @blp.response(200, RoundCountsScoreSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundScoreCounts")
    def post(self, args):
        """Score a round from what the players count at the table (a score pad).

        No trick is given: the card points one side counted in its tricks (the other's
        are the rest of the pack; or both, which must add up), the team that took the last
        trick or `every_trick` (capot), the declarations announced (by their cards or their
        kind: "a tierce to the king"), belote and who said it. The answer is the one
        `/v1/round-score` gives for any round of tricks that leads to those counts (its
        `tricks` empty): the card points with the last-trick or capot bonus, declarations
        settled, the contract, the score in `score_units`, held points. Impossible counts
        are a 422 naming the field: more than the pack, a count no set of cards makes (1
        in a suit, an odd count sans atout doubled), points for a side that took no trick,
        a declaration that cannot exist or that two seats show, belote in a mode without
        it or outside trump.
        """
        ruleset = ruleset_from(args, args["trump"])
        return round_score_answer(told_score(args, ruleset), ruleset)


BLUEPRINTS = (blp,)
