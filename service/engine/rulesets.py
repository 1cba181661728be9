"""Rulesets: one immutable value object of named parameters, and the presets as data.

Every rule that differs between games is a parameter here (docs/rules.md sections 2 to 5).
Engine code reads parameters; it never asks which preset it is running.

Each parameter is declared once, as a field of :class:`Ruleset`: its type (a ``Literal``
for the parameters that take one of a few names, so that a type checker reads every
comparison of a parameter with a string), its default, what it means and the section of the
rules that defines it. What a request may send (:data:`PARAMETERS`, ``GET /v1/parameters``,
the API's schemas) and docs/parameters.md are derived from those fields; each preset states
only the values that differ from the defaults, each with the rule that sets it.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, get_args, get_origin, get_type_hints

from .cards import NO_TRUMP, RANKS, TRUMP_MODES
from .text import N_, Text


class RulesetError(ValueError):
    """An unknown ruleset, or an option that is unknown or has a bad value."""

    def __init__(self, message: Text, field: str | None = None):
        super().__init__(message)
        self.field = field


# --- the values of the parameters that take one of a few names --------------------------
# Named as the API names them (openapi.yaml: ``UndertrumpRule``); ``ObligationRule`` serves
# trump_lead_overtrump and void_trump.

PlayersRule = Literal[2, 4]
ObligationRule = Literal["always", "unless_partner_winning"]
PartnerWinningTrumpRule = Literal["free", "overtrump_if_able", "no_undertrump"]
UndertrumpRule = Literal["must", "may", "forbidden"]
DeclarationsRule = Literal["none", "sequences", "all"]
DeclarationTieRule = Literal["first_in_rotation", "none_score"]
DeclarationsFromRule = Literal["hand", "trick"]
DeclarationCompareRule = Literal["single_contest", "by_kind", "value_pool", "none"]
CarreOrderRule = Literal["sequence", "trump"]
BeloteFromRule = Literal["hand", "trick"]
BeloteOnDiscardRule = Literal["counts", "lost"]
ContractRule = Literal[
    "trick_points_at_least_defenders",
    "trick_points_more_than_half",
    "cards_and_belote_at_least_defenders",
    "total_more_than_opponent",
    "total_more_than_defenders",
    "bid",
    "bid_at_least_defenders",
    "bid_reached",
    "total_at_least_defenders",
]
FailedRule = Literal[
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
]
CapotModeRule = Literal["instead_of_last_trick", "plus_last_trick"]
LitigeRule = Literal["none", "hold_over", "hold_over_all"]
NoTrumpPointsRule = Literal["doubled", "ace_19", "plain"]
AllTrumpPointsRule = Literal["raw", "scaled"]
DoublingRule = Literal["none", "contra"]
ScoreUnitsRule = Literal["points", "bg_tens", "rounded_tens"]
BiddingRule = Literal[
    "turned_card",
    "klaberjass",
    "coinche",
    "bulgarian",
    "klaverjas_free",
    "klaverjas_forced",
    "klaverjas_proposed",
]
RedealDealerRule = Literal["same", "next"]
SecondRoundModesRule = Literal["suits", "all_modes"]
FirstSpeakerRule = Literal["after_dealer", "dealer"]
ProposedAllPassRule = Literal["choose_other", "new_proposal"]
CoincheTimingRule = Literal["in_turn", "any_time"]
MadeRule = Literal[
    "cards_and_bid",
    "cards_and_bid_defenders_keep",
    "total_and_bid_multiplied",
    "total_plus_multiplied_bid",
    "bid_only",
    "points_only",
]
NoTrumpBidRule = Literal["single", "doubled"]
CoinchedMadeRule = Literal["made", "takers_take_all", "defenders_keep"]
FailedCapotRule = Literal["with_capot_bonus", "mode_total"]
CapotWhenRule = Literal["every_trick", "no_points"]
CardPointsScaleRule = Literal["none", "to_152"]
RaiseOwnBidRule = Literal["never", "other_mode"]
DealPacketsRule = Literal["3-2", "2-3", "3-3", "3-2-3", "2-3-3", "3-3-2", "4-4"]
CompletionRule = Literal["taker_gets_turned", "equal"]
DealShuffleRule = Literal["shuffle", "cut"]
CutterRule = Literal["before_dealer", "after_dealer"]
NextDealerRule = Literal["after_dealer", "round_winner"]
BeloteSaidRule = Literal["not_needed", "required"]
DeclarationsCountRule = Literal["announced", "automatic"]
DeclarationProcedureRule = Literal["show", "compare"]


#: Largest points a sequence (or a carré) may be given through ``sequence_points``.
MAX_SEQUENCE_POINTS = 10000
#: docs/rules.md section 3: four J 200, four 9 150, four A, 10, K or Q 100; 8s and 7s nothing.
DEFAULT_CARRE_POINTS: Mapping[str, int] = MappingProxyType(
    {"9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100}
)

#: What a parameter's values are: derived from the type of its field.
ParameterKind = Literal["enum", "int", "bool", "modes", "points", "rank_points"]


@dataclass(frozen=True)
class Parameter:
    """What values one ruleset parameter accepts, what it means and where its rule is
    written: derived from its field of :class:`Ruleset` (see :func:`parameter`)."""

    kind: ParameterKind
    description: str
    values: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    #: The section of the rules (docs/rules.md, docs/rules-belot-klaverjas.md,
    #: docs/house-rules.md) that defines the parameter and its values.
    source: str = ""

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
            low, high = self.minimum, self.maximum
            if number is None or low is None or high is None or not low <= number <= high:
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
                lengths: dict[int, int] = {}
                for k, v in value.items():
                    length = int(k) if isinstance(k, str) and k.isdigit() and k.isascii() else None
                    points = _json_int(v)
                    if length is None or not 3 <= length <= 8 or points is None:
                        raise bad
                    if not 0 <= points <= MAX_SEQUENCE_POINTS:
                        raise bad
                    lengths[length] = points
                return MappingProxyType(dict(sorted(lengths.items())))
            raise bad
        if self.kind == "rank_points":
            if isinstance(value, Mapping) and all(k in RANKS for k in value):
                table: dict[str, int] = {}
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


def parameter(
    default: Any,
    meaning: str,
    source: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A field of :class:`Ruleset` that is a ruleset parameter: its default, what it means
    (as ``GET /v1/parameters`` says it), the section of the rules that defines it and, for an
    integer, its bounds. The field's type says the rest: a ``Literal`` lists the values, an
    ``int`` or ``bool`` is one, ``| None`` makes ``null`` a value (``nullable``)."""
    metadata = {"parameter": (meaning, source, minimum, maximum)}
    if isinstance(default, Mapping):  # immutable, but not hashable: shared by a factory
        return field(default_factory=lambda: default, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Ruleset:
    """A preset with ``options`` applied: every parameter by name (the fields below, in the
    order they are listed to clients), and the preset's name, title and source."""

    name: str
    title: str
    source: str
    players: PlayersRule = parameter(
        4,
        "number of players (4: two teams of partners)",
        "docs/rules.md section 1 (seats and teams)",
    )
    hand_size: int = parameter(
        8,
        "cards dealt to each player",
        "docs/rules.md section 5 (each preset's deal)",
        minimum=1,
        maximum=16,
    )
    trump_modes: tuple[str, ...] = parameter(
        ("C", "D", "H", "S"),
        "trump modes a round may be played in",
        "docs/rules.md section 2 (sans atout, tout atout)",
    )
    trump_lead_overtrump: ObligationRule = parameter(
        "always",
        "trump led: whether you must beat the highest trump when you can",
        "docs/rules.md section 2",
    )
    void_trump: ObligationRule = parameter(
        "always",
        "void in a led plain suit: whether you must trump if you can",
        "docs/rules.md section 2",
    )
    partner_winning_trump: PartnerWinningTrumpRule = parameter(
        "free",
        "void, partner winning, and you trump: free; overtrump_if_able: beat the highest "
        "trump when you can; no_undertrump (partner winning with a trump): discard or beat "
        "it, a lower trump only from a hand of nothing but lower trumps",
        "docs/rules.md section 2; no_undertrump: docs/rules-belot-klaverjas.md section 3.3",
    )
    undertrump: UndertrumpRule = parameter(
        "must",
        "void, an opponent winning with a trump you cannot beat: must / may / must not "
        "play a lower trump",
        "docs/rules.md section 2",
    )
    declarations: DeclarationsRule = parameter(
        "all",
        "which declarations score: none, sequences only, or carrés and sequences",
        "docs/rules.md section 3",
    )
    sequence_points: Mapping[int, int] = parameter(
        MappingProxyType({3: 20, 4: 50, 5: 100}),
        "points of a sequence by its length",
        "docs/rules.md section 3",
    )
    sequence_cap: int | None = parameter(
        5,
        "a longer run counts as its top `cap` cards; null: compare true lengths",
        "docs/rules.md section 3",
        minimum=3,
        maximum=8,
    )
    card_in_two_declarations: bool = parameter(
        False,
        "whether one card may be in both a carré and a sequence",
        "docs/rules.md section 3",
    )
    declaration_tie: DeclarationTieRule = parameter(
        "first_in_rotation",
        "equal best declarations: first in playing order wins, or neither scores",
        "docs/rules.md section 3",
    )
    declaration_needs_trick: bool = parameter(
        False,
        "the best side scores its declarations only if it won a trick",
        "docs/rules.md section 3",
    )
    belote_points: int = parameter(
        20,
        "points of belote-rebelote",
        "docs/rules.md section 3",
        minimum=0,
        maximum=1000,
    )
    declarations_from: DeclarationsFromRule = parameter(
        "hand",
        "hand: declarations are announced from the hands; trick (klaverjas roem): nothing is "
        "announced, the four cards of every trick score runs and fours for the trick winner",
        "docs/rules-belot-klaverjas.md section 1",
    )
    declaration_compare: DeclarationCompareRule = parameter(
        "single_contest",
        "how the sides' declarations compete: single_contest (any carré beats any sequence; "
        "the side with the best scores all its own), by_kind (carrés and sequences are two "
        "contests), value_pool (one contest by points, then kind, then rank), none (each "
        "side scores all its own)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    sequence_trump_tiebreak: bool = parameter(
        True,
        "equal best sequences: a trump sequence beats a plain one",
        "docs/rules-belot-klaverjas.md section 1",
    )
    carre_points: Mapping[str, int] = parameter(
        DEFAULT_CARRE_POINTS,
        "points of four of a kind by rank; a rank not listed scores nothing",
        "docs/rules-belot-klaverjas.md section 1",
    )
    carre_order: CarreOrderRule = parameter(
        "sequence",
        "two carrés of equal points: the higher rank in sequence order (A K Q J 10 9) or in "
        "trump order (J 9 A 10 K Q)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    declarations_in_no_trump: bool = parameter(
        True,
        "whether sequences and carrés exist in sans atout (none)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    belote_from: BeloteFromRule = parameter(
        "hand",
        "hand: king and queen of trump held by one player; trick (stuk): king and queen of "
        "trump in the same trick, whoever played them, to the trick winner's team",
        "docs/rules-belot-klaverjas.md section 1",
    )
    belote_on_discard: BeloteOnDiscardRule = parameter(
        "counts",
        "lost: a belote scores only if the first of its two cards is led, follows the led "
        "suit or is played as a trump in a suit contract (a discard in tout atout loses it)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    contract: ContractRule = parameter(
        "trick_points_at_least_defenders",
        "how the takers make their contract",
        "docs/rules.md section 4",
    )
    failed: FailedRule = parameter(
        "defenders_take_trick_points",
        "what each side scores when the takers fail",
        "docs/rules.md section 4",
    )
    last_trick_bonus: int = parameter(
        10,
        "bonus for the last trick",
        "docs/rules.md section 4",
        minimum=0,
        maximum=1000,
    )
    capot_bonus: int | None = parameter(
        100,
        "bonus for taking every trick, instead of the last-trick bonus; null: no capot",
        "docs/rules.md section 4",
        minimum=0,
        maximum=1000,
    )
    capot_mode: CapotModeRule = parameter(
        "instead_of_last_trick",
        "a side took every trick: the capot bonus replaces the last-trick bonus, or is added "
        "to it (plus_last_trick; then never doubled in sans atout)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    litige: LitigeRule = parameter(
        "none",
        "exact tie: nothing special; hold_over: the takers' points but their belote are "
        "held for the next round's winner; hold_over_all: the takers' whole total is held "
        "(under a double the whole multiplied round, and nobody scores now)",
        "docs/rules.md section 4",
    )
    no_trump_points: NoTrumpPointsRule = parameter(
        "doubled",
        "sans atout card values: doubled (total 260), ace_19 (total 162) or plain "
        "(plain-suit values, bonuses not doubled: total 130)",
        "docs/rules.md section 4",
    )
    all_trump_points: AllTrumpPointsRule = parameter(
        "raw",
        "tout atout card values",
        "docs/rules.md section 4",
    )
    doubling: DoublingRule = parameter(
        "none",
        "none, or contra: a round may be doubled (x2) or redoubled (x4), and the side with "
        "the higher total then scores the whole round multiplied (round-score `double`)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    capot_multiplied: bool = parameter(
        True,
        "with doubling contra: whether the capot bonus is multiplied too",
        "docs/rules-belot-klaverjas.md section 1",
    )
    score_units: ScoreUnitsRule = parameter(
        "points",
        "points as counted, or bg_tens: Bulgarian tens with their rounding (scores, held "
        "points and target in tens), or rounded_tens: points, each side's round score and "
        "held points rounded to the nearest ten, a 5 up (house rules: ScoreIt)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    target: int | None = parameter(
        501,
        "match target score; null: a single deal",
        "docs/rules.md section 4",
        minimum=1,
        maximum=100000,
    )
    match_capot_cannot_finish: bool = parameter(
        False,
        "a round won by capot cannot end the match (belot: С капо не се излиза)",
        "docs/rules-belot-klaverjas.md section 1",
    )
    match_hanging_blocks_finish: bool = parameter(
        False,
        "the match cannot end while points are held over",
        "docs/rules-belot-klaverjas.md section 1",
    )
    match_deals: int | None = parameter(
        None,
        "the match is exactly this many rounds (klaverjas: 16); higher total wins, equal "
        "totals draw; target must then be null",
        "docs/rules-belot-klaverjas.md section 1",
        minimum=1,
        maximum=1000,
    )
    bidding: BiddingRule = parameter(
        "turned_card",
        "how the contract is bid",
        "docs/rules.md section 5, Bidding in the other presets",
    )
    redeal_dealer: RedealDealerRule = parameter(
        "next",
        "everybody passed: the same dealer deals again, or the next seat deals",
        "docs/rules.md section 5, Bidding in the other presets",
    )
    second_round_modes: SecondRoundModesRule = parameter(
        "suits",
        "turned-card bidding, second round: name another suit only, or any allowed "
        "trump mode (none, all) other than the turned suit",
        "docs/rules.md section 5, Bidding in the other presets",
    )
    trump_seven_exchange: bool = parameter(
        False,
        "the turned suit became trump: the holder of its 7 may exchange it for the turned card",
        "docs/rules.md section 5, Bidding in the other presets",
    )
    first_speaker: FirstSpeakerRule = parameter(
        "after_dealer",
        "klaverjas bidding: who speaks first (the seat after the dealer always leads)",
        "docs/rules-belot-klaverjas.md section 3.2",
    )
    proposed_all_pass: ProposedAllPassRule = parameter(
        "choose_other",
        "klaverjas_proposed, all four passed: the first speaker must name another suit "
        "(choose_other), or a new suit is proposed for one more round, then redeal "
        "(new_proposal)",
        "docs/rules-belot-klaverjas.md section 3.2",
    )
    coinche_timing: CoincheTimingRule = parameter(
        "in_turn",
        "coinche bidding: a coinche only at the coincher's turn, or (any_time, \"à la "
        'volée") by either opponent of the highest bid out of turn as well',
        "docs/rules.md section 5, Coinche timing",
    )
    bid_minimum: int = parameter(
        80,
        "Coinche: the lowest bid (bga-coinche and Oliboy50: 82)",
        "docs/rules.md section 8, Bid values and their worth",
        minimum=1,
        maximum=1000,
    )
    bid_step: int = parameter(
        10,
        "Coinche: bids above the lowest are the multiples of this step (10: 80, 90 ... 160; "
        "5 with bid_minimum 82: 82, 85, 90, 95 ...)",
        "docs/rules.md section 8, Bid values and their worth",
        minimum=1,
        maximum=100,
    )
    bid_maximum: int = parameter(
        160,
        "Coinche: the highest numeric bid; capot is above it",
        "docs/rules.md section 8, Bid values and their worth",
        minimum=1,
        maximum=1000,
    )
    opening_bid_points: int | None = parameter(
        None,
        "Coinche: what a bid of bid_minimum is worth in the score; null: its value "
        "(bga-coinche: a made or failed 82 scores as 80)",
        "docs/rules.md section 8, Bid values and their worth",
        minimum=0,
        maximum=1000,
    )
    made: MadeRule = parameter(
        "cards_and_bid",
        "what each side scores when the takers make a bid contract (docs/house-rules.md)",
        "docs/rules.md section 8, `made`",
    )
    sequence_split: bool = parameter(
        False,
        "a run longer than sequence_cap is its top cap cards plus the rest as further "
        "sequences (Oliboy50/coinche: A to 7 is a quinte and a tierce); false: one sequence",
        "docs/rules.md section 8, Declarations",
    )
    no_trump_carre_points: Mapping[str, int] = parameter(
        MappingProxyType({}),
        "carré values in sans atout, by rank, instead of carre_points; empty: carre_points "
        "in every mode (Oliboy50/coinche: A 200, 10 150, 9 J K Q 100)",
        "docs/rules.md section 8, Declarations",
    )
    no_trump_bid: NoTrumpBidRule = parameter(
        "single",
        "a bid contract in sans atout: the bid counts once, or twice in the score "
        "(Oliboy50/coinche)",
        "docs/rules.md section 8, Bid values and their worth",
    )
    coinche_multiplier: int = parameter(
        2,
        "Coinche: what a coinche multiplies by (libcoinche: 1, the coinche level unscored)",
        "docs/house-rules.md, Variants",
        minimum=1,
        maximum=16,
    )
    surcoinche_multiplier: int = parameter(
        4,
        "Coinche: what a surcoinche multiplies by (FFB Cannes 2016 and colver: 3)",
        "docs/house-rules.md, Variants",
        minimum=1,
        maximum=64,
    )
    coinched_made: CoinchedMadeRule = parameter(
        "made",
        "a coinched or surcoinched contract made: made (as `made` says); takers_take_all "
        "(the defenders' card points, declarations and belote go to the takers before "
        "`made` applies, the defenders score 0: FFB 2016 note 1, colver); defenders_keep "
        "(the defenders keep their own total: ScoreIt)",
        "docs/house-rules.md, Variants",
    )
    failed_capot: FailedCapotRule = parameter(
        "with_capot_bonus",
        "the defenders of a failed contract took every trick: with_capot_bonus (their card "
        "points with the capot bonus, 252 in a suit) or mode_total (the mode's card total "
        "without it, 162 in a suit: colver, ScoreIt)",
        "docs/house-rules.md, Variants",
    )
    capot_when: CapotWhenRule = parameter(
        "every_trick",
        "who is capot: every_trick (a side took every trick) or no_points (a side whose "
        "card points with the last-trick bonus are 0 leaves the other side capot, even "
        "if it took a trick: bga-coinche)",
        "docs/house-rules.md, Variants",
    )
    card_points_scale: CardPointsScaleRule = parameter(
        "none",
        "none, or to_152: in a mode whose cards do not total 152 (sans atout, tout atout) "
        "each side's trick points are scaled to 152 and rounded, half away from zero, "
        "before the last-trick bonus (bga-coinche)",
        "docs/house-rules.md, Variants",
    )
    belote_in_all_trump: bool = parameter(
        True,
        "whether king and queen of a suit are a belote in tout atout (bga-coinche: no)",
        "docs/house-rules.md, Variants",
    )
    raise_own_bid: RaiseOwnBidRule = parameter(
        "never",
        "Coinche: never (three passes after a bid end the auction: nobody speaks over their "
        "own standing bid) or other_mode (four passes end it, so the bidder speaks once more, "
        "and may outbid themselves only in another trump mode: bga-coinche, reason "
        "raise_own_bid_same_mode)",
        "docs/house-rules.md, Variants",
    )
    coinche_cancelled_by_bid: bool = parameter(
        False,
        "Coinche: a higher bid may follow a coinche and cancels it (Oliboy50/coinche); "
        "false: nobody bids after a coinche",
        "docs/house-rules.md, Variants",
    )
    open_match: bool = parameter(
        False,
        "with target and match_deals null: the match never ends (a score pad: ScoreIt); "
        "false: a single deal",
        "docs/house-rules.md, Variants",
    )
    deal_packets: DealPacketsRule = parameter(
        "3-2",
        "the packets the dealer gives each seat in turn (from the seat after the dealer) "
        "before the auction: 3-2 and a card turned up (belote), 3-3 (klaberjass), 3-2-3 "
        "(coinche, klaverjas: the whole hand); the rest of the hand comes after the auction",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    completion: CompletionRule = parameter(
        "taker_gets_turned",
        "after the auction, with a card turned up: taker_gets_turned (the taker receives the "
        "turned card and the rest of a hand less one, the others the rest of a hand) or "
        "equal (every seat the same number; the turned card stays on the table: klaberjass)",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    deal_shuffle: DealShuffleRule = parameter(
        "shuffle",
        "shuffle: every round's pack is shuffled; cut (klob: \"the cards are never "
        "shuffled\"): the previous round's cards are gathered and cut by `cutter`, the pack "
        "of a match's first round shuffled",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    cut_minimum: int = parameter(
        2,
        "deal_shuffle cut: the fewest cards the cut leaves at each end of the pack",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
        minimum=1,
        maximum=15,
    )
    cutter: CutterRule = parameter(
        "before_dealer",
        "deal_shuffle cut: the seat that cuts, the one before the dealer in playing order "
        "(klob: left of the dealer, play turning to the right) or the one after it",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    next_dealer: NextDealerRule = parameter(
        "after_dealer",
        "who deals the next round: the seat after the dealer, or round_winner (klaberjass: "
        "the winner of the hand deals; on a round without a winner the dealer deals again)",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    belote_said: BeloteSaidRule = parameter(
        "not_needed",
        "in a round record with announcements (POST /v1/rounds/state): belote counts "
        "not_needed (whether said or not), or only when `required` (FFB: a belote not said "
        "as its first card is played is lost); the operations without announcements count "
        "it as not_needed",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    declarations_count: DeclarationsCountRule = parameter(
        "announced",
        "in a round record with announcements: only the declarations announced score "
        "(announced), or every seat's best declarations score as if announced (automatic)",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )
    declaration_procedure: DeclarationProcedureRule = parameter(
        "show",
        "in a round record with announcements: show (each seat shows its declarations as "
        "it plays its first card) or compare (klaberjass: before the first card the "
        "non-dealer states its longest sequence and the dealer answers good, not good or "
        "how high; the winner shows its sequences after the first trick)",
        "docs/rules.md section 5, The deal, the dealer and the announcements of a round record",
    )

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


def _derive(name: str, hint: Any, declared: tuple[str, str, int | None, int | None]) -> Parameter:
    """The :class:`Parameter` a field declares: its kind, values and nullability from the
    field's type, the rest from :func:`parameter`."""
    meaning, source, minimum, maximum = declared
    args = get_args(hint)
    nullable = get_origin(hint) is types.UnionType and type(None) in args
    if nullable:
        (hint,) = (arg for arg in args if arg is not type(None))
        args = get_args(hint)
    kind: ParameterKind
    if get_origin(hint) is Literal:
        kind = "enum"
    elif hint is bool:
        kind = "bool"
    elif hint is int:
        kind = "int"
    elif get_origin(hint) is tuple:
        kind = "modes"
    elif get_origin(hint) is Mapping and args == (int, int):
        kind = "points"
    elif get_origin(hint) is Mapping and args == (str, int):
        kind = "rank_points"
    else:
        raise TypeError(f"ruleset parameter {name}: no kind for the type {hint!r}")
    if (kind == "int") != (minimum is not None and maximum is not None):
        raise TypeError(f"ruleset parameter {name}: bounds go with an integer, and only there")
    values = args if kind == "enum" else ()
    return Parameter(kind, meaning, values, minimum, maximum, nullable, source)


def _parameters() -> dict[str, Parameter]:
    hints = get_type_hints(Ruleset)
    return {
        f.name: _derive(f.name, hints[f.name], f.metadata["parameter"])
        for f in dataclasses.fields(Ruleset)
        if "parameter" in f.metadata
    }


#: Every overridable parameter, in the order they are listed to clients (the order of the
#: fields of :class:`Ruleset`).
PARAMETERS: dict[str, Parameter] = _parameters()


def _points(table: dict[int, int]) -> Mapping[int, int]:
    return MappingProxyType(table)


#: Every mode: the four suits, sans atout and tout atout.
_ALL_MODES = ("C", "D", "H", "S", "none", "all")

# The presets state only the parameters whose value differs from the default, each with the
# rule that sets it: the section of docs/rules.md section 9 and docs/rules-belot-klaverjas.md
# section 8 (every parameter of every preset, with its source) that names it. "seed 00n" is
# one of the rule sheets of docs/rules.md, "Sources".

#: What the two Klaverjassen presets share (docs/rules-belot-klaverjas.md section 3): roem
#: from the tricks, no contest between the sides' roem, the takers must score more than the
#: defenders, "nat" gives the defenders everything, "pit" is 100 on top of the last trick, and
#: a game is sixteen deals rather than a target.
_KLAVERJASSEN = Ruleset(
    name="klaverjassen",
    title="Klaverjassen",
    source="docs/rules-belot-klaverjas.md section 3",
    # section 3.4: runs of three 20, of four 50 ...
    sequence_points=_points({3: 20, 4: 50}),
    # ... and a trick holds at most four cards (sections 4.1, 5.1)
    sequence_cap=None,
    declarations_from="trick",  # sections 1.2 and 3.4: roem from the tricks
    declaration_compare="none",  # section 3.4: no contest, each side scores its roem
    belote_from="trick",  # section 3.4: stuk, king and queen of trump in one trick
    contract="total_more_than_defenders",  # section 3.5
    failed="defenders_take_all",  # section 3.5: nat
    capot_mode="plus_last_trick",  # section 3.5: pit on top of the last trick
    target=None,  # section 3.6: sixteen deals ...
    match_deals=16,  # ... rather than a target
    deal_packets="3-2-3",  # section 3.1: dealt 3-2-3
    # docs/rules.md section 5, "The deal, the dealer and the announcements of a round record"
    completion="equal",
)

#: The presets of docs/rules.md section 5 and docs/rules-belot-klaverjas.md, as data.
PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset(
            name="belote",
            title="Belote",
            source='Norwegian Belote app rules ("Hvordan spiller du Belote?"): 4 players in '
            "two teams, one card turned up",
            # seed 003 (belote), "Stikk-fasen" (overtrump a trump already played, except when
            # the partner wins), read for a trump lead: docs/rules.md section 6
            trump_lead_overtrump="unless_partner_winning",
            # seed 003, "Utdeling og budgivning" ("deles ut igjen av samme dealer")
            redeal_dealer="same",
        ),
        Ruleset(
            name="klob",
            title="Klob",
            source='Norwegian Klob rules ("Regler for Klob"), with sans atout and tout atout',
            # seed 000 (Klob), variants ("Sans Atout", "Tout Atout")
            trump_modes=_ALL_MODES,
            # seed 000, "Regler for å følge sort" (overtrump a trump lead; "Unntak: Hvis
            # partneren din vinner stikket")
            trump_lead_overtrump="unless_partner_winning",
            # seed 000, "Kontraktsoppfyllelse" ("minst 82 poeng (halvparten av 162)");
            # docs/rules.md section 6
            contract="trick_points_more_than_half",
            # seed 000, "Kortene stokkes aldri i Klob!"
            deal_shuffle="cut",
        ),
        Ruleset(
            name="cardavia",
            title="Cardavia Belote",
            source='Cardavia\'s Danish Belote rules ("Fuldstændige regler"): a single deal, '
            "belote the only bonus",
            # seed 001 (Cardavia), 4 ("en modstander vinder, trumf hvis muligt"; "Hvis din
            # makker vinder, må du kassere")
            void_trump="unless_partner_winning",
            # seed 001, 4 ("når du vælger at trumfe, overtrumf du stadig hvis muligt")
            partner_winning_trump="overtrump_if_able",
            # seed 001, 4 and 5 (belote the only bonus) ...
            declarations="none",
            # ... so no sequences: the table is empty (seed 001, no sequences) ...
            sequence_points=_points({}),
            # ... and the cap has no effect (docs/rules.md section 9, cardavia) ...
            sequence_cap=None,
            # ... nor has the tie rule (docs/rules.md section 9, cardavia)
            declaration_tie="none_score",
            # seed 001, 5 ("kortpoint plus Belote er mindst modstandernes total")
            contract="cards_and_belote_at_least_defenders",
            # seed 001, 5 ("tagerens hold scorer nul, og forsvarerne får alle kortpoint plus
            # begge holds Belote-point")
            failed="defenders_take_cards_and_belotes",
            # seed 001, 1 ("Denne tabel afgør én handel": a single deal)
            target=None,
        ),
        Ruleset(
            name="klaberjass",
            title="Klaberjass",
            source='Norwegian Klaberjass rules ("Klaberjass kortspill"): two players, 9 cards '
            "each, sequences and bela",
            # seed 002 (Klaberjass), "Hvordan forbereder man given" (two players)
            players=2,
            # seed 002, "Den som tar eller nevner trumf" ("ni kort på hånden")
            hand_size=9,
            # seed 002, "Hvordan fungerer sekvenser og bela" (sequences and bela only)
            declarations="sequences",
            # seed 002, "Slik meldes" ("Tre kort gir 20", "Fire eller flere kort gir 50")
            sequence_points=_points({3: 20, 4: 50}),
            # seed 002, "Slik meldes" ("Den lengste sekvensen vinner": true lengths)
            sequence_cap=None,
            # seed 002, "Slik meldes" ("To like sekvenser uten trumf gir ingen poeng")
            declaration_tie="none_score",
            # seed 002, "Slik meldes" ("Poengene regnes først når vinneren har tatt minst ett
            # stikk")
            declaration_needs_trick=True,
            # seed 002, "Hvordan vinner man matchen" ("Tar spilleføreren flere poeng enn
            # motstanderen")
            contract="total_more_than_opponent",
            # seed 002, "Hvordan vinner man matchen" ("Tar spilleføreren færre, får
            # motstanderen begges sum")
            failed="opponent_takes_both_totals",
            # seed 002 (no capot in the text)
            capot_bonus=None,
            # seed 002, bidding steps 1-5
            bidding="klaberjass",
            # seed 002, step 5 ("samme giver gir om")
            redeal_dealer="same",
            # seed 002, "Ble oppkortets farge trumf, får innehaveren av trumfsjueren bytte den"
            trump_seven_exchange=True,
            # seed 002, "to omganger med tre"
            deal_packets="3-3",
            # seed 002, "får hver spiller tre kort til"
            completion="equal",
            # seed 002, "Vinneren av hånden deler ut neste hånd"
            next_dealer="round_winner",
            # seed 002, "Slik meldes og sammenlignes sekvenser" (the non-dealer states, the
            # dealer compares)
            declaration_procedure="compare",
        ),
        Ruleset(
            name="belote-ffb",
            title="Belote classique (FFB)",
            source="Fédération Française de Belote, classic rules (2016)",
            # FFB classic rules (2016), VI as docs/rules.md section 5 reads it (void with the
            # partner master: no need to trump)
            void_trump="unless_partner_winning",
            # FFB classic, VII; docs/rules.md section 3 (FFB: true)
            card_in_two_declarations=True,
            # FFB classic, VII; docs/rules.md section 3 (FFB: none_score)
            declaration_tie="none_score",
            # FFB classic, V "Prise et contrat" (the takers must make more points than the
            # defenders, announces included)
            contract="total_more_than_defenders",
            # FFB classic, V (dedans: the defenders 162 + the announces; the belote stays with
            # its holder)
            failed="defenders_take_cards_and_declarations",
            # FFB classic, V (litige: the takers' points held for the next deal)
            litige="hold_over",
            # docs/rules.md section 5 table (FFB classic: 1000)
            target=1000,
            # FFB classic, VII as docs/rules.md section 5, "The deal, the dealer and the
            # announcements of a round record", reads it: a belote not said is lost
            belote_said="required",
        ),
        Ruleset(
            name="coinche",
            title="Coinche / Belote contrée",
            source="FFB contrée rules (2016), and the Klob Coinchée of the Norwegian Klob rules",
            # docs/rules.md section 5, Coinche (a suit, none, all; seed 000 variants)
            trump_modes=_ALL_MODES,
            # FFB contrée rules (2016), section 5.2: void, the partner master, no need to trump
            void_trump="unless_partner_winning",
            # FFB contrée 2016 section 5.2.2: unable to overtrump an opponent, "on peut se
            # défausser de n'importe quelle carte sans exception" (and with the partner
            # winning, section 5.2.3, partner_winning_trump stays free: one may discard any
            # card, "y compris un atout inférieur au sien")
            undertrump="may",
            # docs/rules.md section 3 (FFB: true)
            card_in_two_declarations=True,
            # docs/rules.md section 3 (FFB: none_score)
            declaration_tie="none_score",
            # docs/rules.md section 5, Coinche scoring (not FFB 2016's table, section 9): points
            # at least the bid and more than the defenders'
            contract="bid",
            # docs/rules.md section 5, Coinche scoring: (card points of the round + bid) x m
            failed="coinche",
            # docs/rules.md section 4 (FFB contrée: A 19, total 162)
            no_trump_points="ace_19",
            # docs/rules.md section 4 (FFB contrée: J 14 9 9 A 6 10 5 K 3 Q 1: 162)
            all_trump_points="scaled",
            # docs/rules.md section 5 table (2000)
            target=2000,
            # docs/rules.md section 5, Coinche (80 ... 160, capot, coinche, surcoinche)
            bidding="coinche",
            # docs/rules.md section 5, "The deal, the dealer and the announcements of a round
            # record": the whole hand, 3-2-3 ...
            deal_packets="3-2-3",
            completion="equal",  # ... so every seat gets the same (that section)
        ),
        Ruleset(
            name="belot",
            title="Bulgarian Belot (Бридж-белот)",
            source=(
                "docs/rules-belot-klaverjas.md section 2: belot-rules.hit.bg / belot.bg official "
                "rules, NikolayIT/BelotGameEngine, the 2001 program Бридж Белот v2.06"
            ),
            # The sections below are those of docs/rules-belot-klaverjas.md.
            # section 2.1 (ladder C < D < H < S < none < all)
            trump_modes=_ALL_MODES,
            void_trump="unless_partner_winning",  # section 2.3
            undertrump="may",  # section 2.3
            declaration_tie="none_score",  # section 2.4
            declaration_compare="by_kind",  # sections 1.3 and 2.4
            sequence_trump_tiebreak=False,  # section 2.4
            carre_order="trump",  # section 2.4 (trump order)
            declarations_in_no_trump=False,  # section 2.4
            belote_on_discard="lost",  # section 2.4
            contract="total_more_than_defenders",  # section 2.6
            failed="defenders_take_all",  # section 2.6 ("вкарана")
            litige="hold_over_all",  # section 2.6 ("висяща")
            doubling="contra",  # section 2.6
            capot_bonus=90,  # section 2.5
            capot_mode="plus_last_trick",  # section 2.5
            score_units="bg_tens",  # section 2.7
            target=151,  # section 2.8
            match_capot_cannot_finish=True,  # section 2.8 ("С капо не се излиза")
            bidding="bulgarian",  # section 2.2
            completion="equal",  # section 2.2 (3 more each)
        ),
        dataclasses.replace(
            _KLAVERJASSEN,
            name="klaverjas-rotterdam",
            title="Klaverjassen, Rotterdam rules",
            source=(
                "docs/rules-belot-klaverjas.md sections 3-4: NKU Rotterdam rules "
                "(marathonklaverjassen.nl, hutmacher.nl), Board Game Arena Klaverjassen"
            ),
            # docs/rules-belot-klaverjas.md section 3.3 (Rotterdam: overtrump the partner too)
            partner_winning_trump="overtrump_if_able",
            # docs/rules-belot-klaverjas.md section 4.1 (four of any rank: 100)
            carre_points=MappingProxyType({rank: 100 for rank in RANKS}),
            # docs/rules-belot-klaverjas.md sections 3.2 and 4.1
            bidding="klaverjas_proposed",
        ),
        dataclasses.replace(
            _KLAVERJASSEN,
            name="klaverjas-amsterdam",
            title="Klaverjassen, Amsterdam rules",
            source=(
                "docs/rules-belot-klaverjas.md sections 3 and 5: pagat.com Amsterdam rules, "
                "Board Game Arena Klaverjassen, NKU"
            ),
            # docs/rules-belot-klaverjas.md section 3.3 (Amsterdam)
            void_trump="unless_partner_winning",
            partner_winning_trump="no_undertrump",  # section 3.3
            undertrump="forbidden",  # section 3.3
            # docs/rules-belot-klaverjas.md section 5.1 (four J 200, four A K Q 10 100)
            carre_points=MappingProxyType({"10": 100, "J": 200, "Q": 100, "K": 100, "A": 100}),
            # docs/rules-belot-klaverjas.md sections 3.2 and 5.1
            bidding="klaverjas_free",
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
