"""Bidding: who takes the contract, in which trump mode, and (Coinche) for how much.

docs/rules.md section 5, "Coinche" and "Bidding in the other presets". The ruleset's
``bidding`` parameter picks the procedure: ``coinche`` (an auction of values with a trump
mode, coinche and surcoinche), or ``turned_card`` / ``klaberjass`` (one card turned up:
round 1 take its suit or pass, round 2 name another suit or pass; the seat order makes
Klaberjass "non-dealer, then dealer"). What differs between games beyond that is read from
``redeal_dealer``, ``second_round_modes`` and ``trump_seven_exchange``.

docs/rules-belot-klaverjas.md adds ``bulgarian`` (section 2.2: a ladder of contracts
``C < D < H < S < none < all``, ``contra`` x2 and ``recontra`` x4) and the klaverjas
procedures of section 3.2: ``klaverjas_free`` (name a suit or pass; all pass: the first
speaker must name one), ``klaverjas_forced`` (the first speaker names trump) and
``klaverjas_proposed`` (take the ``proposed`` suit or pass; all pass: the first speaker
names another suit, or with ``proposed_all_pass: new_proposal`` a ``second_proposed`` suit
gets one more round, then redeal).

Bids are given in order; the first bid is made by the first speaker (the seat after the
dealer, or with ``first_speaker: dealer`` the dealer) and each bid's seat follows from its
position, except a coinche "à la volée" (``coinche_timing: any_time``): an opponent of the
highest bid may coinche it out of turn by naming its seat, and the turn then passes to the
coincher's left as after an in-turn coinche. :func:`run_auction` replays them and charges a
refused bid to the seat it names, else to the seat whose turn it was; one check,
:meth:`_Auction.refusal`, decides both whether a bid is legal and which bids are listed as
legal for the next seat, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from .cards import SEVEN, SUITS, TRUMP_MODES, Mode, Suit, rank_of, suit_of
from .play import PositionError, check_seat
from .rulesets import Ruleset
from .text import N_, Listing, Text

# Actions a bid can carry.
PASS, BID, TAKE, NAME, COINCHE, SURCOINCHE = "pass", "bid", "take", "name", "coinche", "surcoinche"
CONTRA, RECONTRA = "contra", "recontra"
ACTIONS = (PASS, BID, TAKE, NAME, COINCHE, SURCOINCHE, CONTRA, RECONTRA)
#: Bidding procedures that turn a card up (``turned``); ``klaverjas_proposed`` proposes a suit.
TURNED_CARD_BIDDING = ("turned_card", "klaberjass")
KLAVERJAS_BIDDING = ("klaverjas_free", "klaverjas_forced", "klaverjas_proposed")
PROPOSED_BIDDING = "klaverjas_proposed"
CAPOT = "capot"
#: Coinche bid values of every preset, lowest first; ``capot`` is above 160. A ruleset's
#: own ladder (``bid_minimum``, ``bid_step``, ``bid_maximum``) is :func:`bid_values`.
BID_VALUES: tuple[int | str, ...] = (*range(80, 161, 10), CAPOT)
#: Coinche level of a contract.
NO_COINCHE = "none"

# Stable reason codes of an illegal bid.
NOT_YOUR_TURN = "not_your_turn"
AUCTION_COMPLETE = "auction_complete"
ACTION_NOT_ALLOWED = "action_not_allowed"
MALFORMED_BID = "malformed_bid"
INVALID_VALUE = "invalid_value"
TRUMP_MODE_NOT_ALLOWED = "trump_mode_not_allowed"
BID_TOO_LOW = "bid_too_low"
BID_AFTER_COINCHE = "bid_after_coinche"
RAISE_OWN_BID_SAME_MODE = "raise_own_bid_same_mode"
COINCHE_WITHOUT_BID = "coinche_without_bid"
COINCHE_OWN_SIDE = "coinche_own_side"
COINCHE_TWICE = "coinche_twice"
SURCOINCHE_WITHOUT_COINCHE = "surcoinche_without_coinche"
SURCOINCHE_WRONG_SIDE = "surcoinche_wrong_side"
NAME_IN_ROUND_ONE = "name_in_round_one"
TAKE_IN_ROUND_TWO = "take_in_round_two"
SAME_SUIT_AS_TURNED = "same_suit_as_turned_in_round_two"
CONTRA_WITHOUT_CONTRACT = "contra_without_contract"
CONTRA_OWN_SIDE = "contra_own_side"
CONTRA_TWICE = "contra_twice"
RECONTRA_WITHOUT_CONTRA = "recontra_without_contra"
RECONTRA_WRONG_SIDE = "recontra_wrong_side"
MUST_NAME_TRUMP = "must_name_trump"
SAME_SUIT_AS_PROPOSED = "same_suit_as_proposed"

#: One sentence per reason code; ``{...}`` are filled in from the auction.
MESSAGES = {
    NOT_YOUR_TURN: N_("It is seat {seat}'s turn to bid, not seat {stated}'s."),
    AUCTION_COMPLETE: N_("The auction is already over: no more bids."),
    ACTION_NOT_ALLOWED: N_("'{action}' is not a bid in this game; the bids are: {actions}."),
    MALFORMED_BID: "{detail}",  # the sentence of each malformation, see _malformed
    INVALID_VALUE: N_("{value} is not a bid value: bid {ladder}."),
    TRUMP_MODE_NOT_ALLOWED: N_("Trump mode {mode} is not allowed here; allowed: {modes}."),
    BID_TOO_LOW: N_("A bid must be higher than the current {value} of seat {seat}: {hint}."),
    BID_AFTER_COINCHE: N_("The bid of seat {seat} has been coinched: nobody may bid any more."),
    RAISE_OWN_BID_SAME_MODE: N_(
        "Seat {seat} holds the highest bid in {mode}: to bid over it, name another trump mode."
    ),
    COINCHE_WITHOUT_BID: N_("There is no bid to coinche yet."),
    COINCHE_OWN_SIDE: N_(
        "The highest bid is your side's (seat {seat}): only the other side may coinche it."
    ),
    COINCHE_TWICE: N_("The contract is already coinched; there is only one coinche per auction."),
    SURCOINCHE_WITHOUT_COINCHE: N_("Only a coinched bid can be surcoinched."),
    SURCOINCHE_WRONG_SIDE: N_("Only the side whose bid was coinched may surcoinche."),
    NAME_IN_ROUND_ONE: N_(
        "In the first round you may only take the turned suit ({turned}) or pass."
    ),
    TAKE_IN_ROUND_TWO: N_(
        "In the second round the turned suit ({turned}) can no longer be taken: "
        "name another suit or pass."
    ),
    SAME_SUIT_AS_TURNED: N_(
        "In the second round you must name a suit other than the turned one ({turned})."
    ),
    CONTRA_WITHOUT_CONTRACT: N_("There is no contract to double (contra) yet."),
    CONTRA_OWN_SIDE: N_(
        "The contract is your side's (seat {seat}): only the other side may double it."
    ),
    CONTRA_TWICE: N_("The contract is already doubled: only its side may redouble (recontra)."),
    RECONTRA_WITHOUT_CONTRA: N_(
        "Only a doubled (contra) contract can be redoubled, and only once."
    ),
    RECONTRA_WRONG_SIDE: N_("Only the side whose contract was doubled may redouble it."),
    MUST_NAME_TRUMP: N_("Seat {seat} must play: name a trump ({modes}); passing is not allowed."),
    SAME_SUIT_AS_PROPOSED: N_(
        "Everybody passed the proposed {proposed}: name a suit other than {proposed}."
    ),
}


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction as stated (a pass, a bid, a take, a coinche...): an action,
    its value and trump mode when it has them, and the seat when the client names it (it
    must then be the seat whose turn it is)."""

    action: str
    value: int | str | None = None
    trump: str | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    rule: str
    message: Text


