"""Playing a card: the obligations of docs/rules.md section 2, trick winners and trick points.

Where is the overtrump rule? In :func:`_obligations`. It turns a situation (trump mode,
suit led, winning card, whether the mover's partner wins) into an ordered list of
:class:`Obligation` steps; :func:`obligations`, :func:`check_card` (one card),
:func:`legal_moves` (every card), the walk of a round (:func:`judge` under :func:`trick_rules`:
POST /v1/rounds/state and round checking) and :func:`legal_filter`
(many hands, for the computer players' search) all run that same list, so they cannot
disagree.

Speed: each ruleset's lists are worked out once per situation and kept
(:class:`_RulesetTables`, bounded: 256 situations per trump mode), with each broken rule's
sentence worded the first time it is needed; tricks are ranked with a per-trump-mode table
(``_RANKINGS``) and, when a round is checked, the winner is updated card by card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import (
    ALL_CARDS,
    ALL_TRUMP,
    NO_TRUMP,
    PLAIN_POINTS,
    SUIT_MASKS,
    TRUMP_MODES,
    TRUMP_POINTS,
    Card,
    Suit,
    card_name,
    card_tuple,
    cards_above,
    is_trump_card,
    strength,
    trump_suit,
)
from .rulesets import Ruleset
from .text import N_, Text

# Stable reason codes (docs/rules.md section 2).
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_TRUMP = "must_trump"
MUST_OVERTRUMP = "must_overtrump"
MUST_BEAT = "must_beat"
MUST_UNDERTRUMP = "must_undertrump"
MUST_NOT_UNDERTRUMP = "must_not_undertrump"
NOT_IN_HAND = "not_in_hand"
NOT_YOUR_TURN = "not_your_turn"
WRONG_LEADER = "wrong_leader"
DUPLICATE_CARD = "duplicate_card"

#: One sentence a player understands, per reason code.
MESSAGES = {
    MUST_FOLLOW_SUIT: N_("You hold {led}, the suit led: you must follow suit."),
    MUST_TRUMP: N_("You have no {led} but hold a trump: you must trump."),
    MUST_OVERTRUMP: N_("You can beat the {best} in the trick with a higher trump: you must."),
    MUST_BEAT: N_("You can beat the {best} with a higher {led}: in all trumps you must."),
    MUST_UNDERTRUMP: N_(
        "An opponent's {best} wins and you cannot beat it: you must still play a trump, "
        "a lower one."
    ),
    MUST_NOT_UNDERTRUMP: N_(
        "An opponent's {best} wins and you cannot beat it: you may not play a lower trump "
        "while you hold a card that is not a trump."
    ),
    NOT_IN_HAND: N_("{card} is not in this player's hand."),
    NOT_YOUR_TURN: N_("It is not this player's turn."),
    WRONG_LEADER: N_("This trick must be led by the winner of the previous trick, seat {seat}."),
    DUPLICATE_CARD: N_("{card} has already been played."),
}

#: Sentences for a rule broken in another situation than its code's usual one
#: (``Obligation.wording``); the reason code stays the same.
PARTNER_TRUMP_WINS = "partner_trump_wins"
WORDINGS = {
    PARTNER_TRUMP_WINS: N_(
        "Your partner's {best} wins: you may discard or beat it, but not play a lower trump "
        "while you hold a card that is not a trump."
    ),
}


@dataclass(frozen=True, slots=True)
class Obligation:
    """If the hand (as narrowed so far) holds a card of ``applies_if``, keep only the
    cards of ``keep``; the cards dropped break rule ``reason``."""

    applies_if: int
    keep: int
    reason: str
    wording: str | None = None  # a key of WORDINGS, when MESSAGES[reason] does not fit


@dataclass(frozen=True, slots=True)
class Position:
    """A trick in progress, seen by the player about to play."""

    leader: int
    cards: tuple[int, ...]
    trump: str
    ruleset: Ruleset

    @property
    def seat(self) -> int:
        return (self.leader + len(self.cards)) % self.ruleset.players


@dataclass(frozen=True, slots=True)
class Verdict:
    card: int
    legal: bool
    rule: str | None = None
    message: Text | None = None


def winning_index(cards: Sequence[int], trump: str) -> int:
    """Index in ``cards`` of the card winning the (partial) trick."""
    return _winner(cards, _RANKINGS.get(trump, _PLAIN_RANKING))


def _ranking(trump: str) -> tuple[int, ...]:
    """Per card, its key in a trick under the trump mode: 16 + strength for a card of the
    trump suit (it counts whatever was led), its strength otherwise (it counts only in
    the suit led). In ``all`` every suit is trump-ordered but only the led suit counts."""
    suit = trump_suit(trump)
    return tuple((16 if c >> 3 == suit else 0) + strength(c, trump) for c in range(32))


_RANKINGS = {mode: _ranking(mode) for mode in TRUMP_MODES}
_PLAIN_RANKING = _ranking(NO_TRUMP)  # an unknown mode ranks like sans atout


def trick_ranking(trump: str) -> tuple[int, ...]:
    """Per card, the key :func:`winning_index` ranks it by under the trump mode: a card
    beats the winning one when its key is higher and it is a trump (16 or more) or of
    the suit led."""
    return _RANKINGS.get(trump, _PLAIN_RANKING)


def _winner(cards: Sequence[int], ranking: tuple[int, ...]) -> int:
    led = cards[0] >> 3
    best, best_key = 0, ranking[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        key = ranking[c]
        if key > best_key and (key >= 16 or c >> 3 == led):
            best, best_key = i, key
    return best


def card_points(c: int, trump: str, ruleset: Ruleset) -> int:
    """Card value under the trump mode and the ruleset's sans/tout atout tables."""
    rank = c & 7
    if trump == NO_TRUMP:
        if ruleset.no_trump_points == "doubled":
            return 2 * PLAIN_POINTS[rank]
        if ruleset.no_trump_points == "ace_19":
            return 19 if rank == 7 else PLAIN_POINTS[rank]
        return PLAIN_POINTS[rank]  # plain: face values, as in a plain suit
    if trump == ALL_TRUMP:
        if ruleset.all_trump_points == "scaled":
            return _SCALED_ALL_TRUMP[rank]
        return TRUMP_POINTS[rank]
    return (TRUMP_POINTS if is_trump_card(c, trump) else PLAIN_POINTS)[rank]


