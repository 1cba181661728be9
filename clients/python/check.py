"""Call every operation of the Belote rules service through the Python client that
openapi-python-client generates from openapi.yaml, and check the answers.

Expected values are worked by hand from docs/rules.md, as in clients/java/Check.java.
tests/test_generated_clients.py generates the client (package `belote_rules_client`),
type-checks this file with it (mypy --strict) and runs it:

    PYTHONPATH=GENERATED python clients/python/check.py http://127.0.0.1:8000
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

from belote_rules_client import Client
from belote_rules_client.api.bidding import bidding
from belote_rules_client.api.declarations import best_declarations, rank_declarations
from belote_rules_client.api.play import legal_moves, trick_winner
from belote_rules_client.api.record import validate_round
from belote_rules_client.api.rulesets import get_ruleset, list_parameters, list_rulesets
from belote_rules_client.api.scoring import match_score, round_score
from belote_rules_client.api.service import health, metrics, openapi, ready
from belote_rules_client.api.suggest import suggest_bid, suggest_play
from belote_rules_client.models import (
    Bid,
    BidAction,
    Bidding,
    BiddingRequest,
    DeclarationClaim,
    DeclarationsBestRequest,
    DeclarationsRank,
    DeclarationsRankRequest,
    Health,
    LegalMoves,
    LegalMovesRequest,
    MatchRound,
    MatchScore,
    MatchScoreRequest,
    ParameterList,
    Problem,
    Ready,
    RoundBid,
    RoundScore,
    RoundScoreRequest,
    RoundTrick,
    RoundValidateRequest,
    RoundValidation,
    Ruleset,
    RulesetList,
    RulesetName,
    SeatCards,
    SuggestBid,
    SuggestBidRequest,
    SuggestPlay,
    SuggestPlayRequest,
    Trick,
    TrickWinner,
    TrickWinnerRequest,
    Trump,
)
from belote_rules_client.types import Response, Unset

PROBLEMS = "tag:belote-rules,2026:problem/"
INVALID_INPUT = PROBLEMS + "invalid-input"
T = TypeVar("T")


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def equal(self, actual: object, expected: object, what: str) -> None:
        if actual == expected:
            self.passed += 1
        else:
            self.failures.append(f"{what}: expected {expected!r}, got {actual!r}")

    def that(self, condition: bool, what: str) -> None:
        self.equal(condition, True, what)

    def answer(self, response: Response[T | Problem], kind: type[T], what: str) -> T:
        """The parsed 200 answer, of the generated type `kind`."""
        self.equal(response.status_code, 200, f"{what} status ({response.content[:300]!r})")
        if not isinstance(response.parsed, kind):
            raise AssertionError(f"{what}: {response.parsed!r} is not a {kind.__name__}")
        return response.parsed

    def refused(
        self, response: Response[Any], field: str, what: str, type_: str = INVALID_INPUT
    ) -> Problem | None:
        """A refusal (422 unless said), parsed into the generated Problem type."""
        self.equal(response.status_code, 422, f"{what} status")
        self.equal(response.headers.get("content-type"), "application/problem+json", what)
        problem = response.parsed
        if not isinstance(problem, Problem):
            self.failures.append(f"{what}: not parsed into Problem: {problem!r}")
            return None
        self.equal((problem.type_, problem.status), (type_, 422), f"{what} type and status")
        errors = {} if isinstance(problem.errors, Unset) else problem.errors.additional_properties
        self.that(field in errors, f"{what}: errors name {field}: {errors}")
        return problem


def cards(spaced: str) -> list[str]:
    return spaced.split()


def all_hearts() -> list[RoundTrick]:
    """Seat 0 holds the eight hearts and leads one each trick; nobody can follow or trump."""
    return [
        RoundTrick(leader=0, cards=[f"{rank}H", f"{rank}C", f"{rank}D", f"{rank}S"])
        for rank in ("J", "9", "A", "10", "K", "Q", "8", "7")
    ]


HANDS_A = [
    SeatCards(seat=0, cards=cards("7C AC JD QD 9H JH 7S 10S")),
    SeatCards(seat=1, cards=cards("8C 10C 7D AD 7H KH 8S AS")),
    SeatCards(seat=2, cards=cards("9C KC 8D 10D 10H AH 9S KS")),
    SeatCards(seat=3, cards=cards("JC QC 9D KD 8H QH JS QS")),
]


def rulesets(api: Client, check: Checks) -> None:
    listed = check.answer(list_rulesets.sync_detailed(client=api), RulesetList, "list")
    names = [r.name for r in listed.rulesets]
    check.equal(
        names,
        [
            "belote",
            "klob",
            "cardavia",
            "klaberjass",
            "belote-ffb",
            "coinche",
            "belot",
            "klaverjas-rotterdam",
            "klaverjas-amsterdam",
        ],
        "presets",
    )
    coinche = check.answer(get_ruleset.sync_detailed("coinche", client=api), Ruleset, "coinche")
    check.equal(coinche.options.target, 2000, "coinche plays to 2000")
    modes = [str(m) for m in coinche.options.trump_modes or []]
    check.equal(modes, ["C", "D", "H", "S", "none", "all"], "coinche modes")
    missing = get_ruleset.sync_detailed("poker", client=api)
    check.equal(missing.status_code, 404, "unknown ruleset")
    check.that(isinstance(missing.parsed, Problem) and "poker" in missing.parsed.detail, "404")
    parameters = check.answer(
        list_parameters.sync_detailed(client=api), ParameterList, "parameters"
    )
    undertrump = next(p for p in parameters.parameters if p.name == "undertrump")
    check.equal(undertrump.values, ["must", "may", "forbidden"], "undertrump values")


def play(api: Client, check: Checks) -> None:
    # An opponent (seat 1) wins with 9H; seat 2 can beat it with JH: it must overtrump.
    body = LegalMovesRequest(
        trump=Trump.H,
        hand=cards("7H JH AS KD"),
        trick=Trick(leader=0, cards=cards("8C 9H")),
    )
    moves = check.answer(legal_moves.sync_detailed(client=api, body=body), LegalMoves, "")
    check.equal((moves.seat, moves.legal), (2, ["JH"]), "legal-moves: only the higher trump")
    reasons = {i.card: i.rule for i in moves.illegal}
    check.equal(reasons, {"7H": "must_overtrump", "AS": "must_trump", "KD": "must_trump"}, "why")
    repeated = LegalMovesRequest(trump=Trump.H, hand=cards("7H 7h"), trick=Trick(leader=0))
    check.refused(legal_moves.sync_detailed(client=api, body=repeated), "hand.1", "repeated card")

    # 8C 9H AC JH from seat 1, hearts trump: JH (seat 0) wins 0 + 14 + 11 + 20 = 45 points.
    trick = Trick(leader=1, cards=cards("8C 9h A♣ JH"))
    won = check.answer(
        trick_winner.sync_detailed(client=api, body=TrickWinnerRequest(trump=Trump.H, trick=trick)),
        TrickWinner,
        "trick-winner",
    )
    check.equal(
        (won.winner, won.team, won.card, won.points, won.complete), (0, 0, "JH", 45, True), ""
    )
    bad = TrickWinnerRequest(trump=Trump.H, trick=Trick(leader=7, cards=["8C"]))
    check.refused(trick_winner.sync_detailed(client=api, body=bad), "trick.leader", "leader 7")


def declarations(api: Client, check: Checks) -> None:
    spades = Trump.S
    # Seat 0 announces a tierce (20), seat 1 a quarte (50): the longer sequence wins.
    claims = [
        DeclarationClaim(seat=0, cards=cards("7H 8H 9H")),
        DeclarationClaim(seat=1, cards=cards("10C JC QC KC")),
    ]
    kind = DeclarationsRank
    announced = check.answer(
        rank_declarations.sync_detailed(
            client=api, body=DeclarationsRankRequest(trump=spades, declarations=claims)
        ),
        kind,
        "announced",
    )
    winner = announced.winner
    check.equal(None if winner is None else winner.seat, 1, "the quarte wins")
    check.equal(announced.points, [0, 50], "only the best side scores")
    # POST /v1/declarations/best, only the hands: seat 0's carre of jacks (200) and 8-9-10 of
    # hearts (20) beat seat 1's carre of aces: team 0 scores 220; seat 1 holds KS QS, the belote.
    hands = [
        SeatCards(seat=0, cards=cards("8H 9H 10H JH QH JC JD JS")),
        SeatCards(seat=1, cards=cards("AC AD AH AS KS QS 7D 8D")),
    ]
    found = check.answer(
        best_declarations.sync_detailed(
            client=api, body=DeclarationsBestRequest(trump=spades, hands=hands)
        ),
        kind,
        "found",
    )
    check.equal((found.points, len(found.belote)), ([220, 0], 1), "found in the hands")
    bad = DeclarationsRankRequest(trump=spades, declarations=[DeclarationClaim(0, cards("7H 9C"))])
    check.refused(
        rank_declarations.sync_detailed(client=api, body=bad), "declarations.0", "not one"
    )


def auction(api: Client, check: Checks) -> None:
    # Coinche, dealer 3: seat 0 bids 80 hearts, seat 1 capot in spades, three passes.
    bids = [
        Bid(seat=0, action=BidAction.BID, value=80, trump=Trump.H),
        Bid(seat=1, action=BidAction.BID, capot=True, trump=Trump.S),
        *(Bid(seat=seat, action=BidAction.PASS) for seat in (2, 3, 0)),
    ]
    coinche = RulesetName.COINCHE
    done = check.answer(
        bidding.sync_detailed(
            client=api, body=BiddingRequest(dealer=3, ruleset=coinche, bids=bids)
        ),
        Bidding,
        "bidding",
    )
    check.equal((done.complete, done.redeal), (True, False), "auction over, no redeal")
    contract = done.contract
    if contract is None:
        check.failures.append("bidding: no contract")
    else:
        check.equal((contract.taker, str(contract.trump)), (1, "S"), "seat 1 takes in spades")
        check.equal((contract.value, contract.capot), (None, True), "the capot bid")
    early = BiddingRequest(dealer=3, ruleset=coinche, bids=[Bid(seat=2, action=BidAction.PASS)])
    check.refused(
        bidding.sync_detailed(client=api, body=early),
        "bids.0",
        "out of turn",
        PROBLEMS + "illegal-bid",
    )


def scoring(api: Client, check: Checks) -> None:
    # Capot: 152 card points + 100 (instead of the last-trick 10) = 252, belote 20: [272, 0].
    hearts = Trump.H
    body = RoundScoreRequest(trump=hearts, taker=0, tricks=all_hearts())
    scored = check.answer(round_score.sync_detailed(client=api, body=body), RoundScore, "")
    check.equal((scored.score, scored.capot, scored.contract.made), ([272, 0], 0, True), "capot")
    # The same round in Coinche with a capot bid: the contract is made.
    capot = RoundBid(capot=True)
    body = RoundScoreRequest(
        trump=hearts,
        taker=0,
        tricks=all_hearts(),
        ruleset=RulesetName.COINCHE,
        bid=capot,
    )
    bid = check.answer(round_score.sync_detailed(client=api, body=body), RoundScore, "")
    check.equal((bid.contract.made, bid.score[1]), (True, 0), "a capot bid made")
    bad = RoundScoreRequest(trump=hearts, taker=7, tricks=all_hearts())
    check.refused(round_score.sync_detailed(client=api, body=bad), "taker", "taker 7")

    rounds = [MatchRound(score=[250, 12]), MatchRound(score=[260, 30])]
    match = check.answer(
        match_score.sync_detailed(client=api, body=MatchScoreRequest(rounds=rounds)),
        MatchScore,
        "match-score",
    )
    check.equal((match.totals, match.finished, match.winner), ([510, 42], True, 0), "501 reached")
    three = MatchScoreRequest(rounds=[MatchRound(score=[1, 2, 3])])
    check.refused(match_score.sync_detailed(client=api, body=three), "rounds.0.score", "3 scores")


def record(api: Client, check: Checks) -> None:
    # Seat 0 leads JH, seat 1 follows 7H; seat 2 must follow hearts and (partner winning)
    # need not overtrump: 10H and AH.
    def request(*played: str) -> RoundValidateRequest:
        return RoundValidateRequest(
            dealer=3,
            hands=HANDS_A,
            trump=Trump.H,
            taker=0,
            tricks=[RoundTrick(leader=0, cards=list(played))],
        )

    answer = validate_round.sync_detailed(client=api, body=request("JH", "7H"))
    partial = check.answer(answer, RoundValidation, "rounds/validate")
    nxt = partial.next_
    check.equal(partial.valid, True, "valid so far")
    check.equal(None if nxt is None else (nxt.seat, nxt.legal), (2, ["10H", "AH"]), "next")
    unheld = validate_round.sync_detailed(client=api, body=request("XX"))
    check.refused(unheld, "tricks.0.cards.0", "a card nobody holds")


def suggest(api: Client, check: Checks) -> None:
    # Clubs led by seat 1 (8C 9H AC); seat 0 holds one club, 10C: the only legal card.
    def position(taker: int) -> SuggestPlayRequest:
        return SuggestPlayRequest(
            trump=Trump.H,
            taker=taker,
            hand=cards("7H JH AS KD 10C QS 8D 9D"),
            trick=Trick(leader=1, cards=cards("8C 9H AC")),
        )

    played = suggest_play.sync_detailed(client=api, body=position(1))
    play = check.answer(played, SuggestPlay, "suggest/play")
    check.equal((play.seat, play.card, len(play.values)), (0, "10C", 1), "the one legal card")
    check.refused(suggest_play.sync_detailed(client=api, body=position(7)), "taker", "taker 7")
    # Belote, dealer 3, JH turned: seat 0 speaks first and may take hearts or pass.
    hand = cards("9H AH AS KD 10C")
    called = suggest_bid.sync_detailed(
        client=api, body=SuggestBidRequest(dealer=3, turned="JH", hand=hand)
    )
    bid = check.answer(called, SuggestBid, "suggest/bid")
    calls = [str(option.bid.action) for option in bid.options]
    check.equal(bid.seat, 0, "seat 0 speaks")
    check.that("pass" in calls and str(bid.bid.action) in calls, f"one of the calls: {calls}")
    early = SuggestBidRequest(
        dealer=3, turned="JH", hand=hand, bids=[Bid(seat=2, action=BidAction.PASS)]
    )
    check.refused(suggest_bid.sync_detailed(client=api, body=early), "bids.0", "out of turn")


def service(api: Client, check: Checks) -> None:
    check.equal(check.answer(health.sync_detailed(client=api), Health, "").status, "ok", "")
    check.equal(check.answer(ready.sync_detailed(client=api), Ready, "").status, "ready", "")
    counters = metrics.sync_detailed(client=api)
    check.equal(counters.status_code, 200, "GET /metrics")
    check.that(b"belote_http_requests_total" in counters.content, "Prometheus counters")
    spec = check.answer(openapi.sync_detailed(client=api), str, "GET /openapi.yaml")
    check.that(spec.startswith("openapi: 3.1.0"), "it serves the spec")


STEPS: list[Callable[[Client, Checks], None]] = [
    rulesets,
    play,
    declarations,
    auction,
    scoring,
    record,
    suggest,
    service,
]


def main(base_url: str) -> int:
    check = Checks()
    with Client(base_url=base_url, raise_on_unexpected_status=True) as api:
        for step in STEPS:
            try:
                step(api, check)
            except Exception as error:  # one broken step must not hide the others
                check.failures.append(f"{step.__name__}: {type(error).__name__}: {error}")
    for failure in check.failures:
        print("FAIL", failure)
    print(f"python: {check.passed} passed, {len(check.failures)} failed")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"))