@dataclass(frozen=True, slots=True)
class LegalBid:
    """What the next seat may do, compactly: ``bid`` with any of ``values`` combined with
    any of ``trumps``; ``name`` any of ``trumps``; ``take`` the ``trump`` turned up;
    ``coinche`` by any of ``seats`` (the next seat alone, or with ``coinche_timing:
    any_time`` every opponent of the highest bid, in turn or not)."""

    action: str
    trump: str | None = None
    trumps: tuple[str, ...] | None = None
    values: tuple[int | str, ...] | None = None
    seats: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Contract:
    taker: int
    team: int
    trump: str
    value: int | str | None = None  # coinche only
    coinche: str | None = None  # coinche only: none, coinche or surcoinche
    coinched_by: int | None = None
    surcoinched_by: int | None = None
    turned: int | None = None  # turned-card games
    round: int | None = None  # turned-card and klaverjas games: the round it was taken in
    seven_exchange_allowed: bool = False
    double: str | None = None  # bulgarian only: none, contra or recontra
    doubled_by: int | None = None
    redoubled_by: int | None = None
    proposed: str | None = None  # klaverjas_proposed: the suit proposed in its round


@dataclass(frozen=True, slots=True)
class Highest:
    """Coinche: the standing highest bid."""

    seat: int
    team: int
    value: int | str | None  # None in bulgarian bidding: a contract is a trump mode
    trump: str


@dataclass(frozen=True, slots=True)
class AuctionResult:
    complete: bool
    next_seat: int | None
    legal_bids: tuple[LegalBid, ...]
    contract: Contract | None
    redeal: bool
    redeal_dealer: int | None
    round: int | None  # turned-card games: the round in progress (or the last one)
    highest: Highest | None  # coinche only


