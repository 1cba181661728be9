"""POST /v1/suggest/play and /v1/suggest/bid: the computer players (docs/players.md).

The request is checked here, in the worker (a 422 costs no search); the search itself runs
in the suggestion process pool (:mod:`..search_pool`), so it never holds this worker's
interpreter lock while other threads answer the rules endpoints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask
from flask.views import MethodView
from werkzeug.exceptions import ServiceUnavailable

from ....engine.actions import BeloteAction, BidAction, PlayAction
from ....engine.bidding import Call
from ....engine.cards import cards_in
from ....engine.match import MatchSituation, check_situation
from ....engine.play import check_seat
from ....engine.round_state import AUCTION, GameRecord, RoundState
from ....engine.round_view import round_view
from ....engine.rulesets import Ruleset
from ....engine.text import N_, Text
from ....players import record_view
from ....players.announce import announcement, wants_to_act
from ....players.bidding import READ_BIDDING
from ...server import search_pool, suggest_jobs
from ...server.admission import Ticket
from ..answers import action_body, bid_value, round_bid
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.suggest import (
    SuggestActionRequestSchema,
    SuggestActionSchema,
    SuggestBidRequestSchema,
    SuggestBidSchema,
    SuggestPlayRequestSchema,
    SuggestPlaySchema,
)
from .common import engine_call, error_responses, ruleset_from
from .round_state import STATE_EXAMPLE, checked_state, game_record
from .round_view import view_of

#: What a request checked at the edge becomes: the search, run once its ticket comes up.
Search = Callable[[Ticket], dict]

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
    "seed": "0",
    "budget_ms": 2000,
}
ACTION_EXAMPLE = {
    "ruleset": "belote",
    "record": {k: v for k, v in STATE_EXAMPLE.items() if k != "ruleset"},
    "level": "easy",
    "seed": "0",
}
BID_EXAMPLE = {
    "ruleset": "belote",
    "dealer": 3,
    "turned": "JH",
    "hand": ["9H", "AH", "AS", "KD", "10C"],
    "bids": [],
    "match": {"totals": [430, 280], "held_in": 0},
    "level": "normal",
    "seed": "0",
    "budget_ms": 2000,
}


def _bids(bids: list[dict[str, Any]]) -> tuple[suggest_jobs.BidTuple, ...]:
    return tuple(
        (b["action"], bid_value(b, f"bids.{i}"), b.get("trump"), b.get("seat"))
        for i, b in enumerate(bids)
    )


def asked_of(args: dict[str, Any]) -> suggest_jobs.Asked:
    """The request's ruleset, level, seed and budget, as every search is asked (the seed
    as plain text: an integer seed is its decimal string)."""
    return suggest_jobs.Asked(
        args["ruleset"],
        args.get("options") or None,
        args["level"],
        str(args["seed"]),
        args.get("budget_ms"),
    )


def _play_job(
    args: dict[str, Any], asked: suggest_jobs.Asked, match: MatchSituation | None
) -> suggest_jobs.PlayJob:
    """The job of a request that states the seat's view."""
    bid = round_bid(args.get("bid"))  # a 422 for a bid without its value
    return suggest_jobs.PlayJob(
        asked=asked,
        trump=args["trump"],
        taker=args["taker"],
        bid=(bid.value, bid.coinche) if bid else None,
        hand=tuple(args["hand"]),
        trick=(args["trick"]["leader"], tuple(args["trick"]["cards"])),
        tricks=tuple((t["leader"], tuple(t["cards"])) for t in args["tricks"]),
        declarations=tuple((d["seat"], tuple(d["cards"])) for d in args["declarations"]),
        belotes=tuple((b["seat"], "CDHS".index(b["suit"])) for b in args["belotes"]),
        turned=args.get("turned"),
        exchanged_by=args.get("exchanged_by"),
        dealer=args.get("dealer"),
        bids=_bids(args["bids"]),
        match=match,
    )


def busy_problem(error: search_pool.Busy) -> ServiceUnavailable:
    message = Text(
        N_("The computer players are busy: {reason}. Try again shortly."), reason=error.args[0]
    )
    return ServiceUnavailable(message, retry_after=error.retry_after)


