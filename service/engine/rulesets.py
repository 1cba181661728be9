"""Rulesets: one immutable value object of named parameters, and the presets as data.

Every rule that differs between games is a parameter here (docs/rules.md sections 2 to 5).
Engine code reads parameters; it never asks which preset it is running.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import NO_TRUMP, RANKS, TRUMP_MODES
from .text import N_, Text


class RulesetError(ValueError):
    """An unknown ruleset, or an option that is unknown or has a bad value."""

    def __init__(self, message: Text, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    source: str
    # table and deal
    players: int = 4
    hand_size: int = 8
    trump_modes: tuple[str, ...] = ("C", "D", "H", "S")
    # play obligations (docs/rules.md section 2)
    trump_lead_overtrump: str = "always"
    void_trump: str = "always"
    partner_winning_trump: str = "free"
    undertrump: str = "must"
    # declarations (section 3)
    declarations: str = "all"
    sequence_points: Mapping[int, int] = field(
        default_factory=lambda: MappingProxyType({3: 20, 4: 50, 5: 100})
    )
    sequence_cap: int | None = 5
    card_in_two_declarations: bool = False
    declaration_tie: str = "first_in_rotation"
    declaration_needs_trick: bool = False
    belote_points: int = 20
    # declarations and belote of docs/rules-belot-klaverjas.md section 1
    declarations_from: str = "hand"
    declaration_compare: str = "single_contest"
    sequence_trump_tiebreak: bool = True
    carre_points: Mapping[str, int] = field(default_factory=lambda: DEFAULT_CARRE_POINTS)
    carre_order: str = "sequence"
    declarations_in_no_trump: bool = True
    belote_from: str = "hand"
    belote_on_discard: str = "counts"
    # scoring (section 4)
    contract: str = "trick_points_at_least_defenders"
    failed: str = "defenders_take_trick_points"
    last_trick_bonus: int = 10
    capot_bonus: int | None = 100
    capot_mode: str = "instead_of_last_trick"
    litige: str = "none"
    no_trump_points: str = "doubled"
    all_trump_points: str = "raw"
    doubling: str = "none"
    capot_multiplied: bool = True
    score_units: str = "points"
    target: int | None = 501
    match_capot_cannot_finish: bool = False
    match_hanging_blocks_finish: bool = False
    match_deals: int | None = None
    # how the contract is bid (section 5)
    bidding: str = "turned_card"
    redeal_dealer: str = "next"
    second_round_modes: str = "suits"
    trump_seven_exchange: bool = False
    first_speaker: str = "after_dealer"
    proposed_all_pass: str = "choose_other"
    coinche_timing: str = "in_turn"
    # house rules (docs/house-rules.md): the Coinche bid ladder
    bid_minimum: int = 80
    bid_step: int = 10
    bid_maximum: int = 160
    opening_bid_points: int | None = None
    # house rules: how a bid contract is scored
    made: str = "cards_and_bid"
    no_trump_bid: str = "single"
    # house rules: declarations
    sequence_split: bool = False
    no_trump_carre_points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # variants (docs/house-rules.md "Variants"): the coinche multipliers and what a
    # coinched round scores
    coinche_multiplier: int = 2
    surcoinche_multiplier: int = 4
    coinched_made: str = "made"
    failed_capot: str = "with_capot_bonus"
    # variants: capot, card points, belote, the auction and the match
    capot_when: str = "every_trick"
    card_points_scale: str = "none"
    belote_in_all_trump: bool = True
    raise_own_bid: str = "never"
    coinche_cancelled_by_bid: bool = False
    open_match: bool = False
    # the deal and the dealer (service/engine/deal.py; docs/api.md "The deal")
    deal_packets: str = "3-2"
    completion: str = "taker_gets_turned"
    deal_shuffle: str = "shuffle"
    cut_minimum: int = 2
    cutter: str = "before_dealer"
    next_dealer: str = "after_dealer"
    # announcements in a round record (service/engine/round_state.py)
    belote_said: str = "not_needed"
    declarations_count: str = "announced"
    declaration_procedure: str = "show"

    def team_of(self, seat: int) -> int:
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def with_options(self, options: Mapping[str, Any] | None) -> Ruleset:
        """A copy with parameters overridden by name; raises :class:`RulesetError`."""
        if not options:
            return self
        changes = {}
        for name, value in options.items():
            spec = PARAMETERS.get(name)
            if spec is None:
                raise RulesetError(
                    Text(
                        N_("unknown option '{name}'; options are: {options}"),
                        name=name,
                        options=", ".join(PARAMETERS),
                    ),
                    name,
                )
            changes[name] = spec.check(name, value)
        ruleset = dataclasses.replace(self, **changes)
        ruleset.check_consistency()
        return ruleset

    def check_consistency(self) -> None:
        if self.players * self.hand_size > 32:
            raise RulesetError(
                Text(
                    N_("{players} players with {size} cards each need more than 32 cards"),
                    players=self.players,
                    size=self.hand_size,
                ),
                "hand_size",
            )
        if self.match_deals is not None and self.target is not None:
            raise RulesetError(
                Text(
                    N_(
                        "a match of match_deals = {deals} rounds has no target: "
                        "set target to null (or match_deals to null)"
                    ),
                    deals=self.match_deals,
                ),
                "match_deals",
            )
        if self.declarations != "none" and not self.sequence_points:
            raise RulesetError(
                Text(
                    N_(
                        "with declarations '{declarations}' sequences score: sequence_points "
                        'needs points for at least one length, like {{"3": 20}}'
                    ),
                    declarations=self.declarations,
                ),
                "sequence_points",
            )
        self.check_bid_ladder()
        if self.open_match and (self.target is not None or self.match_deals is not None):
            raise RulesetError(
                Text(
                    N_(
                        "open_match keeps no target and no number of deals: set target and "
                        "match_deals to null (or open_match to false)"
                    )
                ),
                "open_match",
            )
        if self.sequence_split and self.sequence_cap is None:
            raise RulesetError(
                Text(N_("sequence_split cuts a run at sequence_cap: give sequence_cap a length")),
                "sequence_split",
            )

    def packets(self) -> tuple[int, ...]:
        """The packets dealt to each seat in turn before the auction (``deal_packets``)."""
        return tuple(int(n) for n in self.deal_packets.split("-"))

    def check_bid_ladder(self) -> None:
        if self.bid_minimum > self.bid_maximum:
            raise RulesetError(
                Text(
                    N_("bid_minimum {minimum} is above bid_maximum {maximum}"),
                    minimum=self.bid_minimum,
                    maximum=self.bid_maximum,
                ),
                "bid_minimum",
            )

    def carre_value(self, rank: int, trump: str | None = None) -> int:
        """Points of four cards of ``rank`` (index in ``7 8 9 10 J Q K A``); 0: no carré.
        In sans atout, ``no_trump_carre_points`` when not empty (house rules: Oliboy50)."""
        table = self.carre_points
        if trump == NO_TRUMP and self.no_trump_carre_points:
            table = self.no_trump_carre_points
        return table.get(RANKS[rank], 0)

    def sequence_value(self, length: int) -> int:
        """Points of a run of ``length`` cards (after the cap), 0 below the shortest key."""
        if self.sequence_cap is not None:
            length = min(length, self.sequence_cap)
        fitting = [size for size in self.sequence_points if size <= length]
        return self.sequence_points[max(fitting)] if fitting else 0

    def parameters(self) -> dict[str, Any]:
        """Every parameter by name, as plain data."""
        out = {}
        for name in PARAMETERS:
            value = getattr(self, name)
            if isinstance(value, Mapping) and PARAMETERS[name].kind == "rank_points":
                value = dict(value)  # kept in rank order 7 .. A
            elif isinstance(value, Mapping):
                value = {str(k): v for k, v in sorted(value.items())}
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


@dataclass(frozen=True)
class Parameter:
    """What values one ruleset parameter accepts, and what it means."""

    kind: str  # "enum", "int", "bool", "modes", "points", "rank_points"
    description: str
    values: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def check(self, name: str, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        bad = RulesetError(
            Text(
                N_("option '{name}': {expected}; got {value}"),
                name=name,
                expected=self.expected(),
                value=repr(value),
            ),
            name,
        )
        if self.kind == "enum":
            choice = value if isinstance(value, str) else _json_int(value)
            if choice is not None and choice in self.values:
                return choice
            raise bad
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise bad
        if self.kind == "int":
            number = _json_int(value)
            if number is None or not self.minimum <= number <= self.maximum:
                raise bad
            return number
        if self.kind == "modes":
            if (
                isinstance(value, list)
                and value
                and all(isinstance(v, str) and v in TRUMP_MODES for v in value)
                and len(set(value)) == len(value)
            ):
                return tuple(value)
            raise bad
        if self.kind == "points":
            # An empty table is well formed (cardavia's own); check_consistency refuses it
            # where declarations are scored.
            if isinstance(value, Mapping):
                table = {}
                for k, v in value.items():
                    length = int(k) if isinstance(k, str) and k.isdigit() and k.isascii() else None
                    points = _json_int(v)
                    in_range = points is not None and 0 <= points <= MAX_SEQUENCE_POINTS
                    if length is None or not 3 <= length <= 8 or not in_range:
                        raise bad
                    table[length] = points
                return MappingProxyType(dict(sorted(table.items())))
            raise bad
        if self.kind == "rank_points":
            if isinstance(value, Mapping) and all(k in RANKS for k in value):
                table = {}
                for rank in RANKS:  # rank order, whatever order the client wrote
                    if rank in value:
                        points = _json_int(value[rank])
                        if points is None or not 0 <= points <= MAX_SEQUENCE_POINTS:
                            raise bad
                        table[rank] = points
                return MappingProxyType(table)
            raise bad
        raise AssertionError(self.kind)

    def expected(self) -> Text:
        null = self.nullable
        if self.kind == "enum":
            values = ", ".join(map(str, self.values))
            if null:
                return Text(N_("expected one of {values} or null"), values=values)
            return Text(N_("expected one of {values}"), values=values)
        if self.kind == "bool":
            if null:
                return Text(N_("expected true or false or null"))
            return Text(N_("expected true or false"))
        if self.kind == "int":
            template = (
                N_("expected an integer from {minimum} to {maximum} or null")
                if null
                else N_("expected an integer from {minimum} to {maximum}")
            )
            return Text(template, minimum=self.minimum, maximum=self.maximum)
        if self.kind == "modes":
            return Text(
                N_("expected a non-empty list of distinct trump modes from {modes}"),
                modes=", ".join(TRUMP_MODES),
            )
        if self.kind == "rank_points":
            return Text(
                N_(
                    'expected an object from rank ("7", "8", "9", "10", "J", "Q", "K", "A") to '
                    'points (integer 0..10000), like {{"J": 200, "9": 150, "A": 100}}'
                )
            )
        return Text(
            N_(
                'expected an object from run length ("3".."8") to points (integer 0..10000), '
                'like {{"3": 20, "4": 50, "5": 100}}'
            )
        )

    def describe(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "description": self.description,
            "values": list(self.values),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "nullable": self.nullable,
        }


def _json_int(value: Any) -> int | None:
    """JSON Schema's integer: 7 and 7.0 are integers; 7.5, "7" and true are not."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