#             7  8  9  10 J   Q  K  A
_SCALED_ALL_TRUMP = (0, 0, 9, 5, 14, 1, 3, 6)


def trick_points(cards: Sequence[int], trump: str, ruleset: Ruleset) -> int:
    """Card points of a trick, without any last-trick bonus."""
    points = ruleset_tables(ruleset).points(trump)
    total = 0
    for c in cards:
        total += points[c]
    return total


def set_points(cards: int, trump: str, ruleset: Ruleset) -> int:
    """Card points of a bit set of cards (one table look-up per suit)."""
    by_suit = ruleset_tables(ruleset).set_points(trump)
    return (
        by_suit[0][cards & 0xFF]
        + by_suit[1][cards >> 8 & 0xFF]
        + by_suit[2][cards >> 16 & 0xFF]
        + by_suit[3][cards >> 24 & 0xFF]
    )


def bonus_multiplier(trump: str, ruleset: Ruleset) -> int:
    """Sans atout with ``doubled`` values doubles the last-trick and capot bonuses too."""
    return 2 if trump == NO_TRUMP and ruleset.no_trump_points == "doubled" else 1


def obligations(position: Position) -> list[Obligation]:
    """The rules that bind the player to move, in the order they narrow the hand."""
    return list(_rules_at(position).steps)