def _search(job_run, job: Any, budget_ms: float, answer: Callable[[dict], dict]) -> Search:
    """The function that runs ``job_run(job)`` in the pool once its place in the line of
    suggestions (``ticket``) comes to the front, and gives the operation's answer: a 503
    when its turn or the answer does not come in time, a 422 for a position the search
    process refused."""

    def search(ticket: Ticket) -> dict:
        until = flask.g.get("deadline")  # a batch's: its answer must leave in time
        try:
            result = search_pool.run(ticket, job_run, job, budget_s=budget_ms / 1000, until=until)
        except search_pool.Busy as error:
            raise busy_problem(error) from error
        if "error" in result:
            field, message = result["error"]
            raise InvalidInput.at(field, message)
        return answer(result)

    return search


#: The members of each request form: the seat's view, or the record and the seat.
PLAY_VIEW = ("trump", "taker", "hand", "trick", "bid", "tricks", "declarations", "belotes")
PLAY_VIEW += ("turned", "exchanged_by", "dealer", "bids")
BID_VIEW = ("dealer", "turned", "proposed", "second_proposed", "hand", "bids")


def _form(args: dict[str, Any], view: tuple[str, ...], required: tuple[str, ...]) -> bool:
    """Whether the request gives the record (and its seat) rather than the view; a 422
    for a request that mixes the two forms or lacks a member of its form."""
    if args.get("record") is None:
        if args.get("seat") is not None:
            raise InvalidInput.at("seat", Text(N_("`seat` goes with `record`: give both")))
        for name in required:
            if args.get(name) is None:
                raise InvalidInput.at(
                    name,
                    Text(N_("`{name}` is needed (or give `record` and `seat`)"), name=name),
                )
        return False
    if args.get("seat") is None:
        raise InvalidInput.at("seat", Text(N_("with `record`, give the `seat` to act")))
    given = next((name for name in view if args.get(name) not in (None, [])), None)
    if given is not None:
        raise InvalidInput.at(
            given,
            Text(
                N_("with `record` the service derives the seat's view: leave `{name}` out"),
                name=given,
            ),
        )
    return True


def _record_play_job(
    record: dict[str, Any],
    seat: int,
    ruleset: Ruleset,
    asked: suggest_jobs.Asked,
    match: MatchSituation | None,
) -> suggest_jobs.PlayJob:
    """The job of the seat's view derived from the record: exactly the request a client
    would send that built the view right (:mod:`...players.record_view`)."""
    seen = view_of(record, ruleset, seat, "record.")
    view = engine_call(record_view.seat_view, seen, ruleset)
    # The auction goes with the view where the card players read its bidding (``hard``
    # weighs the deals by it); of the others (Bulgarian, klaverjas) the contract only.
    bids = view.bids if ruleset.bidding in READ_BIDDING else ()
    return suggest_jobs.PlayJob(
        asked=asked,
        trump=view.trump,
        taker=view.taker,
        bid=(view.bid.value, view.bid.coinche) if view.bid else None,
        hand=tuple(cards_in(view.hand)),
        trick=(view.trick.leader, tuple(view.trick.cards)),
        tricks=tuple((t.leader, tuple(t.cards)) for t in view.tricks),
        declarations=tuple((d.seat, tuple(cards_in(d.cards))) for d in view.declarations),
        belotes=tuple(view.belotes),
        turned=view.turned,
        exchanged_by=view.exchanged_by,
        dealer=view.dealer if bids else None,
        bids=tuple((b.action, b.value, b.trump, b.seat) for b in bids),
        match=match,
    )


def _match(args: dict[str, Any], ruleset: Ruleset) -> MatchSituation | None:
    """The request's ``match``, checked against the ruleset (a 422 naming the member for
    a situation no match of the ruleset can be in); None when not sent."""
    given = args.get("match")
    if given is None:
        return None
    totals = given["totals"]
    situation = MatchSituation((totals[0], totals[1]), given["held_in"], given["deals_left"])
    engine_call(check_situation, ruleset, situation)
    return situation


