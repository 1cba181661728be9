"""The state of a round from its record: the deal and every action in order.

A table keeps one record per round (POST /v1/rounds/state, docs/api.md "A whole round"):
the ruleset, the dealer, the deal (:mod:`.deal`: the hands as the auction sees them, the
turned card, the stock, the commitment) and the actions (:mod:`.actions`), each one of:

- :class:`.actions.BidAction` (``bid``): replayed by the auction of :mod:`.bidding`
  (:func:`bidding.start_auction`, one call at a time: the same refusals as POST /v1/bidding);
- :class:`.actions.ExchangeAction` (``exchange``): Klaberjass's trump seven
  (``trump_seven_exchange``): once the turned suit is trump, the holder of its 7 exchanges
  it for the turned card, or not;
- :class:`.actions.DeclareAction` (``declare``): one declaration, checked with the others
  announced by :func:`declarations.parse_declarations` against the hands at the start of
  play, and only when the ruleset takes it (:func:`_declare`: at the seat's first card, or
  in Klaberjass by the winner of the comparison after the first trick);
- :class:`.actions.BeloteAction` (``belote``): said just before the king or queen of trump
  is played (:func:`_belote`), alone or with its ``card`` (said and played in one action);
  with ``belote_said: required`` a belote counts only when said with its first card;
- :class:`.actions.CompareAction` (``compare``): Klaberjass's comparison of the longest
  sequences (:class:`_Comparison`);
- :class:`.actions.PlayAction` (``play``): a card, judged by :func:`play.judge` under
  :func:`play.trick_rules` (what :func:`play.check_card` and POST /v1/legal-moves run), the
  trick's winner kept up to date.

:func:`round_state` walks the actions once (nothing is replayed twice) and answers the
phase, the seat to act and what it may do, the hands as they stand, the tricks with their
winners and points, the events, and, once the last card is down, the score of
:func:`scoring.score_checked` (the answer of POST /v1/round-score) and the next dealer
(:func:`deal.next_dealer`). Asking again after one more action is cheap: the walk after
a record is kept (a bounded cache, :data:`KEPT`), and a record that extends a kept one by
one action continues from it. The first illegal action raises :class:`IllegalAction` with
its index and reason code; a record that is not well formed (a deal that is not a deal,
or that does not match its commitment) raises :class:`play.PositionError`.

The one walk of a round. :class:`Walk` is the only code that walks a round card by card
(a card judged by :meth:`Walk._judge`, put on the trick by :meth:`Walk._put`); every
round the service plays or checks goes through it:

- the actions of a record: :func:`round_state` and :class:`Round` (POST /v1/rounds/state,
  /v1/rounds/view, /v1/suggest/action, /v1/match's records), from the deal and the
  auction; :meth:`Round.playing` from the first card of a contract decided elsewhere;
  the players' table (:mod:`service.players.table`: the arena, the bench, the review,
  the bidding player's look-ahead) drives a :class:`Round`;
- a record of tricks: :func:`check_tricks` (:func:`rounds.check_round` for POST
  /v1/round-score and the players' views, :func:`record.validate_record` for POST
  /v1/rounds/validate): the same walk in its record mode, which follows the stated
  leaders and records every violation instead of raising at the first.

The phases are the engine's one vocabulary (:mod:`.phases`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn

from . import bidding, play
from .actions import (
    GOOD,
    HOW_HIGH,
    NOT_GOOD,
    SAME,
    STATE,
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from .bidding import AuctionResult, LegalBid, start_auction
from .cards import (
    KING,
    NO_TRUMP,
    QUEEN,
    RANKS,
    SEVEN,
    Card,
    Cards,
    card,
    cards_in,
    mask_of,
    suit_of,
)
from .deal import check_deal_fits, commitment, complete_hands, next_dealer, pack_of
from .declarations import (
    SEQUENCE,
    Declaration,
    DeclarationError,
    declared_in,
    find_belotes,
    find_declarations,
    parse_declarations,
)
from .phases import (
    AUCTION,
    COMPLETE,
    EXCHANGE,
    PHASES,  # noqa: F401 - re-exported (the API's StatePhase)
    PLAY,
    REDEAL,
)
from .play import (
    DUPLICATE_CARD,
    NOT_YOUR_TURN,
    WRONG_LEADER,
    Position,
    PositionError,
    Verdict,
    _RulesetTables,
    check_seat,
    judge,
    legal_mask,
    legal_moves,
    ruleset_tables,
    trick_points,
    trick_ranking,
    trick_rules,
)
from .rounds import (
    EXTRA_CARD_MESSAGE,
    FIRST_LEADER_MESSAGE,
    CheckedRound,
    Trick,
    Violation,
    first_leader,
    seat_at,
)
from .rulesets import Ruleset
from .scoring import (
    ContractBid,
    RoundContract,
    RoundScore,
    check_contract,
    needs_bid,
    score_checked,
)
from .text import N_, Text

# Phases (:mod:`.phases`, the engine's one vocabulary) are imported above.

#: What the actions show the table (:class:`Event`).
EVENT_TYPES = ("declaration", "belote", "rebelote", ExchangeAction.type, CompareAction.type)

# Reason codes of an illegal action (besides the bids' and the plays').
WRONG_PHASE = "wrong_phase"
INVALID_DECLARATION = "invalid_declaration"
INVALID_BELOTE = "invalid_belote"
INVALID_EXCHANGE = "invalid_exchange"
INVALID_COMPARISON = "invalid_comparison"
REASON_CODES = (
    WRONG_PHASE,
    INVALID_DECLARATION,
    INVALID_BELOTE,
    INVALID_EXCHANGE,
    INVALID_COMPARISON,
)

MESSAGES = {
    WRONG_PHASE: N_("A '{type}' action has no place here: the round is in its {phase} phase."),
    NOT_YOUR_TURN: N_("It is seat {seat}'s turn, not seat {stated}'s."),
}
_PHASE_NAMES = {
    AUCTION: N_("auction"),
    EXCHANGE: N_("exchange"),
    PLAY: N_("play"),
    COMPLETE: N_("complete"),
    REDEAL: N_("redeal"),
}


@dataclass(frozen=True, slots=True)
class DealRecord:
    """The deal as the record holds it: ``hands[seat]`` in the order dealt."""

    hands: tuple[tuple[int, ...], ...]
    turned: int | None
    stock: tuple[int, ...]
    commitment: str | None = None
    salt: bytes | None = None
    proposed: str | None = None
    second_proposed: str | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    ruleset: Ruleset
    dealer: int
    deal: DealRecord
    actions: Sequence[Action] = ()
    held_in: int = 0


class IllegalAction(PositionError):  # noqa: N818 - named for what the record holds
    """Action number ``index`` (from 0), by ``seat``, breaks rule ``rule``."""

    def __init__(self, index: int, seat: int, rule: str, message: Text, card: int | None = None):
        super().__init__(f"actions.{index}", message)
        self.index = index
        self.seat = seat
        self.rule = rule
        self.card = card


@dataclass(frozen=True, slots=True)
class Event:
    """What an action showed the table: ``declaration`` (its cards and points),
    ``belote`` / ``rebelote`` (the card), ``exchange`` (the 7 for the turned card, or
    ``swap`` false), ``comparison`` (the step, with its ``length`` or ``top``)."""

    index: int
    type: str
    seat: int
    cards: tuple[int, ...] = ()
    points: int | None = None
    swap: bool | None = None
    step: str | None = None
    length: int | None = None
    top: int | None = None


@dataclass(frozen=True, slots=True)
class TrickState:
    leader: int
    cards: tuple[int, ...]
    winner: int | None  # None while the trick is being played
    points: int  # card points so far, without the last-trick bonus


@dataclass(frozen=True, slots=True)
class Legal:
    """What the seat to act may do now: ``bids`` (as POST /v1/bidding lists them),
    ``cards`` (a verdict per card of the hand, as POST /v1/legal-moves), the
    ``declarations`` it may announce, ``belote`` (whether it may say it before its card),
    ``exchange`` (the trump seven: swap or not), ``compare`` (the comparison steps)."""

    bids: tuple[LegalBid, ...] = ()
    cards: tuple[Verdict, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    belote: bool = False
    exchange: bool = False
    compare: tuple[CompareAction, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round as it stands (:meth:`Walk.state`). :attr:`legal` is read from the walk
    when first asked (a state made apart, as POST /v1/rounds/view makes one, states it:
    ``known_legal``): the players' table reads a state for every card and seldom needs
    every seat's obligations."""

    phase: str
    seat: int | None
    hands: tuple[int, ...]  # bit sets, as they stand
    turned: int | None  # the card face up on the table (the trump 7 after an exchange)
    stock: tuple[int, ...]  # the cards not dealt (yet)
    tricks: tuple[TrickState, ...]
    card_points: tuple[int, int]  # per team, the tricks so far (with the last-trick bonus
    # once complete)
    events: tuple[Event, ...]
    contract: RoundContract | None
    score: RoundScore | None
    next_dealer: int | None
    actions: int  # actions read
    leader: int | None = None  # the seat that leads the trick in play (None out of play)
    #: Once complete: the round's own score, without the points held in (``held_in``),
    #: which a match sheet credits itself (POST /v1/match's ``score`` summary).
    own_score: RoundScore | None = None
    walk: Walk | None = field(default=None, repr=False, compare=False)
    known_legal: Legal | None = field(default=None, repr=False, compare=False)
    known_auction: AuctionResult | None = field(default=None, repr=False, compare=False)

    @property
    def auction(self) -> AuctionResult | None:
        """The auction as it stands, with the calls open (None for a round begun at play;
        read from the walk when first asked during the auction, then kept)."""
        if self.known_auction is None and self.walk is not None:
            auction = self.walk.auction
            if auction is None:
                return None
            result = auction.result()
            object.__setattr__(self, "known_auction", result)  # a cache: the walk is not changed
            return result
        return self.known_auction

    @property
    def legal(self) -> Legal:
        """What the seat to act may do now (:meth:`Walk._legal`, once: kept after)."""
        if self.known_legal is None:
            legal = self.walk._legal(self.seat) if self.walk is not None else Legal()
            object.__setattr__(self, "known_legal", legal)  # a cache: the walk is not changed
            return legal
        return self.known_legal

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations announced so far, checked, in order."""
        return tuple(self.walk.declared) if self.walk is not None else ()

    def legal_for(self, seat: int) -> Legal:
        """What ``seat`` may do now, made of its own hand and the public record only (the
        comparison's winner may show its sequences while another seat is to play)."""
        return self.walk._legal(seat) if self.walk is not None else Legal()

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every action that may be appended now, each as a record holds it, with its
        seat (only ``seat``'s when given): exactly the actions the next call accepts."""
        return self.walk.actions(seat) if self.walk is not None else ()

    @property
    def cards_only(self) -> bool:
        """Whether the only actions open are the cards of the seat to play (belote said
        with one of them included): no exchange, comparison or declaration is open to any
        seat. The players' table asks no seat of its announcements then."""
        return self.walk is not None and self.walk.cards_only()

    def belote_with(self, seat: int) -> int:
        """The cards (bit set) with which ``seat`` may now say belote as it plays it."""
        walk = self.walk
        if walk is None or walk.phase != PLAY or seat in walk.belote_pending:
            return 0
        return walk._belote_now(seat)


def _illegal(index: int, by: int, rule: str, template: str, /, **details: Any) -> IllegalAction:
    return IllegalAction(index, by, rule, Text(template, **details))


_NO_DEAL = DealRecord((), None, ())  # a record of tricks: its deal is not walked

#: How many walks :func:`round_state` keeps (the tables in play on one worker).
KEPT = 512
_KEPT: dict[tuple, Walk] = {}  # oldest first: the first kept is the first dropped


def round_state(record: GameRecord) -> RoundState:
    """The state of ``record``; raises :class:`IllegalAction` at the first illegal action
    and :class:`PositionError` for a malformed record. A record one action longer than one
    asked before (same ruleset, dealer, deal, held-in points and earlier actions) continues
    the walk kept from it; any other is walked from its deal."""
    return walk_of(record).state()


def walk_of(record: GameRecord) -> Walk:
    actions = tuple(record.actions)
    base = (record.dealer, record.deal, record.held_in)
    walk, start = None, 0
    if actions:
        kept = _KEPT.get((base, actions[:-1]))
        if kept is not None and (
            kept.record.ruleset is record.ruleset or kept.record.ruleset == record.ruleset
        ):
            walk, start = kept.copy(record), len(actions) - 1
    if walk is None:
        walk = Walk(record)
    for index in range(start, len(actions)):
        walk.apply(index, actions[index])
    if len(_KEPT) >= KEPT:
        del _KEPT[next(iter(_KEPT))]
    _KEPT[base, actions] = walk
    return walk


def check_tricks(
    ruleset: Ruleset,
    trump: str,
    hands: Sequence[int],
    tricks: Sequence[Trick],
    dealer: int | None = None,
    contract: RoundContract | None = None,
) -> tuple[CheckedRound, Walk]:
    """A record of ``tricks`` checked on the one walk (:meth:`Walk.walk_tricks`): every
    play judged from ``hands`` (each seat's at the start of play, bit sets), the stated
    leaders followed, every violation reported; with ``dealer`` the first trick's leader
    is checked too. Returns the :class:`rounds.CheckedRound` and the walk where the record
    leaves it (the next card's position: :func:`record.validate_record`)."""
    if contract is None:
        contract = RoundContract(0, trump, None)
    walk = Walk.for_tricks(ruleset, dealer or 0, hands, contract)
    violations = walk.walk_tricks(tricks, dealer is not None)
    checked = CheckedRound(tuple(tricks), tuple(hands), walk.winners, tuple(violations))
    return checked, walk


def check_playable(ruleset: Ruleset) -> None:
    """The ruleset's options can work together through an auction: a round scored
    against a Coinche bid needs a bidding that bids one (else every contract taken would
    be refused); raises :class:`PositionError` at ``options``, naming both."""
    if needs_bid(ruleset) and ruleset.bidding != "coinche":
        raise PositionError(
            "options",
            Text(
                N_(
                    "these options cannot work together: contract = {contract} and failed = "
                    "{failed} score a round against a Coinche bid, but bidding = {bidding} "
                    "bids no value; choose bidding = coinche or a contract and failed rule "
                    "without a bid"
                ),
                contract=ruleset.contract,
                failed=ruleset.failed,
                bidding=ruleset.bidding,
            ),
        )
    if ruleset.bidding == "bulgarian" and ruleset.doubling != "contra":
        raise PositionError(
            "options",
            Text(
                N_(
                    "these options cannot work together: bidding = {bidding} says contra "
                    "and recontra, but doubling = {doubling} scores none; choose doubling = "
                    "contra or another bidding"
                ),
                bidding=ruleset.bidding,
                doubling=ruleset.doubling,
            ),
        )


def check_deal(record: GameRecord) -> None:
    """The record's deal is one of the ruleset's deals, and matches its commitment when
    the salt is given; its options can work together (:func:`check_playable`)."""
    ruleset, deal = record.ruleset, record.deal
    check_playable(ruleset)
    check_seat(record.dealer, ruleset, "dealer")
    check_deal_fits(ruleset)
    if len(deal.hands) != ruleset.players:
        raise PositionError(
            "deal.hands",
            Text(
                N_("every seat's hand is needed ({players} players); got {count}"),
                players=ruleset.players,
                count=len(deal.hands),
            ),
        )
    pack = pack_of(ruleset, record.dealer, deal.hands, deal.turned, deal.stock)
    if deal.salt is not None:
        if deal.commitment is None:
            raise PositionError(
                "deal.commitment",
                Text(N_("the deal gives its salt: give its commitment too")),
            )
        if commitment(pack, deal.salt) != deal.commitment:
            raise PositionError(
                "deal.commitment",
                Text(
                    N_(
                        "the deal does not match its commitment: these cards, in this "
                        "order, with this salt, are not the pack that was committed"
                    )
                ),
            )


class _Comparison:
    """Klaberjass (``declaration_procedure: compare``, seed 002): before the first card the
    non-dealer states the length of its longest sequence; the dealer answers good (the
    non-dealer's wins), not good (the dealer's is longer) or how high (as long): the
    non-dealer states its top card's rank and the dealer answers good, not good or same
    (equal: nobody scores, a trump sequence beating a plain one). A non-dealer who leads
    without stating leaves the dealer to state its own, unopposed, before its first card.
    The winner shows its sequences after the first trick, before the second."""

    __slots__ = ("best", "dealer", "length", "non_dealer", "ruleset", "step", "top", "winner")

    def __init__(self, ruleset: Ruleset, dealer: int, hands: Sequence[int], trump: str):
        self.ruleset = ruleset
        self.dealer = dealer
        self.non_dealer = first_leader(ruleset, dealer)
        self.best = {s: _best_sequence(hands[s], trump, ruleset, s) for s in range(len(hands))}
        self.step = "open"  # open, answer, top, answer_top, dealer_open, done
        self.winner: int | None = None
        self.length: int | None = None
        self.top: int | None = None

    def copy(self) -> _Comparison:
        other = _Comparison.__new__(_Comparison)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    @property
    def blocking(self) -> bool:
        """The dialogue is under way: nothing else happens until it ends."""
        return self.step in ("answer", "top", "answer_top")

    def to_act(self) -> int:
        return self.dealer if self.step in ("answer", "answer_top") else self.non_dealer

    def choices(self, seat: int) -> tuple[CompareAction, ...]:
        """The comparison steps ``seat`` may take now."""
        best = self.best.get(seat)
        if self.step == "done":
            return ()
        if self.step in ("open", "dealer_open"):
            opener = self.non_dealer if self.step == "open" else self.dealer
            if seat != opener or best is None:
                return ()
            return (CompareAction(STATE, length=best.length, seat=seat),)
        if seat != self.to_act():
            return ()
        if self.step == "top":
            assert best is not None  # the non-dealer stated its length: it holds a run
            return (CompareAction(STATE, top=best.rank, seat=seat),)
        # The dealer answers from what it knows: its own sequence and what the non-dealer
        # stated (the length, then the top card's rank), never the non-dealer's hand.
        answers = [GOOD]
        mine = best
        if mine is not None:
            if self.step == "answer" and self.length is not None:
                if mine.length > self.length:
                    answers.append(NOT_GOOD)
                elif mine.length == self.length:
                    answers.append(HOW_HIGH)
            elif self.step == "answer_top" and self.top is not None:
                trump = mine.trump and self.ruleset.sequence_trump_tiebreak
                if mine.rank > self.top or (mine.rank == self.top and trump):
                    answers.append(NOT_GOOD)  # a trump run beats an equal plain one
                elif mine.rank == self.top:
                    answers.append(SAME)
        return tuple(CompareAction(a, seat=seat) for a in answers)

    def _same_winner(self) -> int | None:
        """After ``same``: equal by what was said, the cards decide (a trump run beats an
        equal plain one: the non-dealer's, since the dealer's is not in trump); else
        nobody."""
        theirs, mine = self.best[self.non_dealer], self.best[self.dealer]
        assert theirs is not None and mine is not None  # both stated a run
        if theirs.strength(self.ruleset) > mine.strength(self.ruleset):
            return self.non_dealer
        return None

    def apply(self, index: int, seat: int, action: CompareAction) -> None:
        allowed = self.choices(seat)
        if not any(_same_step(action, a) for a in allowed):
            raise _illegal(
                index,
                seat,
                INVALID_COMPARISON,
                N_("Seat {seat} cannot take this comparison step now; it may: {steps}."),
                seat=seat,
                steps=", ".join(_describe_step(a) for a in allowed) or "-",
            )
        step = action.step
        if self.step == "open":
            self.step, self.length = "answer", action.length
        elif self.step == "dealer_open":
            self.step, self.winner, self.length = "done", self.dealer, action.length
        elif self.step == "top":
            self.step, self.top = "answer_top", action.top
        elif step == HOW_HIGH:
            self.step = "top"
        else:
            self.step = "done"
            if step == SAME:
                self.winner = self._same_winner()
            else:
                self.winner = {GOOD: self.non_dealer, NOT_GOOD: self.dealer}[step]

    def played(self, seat: int) -> None:
        """A card was played: the non-dealer's lead without a statement opens the
        dealer's turn to state; the dealer's card closes the dialogue."""
        if self.step == "open" and seat == self.non_dealer:
            self.step = "dealer_open"
        elif self.step == "dealer_open" and seat == self.dealer:
            self.step = "done"


def _same_step(action: CompareAction, allowed: CompareAction) -> bool:
    return (
        action.step == allowed.step
        and action.length == allowed.length
        and action.top == allowed.top
    )


def _describe_step(action: CompareAction) -> str:
    if action.length is not None:
        return f"{action.step} {action.length}"
    if action.top is not None:
        return f"{action.step} {RANKS[action.top]}"
    return action.step


def _best_sequence(hand: int, trump: str, ruleset: Ruleset, seat: int) -> Declaration | None:
    sequences = [d for d in find_declarations(hand, trump, ruleset, seat) if d.kind == SEQUENCE]
    return max(sequences, key=lambda d: d.strength(ruleset), default=None)


@dataclass
class Walk:
    """The round as the actions so far leave it (mutable, walked once)."""

    record: GameRecord
    phase: str = AUCTION
    auction: bidding._Auction | None = None  # none for a walk begun at play
    result: AuctionResult | None = None
    contract: RoundContract | None = None
    hands: list[int] = field(default_factory=list)
    start: tuple[int, ...] = ()  # the hands at the start of play
    stock: tuple[int, ...] = ()
    turned: int | None = None
    holder: int | None = None  # the seat that may exchange the trump seven
    leader: int = 0
    win: int = 0  # the index of the card winning the trick in progress
    belote_start: tuple[int, ...] = ()
    cards: list[int] = field(default_factory=list)
    tricks: list[TrickState] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    events: list[Event] = field(default_factory=list)
    claims: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    declared: list[Declaration] = field(default_factory=list)
    belote_pending: dict[int, int] = field(default_factory=dict)  # seat -> action index
    said: set[tuple[int, int]] = field(default_factory=set)
    played_once: set[int] = field(default_factory=set)  # seats that played a card
    comparison: _Comparison | None = None
    score: RoundScore | None = None
    own_score: RoundScore | None = None
    count: int = 0
    scoring: bool = True  # false in a record's check (:func:`check_tricks`): scored apart
    # the play's look-ups, set when play starts (:meth:`_play_tables`)
    trump: str = ""
    tables: _RulesetTables | None = None  # play.ruleset_tables
    ranking: tuple[int, ...] = ()  # play.trick_ranking
    best: int = 0  # the ranking key of the card winning the trick in progress
    declarable_kept: dict[tuple, tuple[Declaration, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.phase != AUCTION:  # :meth:`at_play`: no deal to check
            return
        record = self.record
        check_deal(record)
        deal = record.deal
        self.hands = [mask_of(h) for h in deal.hands]
        self.turned = deal.turned
        self.stock = deal.stock
        try:
            self.auction = start_auction(
                record.ruleset, record.dealer, deal.turned, deal.proposed, deal.second_proposed
            )
            self.auction.check_ready()
        except PositionError as error:
            raise PositionError(f"deal.{error.field}", Text("{m}", m=str(error))) from error

    @classmethod
    def at_play(
        cls,
        ruleset: Ruleset,
        dealer: int,
        hands: Sequence[int],
        contract: RoundContract,
        held_in: int = 0,
    ) -> Walk:
        """A walk from the first card of a round whose contract is known (:meth:`Round.playing`;
        the record check of a stated contract, :func:`record.validate_record`)."""
        deal = DealRecord(tuple(tuple(cards_in(h)) for h in hands), None, ())
        record = GameRecord(ruleset, dealer, deal, (), held_in)
        walk = cls(record, phase=PLAY, contract=contract, hands=list(hands))
        walk._start_play()
        return walk

    @classmethod
    def for_tricks(
        cls, ruleset: Ruleset, dealer: int, hands: Sequence[int], contract: RoundContract
    ) -> Walk:
        """A walk for a record of tricks (:func:`check_tricks`): from the first card, with
        nothing of the actions' bookkeeping (a record of tricks says no belote and no
        comparison) and no score (the record's check scores it with its declarations)."""
        record = GameRecord(ruleset, dealer, _NO_DEAL)
        walk = cls(record, phase=PLAY, contract=contract, hands=list(hands), scoring=False)
        walk.start = tuple(hands)
        walk.belote_start = (0,) * ruleset.players
        walk.leader = first_leader(ruleset, dealer)
        walk._play_tables()
        return walk

    def walk_tricks(self, tricks: Sequence[Trick], first_leader_checked: bool) -> list[Violation]:
        """Play a record's ``tricks`` on this walk as :meth:`apply` plays cards (one rule,
        one place: :meth:`_judge`, :meth:`_put`), but the stated record is followed and
        every rule broken recorded instead of raised (a round record is checked as stated,
        docs/rules.md section 2): a trick led by another seat than the walk's leader is
        ``wrong_leader`` (the first trick only with ``first_leader_checked``: the seat after
        the dealer) and the stated leader leads; a card played earlier in the round is
        ``duplicate_card`` (not judged, left in the hand that holds it, but in the trick);
        any other card is judged and played, legal or not; a card beyond the table's size
        in a trick is ``not_your_turn``. Returns the violations in playing order."""
        ruleset = self.record.ruleset
        players = ruleset.players
        violations: list[Violation] = []
        played = 0
        for t, trick in enumerate(tricks):
            if trick.leader != self.leader:
                if trick.cards and (t or first_leader_checked):
                    if t:  # the seat that won the trick before
                        message = Text(play.MESSAGES[WRONG_LEADER], seat=self.leader)
                    else:
                        message = Text(
                            FIRST_LEADER_MESSAGE, seat=self.leader, dealer=self.record.dealer
                        )
                    violation = Violation(t, trick.leader, trick.cards[0], WRONG_LEADER, message)
                    violations.append(violation)
                self.leader = trick.leader
            for i, c in enumerate(trick.cards[:players]):
                seat = (trick.leader + i) % players
                if played >> c & 1:
                    message = Text(play.MESSAGES[DUPLICATE_CARD], card=Card(c))
                    violations.append(Violation(t, seat, c, DUPLICATE_CARD, message))
                    self._put(seat, c, held=False)
                    continue
                played |= 1 << c
                verdict = self._judge(seat, c)
                if not verdict.legal:
                    assert verdict.rule is not None and verdict.message is not None  # illegal
                    violations.append(Violation(t, seat, c, verdict.rule, verdict.message))
                self._put(seat, c)
            for i, c in enumerate(trick.cards[players:], start=players):
                seat = seat_at(trick, i, ruleset)
                message = Text(EXTRA_CARD_MESSAGE, seat=seat, trick=t, players=players)
                violations.append(Violation(t, seat, c, NOT_YOUR_TURN, message))
        return violations

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat winning each trick so far, the one in progress with its cards so far."""
        won = tuple(t.winner for t in self.tricks if t.winner is not None)  # every one
        if self.cards:
            return (*won, (self.leader + self.win) % self.record.ruleset.players)
        return won

    @property
    def contract_trump(self) -> str:
        """The contract's trump mode: asked only once the contract is made."""
        assert self.contract is not None
        return self.contract.trump

    def copy(self, record: GameRecord) -> Walk:
        """An independent walk at the same point, for ``record`` (the same round)."""
        other = object.__new__(Walk)  # not __init__: the deal is checked already
        other.__dict__.update(self.__dict__)
        other.record = record
        other.hands = self.hands[:]
        other.cards = self.cards[:]
        other.tricks = self.tricks[:]
        other.points = self.points[:]
        other.events = self.events[:]
        other.claims = self.claims[:]
        other.declared = self.declared[:]
        other.belote_pending = self.belote_pending.copy()
        other.said = self.said.copy()
        other.played_once = self.played_once.copy()
        if self.comparison is not None:
            other.comparison = self.comparison.copy()
        return other

    # --- reading the actions -----------------------------------------------------------

    def apply(self, index: int, action: Action) -> None:
        self.count = index + 1
        if self.phase == AUCTION:
            self._bid(index, action)
        elif self.phase == EXCHANGE:
            self._exchange(index, action)
        elif self.phase == PLAY:
            self._play_phase(index, action)
        else:
            self._wrong_phase(index, action, self._seat_or(action, 0))

    def _wrong_phase(self, index: int, action: Action, seat: int) -> NoReturn:
        if isinstance(action, ExchangeAction):
            raise _illegal(
                index,
                seat,
                INVALID_EXCHANGE,
                N_(
                    "No trump-seven exchange here: it comes once the turned suit is trump, "
                    "before the first card, from the holder of its 7 (trump_seven_exchange)."
                ),
            )
        raise _illegal(
            index,
            seat,
            WRONG_PHASE,
            MESSAGES[WRONG_PHASE],
            type=action.type,
            phase=Text(_PHASE_NAMES[self.phase]),
        )

    @staticmethod
    def _seat_or(action: Action, seat: int) -> int:
        return seat if action.seat is None else action.seat

    def _check_turn(self, index: int, action: Action, seat: int) -> None:
        if action.seat is not None and action.seat != seat:
            raise _illegal(
                index,
                action.seat,
                NOT_YOUR_TURN,
                MESSAGES[NOT_YOUR_TURN],
                seat=seat,
                stated=action.seat,
            )

    def _bid(self, index: int, action: Action) -> None:
        auction = self.auction
        assert auction is not None  # the auction phase: begun from the deal
        if not isinstance(action, BidAction):
            self._wrong_phase(index, action, self._seat_or(action, auction.seat))
        bid = action.call
        if action.seat is not None:
            if bid.seat is not None and bid.seat != action.seat:
                raise _illegal(
                    index,
                    action.seat,
                    NOT_YOUR_TURN,
                    MESSAGES[NOT_YOUR_TURN],
                    seat=bid.seat,
                    stated=action.seat,
                )
            bid = replace(bid, seat=action.seat)
        try:
            auction.check_ready()
        except PositionError as error:
            raise PositionError(f"deal.{error.field}", Text("{m}", m=str(error))) from error
        refusal = auction.refusal(bid)
        if refusal is not None:
            raise IllegalAction(index, auction.caller(bid), refusal.rule, refusal.message)
        self.auction = auction = auction.after(bid)
        if auction.complete:
            self.result = auction.result()
            won = self.result.contract
            if won is None:
                self.phase = REDEAL
            else:
                self._deal_the_rest(won)

    def _deal_the_rest(self, won: bidding.Contract) -> None:
        """The contract is known: the hands are completed, then the exchange or the play."""
        record, ruleset = self.record, self.record.ruleset
        bid: ContractBid | None = None
        if won.value is not None and won.coinche is not None:  # a coinche contract
            bid = ContractBid(won.value, won.coinche)
        bid = bid if needs_bid(ruleset) else None
        double = won.double or "none"
        check_contract(ruleset, won.trump, won.taker, bid, record.held_in, double)
        self.contract = RoundContract(won.taker, won.trump, bid, double)
        deal = record.deal
        full, self.stock = complete_hands(
            ruleset, record.dealer, deal.hands, deal.turned, deal.stock, won.taker
        )
        self.hands = [mask_of(h) for h in full]
        if deal.turned is not None and deal.turned in full[won.taker]:
            self.turned = None  # the taker received it
        if ruleset.trump_seven_exchange and won.seven_exchange_allowed and self.turned is not None:
            seven = card(SEVEN, suit_of(self.turned))
            self.holder = next((s for s, h in enumerate(self.hands) if h >> seven & 1), None)
        if self.holder is not None:
            self.phase = EXCHANGE
        else:
            self._start_play()

    def _exchange(self, index: int, action: Action) -> None:
        holder = self.holder
        assert holder is not None and self.turned is not None  # what the exchange is of
        if not isinstance(action, ExchangeAction):
            self._wrong_phase(index, action, self._seat_or(action, holder))
        self._check_turn(index, action, holder)
        if action.swap:
            seven = card(SEVEN, suit_of(self.turned))
            self.hands[holder] ^= (1 << seven) | (1 << self.turned)
            self.events.append(Event(index, action.type, holder, (seven, self.turned), swap=True))
            self.turned = seven
        else:
            self.events.append(Event(index, action.type, holder, (), swap=False))
        self._start_play()

    def _start_play(self) -> None:
        ruleset = self.record.ruleset
        self.phase = PLAY
        self._play_tables()
        self.start = tuple(self.hands)
        self.belote_start = self._belote_masks()
        self.leader = first_leader(ruleset, self.record.dealer)
        trump = self.contract_trump
        if (
            ruleset.declaration_procedure == "compare"
            and ruleset.declarations_count == "announced"
            and declared_in(trump, ruleset)
        ):
            self.comparison = _Comparison(ruleset, self.record.dealer, self.start, trump)

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.cards)) % self.record.ruleset.players

    def _play_phase(self, index: int, action: Action) -> None:
        comparison = self.comparison
        if comparison is not None and comparison.blocking:
            seat = comparison.to_act()
            if not isinstance(action, CompareAction):
                raise _illegal(
                    index,
                    self._seat_or(action, seat),
                    INVALID_COMPARISON,
                    N_("The comparison of sequences is under way: seat {seat} answers first."),
                    seat=seat,
                )
        else:
            seat = self.to_play
        if isinstance(action, DeclareAction) and comparison is not None and action.seat is not None:
            # The comparison's winner shows whoever is to play: a declaration is judged as
            # the seat that sends it (without ``seat``, the seat to act's).
            seat = action.seat
            check_seat(seat, self.record.ruleset, f"actions.{index}.seat")
        self._check_turn(index, action, seat)
        if isinstance(action, PlayAction):
            self._card(index, seat, action.card)
        elif isinstance(action, DeclareAction):
            self._declare(index, seat, action.cards)
        elif isinstance(action, BeloteAction):
            self._belote(index, seat)
            if action.card is not None:  # said with its card: the card is played now
                self._card(index, seat, action.card)
        elif isinstance(action, CompareAction):
            if comparison is None:
                raise _illegal(
                    index,
                    seat,
                    INVALID_COMPARISON,
                    N_("{ruleset} has no comparison of sequences here (declaration_procedure)."),
                    ruleset=self.record.ruleset.name,
                )
            comparison.apply(index, seat, action)
            self.events.append(
                Event(
                    index,
                    CompareAction.type,
                    seat,
                    step=action.step,
                    length=action.length,
                    top=action.top,
                )
            )
        else:
            self._wrong_phase(index, action, seat)

    def _card(self, index: int, seat: int, c: int) -> None:
        pending = self.belote_pending.pop(seat, None)
        hand = self.hands[seat]
        pair = self.belote_start[seat] & hand
        if pending is not None and not pair >> c & 1:
            raise IllegalAction(index, seat, INVALID_BELOTE, self._belote_refusal(seat, pair), c)
        verdict = self._judge(seat, c)
        if not verdict.legal:
            assert verdict.rule is not None and verdict.message is not None  # illegal
            raise IllegalAction(index, seat, verdict.rule, verdict.message, c)
        if pair >> c & 1 and pending is not None:
            # the first of the pair played: the other card is still in the hand
            first = bool(hand >> _partner_card(c) & 1)
            self.events.append(Event(index, "belote" if first else "rebelote", seat, (c,)))
            if first:
                self.said.add((seat, suit_of(c)))
        self._put(seat, c)

    def _judge(self, seat: int, c: int) -> Verdict:
        """Whether ``seat`` may play ``c`` now: :func:`play.judge` under the obligations of
        the trick as it stands (:func:`play.trick_rules`, its winner kept card by card)."""
        cards = self.cards
        if cards:
            assert self.tables is not None  # set when play starts
            rules = self.tables.rules_after(self.trump, self.leader, cards, self.win)
        else:
            rules = trick_rules(self.record.ruleset, self.trump, self.leader, cards, 0)
        return judge(self.hands[seat], c, rules)

    def _put(self, seat: int, c: int, held: bool = True) -> None:
        """``seat``'s card ``c`` goes on the trick (out of its hand, when ``held``); the
        trick's winner is kept up to date card by card (:func:`play.winning_index`'s rule:
        a higher key that is a trump or of the suit led), and a full trick is taken."""
        if held:
            self.hands[seat] &= ~(1 << c)
        cards = self.cards
        cards.append(c)
        key = self.ranking[c]
        if len(cards) == 1:
            self.best = key
        elif key > self.best and (key >= 16 or c >> 3 == cards[0] >> 3):
            self.win, self.best = len(cards) - 1, key
        self.played_once.add(seat)
        if self.comparison is not None:
            self.comparison.played(seat)
        assert self.tables is not None  # set when play starts
        if len(cards) == self.tables.players:
            self._end_trick()

    def _play_tables(self) -> None:
        ruleset, trump = self.record.ruleset, self.contract_trump
        self.trump, self.tables = trump, ruleset_tables(ruleset)
        self.ranking = trick_ranking(trump)

    def _end_trick(self) -> None:
        ruleset, trump = self.record.ruleset, self.contract_trump
        cards = tuple(self.cards)
        winner = (self.leader + self.win) % ruleset.players
        points = trick_points(cards, trump, ruleset)
        self.tricks.append(TrickState(self.leader, cards, winner, points))
        self.points[ruleset.team_of(winner)] += points
        self.leader, self.cards, self.win = winner, [], 0
        if len(self.tricks) == ruleset.hand_size and self.scoring:
            self._score()

    def _belote_masks(self) -> tuple[int, ...]:
        """Per seat, the kings and queens of trump of its belotes (``belote_from: hand``:
        held together at the start of play)."""
        ruleset, trump = self.record.ruleset, self.contract_trump
        if ruleset.belote_from != "hand":
            return (0,) * ruleset.players
        return tuple(
            sum(
                (1 << card(KING, s)) | (1 << card(QUEEN, s))
                for s in find_belotes(h, trump, ruleset)
            )
            for h in self.start
        )

    @staticmethod
    def _belote_refusal(seat: int, pair: int) -> Text:
        return Text(
            N_("Seat {seat} said belote: it must play the king or queen of trump ({cards})."),
            seat=seat,
            cards=Cards(cards_in(pair)),
        )

    def _belote_now(self, seat: int) -> int:
        """The bit set of ``seat``'s belote cards it may legally play now."""
        pair = self.belote_start[seat] & self.hands[seat]
        if not pair:
            return 0
        ruleset, trump = self.record.ruleset, self.contract_trump
        return pair & legal_mask(
            self.hands[seat], Position(self.leader, tuple(self.cards), trump, ruleset)
        )

    def _belote(self, index: int, seat: int) -> None:
        if self.record.ruleset.belote_from != "hand" or self.contract_trump == NO_TRUMP:
            raise _illegal(
                index,
                seat,
                INVALID_BELOTE,
                N_(
                    "Belote is not said in {ruleset} here: it is read from the tricks or "
                    "there is none in this trump mode."
                ),
                ruleset=self.record.ruleset.name,
            )
        if not self._belote_now(seat) or seat in self.belote_pending:
            raise _illegal(
                index,
                seat,
                INVALID_BELOTE,
                N_(
                    "Seat {seat} cannot say belote now: it says it as it plays the king or "
                    "queen of trump, holding both at the start of play."
                ),
                seat=seat,
            )
        self.belote_pending[seat] = index

    def _declare(self, index: int, seat: int, cards: Sequence[int]) -> None:
        ruleset, trump = self.record.ruleset, self.contract_trump
        if not self._may_declare(seat):
            raise _illegal(
                index,
                seat,
                INVALID_DECLARATION,
                N_("Seat {seat} cannot declare now: {when}."),
                seat=seat,
                when=self._declaration_time(),
            )
        try:
            claims = [*self.claims, (seat, tuple(cards))]
            declared = parse_declarations(claims, trump, ruleset, dict(enumerate(self.start)))
        except DeclarationError as error:  # the check :meth:`_declarable` lists by
            raise IllegalAction(
                index, seat, INVALID_DECLARATION, Text("{m}", m=str(error))
            ) from error
        shown = declared[-1]
        comparison = self.comparison
        first = not any(s == seat for s, _ in self.claims)
        if comparison is not None and first:
            best = comparison.best[seat]
            if best is None or shown.strength(ruleset) != best.strength(ruleset):
                raise _illegal(
                    index,
                    seat,
                    INVALID_DECLARATION,
                    N_(
                        "Seat {seat} won the comparison: it shows first the sequence compared, "
                        "its longest ({cards})."
                    ),
                    seat=seat,
                    cards=Cards(cards_in(best.cards)) if best is not None else "-",
                )
        self.claims, self.declared = claims, declared
        self.events.append(Event(index, "declaration", seat, tuple(sorted(cards)), shown.points))

    def cards_only(self) -> bool:
        """:attr:`RoundState.cards_only`."""
        if self.phase != PLAY:
            return False
        if self.comparison is not None and self.comparison.step != "done":
            return False  # a statement or an answer is open
        return not any(self._may_declare(s) for s in range(self.record.ruleset.players))

    def _may_declare(self, seat: int) -> bool:
        ruleset, trump = self.record.ruleset, self.contract_trump
        if not declared_in(trump, ruleset) or ruleset.declarations_count != "announced":
            return False
        if self.comparison is not None:
            comparison = self.comparison
            return (
                comparison.step == "done"
                and comparison.winner == seat
                and len(self.tricks) == 1
                and not self.cards
            )
        return not self.tricks and seat == self.to_play and seat not in self.played_once

    def _declaration_time(self) -> Text:
        ruleset, trump = self.record.ruleset, self.contract_trump
        if not declared_in(trump, ruleset):
            return Text(N_("nothing is announced in this ruleset and trump mode"))
        if ruleset.declarations_count != "announced":
            return Text(N_("declarations count without being announced (declarations_count)"))
        if self.comparison is not None:
            return Text(
                N_(
                    "the winner of the comparison shows its sequences after the first trick, "
                    "before the second"
                )
            )
        return Text(N_("a seat declares at its turn in the first trick, before its card"))

    # --- the answer ------------------------------------------------------------------------

    def _score(self) -> None:
        record, ruleset, contract = self.record, self.record.ruleset, self.contract
        assert contract is not None  # a round is scored once played
        self.phase = COMPLETE
        tricks = tuple(Trick(t.leader, t.cards) for t in self.tricks)
        winners = tuple(t.winner for t in self.tricks if t.winner is not None)  # every one
        checked = CheckedRound(tricks, self.start, winners, ())
        declared = self.declared
        if ruleset.declarations_count == "automatic" and declared_in(contract.trump, ruleset):
            declared = [
                d
                for seat, hand in enumerate(self.start)
                for d in find_declarations(hand, contract.trump, ruleset, seat)
            ]
        said = None
        if ruleset.belote_said == "required" and ruleset.belote_from == "hand":
            said = frozenset(self.said)

        def score(held_in: int) -> RoundScore:
            return score_checked(
                checked,
                ruleset,
                contract.trump,
                contract.taker,
                declared,
                contract.bid,
                held_in,
                contract.double,
                said,
            )

        self.score = score(record.held_in)
        # the round on its own, as a match sheet takes it (the sheet credits held points)
        self.own_score = self.score if not record.held_in else score(0)

    def _seat_to_act(self) -> int | None:
        if self.phase == AUCTION:
            assert self.auction is not None  # the auction phase: begun from the deal
            return self.auction.seat
        if self.phase == EXCHANGE:
            return self.holder
        if self.phase == PLAY:
            if self.comparison is not None and self.comparison.blocking:
                return self.comparison.to_act()
            return self.to_play
        return None

    def _legal(self, seat: int | None) -> Legal:
        """What ``seat`` may do now, compactly (empty for a seat that may do nothing):
        made of its own hand and the public record only."""
        if seat is None:
            return Legal()
        if self.phase == AUCTION:
            auction = self.auction
            assert auction is not None  # the auction phase: begun from the deal
            bids = auction.result().legal_bids
            if seat != auction.seat:  # out of turn: a coinche at most (coinche_timing)
                bids = tuple(b for b in bids if b.seats is not None and seat in b.seats)
                bids = tuple(replace(b, seats=(seat,)) for b in bids)
            return Legal(bids=bids)
        if self.phase == EXCHANGE:
            return Legal(exchange=seat == self.holder)
        if self.phase != PLAY:
            return Legal()
        comparison = self.comparison
        compare = comparison.choices(seat) if comparison is not None else ()
        if comparison is not None and comparison.blocking:
            return Legal(compare=compare)
        declarations = self._best_declarable(seat)
        if seat != self.to_play:
            return Legal(declarations=declarations)
        ruleset, trump = self.record.ruleset, self.contract_trump
        position = Position(self.leader, tuple(self.cards), trump, ruleset)
        verdicts = tuple(legal_moves(self.hands[seat], position))
        if seat in self.belote_pending:
            pair = self.belote_start[seat] & self.hands[seat]
            said = self._belote_refusal(seat, pair)
            verdicts = tuple(
                v
                if not v.legal or pair >> v.card & 1
                else Verdict(v.card, False, INVALID_BELOTE, said)
                for v in verdicts
            )
        belote = bool(self._belote_now(seat)) and seat not in self.belote_pending
        return Legal(cards=verdicts, declarations=declarations, belote=belote, compare=compare)

    def _declarable(self, seat: int) -> tuple[Declaration, ...]:
        """The declarations ``seat`` may announce now, each one that :meth:`_declare`
        accepts: every carré and every run (a part of a longer run too) of its hand at the
        start of play not shown yet, strongest first; the comparison's winner shows first
        the sequence compared."""
        if not self._may_declare(seat):
            return ()
        ruleset = self.record.ruleset
        shown = {d.cards for d in self.declared if d.seat == seat}
        found = []
        for cards in _candidate_declarations(self.start[seat]):
            if cards in shown:
                continue
            try:
                found.append(self._declaration(seat, tuple(cards_in(cards))))
            except DeclarationError:
                continue
        comparison = self.comparison
        if comparison is not None and not any(s == seat for s, _ in self.claims):
            best = comparison.best[seat]
            assert best is not None  # the comparison's winner holds a run
            found = [d for d in found if d.strength(ruleset) == best.strength(ruleset)]
        return tuple(sorted(found, key=lambda d: (d.strength(ruleset), d.cards), reverse=True))

    def _best_declarable(self, seat: int) -> tuple[Declaration, ...]:
        """Of :meth:`_declarable`, the seat's best declarations (the set worth most, as
        :func:`declarations.find_declarations` finds it): what ``Legal`` lists. Kept per
        seat, declarations announced and comparison step (``declarable_kept``, shared by
        the walk's copies: the same round), as the players' table asks it at every card."""
        if not self._may_declare(seat):
            return ()
        comparison = self.comparison
        key = (seat, tuple(self.claims), comparison.step if comparison is not None else None)
        kept = self.declarable_kept.get(key)
        if kept is not None:
            return kept
        declarable = self._declarable(seat)
        found: tuple[Declaration, ...] = ()
        if declarable:
            best = find_declarations(
                self.start[seat], self.contract_trump, self.record.ruleset, seat
            )
            cards = {d.cards for d in best}
            found = tuple(d for d in declarable if d.cards in cards)
        self.declarable_kept[key] = found
        return found

    def _declaration(self, seat: int, cards: tuple[int, ...]) -> Declaration:
        """``seat``'s declaration of ``cards`` checked with the others announced (raises
        :class:`DeclarationError`)."""
        claims = [*self.claims, (seat, cards)]
        hands = dict(enumerate(self.start))
        return parse_declarations(claims, self.contract_trump, self.record.ruleset, hands)[-1]

    def actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every action that may be appended now, each exactly as a record holds it (with
        its seat); only ``seat``'s when given."""
        seats = range(self.record.ruleset.players) if seat is None else (seat,)
        out: list[Action] = []
        for s in seats:
            legal = self._legal(s)
            if self.phase == AUCTION:
                out += (BidAction(c, s) for c in self._calls(s, legal.bids))
            if legal.exchange:
                out += (ExchangeAction(True, s), ExchangeAction(False, s))
            out += (replace(a, seat=s) for a in legal.compare)
            if self.phase == PLAY:
                declarable = self._declarable(s)
                out += (DeclareAction(tuple(cards_in(d.cards)), s) for d in declarable)
            if legal.belote:
                out.append(BeloteAction(None, s))
                pair = self._belote_now(s)
                out += (BeloteAction(c, s) for c in cards_in(pair))
            out += (PlayAction(v.card, s) for v in legal.cards if v.legal)
        return tuple(out)

    def _calls(self, seat: int, legal: Sequence[LegalBid]) -> list[bidding.Call]:
        """The compact ``legal`` bids of ``seat`` expanded, each as a record's call."""
        out: list[bidding.Call] = []
        for b in legal:
            if b.seats is not None and seat not in b.seats:
                continue  # a coinche other seats may say (coinche_timing: any_time)
            if b.values is not None:
                out += (bidding.Call(b.action, v, t) for v in b.values for t in b.trumps or (None,))
            elif b.trumps is not None:
                out += (bidding.Call(b.action, None, t) for t in b.trumps)
            elif b.trump is not None:
                out.append(bidding.Call(b.action, None, b.trump))
            else:
                out.append(bidding.Call(b.action))
        return out

    def state(self) -> RoundState:
        ruleset = self.record.ruleset
        seat = self._seat_to_act()
        result = self.result  # (None during the auction: read when asked)
        tricks = list(self.tricks)
        if self.cards:
            cards = tuple(self.cards)
            points = trick_points(cards, self.contract_trump, ruleset)
            tricks.append(TrickState(self.leader, cards, None, points))
        card_points = (self.points[0], self.points[1])
        next_seat = None
        if self.score is not None:
            card_points = self.score.figures.cards
            next_seat = next_dealer(ruleset, self.record.dealer, self.score.winner)
        elif self.phase == REDEAL:
            next_seat = next_dealer(ruleset, self.record.dealer, None, redeal=True)
        return RoundState(
            phase=self.phase,
            seat=seat,
            hands=tuple(self.hands),
            turned=self.turned,
            stock=self.stock,
            tricks=tuple(tricks),
            card_points=card_points,
            events=tuple(self.events),
            contract=self.contract,
            known_auction=result,
            score=self.score,
            next_dealer=next_seat,
            actions=self.count,
            leader=self.leader if self.phase == PLAY else None,
            own_score=self.own_score,
            walk=self,
        )


def _candidate_declarations(hand: int) -> list[int]:
    """Every carré and every run of three or more cards of one suit in ``hand`` (bit
    sets), the parts of longer runs included; the ruleset then says which count."""
    out = [sum(1 << card(rank, s) for s in range(4)) for rank in range(8)]
    out = [c for c in out if hand & c == c]
    for s in range(4):
        for low in range(8):
            run = 0
            for rank in range(low, 8):
                c = card(rank, s)
                if not hand >> c & 1:
                    break
                run |= 1 << c
                if rank - low >= 2:
                    out.append(run)
    return out


def _partner_card(c: int) -> int:
    """The other card of a belote pair: the queen for the king, the king for the queen."""
    return card(QUEEN if c & 7 == KING else KING, suit_of(c))