def _obligations(rules: Ruleset, trump: str, led_suit: int, best: int, partner_winning: bool):
    """The obligations of a trick whose led suit, winning card and winner's side (the
    mover's partner or not) are given: all a position's obligations depend on. Worked
    out once per ruleset and situation (:func:`_rules_at` keeps them)."""
    led = SUIT_MASKS[led_suit]
    steps = [Obligation(led, led, MUST_FOLLOW_SUIT)]
    if trump == NO_TRUMP:
        return steps
    if trump == ALL_TRUMP:
        # Following also means beating the led suit's highest card when you can.
        steps.append(Obligation(cards_above(best, trump), cards_above(best, trump), MUST_BEAT))
        return steps
    trumps = SUIT_MASKS[trump_suit(trump)]
    best_is_trump = is_trump_card(best, trump)
    higher = cards_above(best, trump) if best_is_trump else trumps
    if led == trumps:
        # Trump led: following suit is playing trump; overtrump unless the partner exception.
        if not (partner_winning and rules.trump_lead_overtrump == "unless_partner_winning"):
            steps.append(Obligation(higher, higher, MUST_OVERTRUMP))
        return steps
    # Void in a plain led suit (these steps bind only when the follow step did not).
    void = ALL_CARDS & ~led
    if partner_winning:
        if rules.void_trump == "always":
            steps.append(Obligation(trumps & void, trumps, MUST_TRUMP))
        if rules.partner_winning_trump == "overtrump_if_able" and best_is_trump:
            # If you trump (by choice or by force), beat the partner's trump when you can.
            steps.append(Obligation(higher & void, ~trumps | higher, MUST_OVERTRUMP))
        if rules.partner_winning_trump == "no_undertrump" and best_is_trump:
            # Discard or beat the partner's trump; a lower trump only from a hand of
            # nothing but lower trumps (Amsterdam klaverjas).
            steps.append(Obligation(higher & void, ~trumps | higher, MUST_OVERTRUMP))
            steps.append(
                Obligation(
                    void & ~trumps, ~trumps | higher, MUST_NOT_UNDERTRUMP, PARTNER_TRUMP_WINS
                )
            )
        return steps
    if not best_is_trump:
        steps.append(Obligation(trumps & void, trumps, MUST_TRUMP))
        return steps
    # An opponent wins with a trump.
    steps.append(Obligation(higher & void, trumps, MUST_TRUMP))
    steps.append(Obligation(higher & void, higher, MUST_OVERTRUMP))
    lower = trumps & ~higher
    if rules.undertrump == "must":
        steps.append(Obligation(lower & void, trumps, MUST_UNDERTRUMP))
    elif rules.undertrump == "forbidden":
        steps.append(Obligation(void & ~trumps, ~trumps, MUST_NOT_UNDERTRUMP))
    return steps


class _Rules:
    """One situation's obligations, ready to apply: ``masks`` holds each step's
    ``(applies_if, keep)``; the refusal verdicts are worded when first needed and kept
    (a sentence depends only on the rule, the suit led and the winning card)."""

    __slots__ = ("_refusals", "best", "led_suit", "masks", "steps")

    def __init__(self, steps, led_suit: int, best: int):
        self.steps = tuple(steps)
        self.masks = tuple((step.applies_if, step.keep) for step in self.steps)
        self.led_suit = led_suit
        self.best = best
        self._refusals: list[tuple[Verdict, ...] | None] = [None] * len(self.steps)

    def narrow(self, hand: int) -> tuple[int, list[tuple[int, int]]]:
        """Legal bit set, and ``(step index, cards it dropped)`` for each step that bit."""
        allowed = hand
        dropped = []
        for i, (applies_if, keep) in enumerate(self.masks):
            if allowed & applies_if:
                removed = allowed & ~keep
                if removed:
                    dropped.append((i, removed))
                    allowed &= keep
        return allowed, dropped

    def refusals(self, i: int) -> tuple[Verdict, ...]:
        """Per card, the verdict on it when step ``i`` drops it; worded the first time the
        step drops a card, one sentence shared by every card."""
        verdicts = self._refusals[i]
        if verdicts is None:
            step = self.steps[i]
            template = WORDINGS[step.wording] if step.wording else MESSAGES[step.reason]
            message = Text(template, led=Suit(self.led_suit), best=Card(self.best))
            verdicts = tuple(Verdict(c, False, step.reason, message) for c in range(32))
            self._refusals[i] = verdicts
        return verdicts

    def refused(self, c: int, dropped: list[tuple[int, int]]) -> Verdict:
        """The verdict on a card that ``dropped`` (from :meth:`narrow`) holds."""
        for i, mask in dropped:
            if mask >> c & 1:
                return self.refusals(i)[c]
        raise ValueError(f"{card_name(c)} was not dropped")


_NO_RULES = _Rules((), 0, 0)  # leading a trick: any card of the hand