def _record_bid_job(
    record: dict[str, Any],
    seat: int,
    ruleset: Ruleset,
    asked: suggest_jobs.Asked,
    match: MatchSituation | None,
) -> suggest_jobs.BidJob:
    """The job of the bidding seat's view derived from the record."""
    seen = view_of(record, ruleset, seat, "record.")
    view = engine_call(record_view.auction_view, seen, ruleset)
    return suggest_jobs.BidJob(
        asked=asked,
        dealer=view.dealer,
        turned=view.turned,
        proposed=view.proposed,
        second_proposed=view.second_proposed,
        hand=tuple(cards_in(view.hand)),
        bids=tuple((b.action, b.value, b.trump, b.seat) for b in view.bids),
        match=match,
    )


def _start_play(job: suggest_jobs.PlayJob, seed: str) -> Search:
    """Check a play job (a 422 costs no search); returns the function that searches with
    a place in the line of suggestions and answers (``seed``: as the request sent it)."""
    engine_call(suggest_jobs.play_view, job)

    def answer(result: dict) -> dict:
        return {
            "seat": result["seat"],
            "card": result["card"],
            "level": job.asked.level,
            "seed": seed,
            "values": result["values"],
            "samples": result["samples"],
            "exact": result["exact"],
            "complete": result["complete"],
            "declarations": result["declarations"],
            "belote": result["belote"],
        }

    return _search(suggest_jobs.play_job, job, job.budget_ms, answer)


def _start_bid(job: suggest_jobs.BidJob, seed: str) -> Search:
    """Check a bid job, as :func:`_start_play`."""
    engine_call(suggest_jobs.auction_view, job)

    def answer(result: dict) -> dict:
        return {
            "seat": result["seat"],
            "bid": result["bid"],
            "level": job.asked.level,
            "seed": seed,
            "options": result["options"],
            "samples": result["samples"],
        }

    return _search(suggest_jobs.bid_job, job, job.budget_ms, answer)


def start_play(args: dict[str, Any]) -> Search:
    """Check a suggest/play request (a 422 costs no search); returns the function that
    searches with a place in the line of suggestions and answers."""
    asked = asked_of(args)
    if _form(args, PLAY_VIEW, ("trump", "taker", "hand", "trick")):
        ruleset = ruleset_from(args)
        job = _record_play_job(args["record"], args["seat"], ruleset, asked, _match(args, ruleset))
    else:
        ruleset = ruleset_from(args, args["trump"])
        job = _play_job(args, asked, _match(args, ruleset))
    return _start_play(job, args["seed"])


def start_bid(args: dict[str, Any]) -> Search:
    """Check a suggest/bid request, as :func:`start_play`."""
    ruleset = ruleset_from(args)
    asked = asked_of(args)
    match = _match(args, ruleset)
    if _form(args, BID_VIEW, ("dealer", "hand")):
        job = _record_bid_job(args["record"], args["seat"], ruleset, asked, match)
        return _start_bid(job, args["seed"])
    job = suggest_jobs.BidJob(
        asked=asked,
        dealer=args["dealer"],
        turned=args.get("turned"),
        proposed=args.get("proposed"),
        second_proposed=args.get("second_proposed"),
        hand=tuple(args["hand"]),
        bids=_bids(args["bids"]),
        match=match,
    )
    return _start_bid(job, args["seed"])


def _seat_for(args: dict[str, Any], record: GameRecord, state: RoundState) -> int:
    """The seat a suggestion is for: the one asked, else the next to act (the seat to
    act, or a seat that would act now besides it: Klaberjass's comparison winner)."""
    ruleset = record.ruleset
    seat = args.get("seat")
    if seat is not None:
        engine_call(check_seat, seat, ruleset, "seat")
        return seat
    if state.seat is None:
        over = record_view.round_over(state.phase)
        raise InvalidInput.at(over.field, str(over))
    others = (s for s in range(ruleset.players) if s != state.seat)
    return next((s for s in others if wants_to_act(round_view(record, s, state))), state.seat)