class IllegalBidError(PositionError):
    """Bid number ``index`` (from 0), called by ``seat``, breaks rule ``rule``."""

    def __init__(self, index: int, seat: int, refusal: Refusal):
        super().__init__(f"bids.{index}", refusal.message)
        self.index = index
        self.seat = seat
        self.rule = refusal.rule


def _refuse(rule: str, **details) -> Refusal:
    return Refusal(rule, Text(MESSAGES[rule], **details))


def _malformed(template: str, **details) -> Refusal:
    """``malformed_bid``, its sentence said in full (``template``)."""
    return _refuse(MALFORMED_BID, detail=Text(template, **details))


def _mode_refusal(mode: str, allowed: Sequence[str]) -> Refusal:
    """A trump mode the ruleset (or this bidding round) does not allow; modes are shown
    as named and as sent: "no trump (none)"."""
    return _refuse(
        TRUMP_MODE_NOT_ALLOWED,
        mode=Mode(mode),
        modes=Listing(map(Mode, allowed)) if allowed else Text(N_("nothing (pass)")),
    )


def _rank(value: int | str) -> int:
    """Order of bid values: capot is above every number."""
    return 1_000_000 if value == CAPOT else int(value)


def bid_values(ruleset: Ruleset) -> tuple[int | str, ...]:
    """The Coinche bid ladder, lowest first: ``bid_minimum``, then every multiple of
    ``bid_step`` above it up to ``bid_maximum``, then ``capot``. The presets' ladder is
    :data:`BID_VALUES` (80, 90 ... 160, capot); bga-coinche's 82, 90 ... 160; Oliboy50's
    82, 85, 90 ... 250 (docs/house-rules.md)."""
    low, step, high = ruleset.bid_minimum, ruleset.bid_step, ruleset.bid_maximum
    if (low, step, high) == (80, 10, 160):
        return BID_VALUES
    first = (low // step + 1) * step
    return (low, *range(first, high + 1, step), CAPOT)


def describe_ladder(values: Sequence[int | str]) -> Text:
    """ "80, 90, ... 160 or capot": the first two, the last number and capot."""
    numbers = [v for v in values if v != CAPOT]
    if len(numbers) <= 3:
        return Text(N_("{values} or capot"), values=", ".join(map(str, numbers)))
    return Text(
        N_("{first}, {second}, ... {last} or capot"),
        first=numbers[0],
        second=numbers[1],
        last=numbers[-1],
    )


# --- the two procedures -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Auction:
    ruleset: Ruleset
    dealer: int
    made: int = 0  # bids made so far

    @property
    def first(self) -> int:
        """The first speaker: the seat after the dealer, or the dealer (``first_speaker``)."""
        return self.dealer + (0 if self.ruleset.first_speaker == "dealer" else 1)

    @property
    def seat(self) -> int:
        return (self.first + self.made) % self.ruleset.players

    def team(self, seat: int) -> int:
        return self.ruleset.team_of(seat)

    def caller(self, bid: Call) -> int:
        """The seat making ``bid``: the seat it names, else the seat whose turn it is."""
        return self.seat if bid.seat is None else bid.seat

    def refusal(self, bid: Call) -> Refusal | None:
        if self.complete:
            return _refuse(AUCTION_COMPLETE)
        if self.caller(bid) != self.seat and not self.out_of_turn_allowed(bid):
            return _refuse(NOT_YOUR_TURN, seat=self.seat, stated=bid.seat)
        if bid.action not in self.ACTIONS:
            return _refuse(ACTION_NOT_ALLOWED, action=bid.action, actions=Listing(self.ACTIONS))
        return self.rule_refusal(bid)

    def redeal_dealer(self) -> int:
        same = self.ruleset.redeal_dealer == "same"
        return self.dealer if same else (self.dealer + 1) % self.ruleset.players

    def result(self) -> AuctionResult:
        complete = self.complete
        contract = self.contract() if complete else None
        redeal = complete and contract is None
        return AuctionResult(
            complete=complete,
            next_seat=None if complete else self.seat,
            legal_bids=() if complete else self.legal_bids(),
            contract=contract,
            redeal=redeal,
            redeal_dealer=self.redeal_dealer() if redeal else None,
            round=self.round_number(),
            highest=self.standing(),
        )

    def legal_bids(self) -> tuple[LegalBid, ...]:
        legal = [bid for bid in self.candidates() if self.refusal(bid) is None]
        return tuple(_compact(legal))

    def out_of_turn_allowed(self, bid: Call) -> bool:
        return False

    def round_number(self) -> int | None:
        return None

    def check_ready(self) -> None:
        """Raise :class:`PositionError` when the request lacks what the next bid needs."""

    def standing(self) -> Highest | None:
        return None


def _no_extras(bid: Call) -> Refusal | None:
    """``pass``, ``coinche`` and ``surcoinche`` carry neither a value nor a trump."""
    if bid.value is not None or bid.trump is not None:
        return _malformed(N_("'{action}' takes no value and no trump."), action=bid.action)
    return None


@dataclass(frozen=True, slots=True)
class _CoincheAuction(_Auction):
    ACTIONS = (PASS, BID, COINCHE, SURCOINCHE)
    highest: Highest | None = None
    coinched_by: int | None = None
    surcoinched_by: int | None = None
    passes: int = 0  # consecutive passes since the start, the last bid or the coinche
    skipped: int = 0  # seats the turn jumped by out-of-turn coinches (any_time)

    @property
    def seat(self) -> int:
        return (self.first + self.made + self.skipped) % self.ruleset.players

    @property
    def complete(self) -> bool:
        players = self.ruleset.players
        if self.surcoinched_by is not None:
            return True
        if self.highest is None:
            return self.passes == players  # everybody passed: redeal
        if self.ruleset.raise_own_bid == "other_mode" and self.coinched_by is None:
            # bga-coinche stNextPlayerBid: `$passCount >= 4` ends the auction.
            return self.passes == players
        return self.passes == players - 1

    def rule_refusal(self, bid: Call) -> Refusal | None:
        if bid.action == PASS:
            return _no_extras(bid)
        if bid.action == BID:
            return self._bid_refusal(bid)
        if bid.action == COINCHE:
            return _no_extras(bid) or self._coinche_refusal(self.caller(bid))
        return _no_extras(bid) or self._surcoinche_refusal()

    def out_of_turn_allowed(self, bid: Call) -> bool:
        """Coinche "à la volée" (``coinche_timing: any_time``): a coinche may come from a
        seat whose turn it is not; the coinche rules then judge that seat."""
        return (
            self.ruleset.coinche_timing == "any_time"
            and bid.action == COINCHE
            and 0 <= self.caller(bid) < self.ruleset.players
        )

    def _bid_refusal(self, bid: Call) -> Refusal | None:
        if bid.value is None or bid.trump is None:
            return _malformed(
                N_("A 'bid' needs a value ({ladder}) and a trump."),
                ladder=describe_ladder(bid_values(self.ruleset)),
            )
        if self.coinched_by is not None and not self.ruleset.coinche_cancelled_by_bid:
            return _refuse(BID_AFTER_COINCHE, seat=self.highest.seat)
        ladder = bid_values(self.ruleset)
        if bid.value not in ladder:
            return _refuse(INVALID_VALUE, value=bid.value, ladder=describe_ladder(ladder))
        if bid.trump not in self.ruleset.trump_modes:
            return _mode_refusal(bid.trump, self.ruleset.trump_modes)
        if self.highest is not None and _rank(bid.value) <= _rank(self.highest.value):
            higher = [v for v in ladder if _rank(v) > _rank(self.highest.value)]
            return _refuse(
                BID_TOO_LOW,
                value=self.highest.value,
                seat=self.highest.seat,
                hint=Text(N_("bid {value} or more"), value=higher[0])
                if higher
                else Text(N_("nothing is above capot")),
            )
        if (
            self.ruleset.raise_own_bid == "other_mode"
            and self.highest is not None
            and self.highest.seat == self.caller(bid)
            and self.highest.trump == bid.trump
        ):
            # bga-coinche coinche.game.php `bid`: "You must change color to bid higher on
            # yourself".
            return _refuse(RAISE_OWN_BID_SAME_MODE, seat=self.caller(bid), mode=Mode(bid.trump))
        return None

    def _coinche_refusal(self, seat: int) -> Refusal | None:
        if self.highest is None:
            return _refuse(COINCHE_WITHOUT_BID)
        if self.coinched_by is not None:
            return _refuse(COINCHE_TWICE)
        if self.team(seat) == self.highest.team:
            return _refuse(COINCHE_OWN_SIDE, seat=self.highest.seat)
        return None

    def _surcoinche_refusal(self) -> Refusal | None:
        if self.coinched_by is None:
            return _refuse(SURCOINCHE_WITHOUT_COINCHE)
        if self.team(self.seat) != self.highest.team:
            return _refuse(SURCOINCHE_WRONG_SIDE)
        return None

    def after(self, bid: Call) -> _CoincheAuction:
        moved = replace(self, made=self.made + 1)
        if bid.action == PASS:
            return replace(moved, passes=self.passes + 1)
        if bid.action == BID:
            # With coinche_cancelled_by_bid a bid over a coinche cancels it.
            highest = Highest(self.seat, self.team(self.seat), bid.value, bid.trump)
            return replace(moved, highest=highest, passes=0, coinched_by=None)
        if bid.action == COINCHE:
            # Out of turn, the turn passes to the coincher's left as after an in-turn one.
            caller = self.caller(bid)
            skipped = self.skipped + caller - self.seat
            return replace(moved, coinched_by=caller, passes=0, skipped=skipped)
        return replace(moved, surcoinched_by=self.seat)

    def legal_bids(self) -> tuple[LegalBid, ...]:
        """As for every procedure, with ``coinche`` listed whenever some seat may coinche
        now, and ``seats`` naming every such seat (with ``any_time`` the next seat need
        not be one of them). A coinche and a surcoinche are never both legal, so the
        coinche entry keeps its place after ``pass`` and ``bid``."""
        legal = [b for b in self.candidates() if b.action != COINCHE and self.refusal(b) is None]
        out = list(_compact(legal))
        seats = self.coinche_seats()
        if seats:
            out.append(LegalBid(COINCHE, seats=seats))
        return tuple(out)

    def coinche_seats(self) -> tuple[int, ...]:
        players = self.ruleset.players
        return tuple(s for s in range(players) if self.refusal(Call(COINCHE, seat=s)) is None)

    def candidates(self) -> Iterator[Call]:
        yield Call(PASS)
        for value in bid_values(self.ruleset):
            for mode in TRUMP_MODES:
                yield Call(BID, value, mode)
        yield Call(COINCHE)
        yield Call(SURCOINCHE)

    def contract(self) -> Contract | None:
        if self.highest is None:
            return None
        level = (
            SURCOINCHE
            if self.surcoinched_by is not None
            else COINCHE
            if self.coinched_by is not None
            else NO_COINCHE
        )
        return Contract(
            taker=self.highest.seat,
            team=self.highest.team,
            trump=self.highest.trump,
            value=self.highest.value,
            coinche=level,
            coinched_by=self.coinched_by,
            surcoinched_by=self.surcoinched_by,
        )

    def standing(self) -> Highest | None:
        return self.highest


@dataclass(frozen=True, slots=True)
class _TurnedCardAuction(_Auction):
    ACTIONS = (PASS, TAKE, NAME)
    turned: int = 0
    taker: int | None = None
    trump: str | None = None
    taken_in_round: int | None = None

    @property
    def turned_suit(self) -> str:
        return SUITS[suit_of(self.turned)]

    @property
    def complete(self) -> bool:
        return self.taker is not None or self.made == 2 * self.ruleset.players

    def round_number(self) -> int:
        if self.taken_in_round is not None:
            return self.taken_in_round
        return 1 if self.made < self.ruleset.players else 2

    def rule_refusal(self, bid: Call) -> Refusal | None:
        if bid.action == PASS:
            return _no_extras(bid)
        if bid.value is not None:
            return _malformed(N_("'{action}' takes no value."), action=bid.action)
        if bid.action == TAKE:
            return self._take_refusal(bid)
        return self._name_refusal(bid)

    def _take_refusal(self, bid: Call) -> Refusal | None:
        turned = Suit(suit_of(self.turned))
        if bid.trump is not None and bid.trump != self.turned_suit:
            return _malformed(
                N_(
                    "'take' means the turned suit ({turned}); another trump is named "
                    "with 'name' in the second round."
                ),
                turned=turned,
            )
        if self.round_number() == 2:
            return _refuse(TAKE_IN_ROUND_TWO, turned=turned)
        if self.turned_suit not in self.ruleset.trump_modes:
            return _mode_refusal(self.turned_suit, self.ruleset.trump_modes)
        return None

    def _name_refusal(self, bid: Call) -> Refusal | None:
        turned = Suit(suit_of(self.turned))
        if bid.trump is None:
            return _malformed(N_("'name' needs the trump it names."))
        if self.round_number() == 1:
            return _refuse(NAME_IN_ROUND_ONE, turned=turned)
        if bid.trump == self.turned_suit:
            return _refuse(SAME_SUIT_AS_TURNED, turned=turned)
        if bid.trump not in self._second_round_modes():
            return _mode_refusal(bid.trump, self._second_round_modes())
        return None

    def _second_round_modes(self) -> tuple[str, ...]:
        modes = self.ruleset.trump_modes
        if self.ruleset.second_round_modes == "suits":
            modes = tuple(m for m in modes if m in SUITS)
        return tuple(m for m in modes if m != self.turned_suit)

    def after(self, bid: Call) -> _TurnedCardAuction:
        moved = replace(self, made=self.made + 1)
        if bid.action == PASS:
            return moved
        trump = self.turned_suit if bid.action == TAKE else bid.trump
        return replace(moved, taker=self.seat, trump=trump, taken_in_round=self.round_number())

    def candidates(self) -> Iterator[Call]:
        yield Call(PASS)
        yield Call(TAKE, trump=self.turned_suit)
        for mode in TRUMP_MODES:
            yield Call(NAME, trump=mode)

    def contract(self) -> Contract | None:
        if self.taker is None:
            return None
        exchange = (
            self.ruleset.trump_seven_exchange
            and self.trump == self.turned_suit
            and rank_of(self.turned) != SEVEN
        )
        return Contract(
            taker=self.taker,
            team=self.team(self.taker),
            trump=self.trump,
            turned=self.turned,
            round=self.taken_in_round,
            seven_exchange_allowed=exchange,
        )


#: The bulgarian contract ladder, lowest first.
LADDER = ("C", "D", "H", "S", "none", "all")


@dataclass(frozen=True, slots=True)
class _BulgarianAuction(_Auction):
    """docs/rules-belot-klaverjas.md 2.2: contracts up the ladder by anyone, contra by the other
    side of an undoubled contract, recontra once by its side; a higher contract resets the
    level; three passes after any call end it, four passes with no contract redeal."""

    ACTIONS = (PASS, BID, CONTRA, RECONTRA)
    highest: Highest | None = None
    level: str = NO_COINCHE
    doubled_by: int | None = None
    redoubled_by: int | None = None
    passes: int = 0

    @property
    def complete(self) -> bool:
        players = self.ruleset.players
        return self.passes == (players if self.highest is None else players - 1)

    def rule_refusal(self, bid: Call) -> Refusal | None:
        if bid.action == PASS:
            return _no_extras(bid)
        if bid.action == BID:
            return self._contract_refusal(bid)
        if bid.action == CONTRA:
            return _no_extras(bid) or self._contra_refusal()
        return _no_extras(bid) or self._recontra_refusal()

    def _contract_refusal(self, bid: Call) -> Refusal | None:
        if bid.trump is None or bid.value is not None:
            return _malformed(
                N_("A contract is a 'bid' with a trump mode (C D H S none all) and no value.")
            )
        allowed = tuple(m for m in LADDER if m in self.ruleset.trump_modes)
        if bid.trump not in allowed:
            return _mode_refusal(bid.trump, allowed)
        if self.highest is not None and LADDER.index(bid.trump) <= LADDER.index(self.highest.trump):
            higher = [m for m in allowed if LADDER.index(m) > LADDER.index(self.highest.trump)]
            return _refuse(
                BID_TOO_LOW,
                value=Mode(self.highest.trump),
                seat=self.highest.seat,
                hint=Text(N_("bid {mode} or higher"), mode=Mode(higher[0]))
                if higher
                else Text(N_("nothing is higher")),
            )
        return None

    def _contra_refusal(self) -> Refusal | None:
        if self.highest is None:
            return _refuse(CONTRA_WITHOUT_CONTRACT)
        if self.level != NO_COINCHE:
            return _refuse(CONTRA_TWICE)
        if self.team(self.seat) == self.highest.team:
            return _refuse(CONTRA_OWN_SIDE, seat=self.highest.seat)
        return None

    def _recontra_refusal(self) -> Refusal | None:
        if self.level != CONTRA:
            return _refuse(RECONTRA_WITHOUT_CONTRA)
        if self.team(self.seat) != self.highest.team:
            return _refuse(RECONTRA_WRONG_SIDE)
        return None

    def after(self, bid: Call) -> _BulgarianAuction:
        moved = replace(self, made=self.made + 1)
        if bid.action == PASS:
            return replace(moved, passes=self.passes + 1)
        if bid.action == BID:
            highest = Highest(self.seat, self.team(self.seat), None, bid.trump)
            return replace(
                moved,
                highest=highest,
                level=NO_COINCHE,
                doubled_by=None,
                redoubled_by=None,
                passes=0,
            )
        if bid.action == CONTRA:
            return replace(moved, level=CONTRA, doubled_by=self.seat, passes=0)
        return replace(moved, level=RECONTRA, redoubled_by=self.seat, passes=0)

    def candidates(self) -> Iterator[Call]:
        yield Call(PASS)
        for mode in LADDER:
            yield Call(BID, trump=mode)
        yield Call(CONTRA)
        yield Call(RECONTRA)

    def contract(self) -> Contract | None:
        if self.highest is None:
            return None
        return Contract(
            taker=self.highest.seat,
            team=self.highest.team,
            trump=self.highest.trump,
            double=self.level,
            doubled_by=self.doubled_by,
            redoubled_by=self.redoubled_by,
        )

    def standing(self) -> Highest | None:
        return self.highest


@dataclass(frozen=True, slots=True)
class _KlaverjasAuction(_Auction):
    """docs/rules-belot-klaverjas.md 3.2. ``klaverjas_free``: in turn ``name`` a suit or
    ``pass``; all pass: the first speaker must name one. ``klaverjas_forced``: the first
    speaker names trump. ``klaverjas_proposed``: ``take`` the proposed suit or ``pass``;
    all pass: the first speaker names another suit (``choose_other``), or a second
    proposed suit gets one more round, then redeal (``new_proposal``)."""

    proposed: str | None = None
    second_proposed: str | None = None
    taker: int | None = None
    trump: str | None = None
    taken_in_round: int | None = None

    @property
    def ACTIONS(self) -> tuple[str, ...]:  # noqa: N802 - the class attribute of the others
        if self.ruleset.bidding == PROPOSED_BIDDING:
            return (PASS, TAKE, NAME)
        return (PASS, NAME)

    @property
    def _new_proposal(self) -> bool:
        return (
            self.ruleset.bidding == PROPOSED_BIDDING
            and self.ruleset.proposed_all_pass == "new_proposal"
        )

    @property
    def complete(self) -> bool:
        if self.taker is not None:
            return True
        return self._new_proposal and self.made == 2 * self.ruleset.players

    def round_number(self) -> int:
        if self.taken_in_round is not None:
            return self.taken_in_round
        return 1 if self.made < self.ruleset.players else 2

    @property
    def forced(self) -> bool:
        """The seat to speak must name a trump: Utrechts, or everybody passed."""
        if self.ruleset.bidding == "klaverjas_forced":
            return True
        return self.made == self.ruleset.players and not self._new_proposal

    @property
    def on_offer(self) -> str | None:
        """The proposed suit that may be taken now (klaverjas_proposed), if any."""
        if self.ruleset.bidding != PROPOSED_BIDDING:
            return None
        if self.round_number() == 1:
            return self.proposed
        return self.second_proposed if self._new_proposal else None

    def check_ready(self) -> None:
        round_two = not self.complete and self.round_number() == 2
        if self._new_proposal and round_two and self.second_proposed is None:
            raise PositionError(
                "second_proposed",
                Text(
                    N_(
                        "everybody passed the proposed suit: with proposed_all_pass = "
                        "new_proposal a second suit is proposed for one more round; give it as "
                        "`second_proposed`"
                    )
                ),
            )

    def _suits(self) -> tuple[str, ...]:
        return tuple(m for m in self.ruleset.trump_modes if m in SUITS)

    def rule_refusal(self, bid: Call) -> Refusal | None:
        if bid.value is not None:
            return _malformed(N_("'{action}' takes no value."), action=bid.action)
        suits = self._suits()
        if bid.action == PASS:
            if bid.trump is not None:
                return _no_extras(bid)
            if self.forced:
                return _refuse(MUST_NAME_TRUMP, seat=self.seat, modes=Listing(suits))
            return None
        if bid.action == TAKE:
            return self._take_refusal(bid)
        return self._name_refusal(bid, suits)

    def _take_refusal(self, bid: Call) -> Refusal | None:
        offer = self.on_offer
        if offer is None:
            return Refusal(
                TAKE_IN_ROUND_TWO,
                Text(
                    N_(
                        "Everybody passed the proposed suit ({proposed}): it can no longer be "
                        "taken; name another suit."
                    ),
                    proposed=Mode(self.proposed),
                ),
            )
        if bid.trump is not None and bid.trump != offer:
            return _malformed(
                N_(
                    "'take' means the proposed suit ({proposed}); another suit is named with "
                    "'name' once everybody has passed."
                ),
                proposed=Mode(offer),
            )
        if offer not in self.ruleset.trump_modes:
            return _mode_refusal(offer, self._suits())
        return None

    def _name_refusal(self, bid: Call, suits: tuple[str, ...]) -> Refusal | None:
        if bid.trump is None:
            return _malformed(N_("'name' needs the trump it names."))
        if self.on_offer is not None:
            return Refusal(
                NAME_IN_ROUND_ONE,
                Text(
                    N_(
                        "Take the proposed suit ({proposed}) or pass; a suit is named only when "
                        "everybody has passed."
                    ),
                    proposed=Mode(self.on_offer),
                ),
            )
        if bid.trump not in suits:
            return _mode_refusal(bid.trump, suits)
        if self.ruleset.bidding == PROPOSED_BIDDING and bid.trump == self.proposed:
            return _refuse(SAME_SUIT_AS_PROPOSED, proposed=Mode(self.proposed))
        return None

    def after(self, bid: Call) -> _KlaverjasAuction:
        moved = replace(self, made=self.made + 1)
        if bid.action == PASS:
            return moved
        trump = self.on_offer if bid.action == TAKE else bid.trump
        return replace(moved, taker=self.seat, trump=trump, taken_in_round=self.round_number())

    def candidates(self) -> Iterator[Call]:
        yield Call(PASS)
        if self.on_offer is not None:
            yield Call(TAKE, trump=self.on_offer)
        for mode in TRUMP_MODES:
            yield Call(NAME, trump=mode)

    def contract(self) -> Contract | None:
        if self.taker is None:
            return None
        proposed = None
        if self.ruleset.bidding == PROPOSED_BIDDING:
            proposed = self.proposed if self.taken_in_round == 1 else self.second_proposed
        return Contract(
            taker=self.taker,
            team=self.team(self.taker),
            trump=self.trump,
            round=self.taken_in_round,
            proposed=proposed,
        )


def _compact(legal: Sequence[Call]) -> Iterator[LegalBid]:
    """Group the legal bids by action, in the order the actions are first met."""
    for action in dict.fromkeys(bid.action for bid in legal):
        group = [bid for bid in legal if bid.action == action]
        if action == BID:
            yield LegalBid(
                BID,
                trumps=tuple(dict.fromkeys(b.trump for b in group)),
                # Bulgarian contracts have no value: then no ``values``.
                values=tuple(dict.fromkeys(b.value for b in group if b.value is not None)) or None,
            )
        elif action == NAME:
            yield LegalBid(NAME, trumps=tuple(b.trump for b in group))
        else:
            yield LegalBid(action, trump=group[0].trump)


def check_turned(ruleset: Ruleset, turned: int | None, *, required: bool = True) -> None:
    """Turned-card procedures bid on a card turned up (when ``required``); the others turn
    none."""
    if ruleset.bidding not in TURNED_CARD_BIDDING:
        if turned is not None:
            raise PositionError(
                "turned",
                Text(
                    N_("{bidding} bidding turns no card up: leave `turned` out of the request"),
                    bidding=ruleset.bidding,
                ),
            )
    elif turned is None and required:
        raise PositionError(
            "turned",
            Text(
                N_('{ruleset} bids on a card turned up: give it as `turned` (like "JH")'),
                ruleset=ruleset.name,
            ),
        )


def check_proposed(
    ruleset: Ruleset,
    proposed: str | None,
    second_proposed: str | None = None,
    *,
    required: bool = True,
) -> None:
    """``klaverjas_proposed`` bids on a ``proposed`` suit (when ``required``), and with
    ``proposed_all_pass: new_proposal`` on a ``second_proposed`` one once all have passed;
    the other procedures take neither."""
    for name, suit in (("proposed", proposed), ("second_proposed", second_proposed)):
        if suit is not None and suit not in SUITS:
            raise PositionError(
                name, Text(N_("a proposed suit is C, D, H or S; got {suit}"), suit=repr(suit))
            )
    if ruleset.bidding != PROPOSED_BIDDING:
        for name, suit in (("proposed", proposed), ("second_proposed", second_proposed)):
            if suit is not None:
                raise PositionError(
                    name,
                    Text(
                        N_("{bidding} bidding proposes no suit: leave `{name}` out"),
                        bidding=ruleset.bidding,
                        name=name,
                    ),
                )
        return
    if proposed is None and required:
        raise PositionError(
            "proposed",
            Text(
                N_('{ruleset} bids on a proposed suit: give it as `proposed` ("C")'),
                ruleset=ruleset.name,
            ),
        )
    new_proposal = ruleset.proposed_all_pass == "new_proposal"
    if second_proposed is not None and not new_proposal:
        raise PositionError(
            "second_proposed",
            Text(
                N_(
                    "with proposed_all_pass = choose_other nobody proposes a second suit: "
                    "everybody passed, the first speaker names one; leave `second_proposed` out"
                )
            ),
        )
    if second_proposed is not None and second_proposed == proposed:
        raise PositionError("second_proposed", Text(N_("the second proposed suit is another suit")))


def start_auction(
    ruleset: Ruleset,
    dealer: int,
    turned: int | None,
    proposed: str | None = None,
    second_proposed: str | None = None,
) -> _Auction:
    """An auction at its start, to replay bid by bid: ``check_ready()``, ``refusal(bid)``
    (None when legal), ``caller(bid)``, ``after(bid)`` (the auction after it) and
    ``result()``; :func:`run_auction` and the round state (:mod:`.round_state`) replay it."""
    check_seat(dealer, ruleset, "dealer")
    check_turned(ruleset, turned)
    check_proposed(ruleset, proposed, second_proposed)
    if ruleset.bidding == "coinche":
        return _CoincheAuction(ruleset, dealer)
    if ruleset.bidding == "bulgarian":
        return _BulgarianAuction(ruleset, dealer)
    if ruleset.bidding in KLAVERJAS_BIDDING:
        return _KlaverjasAuction(
            ruleset, dealer, proposed=proposed, second_proposed=second_proposed
        )
    return _TurnedCardAuction(ruleset, dealer, turned=turned)


def run_auction(
    ruleset: Ruleset,
    dealer: int,
    bids: Sequence[Call],
    turned: int | None = None,
    proposed: str | None = None,
    second_proposed: str | None = None,
) -> AuctionResult:
    """Replay ``bids`` from the first speaker; raise :class:`IllegalBidError` at the first
    illegal one, else say where the auction stands."""
    auction = start_auction(ruleset, dealer, turned, proposed, second_proposed)
    for index, bid in enumerate(bids):
        auction.check_ready()
        refusal = auction.refusal(bid)
        if refusal is not None:
            raise IllegalBidError(index, auction.caller(bid), refusal)
        auction = auction.after(bid)
    auction.check_ready()
    return auction.result()