class _RulesetTables:
    """What a ruleset's play needs, worked out once: partners by seat, and the
    obligations of each situation met so far."""

    __slots__ = ("card_points", "partners", "players", "ruleset", "situations", "suit_points")

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.players = ruleset.players
        self.partners = tuple(ruleset.partner_of(s) for s in range(ruleset.players))
        # per trump mode, a slot per (suit led, winning card, partner winning): 256 slots
        self.situations: dict[str, list[_Rules | None]] = {}
        self.card_points: dict[str, tuple[int, ...]] = {}
        self.suit_points: dict[str, tuple[tuple[int, ...], ...]] = {}

    def rules(self, trump: str, led_suit: int, best: int, partner_winning: bool) -> _Rules:
        slots = self.situations.get(trump)
        if slots is None:
            slots = self.situations[trump] = [None] * 256
        slot = led_suit << 6 | best << 1 | partner_winning
        found = slots[slot]
        if found is None:
            steps = _obligations(self.ruleset, trump, led_suit, best, partner_winning)
            found = slots[slot] = _Rules(steps, led_suit, best)
        return found

    def rules_after(self, trump: str, leader: int, cards: Sequence[int], win: int) -> _Rules:
        """The rules for the seat after ``cards`` (led by ``leader``, ``cards[win]`` winning)."""
        players = self.players
        partner = self.partners[(leader + len(cards)) % players]
        partner_winning = partner is not None and (leader + win) % players == partner
        slots = self.situations.get(trump)
        if slots is not None:
            found = slots[cards[0] >> 3 << 6 | cards[win] << 1 | partner_winning]
            if found is not None:
                return found
        return self.rules(trump, cards[0] >> 3, cards[win], partner_winning)

    def points(self, trump: str) -> tuple[int, ...]:
        """:func:`card_points` of every card under the trump mode."""
        found = self.card_points.get(trump)
        if found is None:
            found = tuple(card_points(c, trump, self.ruleset) for c in range(32))
            self.card_points[trump] = found
        return found

    def set_points(self, trump: str) -> tuple[tuple[int, ...], ...]:
        """Per suit, the card points of each of the 256 subsets of its cards."""
        found = self.suit_points.get(trump)
        if found is None:
            points = self.points(trump)
            found = tuple(
                tuple(
                    sum(points[8 * s + r] for r in range(8) if byte >> r & 1) for byte in range(256)
                )
                for s in range(4)
            )
            self.suit_points[trump] = found
        return found


# Rulesets are immutable: their tables are kept by identity (the ruleset is held, so its
# id cannot be reused), a bounded number of them (presets, plus rulesets with options).
_TABLES: dict[int, _RulesetTables] = {}
_TABLES_KEPT = 64


def ruleset_tables(ruleset: Ruleset) -> _RulesetTables:
    tables = _TABLES.get(id(ruleset))
    if tables is None or tables.ruleset is not ruleset:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        tables = _TABLES[id(ruleset)] = _RulesetTables(ruleset)
    return tables


def _rules_at(position: Position) -> _Rules:
    cards = position.cards
    if not cards:
        return _NO_RULES
    trump = position.trump
    win = _winner(cards, _RANKINGS.get(trump, _PLAIN_RANKING)) if len(cards) > 1 else 0
    tables = _TABLES.get(id(position.ruleset))
    if tables is None or tables.ruleset is not position.ruleset:
        tables = ruleset_tables(position.ruleset)
    return tables.rules_after(trump, position.leader, cards, win)


_LEGAL = tuple(Verdict(c, True) for c in range(32))


def trick_rules(ruleset: Ruleset, trump: str, leader: int, cards: Sequence[int], win: int):
    """The obligations of the seat after ``cards`` (led by ``leader``, ``cards[win]``
    winning), for :func:`judge`: what :func:`check_card` looks up, for a caller that keeps
    the trick's winner up to date card by card (the round state)."""
    if not cards:
        return _NO_RULES
    return ruleset_tables(ruleset).rules_after(trump, leader, cards, win)


def legal_mask(hand: int, position: Position) -> int:
    """Bit set of the legal cards of ``hand`` (non-empty whenever the hand is)."""
    allowed = hand
    for applies_if, keep in _rules_at(position).masks:
        if allowed & applies_if:
            allowed &= keep
    return allowed


def legal_filter(position: Position) -> Callable[[int], int]:
    """:func:`legal_mask` for many hands in one position: the obligations are looked up
    once (a search asks the same trick about many hands)."""
    masks = _rules_at(position).masks

    def legal(hand: int) -> int:
        allowed = hand
        for applies_if, keep in masks:
            if allowed & applies_if:
                allowed &= keep
        return allowed

    return legal