def start_action(args: dict[str, Any]) -> Search:
    """Check a suggest/action request: the next action of a computer seat, whatever the
    phase. An exchange, a comparison step or a declaration is decided here, without a
    search; a bid or a card is searched as suggest/bid and suggest/play search it."""
    ruleset = ruleset_from(args)
    asked = asked_of(args)
    match = _match(args, ruleset)  # a 422 in any phase, though only a bid or a card reads it
    record = game_record(args["record"], ruleset, "record.")
    state = checked_state(record, "record.")
    seat = _seat_for(args, record, state)
    view = engine_call(round_view, record, seat, state)
    if not view.actions_open:
        raise InvalidInput.at(
            "seat",
            Text(
                N_("seat {seat} has nothing to do now (phase `{phase}`; seat to act: {next})"),
                seat=seat,
                phase=state.phase,
                next="-" if state.seat is None else state.seat,
            ),
        )
    common = {"seat": seat, "level": asked.level, "seed": args["seed"]}
    action = announcement(view)
    if action is not None:
        return lambda ticket: common | {"action": action_body(action), "values": [], "samples": 0}
    if view.phase == AUCTION:
        job = _record_bid_job(args["record"], seat, ruleset, asked, match)
        search = _start_bid(job, args["seed"])

        def bid_answer(ticket: Ticket) -> dict:
            found = search(ticket)
            values = [
                {
                    "action": action_body(BidAction(_engine_bid(o["bid"]), seat)),
                    "value": o["value"],
                }
                | ({"chance": o["chance"]} if "chance" in o else {})
                for o in found["options"]
            ]
            chosen = BidAction(_engine_bid(found["bid"]), seat)
            return common | {
                "action": action_body(chosen),
                "values": values,
                "samples": found["samples"],
            }

        return bid_answer
    job = _record_play_job(args["record"], seat, ruleset, asked, match)
    search = _start_play(job, args["seed"])
    with_belote = {
        a.card: a for a in view.actions_open if isinstance(a, BeloteAction) and a.card is not None
    }

    def play_answer(ticket: Ticket) -> dict:
        found = search(ticket)
        card = found["card"]
        chosen = with_belote.get(card, PlayAction(card, seat))
        values = [
            {
                "action": action_body(with_belote.get(v["card"], PlayAction(v["card"], seat))),
                "value": v["value"],
            }
            | ({"chance": v["chance"]} if "chance" in v else {})
            for v in found["values"]
        ]
        return common | {
            "action": action_body(chosen),
            "values": values,
            "samples": found["samples"],
        }

    return play_answer


def _engine_bid(bid: dict[str, Any]) -> Call:
    return Call(bid["action"], bid["value"], bid["trump"])


#: The operations whose work runs in the search pool, by operationId: a batch takes a
#: place in the line of suggestions for each before any is searched (routes/batch.py).
STARTS = {"suggestPlay": start_play, "suggestBid": start_bid, "suggestAction": start_action}


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
        # The place in the line taken before the body was read (service/api/server/admission.py).
        return start_play(args)(flask.g.ticket)


@blp.route("/bid")
class SuggestBid(MethodView):
    @blp.arguments(SuggestBidRequestSchema(), example=BID_EXAMPLE)
    @blp.response(200, SuggestBidSchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="suggestBid")
    def post(self, args):
        """The call a computer player would make in the auction.

        From the seat's hand as dealt for the auction, the dealer, the bids so far, the
        turned card (turned-card games) and the proposed suit (`klaverjas_proposed`), or
        from the round record and the seat; for every preset and bidding procedure.
        Answers the call and each option considered with its estimated margin
        for the seat's side.
        """
        return start_bid(args)(flask.g.ticket)


@blp.route("/action")
class SuggestAction(MethodView):
    @blp.arguments(SuggestActionRequestSchema(), example=ACTION_EXAMPLE)
    @blp.response(200, SuggestActionSchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="suggestAction")
    def post(self, args):
        """The next action of a computer seat, ready to append to the record.

        From a round record, in every phase: a bid, the trump-seven exchange, a step of
        Klaberjass's comparison, a declaration, belote (said with its card) or a card. The
        seat sees only its own view (POST /v1/rounds/view). Without `seat`, the next to
        act. Where the seat weighs its options (a bid, a card), each with its value.
        """
        return start_action(args)(flask.g.ticket)


BLUEPRINTS = (blp,)