_WHO = ("always", "unless_partner_winning")
#: Largest points a sequence (or a carré) may be given through ``sequence_points``.
MAX_SEQUENCE_POINTS = 10000
#: docs/rules.md section 3: four J 200, four 9 150, four A, 10, K or Q 100; 8s and 7s nothing.
DEFAULT_CARRE_POINTS: Mapping[str, int] = MappingProxyType(
    {"9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100}
)

#: Every overridable parameter, in the order they are listed to clients.
PARAMETERS: dict[str, Parameter] = {
    "players": Parameter("enum", "number of players (4: two teams of partners)", (2, 4)),
    "hand_size": Parameter("int", "cards dealt to each player", minimum=1, maximum=16),
    "trump_modes": Parameter("modes", "trump modes a round may be played in"),
    "trump_lead_overtrump": Parameter(
        "enum", "trump led: whether you must beat the highest trump when you can", _WHO
    ),
    "void_trump": Parameter(
        "enum", "void in a led plain suit: whether you must trump if you can", _WHO
    ),
    "partner_winning_trump": Parameter(
        "enum",
        "void, partner winning, and you trump: free; overtrump_if_able: beat the highest "
        "trump when you can; no_undertrump (partner winning with a trump): discard or beat "
        "it, a lower trump only from a hand of nothing but lower trumps",
        ("free", "overtrump_if_able", "no_undertrump"),
    ),
    "undertrump": Parameter(
        "enum",
        "void, an opponent winning with a trump you cannot beat: must / may / must not "
        "play a lower trump",
        ("must", "may", "forbidden"),
    ),
    "declarations": Parameter(
        "enum",
        "which declarations score: none, sequences only, or carrés and sequences",
        ("none", "sequences", "all"),
    ),
    "sequence_points": Parameter("points", "points of a sequence by its length"),
    "sequence_cap": Parameter(
        "int",
        "a longer run counts as its top `cap` cards; null: compare true lengths",
        minimum=3,
        maximum=8,
        nullable=True,
    ),
    "card_in_two_declarations": Parameter(
        "bool", "whether one card may be in both a carré and a sequence"
    ),
    "declaration_tie": Parameter(
        "enum",
        "equal best declarations: first in playing order wins, or neither scores",
        ("first_in_rotation", "none_score"),
    ),
    "declaration_needs_trick": Parameter(
        "bool", "the best side scores its declarations only if it won a trick"
    ),
    "belote_points": Parameter("int", "points of belote-rebelote", minimum=0, maximum=1000),
    "declarations_from": Parameter(
        "enum",
        "hand: declarations are announced from the hands; trick (klaverjas roem): nothing is "
        "announced, the four cards of every trick score runs and fours for the trick winner",
        ("hand", "trick"),
    ),
    "declaration_compare": Parameter(
        "enum",
        "how the sides' declarations compete: single_contest (any carré beats any sequence; "
        "the side with the best scores all its own), by_kind (carrés and sequences are two "
        "contests), value_pool (one contest by points, then kind, then rank), none (each "
        "side scores all its own)",
        ("single_contest", "by_kind", "value_pool", "none"),
    ),
    "sequence_trump_tiebreak": Parameter(
        "bool", "equal best sequences: a trump sequence beats a plain one"
    ),
    "carre_points": Parameter(
        "rank_points", "points of four of a kind by rank; a rank not listed scores nothing"
    ),
    "carre_order": Parameter(
        "enum",
        "two carrés of equal points: the higher rank in sequence order (A K Q J 10 9) or in "
        "trump order (J 9 A 10 K Q)",
        ("sequence", "trump"),
    ),
    "declarations_in_no_trump": Parameter(
        "bool", "whether sequences and carrés exist in sans atout (none)"
    ),
    "belote_from": Parameter(
        "enum",
        "hand: king and queen of trump held by one player; trick (stuk): king and queen of "
        "trump in the same trick, whoever played them, to the trick winner's team",
        ("hand", "trick"),
    ),
    "belote_on_discard": Parameter(
        "enum",
        "lost: a belote scores only if the first of its two cards is led, follows the led "
        "suit or is played as a trump in a suit contract (a discard in tout atout loses it)",
        ("counts", "lost"),
    ),
    "contract": Parameter(
        "enum",
        "how the takers make their contract",
        (
            "trick_points_at_least_defenders",
            "trick_points_more_than_half",
            "cards_and_belote_at_least_defenders",
            "total_more_than_opponent",
            "total_more_than_defenders",
            "bid",
            "bid_at_least_defenders",
            "bid_reached",
            "total_at_least_defenders",
        ),
    ),
    "failed": Parameter(
        "enum",
        "what each side scores when the takers fail",
        (
            "defenders_take_trick_points",
            "defenders_take_cards_and_declarations",
            "defenders_take_cards_and_belotes",
            "opponent_takes_both_totals",
            "coinche",
            "defenders_take_all",
            "coinche_both_totals",
            "coinche_mode_total",
            "coinche_bid_only",
            "flat",
            "flat_160",
            "flat_plus_bid",
        ),
    ),
    "last_trick_bonus": Parameter("int", "bonus for the last trick", minimum=0, maximum=1000),
    "capot_bonus": Parameter(
        "int",
        "bonus for taking every trick, instead of the last-trick bonus; null: no capot",
        minimum=0,
        maximum=1000,
        nullable=True,
    ),
    "capot_mode": Parameter(
        "enum",
        "a side took every trick: the capot bonus replaces the last-trick bonus, or is added "
        "to it (plus_last_trick; then never doubled in sans atout)",
        ("instead_of_last_trick", "plus_last_trick"),
    ),
    "litige": Parameter(
        "enum",
        "exact tie: nothing special; hold_over: the takers' points but their belote are "
        "held for the next round's winner; hold_over_all: the takers' whole total is held "
        "(under a double the whole multiplied round, and nobody scores now)",
        ("none", "hold_over", "hold_over_all"),
    ),
    "no_trump_points": Parameter(
        "enum",
        "sans atout card values: doubled (total 260), ace_19 (total 162) or plain "
        "(plain-suit values, bonuses not doubled: total 130)",
        ("doubled", "ace_19", "plain"),
    ),
    "all_trump_points": Parameter("enum", "tout atout card values", ("raw", "scaled")),
    "doubling": Parameter(
        "enum",
        "none, or contra: a round may be doubled (x2) or redoubled (x4), and the side with "
        "the higher total then scores the whole round multiplied (round-score `double`)",
        ("none", "contra"),
    ),
    "capot_multiplied": Parameter(
        "bool", "with doubling contra: whether the capot bonus is multiplied too"
    ),
    "score_units": Parameter(
        "enum",
        "points as counted, or bg_tens: Bulgarian tens with their rounding (scores, held "
        "points and target in tens), or rounded_tens: points, each side's round score and "
        "held points rounded to the nearest ten, a 5 up (house rules: ScoreIt)",
        ("points", "bg_tens", "rounded_tens"),
    ),
    "target": Parameter(
        "int",
        "match target score; null: a single deal",
        minimum=1,
        maximum=100000,
        nullable=True,
    ),
    "match_capot_cannot_finish": Parameter(
        "bool", "a round won by capot cannot end the match (belot: С капо не се излиза)"
    ),
    "match_hanging_blocks_finish": Parameter(
        "bool", "the match cannot end while points are held over"
    ),
    "match_deals": Parameter(
        "int",
        "the match is exactly this many rounds (klaverjas: 16); higher total wins, equal "
        "totals draw; target must then be null",
        minimum=1,
        maximum=1000,
        nullable=True,
    ),
    "bidding": Parameter(
        "enum",
        "how the contract is bid",
        (
            "turned_card",
            "klaberjass",
            "coinche",
            "bulgarian",
            "klaverjas_free",
            "klaverjas_forced",
            "klaverjas_proposed",
        ),
    ),
    "redeal_dealer": Parameter(
        "enum",
        "everybody passed: the same dealer deals again, or the next seat deals",
        ("same", "next"),
    ),
    "second_round_modes": Parameter(
        "enum",
        "turned-card bidding, second round: name another suit only, or any allowed "
        "trump mode (none, all) other than the turned suit",
        ("suits", "all_modes"),
    ),
    "trump_seven_exchange": Parameter(
        "bool",
        "the turned suit became trump: the holder of its 7 may exchange it for the turned card",
    ),
    "first_speaker": Parameter(
        "enum",
        "klaverjas bidding: who speaks first (the seat after the dealer always leads)",
        ("after_dealer", "dealer"),
    ),
    "proposed_all_pass": Parameter(
        "enum",
        "klaverjas_proposed, all four passed: the first speaker must name another suit "
        "(choose_other), or a new suit is proposed for one more round, then redeal "
        "(new_proposal)",
        ("choose_other", "new_proposal"),
    ),
    "coinche_timing": Parameter(
        "enum",
        "coinche bidding: a coinche only at the coincher's turn, or (any_time, \"à la "
        'volée") by either opponent of the highest bid out of turn as well',
        ("in_turn", "any_time"),
    ),
    "bid_minimum": Parameter(
        "int", "Coinche: the lowest bid (bga-coinche and Oliboy50: 82)", minimum=1, maximum=1000
    ),
    "bid_step": Parameter(
        "int",
        "Coinche: bids above the lowest are the multiples of this step (10: 80, 90 ... 160; "
        "5 with bid_minimum 82: 82, 85, 90, 95 ...)",
        minimum=1,
        maximum=100,
    ),
    "bid_maximum": Parameter(
        "int",
        "Coinche: the highest numeric bid; capot is above it",
        minimum=1,
        maximum=1000,
    ),
    "opening_bid_points": Parameter(
        "int",
        "Coinche: what a bid of bid_minimum is worth in the score; null: its value "
        "(bga-coinche: a made or failed 82 scores as 80)",
        minimum=0,
        maximum=1000,
        nullable=True,
    ),
    "made": Parameter(
        "enum",
        "what each side scores when the takers make a bid contract (docs/house-rules.md)",
        (
            "cards_and_bid",
            "cards_and_bid_defenders_keep",
            "total_and_bid_multiplied",
            "total_plus_multiplied_bid",
            "bid_only",
            "points_only",
        ),
    ),
    "sequence_split": Parameter(
        "bool",
        "a run longer than sequence_cap is its top cap cards plus the rest as further "
        "sequences (Oliboy50/coinche: A to 7 is a quinte and a tierce); false: one sequence",
    ),
    "no_trump_carre_points": Parameter(
        "rank_points",
        "carré values in sans atout, by rank, instead of carre_points; empty: carre_points "
        "in every mode (Oliboy50/coinche: A 200, 10 150, 9 J K Q 100)",
    ),
    "no_trump_bid": Parameter(
        "enum",
        "a bid contract in sans atout: the bid counts once, or twice in the score "
        "(Oliboy50/coinche)",
        ("single", "doubled"),
    ),
    "coinche_multiplier": Parameter(
        "int",
        "Coinche: what a coinche multiplies by (libcoinche: 1, the coinche level unscored)",
        minimum=1,
        maximum=16,
    ),
    "surcoinche_multiplier": Parameter(
        "int",
        "Coinche: what a surcoinche multiplies by (FFB Cannes 2016 and colver: 3)",
        minimum=1,
        maximum=64,
    ),
    "coinched_made": Parameter(
        "enum",
        "a coinched or surcoinched contract made: made (as `made` says); takers_take_all "
        "(the defenders' card points, declarations and belote go to the takers before "
        "`made` applies, the defenders score 0: FFB 2016 note 1, colver); defenders_keep "
        "(the defenders keep their own total: ScoreIt)",
        ("made", "takers_take_all", "defenders_keep"),
    ),
    "failed_capot": Parameter(
        "enum",
        "the defenders of a failed contract took every trick: with_capot_bonus (their card "
        "points with the capot bonus, 252 in a suit) or mode_total (the mode's card total "
        "without it, 162 in a suit: colver, ScoreIt)",
        ("with_capot_bonus", "mode_total"),
    ),
    "capot_when": Parameter(
        "enum",
        "who is capot: every_trick (a side took every trick) or no_points (a side whose "
        "card points with the last-trick bonus are 0 leaves the other side capot, even "
        "if it took a trick: bga-coinche)",
        ("every_trick", "no_points"),
    ),
    "card_points_scale": Parameter(
        "enum",
        "none, or to_152: in a mode whose cards do not total 152 (sans atout, tout atout) "
        "each side's trick points are scaled to 152 and rounded, half away from zero, "
        "before the last-trick bonus (bga-coinche)",
        ("none", "to_152"),
    ),
    "belote_in_all_trump": Parameter(
        "bool", "whether king and queen of a suit are a belote in tout atout (bga-coinche: no)"
    ),
    "raise_own_bid": Parameter(
        "enum",
        "Coinche: never (three passes after a bid end the auction: nobody speaks over their "
        "own standing bid) or other_mode (four passes end it, so the bidder speaks once more, "
        "and may outbid themselves only in another trump mode: bga-coinche, reason "
        "raise_own_bid_same_mode)",
        ("never", "other_mode"),
    ),
    "coinche_cancelled_by_bid": Parameter(
        "bool",
        "Coinche: a higher bid may follow a coinche and cancels it (Oliboy50/coinche); "
        "false: nobody bids after a coinche",
    ),
    "open_match": Parameter(
        "bool",
        "with target and match_deals null: the match never ends (a score pad: ScoreIt); "
        "false: a single deal",
    ),
    "deal_packets": Parameter(
        "enum",
        "the packets the dealer gives each seat in turn (from the seat after the dealer) "
        "before the auction: 3-2 and a card turned up (belote), 3-3 (klaberjass), 3-2-3 "
        "(coinche, klaverjas: the whole hand); the rest of the hand comes after the auction",
        ("3-2", "2-3", "3-3", "3-2-3", "2-3-3", "3-3-2", "4-4"),
    ),
    "completion": Parameter(
        "enum",
        "after the auction, with a card turned up: taker_gets_turned (the taker receives the "
        "turned card and the rest of a hand less one, the others the rest of a hand) or "
        "equal (every seat the same number; the turned card stays on the table: klaberjass)",
        ("taker_gets_turned", "equal"),
    ),
    "deal_shuffle": Parameter(
        "enum",
        "shuffle: every round's pack is shuffled; cut (klob: \"the cards are never "
        "shuffled\"): the previous round's cards are gathered and cut by `cutter`, the pack "
        "of a match's first round shuffled",
        ("shuffle", "cut"),
    ),
    "cut_minimum": Parameter(
        "int",
        "deal_shuffle cut: the fewest cards the cut leaves at each end of the pack",
        minimum=1,
        maximum=15,
    ),
    "cutter": Parameter(
        "enum",
        "deal_shuffle cut: the seat that cuts, the one before the dealer in playing order "
        "(klob: left of the dealer, play turning to the right) or the one after it",
        ("before_dealer", "after_dealer"),
    ),
    "next_dealer": Parameter(
        "enum",
        "who deals the next round: the seat after the dealer, or round_winner (klaberjass: "
        "the winner of the hand deals; on a round without a winner the dealer deals again)",
        ("after_dealer", "round_winner"),
    ),
    "belote_said": Parameter(
        "enum",
        "in a round record with announcements (POST /v1/rounds/state): belote counts "
        "not_needed (whether said or not), or only when `required` (FFB: a belote not said "
        "as its first card is played is lost); the operations without announcements count "
        "it as not_needed",
        ("not_needed", "required"),
    ),
    "declarations_count": Parameter(
        "enum",
        "in a round record with announcements: only the declarations announced score "
        "(announced), or every seat's best declarations score as if announced (automatic)",
        ("announced", "automatic"),
    ),
    "declaration_procedure": Parameter(
        "enum",
        "in a round record with announcements: show (each seat shows its declarations as "
        "it plays its first card) or compare (klaberjass: before the first card the "
        "non-dealer states its longest sequence and the dealer answers good, not good or "
        "how high; the winner shows its sequences after the first trick)",
        ("show", "compare"),
    ),
}


def _points(table: dict[int, int]) -> Mapping[int, int]:
    return MappingProxyType(table)


#: What the two Klaverjassen presets share (docs/rules-belot-klaverjas.md section 3): roem from the
#: tricks, no contest between the sides' roem, the takers must score more than the defenders,
#: "nat" gives the defenders everything, "pit" is 100 on top of the last trick, and a game is
#: sixteen deals rather than a target.
_KLAVERJASSEN = dict(
    declarations="all",
    declarations_from="trick",
    declaration_compare="none",
    sequence_points=_points({3: 20, 4: 50}),
    sequence_cap=None,
    belote_from="trick",
    contract="total_more_than_defenders",
    failed="defenders_take_all",
    capot_mode="plus_last_trick",
    capot_bonus=100,
    target=None,
    match_deals=16,
    redeal_dealer="next",
    deal_packets="3-2-3",
    completion="equal",
)

#: The presets of docs/rules.md section 5, as data.
PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset(
            name="belote",
            title="Belote",
            source='Norwegian Belote app rules ("Hvordan spiller du Belote?"): 4 players in '
            "two teams, one card turned up",
            trump_lead_overtrump="unless_partner_winning",
            void_trump="always",
            partner_winning_trump="free",
            declarations="all",
            card_in_two_declarations=False,
            declaration_tie="first_in_rotation",
            contract="trick_points_at_least_defenders",
            failed="defenders_take_trick_points",
            target=501,
            redeal_dealer="same",
            deal_packets="3-2",
            completion="taker_gets_turned",
        ),
        Ruleset(
            name="klob",
            title="Klob",
            source='Norwegian Klob rules ("Regler for Klob"), with sans atout and tout atout',
            trump_modes=("C", "D", "H", "S", "none", "all"),
            trump_lead_overtrump="unless_partner_winning",
            void_trump="always",
            partner_winning_trump="free",
            declarations="all",
            card_in_two_declarations=False,
            declaration_tie="first_in_rotation",
            contract="trick_points_more_than_half",
            failed="defenders_take_trick_points",
            no_trump_points="doubled",
            all_trump_points="raw",
            target=501,
            deal_packets="3-2",
            completion="taker_gets_turned",
            deal_shuffle="cut",
            cut_minimum=2,
            cutter="before_dealer",
        ),
        Ruleset(
            name="cardavia",
            title="Cardavia Belote",
            source='Cardavia\'s Danish Belote rules ("Fuldstændige regler"): a single deal, '
            "belote the only bonus",
            trump_lead_overtrump="always",
            void_trump="unless_partner_winning",
            partner_winning_trump="overtrump_if_able",
            declarations="none",
            sequence_points=_points({}),
            sequence_cap=None,
            card_in_two_declarations=False,
            declaration_tie="none_score",
            contract="cards_and_belote_at_least_defenders",
            failed="defenders_take_cards_and_belotes",
            target=None,
            deal_packets="3-2",
            completion="taker_gets_turned",
        ),
        Ruleset(
            name="klaberjass",
            title="Klaberjass",
            source='Norwegian Klaberjass rules ("Klaberjass kortspill"): two players, 9 cards '
            "each, sequences and bela",
            players=2,
            hand_size=9,
            trump_lead_overtrump="always",
            void_trump="always",
            partner_winning_trump="free",
            declarations="sequences",
            sequence_points=_points({3: 20, 4: 50}),
            sequence_cap=None,
            card_in_two_declarations=False,
            declaration_tie="none_score",
            declaration_needs_trick=True,
            contract="total_more_than_opponent",
            failed="opponent_takes_both_totals",
            capot_bonus=None,
            target=501,
            bidding="klaberjass",
            redeal_dealer="same",
            trump_seven_exchange=True,
            deal_packets="3-3",
            completion="equal",
            next_dealer="round_winner",
            declaration_procedure="compare",
        ),
        Ruleset(
            name="belote-ffb",
            title="Belote classique (FFB)",
            source="Fédération Française de Belote, classic rules (2016)",
            trump_lead_overtrump="always",
            void_trump="unless_partner_winning",
            partner_winning_trump="free",
            declarations="all",
            card_in_two_declarations=True,
            declaration_tie="none_score",
            contract="total_more_than_defenders",
            failed="defenders_take_cards_and_declarations",
            litige="hold_over",
            target=1000,
            deal_packets="3-2",
            completion="taker_gets_turned",
            belote_said="required",
        ),
        Ruleset(
            name="coinche",
            title="Coinche / Belote contrée",
            source="FFB contrée rules (2016), and the Klob Coinchée of the Norwegian Klob rules",
            trump_modes=("C", "D", "H", "S", "none", "all"),
            trump_lead_overtrump="always",
            void_trump="unless_partner_winning",
            # FFB contrée 2016 section 5.2.3: with the partner winning one may discard any
            # card, "y compris un atout inférieur au sien"; section 5.2.2: unable to
            # overtrump an opponent, "on peut se défausser de n'importe quelle carte".
            partner_winning_trump="free",
            undertrump="may",
            declarations="all",
            card_in_two_declarations=True,
            declaration_tie="none_score",
            contract="bid",
            failed="coinche",
            no_trump_points="ace_19",
            all_trump_points="scaled",
            target=2000,
            bidding="coinche",
            deal_packets="3-2-3",
            completion="equal",
        ),
        Ruleset(
            name="belot",
            title="Bulgarian Belot (Бридж-белот)",
            source=(
                "docs/rules-belot-klaverjas.md section 2: belot-rules.hit.bg / belot.bg official "
                "rules, NikolayIT/BelotGameEngine, the 2001 program Бридж Белот v2.06"
            ),
            trump_modes=("C", "D", "H", "S", "none", "all"),
            trump_lead_overtrump="always",
            void_trump="unless_partner_winning",
            partner_winning_trump="free",
            undertrump="may",
            declarations="all",
            card_in_two_declarations=False,
            declaration_tie="none_score",
            declaration_compare="by_kind",
            sequence_trump_tiebreak=False,
            carre_order="trump",
            declarations_in_no_trump=False,
            belote_on_discard="lost",
            contract="total_more_than_defenders",
            failed="defenders_take_all",
            litige="hold_over_all",
            capot_bonus=90,
            capot_mode="plus_last_trick",
            no_trump_points="doubled",
            all_trump_points="raw",
            doubling="contra",
            capot_multiplied=True,
            score_units="bg_tens",
            target=151,
            match_capot_cannot_finish=True,
            bidding="bulgarian",
            redeal_dealer="next",
            deal_packets="3-2",
            completion="equal",
        ),
        Ruleset(
            name="klaverjas-rotterdam",
            title="Klaverjassen, Rotterdam rules",
            source=(
                "docs/rules-belot-klaverjas.md sections 3-4: NKU Rotterdam rules "
                "(marathonklaverjassen.nl, hutmacher.nl), Board Game Arena Klaverjassen"
            ),
            trump_lead_overtrump="always",
            void_trump="always",
            partner_winning_trump="overtrump_if_able",
            undertrump="must",
            carre_points=MappingProxyType({rank: 100 for rank in RANKS}),
            bidding="klaverjas_proposed",
            **_KLAVERJASSEN,
        ),
        Ruleset(
            name="klaverjas-amsterdam",
            title="Klaverjassen, Amsterdam rules",
            source=(
                "docs/rules-belot-klaverjas.md sections 3 and 5: pagat.com Amsterdam rules, "
                "Board Game Arena Klaverjassen, NKU"
            ),
            trump_lead_overtrump="always",
            void_trump="unless_partner_winning",
            partner_winning_trump="no_undertrump",
            undertrump="forbidden",
            carre_points=MappingProxyType({"10": 100, "J": 200, "Q": 100, "K": 100, "A": 100}),
            bidding="klaverjas_free",
            **_KLAVERJASSEN,
        ),
    )
}

DEFAULT_RULESET = "belote"


def get_ruleset(name: str | None = None, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The preset ``name`` (``belote`` when omitted) with ``options`` applied."""
    name = DEFAULT_RULESET if name is None else name
    preset = PRESETS.get(name)
    if preset is None:
        raise RulesetError(
            Text(
                N_("unknown ruleset '{name}'; rulesets are: {rulesets}"),
                name=name,
                rulesets=", ".join(PRESETS),
            ),
            "ruleset",
        )
    return preset.with_options(options)