def legal_moves(hand: int, position: Position) -> list[Verdict]:
    """A verdict for every card of the hand, lowest card index first."""
    rules = _rules_at(position)
    allowed = hand
    dropped = []  # (step index, cards it dropped): :meth:`_Rules.narrow`, inlined
    for i, (applies_if, keep) in enumerate(rules.masks):
        if allowed & applies_if:
            removed = allowed & ~keep
            if removed:
                dropped.append((i, removed))
                allowed &= keep
    legal = _LEGAL
    if not dropped:
        return list(map(legal.__getitem__, card_tuple(hand)))
    if len(dropped) == 1:
        refused = rules.refusals(dropped[0][0])
    else:  # the steps drop disjoint sets of cards
        refused = {}
        for i, mask in dropped:
            verdicts = rules.refusals(i)
            for c in card_tuple(mask):
                refused[c] = verdicts[c]
    return [legal[c] if allowed >> c & 1 else refused[c] for c in card_tuple(hand)]


def check_card(hand: int, c: int, position: Position) -> Verdict:
    """Whether the player holding ``hand`` may play ``c`` now, and if not, why."""
    return judge(hand, c, _rules_at(position))


def judge(hand: int, c: int, rules: _Rules) -> Verdict:
    """:func:`check_card` under rules already looked up (round checking looks them up
    incrementally, card by card: the walk of :mod:`.round_state`)."""
    if not hand >> c & 1:
        return Verdict(c, False, NOT_IN_HAND, Text(MESSAGES[NOT_IN_HAND], card=Card(c)))
    allowed = hand
    for applies_if, keep in rules.masks:
        if allowed & applies_if:
            allowed &= keep
    if allowed >> c & 1:
        return _LEGAL[c]
    return rules.refused(c, rules.narrow(hand)[1])


class PositionError(ValueError):
    """A position that cannot occur: names the offending input ``field``."""

    def __init__(self, field: str, message: Text):
        super().__init__(message)
        self.field = field


def check_trump(trump: str, ruleset: Ruleset) -> None:
    if trump not in ruleset.trump_modes:
        raise PositionError(
            "trump",
            Text(
                N_("trump mode '{trump}' is not played in {ruleset}; it allows {modes}"),
                trump=trump,
                ruleset=ruleset.name,
                modes=", ".join(ruleset.trump_modes),
            ),
        )


def check_seat(
    seat: int, ruleset: Ruleset, field: str, error: type[PositionError] = PositionError
) -> None:
    """A seat the table has (``0..players-1``); else ``error`` at ``field``."""
    if not 0 <= seat < ruleset.players:
        raise error(
            field,
            Text(
                N_("seat {seat} does not exist with {players} players (seats 0..{last})"),
                seat=seat,
                players=ruleset.players,
                last=ruleset.players - 1,
            ),
        )


def check_trick(leader: int, cards: Sequence[int], ruleset: Ruleset, *, complete_ok: bool):
    """A trick as a client sent it: a real seat, no repeated card, not too long."""
    check_seat(leader, ruleset, "trick.leader")
    limit = ruleset.players if complete_ok else ruleset.players - 1
    if len(cards) > limit:
        template = (
            N_("a trick has at most {players} cards with {players} players")
            if complete_ok
            else N_(
                "a trick has at most {players} cards with {players} players; "
                "this one is already complete, nobody is to play"
            )
        )
        raise PositionError("trick.cards", Text(template, players=ruleset.players))
    _check_distinct(cards, "trick.cards")


def check_hand(hand: Sequence[int], trick_cards: Sequence[int], ruleset: Ruleset) -> None:
    """A hand as a client sent it: no repeats, not more than dealt, none already played."""
    check_hand_size(hand, ruleset, "hand")
    _check_distinct(hand, "hand")
    for i, c in enumerate(hand):
        if c in trick_cards:
            raise PositionError(
                f"hand.{i}",
                Text(N_("{card} is in the hand and also already in the trick"), card=Card(c)),
            )


def check_hand_size(
    hand: Sequence[int], ruleset: Ruleset, field: str, error: type[PositionError] = PositionError
) -> None:
    """Not more cards than the ruleset deals each player; else ``error`` at ``field``."""
    if len(hand) > ruleset.hand_size:
        raise error(
            field,
            Text(
                N_("{count} cards, but {ruleset} deals {size} to each player"),
                count=len(hand),
                ruleset=ruleset.name,
                size=ruleset.hand_size,
            ),
        )


def _check_distinct(cards: Sequence[int], field: str) -> None:
    seen: set[int] = set()
    for i, c in enumerate(cards):
        if c in seen:
            raise PositionError(f"{field}.{i}", Text(N_("{card} appears twice"), card=Card(c)))
        seen.add(c)
