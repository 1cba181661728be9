"""The bidding player: which call to make in the auction, and what the auction says.

- :func:`side_points`: a hand evaluation, the card points (and declarations and belote)
  a hand's side can expect to score if it takes the contract in a trump mode.
- :func:`strong_trumps_bid`: the baseline of the arena, a take-with-strong-trumps rule
  (J 3, 9 2, A 1, other trumps 1/2, outside aces 1; take, name or bid 80 from 5 up; a
  seat that must name a trump names its best suit); in bulgarian bidding, whose ladder
  holds no trump and all trumps, :func:`ladder_bid`, the same evaluation as
  :func:`heuristic_bid` over every contract offered, with contra and recontra.
- :func:`suggest_bid`: ``easy`` (and ``beginner``, ``casual``: :data:`BASELINE_LEVELS`)
  plays the baseline; ``normal`` and ``hard`` look ahead:
  for every option considered (pass, take, each suit named, Coinche values around the
  hand's estimate in its best trump modes, coinche, surcoinche, the bulgarian contracts
  of the hand's best modes, contra, recontra) they deal the unseen cards many times,
  finish the auction with :func:`model_bid` for every seat, play the round out with the
  greedy player (``hard`` in Coinche: the mean of that and the contract's double-dummy
  value, :attr:`BidLevel.solved`) and score it with the engine. The same deals serve
  every option (common random numbers). Both deal the unseen cards in proportion to how
  well they explain the other seats' calls, and trust a call other than pass only by its
  margin over passing less some standard errors of that margin (one for ``normal``, half
  for ``hard``: against the winner's curse of picking the luckiest of noisy estimates);
  ``hard`` deals more while the two best options are close.
- :func:`auction_weight`: the likelihood of the bids seen, given a deal: the sampler
  keeps the deals that explain the auction (``hard`` card play).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..engine.bidding import (
    BID,
    CAPOT,
    COINCHE,
    CONTRA,
    KLAVERJAS_BIDDING,
    NAME,
    PASS,
    RECONTRA,
    SURCOINCHE,
    TAKE,
    AuctionResult,
    Call,
    Highest,
    run_auction,
)
from ..engine.cards import (
    ACE,
    ALL_CARDS,
    JACK,
    NINE,
    SUITS,
    bit,
    cards_in,
    mask_of,
)
from ..engine.chances import MatchOutlook, outlook
from ..engine.match import MatchRound, MatchSituation
from ..engine.round import Round
from ..engine.round_state import DealRecord
from ..engine.rulesets import PARAMETERS, Ruleset
from ..engine.scoring import mode_total
from .baselines import greedy_card
from .deadline import Deadline
from .driver import solved_round_margin, variant
from .memo import RulesMemo
from .reading import (
    READING_OFFSET,
    bid_points,
    bids_likelihood,
    side_points,
    take_margin,
    take_threshold,
)
from .table import AuctionView, bid_round, play_out, start_play


@dataclass(frozen=True)
class BidSuggestion:
    """The call, and each option considered with its estimated margin (the seat's side's
    round score minus the opponents', a redeal counting 0) over ``samples`` deals
    (``easy`` estimates nothing: its one option has the value ``None``)."""

    bid: Call
    options: tuple[tuple[Call, float | None], ...]
    samples: int
    level: str
    #: With a match situation the bidder read (:func:`.chances.outlook`): each option's
    #: estimated chance for the seat's side to win the match after the round, in the
    #: order of ``options``, which it chose by; else None (the margin chose).
    chances: tuple[float, ...] | None = None


#: The bidding procedures the computer players bid in: every one of the engine's
#: (/v1/suggest/bid answers for every preset).
PLAYER_BIDDING: tuple[str, ...] = PARAMETERS["bidding"].values
#: The procedures whose auction the card players read (``hard`` weighs its deals by the
#: calls, :func:`auction_weight`); of the others (bulgarian, klaverjas) they read the
#: contract only, as /v1/suggest/play's view carries no proposed suit.
READ_BIDDING = ("turned_card", "klaberjass", "coinche")


@dataclass(frozen=True)
class BidLevel:
    """How hard the look-ahead bidder thinks."""

    name: str
    #: Deals looked at per option: at least ``least``; then 10 more at a time, up to
    #: ``most``, while the two best options are within two standard errors.
    least: int
    most: int
    #: Standard errors of its difference over passing that a call other than pass gives
    #: up (the noisier an estimate, the less it is trusted: against the winner's curse).
    caution: float
    #: Whether the unseen cards are dealt by the likelihood of the calls made so far.
    weighted: bool = True
    #: How a rolled-out contract is valued: 0 plays it out with the greedy player, 1
    #: double-dummy with the compiled solver (every hand open, perfect play), between
    #: the two the mean of both in that proportion.
    solved: float = 0.0
    #: The bidding procedures where ``solved`` applies (elsewhere: the greedy play-out).
    solved_in: tuple[str, ...] = PLAYER_BIDDING
    #: Rollouts (deals times options) beyond which no more deals are dealt for a close call.
    rollouts: int = 120
    #: In the bidding procedures of ``more_in``: ``least``, ``most`` and ``rollouts`` each
    #: ``more`` times as many.
    more: int = 1
    more_in: tuple[str, ...] = ()
    #: Deals drawn for each one looked at, chosen in proportion to the likelihood of the
    #: calls the other seats made (:func:`bids_likelihood`).
    candidates: int = 6
    #: Then steps of a Metropolis walk on that deal (:func:`_walk`: two unseen cards
    #: exchanged, the exchange kept in proportion to the calls' likelihood; 0: none).
    #: Few candidates rarely hold a hand as strong as a high bid says; the walk finds one.
    swaps: int = 0
    #: The bidding procedures where ``swaps`` applies.
    swaps_in: tuple[str, ...] = PLAYER_BIDDING
    #: Coinche: how far a bid's value is read below its bidder's evaluation
    #: (:func:`coinche_bid_likelihood`).
    offset: float = READING_OFFSET


#: The card-play levels that bid by the baseline (:func:`strong_trumps_bid`, bulgarian:
#: ``ladder_bid``), estimating nothing.
BASELINE_LEVELS = ("beginner", "casual", "easy")
BID_LEVELS: dict[str, BidLevel] = {
    "normal": BidLevel("normal", least=10, most=10, caution=1.0),
    "hard": BidLevel(
        "hard",
        least=20,
        most=60,
        caution=0.5,
        solved=0.5,
        solved_in=("coinche",),
        swaps=30,
        swaps_in=("coinche",),
        offset=30.0,
        more=3,
        more_in=("bulgarian", *KLAVERJAS_BIDDING),
    ),
}


def bid_level_of(spec: str | BidLevel) -> BidLevel:
    """A bidding level by name, or a variant for experiments: ``name+field=value+...``
    (for example ``hard+caution=0+solved=0.5``)."""
    if isinstance(spec, BidLevel):
        return spec
    name, *changes = spec.split("+")
    return variant(BID_LEVELS[name], spec, changes)


MAX_BID_BUDGET_MS = 3000


_AUCTIONS: dict[tuple, tuple[Ruleset, AuctionResult]] = {}


def cached_auction(
    ruleset: Ruleset,
    dealer: int,
    bids: Sequence[Call],
    turned: int | None = None,
    proposed: str | None = None,
    second_proposed: str | None = None,
) -> AuctionResult:
    """The engine's :func:`run_auction`, remembered: the look-ahead asks about the same
    auctions many times (a Coinche auction's legal calls are costly to list)."""
    key = (id(ruleset), dealer, tuple(bids), turned, proposed, second_proposed)
    hit = _AUCTIONS.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    result = run_auction(ruleset, dealer, bids, turned, proposed, second_proposed)
    if len(_AUCTIONS) >= 4096:
        _AUCTIONS.clear()
    _AUCTIONS[key] = (ruleset, result)
    return result


def _auction(view: AuctionView) -> AuctionResult:
    return cached_auction(
        view.ruleset, view.dealer, view.bids, view.turned, view.proposed, view.second_proposed
    )


def _legal(view: AuctionView) -> list[Call]:
    """Every legal call, one per action/trump/value (from the engine's compact list)."""
    result = _auction(view)
    out: list[Call] = []
    for legal in result.legal_bids:
        if legal.action == BID:
            # A bulgarian contract is a trump mode without a value (``values`` is None).
            out += [Call(BID, v, m) for v in legal.values or (None,) for m in legal.trumps or ()]
        elif legal.action == NAME:
            out += [Call(NAME, trump=m) for m in legal.trumps or ()]
        elif legal.action == TAKE:
            out.append(Call(TAKE, trump=legal.trump))
        else:
            out.append(Call(legal.action))
    return out


def _highest(view: AuctionView) -> Highest | None:
    return _auction(view).highest


def heuristic_bid(view: AuctionView, rng: random.Random | None = None) -> Call:
    """The ``normal`` evaluation as a rule: take, name or bid when :func:`side_points`
    clears :func:`take_threshold`; Coinche bids its estimate rounded down to 10, coinches a
    contract its hand sinks, surcoinches when its side's bid is far below its estimate."""
    rules = view.ruleset
    if rules.bidding == "bulgarian":
        return ladder_bid(view)
    legal = _legal(view)
    actions = {b.action for b in legal}
    if TAKE in actions or NAME in actions:
        options = []
        for b in legal:
            if b.action in (TAKE, NAME) and b.trump is not None:
                options.append((take_margin(_with_turned(view, b), b.trump, rules), b))
        best = max(options, key=lambda o: o[0], default=None)
        forced = PASS not in actions  # the klaverjas seat that must name a trump
        return best[1] if best and (best[0] >= 0 or forced) else Call(PASS)
    if BID in actions or COINCHE in actions or SURCOINCHE in actions:
        return _coinche_heuristic(view, legal)
    return Call(PASS)


def _with_turned(view: AuctionView, b: Call) -> int:
    """The hand a call would play with: a ``take`` of a turned card adds it."""
    if b.action == TAKE and view.turned is not None:
        return view.hand | bit(view.turned)
    return view.hand


_MARGINS: RulesMemo[float] = RulesMemo(65536)


def _margin(hand: int, trump: str, rules: Ruleset) -> float:
    """:func:`take_margin`, remembered: the look-ahead's model bidders value the same
    hands in every option's rollout of a deal."""
    return _MARGINS.get(rules, (hand, trump), lambda: take_margin(hand, trump, rules))


def ladder_bid(view: AuctionView, rng: random.Random | None = None) -> Call:
    """Bulgarian bidding by :func:`side_points` over every contract the ladder offers (C D H
    S, no trump, all trumps), each call's margin its estimate over :func:`take_threshold`:
    contra an opponents' contract whose margin is positive and at least that of every
    contract above it (the hand would have taken that mode itself: the takers are
    unlikely to make it); else the contract of the best margin where it is positive, over
    a partner's contract only where it clears a tenth of the mode's points (partners do
    not outbid each other for nothing); recontra a doubled contract of the side whose
    margin clears that tenth; else pass."""
    rules, hand = view.ruleset, view.hand
    legal = _legal(view)
    high = _highest(view)
    ours = high is not None and high.team == rules.team_of(view.seat)

    margins = {
        b.trump: _margin(hand, b.trump, rules)
        for b in legal
        if b.action == BID and b.trump is not None
    }
    best = max(margins, key=margins.__getitem__) if margins else None
    standing = _margin(hand, high.trump, rules) if high is not None else 0.0
    if Call(CONTRA) in legal and standing >= max(0.0, margins[best] if best is not None else 0.0):
        return Call(CONTRA)
    if best is not None:
        tenth = mode_total(best, rules, ALL_CARDS) / 10
        if margins[best] >= (tenth if ours else 0):
            return Call(BID, trump=best)
    if (
        Call(RECONTRA) in legal
        and high is not None
        and standing >= mode_total(high.trump, rules, ALL_CARDS) / 10
    ):
        return Call(RECONTRA)
    return Call(PASS)


def _coinche_heuristic(view: AuctionView, legal: list[Call]) -> Call:
    rules, hand = view.ruleset, view.hand
    high = _highest(view)
    bids = [b for b in legal if b.action == BID]
    if bids:
        modes = {b.trump for b in bids if b.trump is not None}
        estimates = {m: side_points(hand, m, rules) for m in modes}
        mode = max(estimates, key=estimates.__getitem__)
        target = estimates[mode] - 10
        values = [b.value for b in bids if b.trump == mode and isinstance(b.value, int)]
        fitting = [v for v in values if v <= target]
        partner_holds = high is not None and high.team == rules.team_of(view.seat)
        value = None if high is None else high.value  # a number or capot: a Coinche bid
        if fitting and not (partner_holds and value is not None and max(fitting) < int(value) + 20):
            return Call(BID, max(fitting), mode)
    if any(b.action == COINCHE for b in legal) and high is not None and high.value is not None:
        theirs = side_points(hand, high.trump, rules)
        if theirs < 0.45 * take_threshold(high.trump, rules) and bid_points(high.value) >= 100:
            return Call(COINCHE)
    if (
        any(b.action == SURCOINCHE for b in legal)
        and high is not None
        and high.value is not None
        and side_points(hand, high.trump, rules) > bid_points(high.value) + 30
    ):
        return Call(SURCOINCHE)
    return Call(PASS)


def strong_trumps_bid(view: AuctionView, rng: random.Random | None = None) -> Call:
    """The arena's bidding baseline: count J 3, 9 2, A 1, other trumps 1/2 and outside
    aces 1 with the trump the call would make; take, name or bid 80 from 5 points up
    (Coinche: 10 more per point above 5); never coinche. A seat that may not pass (the
    klaverjas first speaker who must name trump) names its best suit. Bulgarian bidding,
    whose contracts include no trump and all trumps: :func:`ladder_bid`."""
    if view.ruleset.bidding == "bulgarian":
        return ladder_bid(view)
    legal = _legal(view)
    best: tuple[float, Call] | None = None
    forced: tuple[float, Call] | None = None
    for b in legal:
        if b.action not in (TAKE, NAME, BID) or b.trump is None or b.trump not in SUITS:
            continue
        hand = _with_turned(view, b)
        suit = SUITS.index(b.trump)
        count = 0.0
        for c in cards_in(hand):
            if c >> 3 == suit:
                count += {JACK: 3, NINE: 2, ACE: 1}.get(c & 7, 0.5)
            elif c & 7 == ACE:
                count += 1
        if forced is None or count > forced[0]:
            forced = (count, b)
        if count < 5:
            continue
        if b.action == BID and b.value != min(80 + 10 * int(count - 5), 160):
            continue
        if best is None or count > best[0]:
            best = (count, b)
    if best is None and Call(PASS) not in legal and forced is not None:
        return forced[1]
    return best[1] if best else Call(PASS)


# --- look-ahead --------------------------------------------------------------------------


def _options(view: AuctionView) -> list[Call]:
    """The calls worth looking at: every one in turned-card and klaverjas games; in
    bulgarian bidding, pass, contra, recontra and the contracts of the three modes with
    the best estimates (:func:`side_points` over :func:`take_threshold`); in Coinche, pass,
    coinche and surcoinche, the three values around the estimate in the best mode and the
    nearest one in the second best. Over a partner's bid: its two next values in the
    partner's mode, and the seat's own best mode only where its estimate clears the
    partner's bid by 30 (partners do not outbid each other in different modes for
    nothing)."""
    rules = view.ruleset
    legal = _legal(view)
    if rules.bidding == "bulgarian":
        margins = {
            b: -take_margin(view.hand, b.trump, rules)
            for b in legal
            if b.action == BID and b.trump is not None
        }
        contracts = sorted(margins, key=margins.__getitem__)
        return [b for b in legal if b.action != BID] + contracts[:3]
    if rules.bidding != "coinche":
        return legal
    out = [b for b in legal if b.action != BID]
    bids = [b for b in legal if b.action == BID]
    estimates = {
        m: side_points(view.hand, m, rules) for m in {b.trump for b in bids if b.trump is not None}
    }
    modes = sorted(estimates, key=lambda m: -estimates[m])[:2]
    high = _highest(view)
    if high is not None and high.team == rules.team_of(view.seat) and isinstance(high.value, int):
        raises = [b for b in bids if b.trump == high.trump and b.value != CAPOT][:2]
        out += raises
        best = modes[0] if modes else None
        if best not in (None, high.trump) and estimates[best] - 10 >= int(high.value) + 30:
            out += [b for b in bids if b.trump == best and b.value != CAPOT][:1]
        return out
    for rank, m in enumerate(modes):
        values = [b.value for b in bids if b.trump == m and isinstance(b.value, int)]
        near = sorted(values, key=lambda v: abs(v - (estimates[m] - 10)))[: 3 - 2 * rank]
        out += [Call(BID, v, m) for v in sorted(near)]
    return out


@dataclass(frozen=True)
class Deal:
    """One deal the look-ahead imagines: every hand as the auction sees it (the seat's own
    as it is, bit sets), the turned card, the rest of the pack (the stock) and the suits
    proposed; the round completes the hands by the engine's rule (:func:`_record`)."""

    hands: tuple[int, ...]
    turned: int | None
    rest: tuple[int, ...]
    proposed: str | None = None
    second_proposed: str | None = None

    @classmethod
    def of(cls, record: DealRecord) -> Deal:
        """A real deal (the engine's, :func:`.table.deal`) in the look-ahead's terms."""
        hands = tuple(mask_of(h) for h in record.hands)
        return cls(hands, record.turned, record.stock, record.proposed, record.second_proposed)


def _record(dealt: Deal) -> DealRecord:
    """The imagined deal as a round's record holds it."""
    hands = tuple(tuple(cards_in(h)) for h in dealt.hands)
    return DealRecord(
        hands,
        dealt.turned,
        dealt.rest,
        proposed=dealt.proposed,
        second_proposed=dealt.second_proposed,
    )


def _unseen_deal(view: AuctionView, rng: random.Random) -> Deal:
    rules = view.ruleset
    pack = [c for c in range(32) if not view.hand >> c & 1 and c != view.turned]
    rng.shuffle(pack)
    size = view.hand.bit_count()
    hands = []
    for seat in range(rules.players):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(sum(1 << c for c in pack[:size]))
            pack = pack[size:]
    return Deal(tuple(hands), view.turned, tuple(pack), view.proposed, view.second_proposed)


def _walk(
    view: AuctionView,
    dealt: Deal,
    likelihood: Callable[[Sequence[int]], float],
    steps: int,
    rng: random.Random,
) -> Deal:
    """``steps`` of a Metropolis walk from ``dealt`` over the deals of the unseen cards
    (uniform a priori), toward the deals in proportion to ``likelihood``: two unseen
    cards exchanged between two other hands, or a hand and the rest of the pack (in its
    place in the dealing order), the exchange kept with the probability of the
    likelihoods' ratio (always when it rises)."""
    hands, rest = list(dealt.hands), list(dealt.rest)
    pools: list[int | None] = [s for s in range(view.ruleset.players) if s != view.seat]
    if rest:
        pools.append(None)  # the rest of the pack
    if len(pools) < 2:
        return dealt
    current = likelihood(hands)
    for _ in range(steps):
        a, b = rng.sample(pools, 2)
        kept = hands[:], rest[:]
        x, y = (
            rng.choice(rest) if pool is None else rng.choice(list(cards_in(hands[pool])))
            for pool in (a, b)
        )
        for pool, out, into in ((a, x, y), (b, y, x)):
            if pool is None:
                rest[rest.index(out)] = into
            else:
                hands[pool] ^= 1 << out | 1 << into
        proposed = likelihood(hands)
        if proposed >= current or rng.random() * current < proposed:
            current = proposed
        else:
            hands, rest = kept
    return replace(dealt, hands=tuple(hands), rest=tuple(rest))


#: A round everybody passed, for the match's outlook.
REDEAL = MatchRound((0, 0), redeal=True)


def model_bid(view: AuctionView, rng: random.Random | None = None) -> Call:
    """How the look-ahead expects every seat to bid after the call it weighs: take, name or
    bid as :func:`strong_trumps_bid` does (in the arena a better bidder than
    :func:`heuristic_bid`; in bulgarian bidding :func:`ladder_bid`, contra and recontra
    included), and coinche or surcoinche where :func:`heuristic_bid` would."""
    bid = strong_trumps_bid(view)
    doubles = {b.action for b in _legal(view)} & {COINCHE, SURCOINCHE}
    if bid.action == PASS and doubles:
        other = heuristic_bid(view)
        if other.action in (COINCHE, SURCOINCHE):
            return other
    return bid


def _rollout(
    view: AuctionView,
    dealt: Deal,
    first: Call,
    rng: random.Random,
    share: float,
    solved: dict,
    match: MatchOutlook | None = None,
    plays: dict | None = None,
) -> float | tuple[float, float]:
    """The seat's side's margin after ``first``: the auction finished by :func:`model_bid`
    at every seat, the round played by the greedy player, and in the proportion ``share``
    (1: only) valued double-dummy instead (:func:`.driver.solved_round_margin`; ``solved``
    caches the compiled solver's answers across the rollouts of one decision).

    With ``match`` (:func:`.chances.outlook`): the margin and the side's chance to win the
    match after the round. The double-dummy part of a round is scored as the greedy
    round's points moved to the double-dummy margin (their sum and the round's winner
    kept): the solver gives a margin, not a score.

    ``plays`` remembers the greedy play-out's score by the contract and the hands at the
    first card: the greedy player reads the cards and the contract, not the calls, so two
    options whose auctions end in the same contract on one deal play the same round."""
    rules = view.ruleset
    bidders = [model_bid] * rules.players
    game = Round(rules, view.dealer, _record(dealt))
    contract, bids = bid_round(game, bidders, rng, (*view.bids, first))
    team = rules.team_of(view.seat)
    if contract is None:
        return 0.0 if match is None else (0.0, match.win(team, REDEAL))
    hands = start_play(game)
    played_for = game.state().contract
    assert played_for is not None  # the contract, played out
    value = 0.0
    if share > 0:
        value = share * solved_round_margin(
            rules,
            hands,
            contract.trump,
            contract.taker,
            view.dealer,
            played_for.bid,
            team,
            solved,
        )
        if share >= 1 and match is None:
            return value
    key = (contract, hands)
    s = plays.get(key) if plays is not None else None
    if s is None:
        s = play_out(game, [greedy_card] * rules.players, rng, bids, contract=contract).score
        if plays is not None:
            plays[key] = s
    greedy = s.score[team] - s.score[1 - team]
    margin = value + (1 - share) * greedy
    if match is None:
        return margin
    outcome = MatchRound(s.score, s.held, s.winner, s.capot)
    chance = (1 - share) * match.win(team, outcome) if share < 1 else 0.0
    if share > 0:
        # The double-dummy margin, value / share, with the greedy round's points.
        shift = round((value / share - greedy) / 2)  # whole points, as a score holds
        moved = (shift, -shift) if team == 0 else (-shift, shift)
        score = (s.score[0] + moved[0], s.score[1] + moved[1])
        chance += share * match.win(team, MatchRound(score, s.held, s.winner, s.capot))
    return margin, chance


def _choose(values: dict[Call, list[float]], caution: float) -> Call:
    """The option whose mean margin over passing, less ``caution`` standard errors of that
    difference (the same deals serve every option), is highest; passing scores 0. Where
    passing is not a legal call, the best mean."""
    passing = values.get(Call(PASS))
    n = len(next(iter(values.values())))

    def score(option: Call) -> float:
        samples = values[option]
        if passing is None:
            return sum(samples) / n
        if option == Call(PASS):
            return 0.0
        diffs = [a - b for a, b in zip(samples, passing, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        return mean - caution * math.sqrt(var / n)

    return max(values, key=lambda b: (score(b), b.action == PASS))


def _close(values: dict[Call, list[float]]) -> bool:
    """Whether the two best options are within two standard errors of each other."""
    n = len(next(iter(values.values())))
    if len(values) < 2 or n < 2:
        return False
    means = sorted(values, key=lambda b: -sum(values[b]))
    first, second = values[means[0]], values[means[1]]
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean < 2 * math.sqrt(var / n)


def suggest_bid(
    view: AuctionView,
    level: str | BidLevel = "normal",
    seed: int = 0,
    budget_ms: float | None = None,
    match: MatchSituation | None = None,
) -> BidSuggestion:
    """The call for ``view.seat`` (see the module's docstring for the levels; a
    :class:`BidLevel` or its variant's name, :func:`bid_level_of`, for experiments).

    With ``match`` (checked by :func:`.match.check_situation`), ``normal`` and ``hard``
    choose by the side's chance to win the match after the round instead of its margin
    (each rolled-out round's score through :class:`.chances.MatchOutlook`), where the
    match's end is in reach (:func:`.chances.outlook`); elsewhere as without it."""
    deadline = Deadline(min(budget_ms or MAX_BID_BUDGET_MS, MAX_BID_BUDGET_MS))
    legal = _legal(view)
    if not legal:
        raise ValueError("the auction is over: there is no call to make")
    if level in BASELINE_LEVELS:
        bid = strong_trumps_bid(view)
        return BidSuggestion(bid, ((bid, None),), 0, level)
    lv = bid_level_of(level)
    rng = random.Random(seed)
    options = _options(view)
    values: dict[Call, list[float]] = {b: [] for b in options}
    used = 0
    times = lv.more if view.ruleset.bidding in lv.more_in else 1
    least, most, rollouts = lv.least * times, lv.most * times, lv.rollouts * times
    most = max(least, min(most, rollouts // len(options)))
    others_bid = any(
        (view.dealer + 1 + i) % view.ruleset.players != view.seat for i in range(len(view.bids))
    )
    likelihood = (
        bids_likelihood(
            view.ruleset,
            view.seat,
            view.dealer,
            view.bids,
            view.turned,
            view.proposed,
            view.second_proposed,
            lv.offset,
        )
        if others_bid and lv.weighted
        else None
    )
    share = lv.solved if view.ruleset.bidding in lv.solved_in else 0.0
    swaps = lv.swaps if view.ruleset.bidding in lv.swaps_in else 0
    solved: dict = {}  # the compiled solver's answers, across this decision's rollouts
    ahead = outlook(view.ruleset, match, view.dealer)
    chances: dict[Call, list[float]] = {b: [] for b in options}
    chosen_by = values if ahead is None else chances
    while used < most:
        if used and deadline.passed():
            break
        if used >= least and used % 10 == 0 and not _close(chosen_by):
            break
        dealt = _unseen_deal(view, rng)
        if likelihood is not None:
            # Sampling-importance-resampling: of a few deals, one in proportion to how
            # well its hands explain the calls made so far.
            candidates = [dealt] + [_unseen_deal(view, rng) for _ in range(lv.candidates - 1)]
            weights = [likelihood(c.hands) for c in candidates]
            if sum(weights) > 0:
                dealt = rng.choices(candidates, weights)[0]
            if swaps:
                dealt = _walk(view, dealt, likelihood, swaps, rng)
        seed_j = rng.randrange(1 << 30)
        plays: dict = {}  # this deal's play-outs by contract
        for option in options:
            rollout = _rollout(
                view, dealt, option, random.Random(seed_j), share, solved, ahead, plays
            )
            if isinstance(rollout, tuple):
                values[option].append(rollout[0])
                chances[option].append(rollout[1])
            else:
                values[option].append(rollout)
        used += 1
    bid = _choose(chosen_by, lv.caution)
    means = tuple((b, round(sum(values[b]) / used, 2)) for b in options)
    if ahead is None:
        return BidSuggestion(bid, means, used, lv.name)
    odds = tuple(round(sum(chances[b]) / used, 4) for b in options)
    return BidSuggestion(bid, means, used, lv.name, odds)


# --- what the auction says ---------------------------------------------------------------
