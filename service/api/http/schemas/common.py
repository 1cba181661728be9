"""The shared components of the spec: fields, named component schemas, the request base
classes, ``Options`` and ``Problem``. Every resource module builds on these.

Naming conventions (every branch adding schemas follows them; tests/api/test_openapi.py checks
the mechanical ones):

- A component is named for the concept, in PascalCase, with no ``Schema`` suffix in the
  spec (``class TrickSchema`` becomes ``Trick``): ``Card``, ``Seat``, ``Trump``.
- A request body is ``<Operation>Request`` (``LegalMovesRequest``); its answer is named
  for what it is (``LegalMoves``, ``RoundScore``). One schema per concept: reuse
  ``SeatCards``, ``DeclarationClaim``, ``Bid`` ... instead of writing a twin.
- Every enum is a named component (``ENUMS`` below, via :func:`enum_field`), referenced,
  never inline: a generator then makes one type per concept (one ``Trump``, not ten
  ``TrumpEnum``). A string enum's values are lower_snake_case or the notation of the
  rules (``H``, ``capot``). An integer choice (``players``: 2 or 4) is an integer with
  bounds (``minimum``, ``maximum``, ``multipleOf``), never an integer enum: several
  generators write integer enums as strings or cannot read them.
- Every enum may grow within /v1 (CHANGELOG.md, "Versioning"): its description says so
  (:data:`GROWS`), and the generated-client test feeds every client an unknown value.
- No ``oneOf``/``anyOf`` written by hand, no union of primitive types: a value that is a
  number or a word is two members of one type each (a bid's ``value`` and ``capot``:
  :func:`bid_value_fields`, the one bid value of every schema). "One of several kinds"
  is one object with a ``type`` (or ``kind``) enum member and optional members per kind.
- Shared scalars are components too (``Card``, ``Seat``, ``Team``): use :class:`CardField`,
  :func:`Seat`, :func:`Team`; do not restate their ranges.
- Nullable: a field with ``allow_none=True``, nothing else; :func:`component_property`
  writes the one form every generator reads as a nullable type: a scalar as
  ``type: [X, "null"]`` (a shared scalar inlined, since C#'s generator drops the null of a
  ``$ref`` to an integer), an enum or an object as ``anyOf: [$ref, {type: "null"}]``; and a
  nullable enum member of a response is not ``required`` (:func:`finish_components`):
  C#'s httpclient generator gives an enum a nullable type only when it is optional. No
  nullable map (an empty map, or a member left out, says "none").
- Responses are open: a client must accept members it does not know (CHANGELOG.md's
  versioning), so no response schema, ``Problem`` included, sets ``additionalProperties``
  (:class:`ResponseSchema` leaves it out); requests refuse unknown members
  (``additionalProperties: false``, :class:`StrictSchema`). ``Problem`` names every member
  the service sends (``errors``, ``violations``, ``request_id``).
- A refusal's reason code is a ``ReasonCode``: add a new code to :data:`REASON_CODES` with
  its meaning (tests/api/test_openapi.py checks that the engine's codes and these agree).
- No component may be named like a type or keyword of a client language (``String``,
  ``Integer``, ``Object``, ``Map``, ``List``, ``Error``, ``Type``, ``Class`` ...).
- Patterns are ECMA-262 and RE2 alike: no lookaround, no backreference.
- Requests: an optional field left out, sent as ``null`` or (a list) sent empty means the
  same thing, its default (:class:`RequestSchema` does it; the spec's info.description
  states the rule). Where two behaviours exist, a required field or a separate operation
  chooses, never the difference between absent, null and empty. The one place ``null``
  is a value is a ruleset parameter that ``GET /v1/parameters`` lists as nullable.
- Responses list every field (``required``), ``null`` where it does not apply, except
  where a schema says fields that do not apply are left out (``LegalBid``) and the
  nullable enums above (listed, but not ``required``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    EXCLUDE,
    RAISE,
    Schema,
    ValidationError,
    fields,
    missing,
    pre_load,
    validate,
)

from ....engine import actions, bidding, play, round_state
from ....engine.bidding import ACTIONS, CAPOT
from ....engine.cards import RANKS, SUITS, TRUMP_MODES, CardError, card_name, parse_card
from ....engine.roem import FOUR, RUN, STUK
from ....engine.rulesets import MAX_SEQUENCE_POINTS, PARAMETERS, PRESETS
from ....engine.scoring import DOUBLES, MULTIPLIERS
from ....engine.text import N_

# --- named components ------------------------------------------------------------------

#: A card in the notation of the rules; RE2 and ECMA-262 compatible (``$`` is the end of
#: the text in both).
CARD_PATTERN = "^(10|[789JQKATjqkat])[CDHScdhs♣♦♥♠]$"

#: Every stable reason code of a refusal, with its meaning: the play obligations and the
#: record checks (``legal-moves``, ``round-score``, ``rounds/validate``), then the bids
#: (``bidding``, ``rounds/validate``).
REASON_CODES: dict[str, str] = {
    play.MUST_FOLLOW_SUIT: "A card of the suit led is held: it must be played.",
    play.MUST_TRUMP: "Void in the suit led and holding a trump: a trump must be played.",
    play.MUST_OVERTRUMP: "A higher trump than the best one in the trick must be played.",
    play.MUST_BEAT: "All trumps: a higher card of the suit led must be played.",
    play.MUST_UNDERTRUMP: "An opponent's trump cannot be beaten: a lower trump must still "
    "be played (undertrump: must).",
    play.MUST_NOT_UNDERTRUMP: "An opponent's trump cannot be beaten: a lower trump may not "
    "be played while another card can (undertrump: forbidden); or the partner wins with a "
    "trump: no lower trump while a card that is not a trump is held (partner_winning_trump: "
    "no_undertrump).",
    play.NOT_IN_HAND: "The card is not in the player's hand.",
    play.NOT_YOUR_TURN: "Not this seat's turn (to play, or to bid).",
    play.WRONG_LEADER: "The trick is led by the wrong seat (the previous trick's winner, or "
    "for the first trick the seat after the dealer, must lead).",
    play.DUPLICATE_CARD: "The card has already been played in this round.",
    bidding.AUCTION_COMPLETE: "The auction is over: no more bids.",
    bidding.ACTION_NOT_ALLOWED: "This action is not a bid of the ruleset's bidding.",
    bidding.MALFORMED_BID: "A field the action needs is missing, or one it forbids is given.",
    bidding.INVALID_VALUE: "The bid value is not 80, 90, ... 160 or capot.",
    bidding.TRUMP_MODE_NOT_ALLOWED: "The ruleset does not play this trump mode here.",
    bidding.BID_TOO_LOW: "A bid must be higher than the current highest bid.",
    bidding.BID_AFTER_COINCHE: "No bid after a coinche: only pass or surcoinche.",
    bidding.RAISE_OWN_BID_SAME_MODE: "raise_own_bid: other_mode: a player outbidding their "
    "own standing bid must name another trump mode.",
    bidding.COINCHE_WITHOUT_BID: "Coinche with no bid to double.",
    bidding.COINCHE_OWN_SIDE: "Coinche of one's own side's bid.",
    bidding.COINCHE_TWICE: "The bid is already coinched.",
    bidding.SURCOINCHE_WITHOUT_COINCHE: "Surcoinche with no coinche to redouble.",
    bidding.SURCOINCHE_WRONG_SIDE: "Only the side whose bid was coinched may surcoinche.",
    bidding.NAME_IN_ROUND_ONE: "The first bidding round only takes the turned suit.",
    bidding.TAKE_IN_ROUND_TWO: "The second bidding round names another trump; it cannot "
    "take the turned suit.",
    bidding.SAME_SUIT_AS_TURNED: "The second bidding round cannot name the turned suit.",
    bidding.CONTRA_WITHOUT_CONTRACT: "Bulgarian bidding: contra with no contract to double.",
    bidding.CONTRA_OWN_SIDE: "Bulgarian bidding: contra of one's own side's contract.",
    bidding.CONTRA_TWICE: "Bulgarian bidding: the contract is already doubled.",
    bidding.RECONTRA_WITHOUT_CONTRA: "Bulgarian bidding: recontra of a contract that is not "
    "doubled (or already redoubled).",
    bidding.RECONTRA_WRONG_SIDE: "Bulgarian bidding: only the doubled side may recontra.",
    bidding.MUST_NAME_TRUMP: "Klaverjas: this seat must play and name a trump (forced "
    "bidding, or everybody passed); it may not pass.",
    bidding.SAME_SUIT_AS_PROPOSED: "Klaverjas: everybody passed the proposed suit; another "
    "suit must be named.",
    round_state.WRONG_PHASE: "A round record's action of a type the round's phase does not "
    "take (a card during the auction, anything once the round is over).",
    round_state.INVALID_DECLARATION: "A declaration that is false, or announced when the "
    "ruleset does not take it (outside the seat's first card).",
    round_state.INVALID_BELOTE: "Belote said without the king and queen of trump, or not "
    "followed by one of them.",
    round_state.INVALID_EXCHANGE: "The trump-seven exchange where none is allowed.",
    round_state.INVALID_COMPARISON: "A Klaberjass comparison step out of turn, or untrue.",
}

SEQUENCE_LENGTHS = [str(n) for n in range(3, 9)]
#: The spec's range of a numeric bid (``BidPoints``), the range of the ladder parameters.
MIN_BID_POINTS, MAX_BID_POINTS = 1, 1000


#: Appended to every string enum's description: enums grow within /v1.
GROWS = (
    " More values may be added within /v1 (a minor version): treat an unknown one as "
    "unknown, not as an error."
)


def _enum(description: str, values: Any, **extra: Any) -> dict[str, Any]:
    values = list(values)
    if all(isinstance(v, int) for v in values):
        return _integer_choice(description, values)
    return {"type": "string", "enum": values, "description": description + GROWS, **extra}


def _integer_choice(description: str, values: list[int]) -> dict[str, Any]:
    """An integer choice as bounds: exactly ``values`` (an arithmetic run whose step
    divides its start, so that ``multipleOf`` says it), without an integer enum."""
    low, high = min(values), max(values)
    step = values[1] - values[0] if len(values) > 1 else 1
    assert sorted(values) == list(range(low, high + 1, step)) and low % step == 0, values
    bounds = {"minimum": low, "maximum": high} | ({"multipleOf": step} if step > 1 else {})
    listed = ", ".join(map(str, values))
    return {"type": "integer", **bounds, "description": f"{description} One of {listed}."}


def _parameter_enum(name: str) -> dict[str, Any]:
    return _enum(f"Values of the ruleset parameter `{name}`.", PARAMETERS[name].values)


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


#: Component name of each enum-valued ruleset parameter (``undertrump``: ``UndertrumpRule``).
PARAMETER_ENUMS = {
    name: _pascal(name) + "Rule" for name, spec in PARAMETERS.items() if spec.kind == "enum"
}

#: The rules operations: answered in the worker, on the hot path.
RULES_OPERATIONS = (
    "legalMoves",
    "trickWinner",
    "rankDeclarations",
    "bestDeclarations",
    "bidding",
    "roundScore",
    "roundScoreCounts",
    "matchScore",
    "matchSheet",
    "validateRound",
    "deal",
    "roundState",
    "roundView",
    "roundText",
    "roundFromText",
)
#: The operations whose work is a search in the players' process pool.
SEARCH_OPERATIONS = ("suggestPlay", "suggestBid", "suggestAction", "reviewRound")
#: The operations a batch item may call (every POST endpoint but the batch itself).
BATCH_OPERATIONS = RULES_OPERATIONS + SEARCH_OPERATIONS

#: Every enum of the API, by component name (referenced with :func:`enum_field`).
ENUMS: dict[str, dict[str, Any]] = {
    "Trump": _enum(
        "Trump mode: a suit (C clubs, D diamonds, H hearts, S spades), `none` (sans atout, "
        "no trump) or `all` (tout atout, every suit trump).",
        TRUMP_MODES,
    ),
    "Suit": _enum("A suit: C clubs, D diamonds, H hearts, S spades.", SUITS),
    "RulesetName": _enum("A ruleset preset (GET /v1/rulesets lists them).", PRESETS),
    "BidAction": _enum(
        "What a bid does. Coinche: `pass`, `bid`, `coinche` (x2), `surcoinche` (x4). "
        "Turned-card games and Klaberjass: `pass`, `take` (the turned suit, first round), "
        "`name` (another trump, second round). Bulgarian belot: `pass`, `bid` (a trump mode, "
        "no value), `contra` (x2), `recontra` (x4). Klaverjas: `pass`, `name` (a suit), "
        "`take` (the proposed suit).",
        ACTIONS,
    ),
    "CoincheLevel": _enum(
        "A Coinche contract's multiplier: `none` (x1), `coinche` (x2, or the ruleset's "
        "`coinche_multiplier`), `surcoinche` (x4, or `surcoinche_multiplier`).",
        MULTIPLIERS,
    ),
    "DoubleLevel": _enum(
        "A round's contra level (`doubling: contra`): `none` (x1), `contra` (x2), `recontra` (x4).",
        DOUBLES,
    ),
    "RoemKind": _enum(
        "What a trick's cards score (`declarations_from: trick`): `run` (3 or 4 cards of a "
        "suit in a row), `four` (the four cards of a rank), `stuk` (king and queen of trump).",
        (RUN, FOUR, STUK),
    ),
    "Rank": _enum("A rank, as an object key: 7 8 9 10 J Q K A.", RANKS),
    "PlayerLevel": _enum(
        "How hard a computer player thinks (docs/players.md), weakest first: `beginner` (a "
        "few deals searched, errs often, does not count trumps or read its partner), "
        "`casual` (errs less, reads its partner no more), `easy` (the greedy rule-based "
        "player), `normal` (up to 24 deals searched exactly, plays read, errs a little), "
        "`hard` (up to 120 deals weighed by the auction, the bidder looking further).",
        ("beginner", "casual", "easy", "normal", "hard"),
    ),
    "ReviewClass": _enum(
        "A card's class in a review (docs/review.md), by its information-set cost: `best`, "
        "`inaccuracy`, `mistake`, `blunder`; `unlucky`: the information-set cost below an "
        "inaccuracy's, the double-dummy cost a mistake's or more.",
        ("best", "inaccuracy", "mistake", "blunder", "unlucky"),
    ),
    "DeclarationKind": _enum(
        "`carre`: four cards of one rank; `sequence`: three or more consecutive cards of one suit.",
        ("carre", "sequence"),
    ),
    "RoundPhase": _enum(
        "Where a round record stands: `bidding` (the auction is not over), `redeal` "
        "(everybody passed), `play` (tricks remain), `complete` (every trick played).",
        ("bidding", "redeal", "play", "complete"),
    ),
    "StatePhase": _enum(
        "Where a round record stands (POST /v1/rounds/state): `auction`, `exchange` (the "
        "trump seven), `play`, `complete`, `redeal` (everybody passed).",
        round_state.PHASES,
    ),
    "ActionType": _enum(
        "What an action of a round record does: `bid`, `exchange` (Klaberjass's trump "
        "seven), `declare`, `belote`, `play`, `compare` (Klaberjass's comparison).",
        actions.ACTION_TYPES,
    ),
    "CompareStep": _enum(
        "A step of Klaberjass's comparison: `state` (the non-dealer's longest sequence, or "
        "its top), `good`, `not_good`, `how_high`, `same` (the dealer's answers).",
        actions.COMPARE_STEPS,
    ),
    "EventType": _enum(
        "What an action showed: `declaration`, `belote`, `rebelote`, `exchange`, `compare`.",
        round_state.EVENT_TYPES,
    ),
    "ParameterType": _enum(
        "A ruleset parameter's type: `enum` (one of `values`), `int` (`minimum`..`maximum`), "
        "`bool`, `modes` (a list of trump modes), `points` (run length to points) or "
        "`rank_points` (rank to points).",
        ("enum", "int", "bool", "modes", "points", "rank_points"),
    ),
    "SequenceLength": _enum("A sequence's length, as an object key.", SEQUENCE_LENGTHS),
    "ReasonCode": _enum(
        "Why a card or a bid is refused. A code never changes meaning; treat an unknown "
        "one as a refusal. "
        + " ".join(f"`{code}`: {meaning}" for code, meaning in REASON_CODES.items()),
        REASON_CODES,
        **{"x-enum-descriptions": list(REASON_CODES.values())},
    ),
    "MatchRoundType": _enum(
        "How a round of a match record is given: `score` (its scored summary, as "
        "`/v1/match-score` takes it), `redeal` (everybody passed: nobody scores), `record` "
        "(the round record, which the service plays through and scores), `counts` (what the "
        "players counted, as `/v1/round-score/counts` takes it: a score pad).",
        ("score", "redeal", "record", "counts"),
    ),
    "BatchOperation": _enum(
        "An operation a POST /v1/batch item calls: the operationId of a POST endpoint. "
        "The suggestions (`suggestPlay`, `suggestBid`, `suggestAction`) and reviews "
        "(`reviewRound`) each take a place in the worker's line of suggestions, as their own "
        "requests would, before any is searched: an item that finds the line full answers "
        "503, in its result.",
        BATCH_OPERATIONS,
    ),
} | {component: _parameter_enum(name) for name, component in PARAMETER_ENUMS.items()}

#: The other named components: shared scalars.
SCALARS: dict[str, dict[str, Any]] = {
    "Card": {
        "type": "string",
        "pattern": CARD_PATTERN,
        "minLength": 2,
        "maxLength": 3,
        "description": "A card, rank then suit: ranks 7 8 9 10 J Q K A, suits C D H S. "
        "Input also accepts T for ten, lower case and the suit symbols ♣ ♦ ♥ ♠; "
        "output is always canonical (`10H`, `JS`).",
        "examples": ["10H"],
    },
    "Seat": {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
        "description": "A seat, in playing order: 0..3 with four players (teams 0 and 2 "
        "against 1 and 3), 0..1 with two.",
    },
    "Team": {
        "type": "integer",
        "minimum": 0,
        "maximum": 1,
        "description": "A team: 0 (seats 0 and 2) or 1 (seats 1 and 3); with two players "
        "the team is the seat.",
    },
    "BidPoints": {
        "type": "integer",
        "minimum": MIN_BID_POINTS,
        "maximum": MAX_BID_POINTS,
        "description": "A numeric Coinche bid: 80, 90, ... 160 in every preset; the "
        "ruleset's ladder (`bid_minimum`, `bid_step`, `bid_maximum`) decides which numbers "
        "are bids (else the rule `invalid_value`).",
    },
}

COMPONENTS = SCALARS | ENUMS


def register_components(spec) -> None:
    """Add the named components to an apispec ``APISpec`` (before any schema uses them)."""
    for name, schema in COMPONENTS.items():
        spec.components.schema(name, schema)


def ref(name: str) -> dict[str, str]:
    assert name in COMPONENTS, name
    return {"$ref": f"#/components/schemas/{name}"}


def component_property(self, field: fields.Field, ret: dict, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function (runs last): a field marked ``metadata={"component":
    name}`` becomes a reference to that component, with its own description and default;
    ``metadata={"json_schema": {...}}`` adds keywords apispec does not pass through
    (``propertyNames``). A float is ``format: double``.

    A nullable one (``allow_none``) takes the form every generator turns into a nullable
    type: a shared scalar inlined as ``type: [X, "null"]`` with its bounds (C#'s generator
    keeps ``int`` for ``anyOf: [$ref Seat, null]``), an enum as ``anyOf: [$ref, null]``.
    """
    if isinstance(field, fields.Float):  # a double everywhere (Go's default is float32,
        ret["format"] = "double"  # Kotlin's a BigDecimal that Moshi writes as a string)
    name = field.metadata.get("component")
    if name is not None:
        keep = {k: ret[k] for k in ("description", "default") if k in ret}
        ret.clear()
        if field.allow_none and name in SCALARS:
            inline = {
                k: v for k, v in SCALARS[name].items() if k not in ("description", "examples")
            }
            ret.update(inline, type=[inline["type"], "null"])
        elif field.allow_none:
            ret["anyOf"] = [ref(name), {"type": "null"}]
        else:
            ret.update(ref(name))
        ret.update(keep)
    return dict(field.metadata.get("json_schema", {}))


def finish_components(schemas: dict[str, dict[str, Any]]) -> None:
    """The last touch on the spec's component schemas (``spec.spec_dict``): a nullable
    enum member of a response (``anyOf: [$ref enum, null]``) is listed but not
    ``required``, the one form in which C#'s httpclient generator types it nullable
    (``Trump?``; a required one is ``Trump``, and Json.NET then fails on null). The service
    still sends it, as null where it does not apply."""
    enum_refs = {ref(name)["$ref"] for name in ENUMS}
    for schema in schemas.values():
        required = schema.get("required")
        if not required or schema.get("additionalProperties") is False:  # requests
            continue
        nullable_enums = {
            prop
            for prop, sub in schema.get("properties", {}).items()
            if any(part.get("$ref") in enum_refs for part in sub.get("anyOf", ()))
        }
        schema["required"] = [prop for prop in required if prop not in nullable_enums]
        if not schema["required"]:
            del schema["required"]


# --- fields -----------------------------------------------------------------------------


def _meta(kwargs: dict[str, Any], component: str, description: str | None = None) -> dict:
    metadata = {"component": component}
    if description:
        metadata["description"] = description
    return metadata | kwargs.pop("metadata", {})


class JsonInteger(fields.Integer):
    """An integer the way JSON Schema means it: 7 or 7.0, never 7.5, "7" or true."""

    default_error_messages = {"invalid": "Not a valid integer."}

    def __init__(self, **kwargs: Any):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, int):
            return value
        raise self.make_error("invalid")


class NumberSeed(str):
    """A seed a client sent as a JSON number (0 to 2**31 - 1), as seeds were before they
    became strings: the same seed as its decimal string, and echoed as the number."""

    __slots__ = ()


def _dump_seed(value: Any) -> Any:
    return int(value) if isinstance(value, NumberSeed) else value


class SeedField(fields.String):
    """A seed: a string of 1 to 256 characters, in every operation that takes one. An
    integer (0 to 2**31 - 1, the type a player's seed had before) is still read, as its
    decimal string (:class:`NumberSeed`); answers echo the seed as it was sent."""

    hot_load = None  # the validated JSON value (a string) is the loaded value (hot_path.py)
    hot_dump = staticmethod(_dump_seed)
    _numbers = validate.Range(min=0, max=2**31 - 1)

    def __init__(self, **kwargs: Any):
        super().__init__(validate=validate.Length(min=1, max=256), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return NumberSeed(self._numbers(value))
        return super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else _dump_seed(value)


class StrictBoolean(fields.Boolean):
    """Only JSON ``true`` and ``false``."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        raise self.make_error("invalid")


class CardField(fields.String):
    """A ``Card``: loaded as an engine card index, dumped in canonical form."""

    def __init__(self, **kwargs: Any):
        super().__init__(metadata=_meta(kwargs, "Card"), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return parse_card(text)
        except CardError as error:
            raise ValidationError(str(error)) from error

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else card_name(value)


def Seat(description: str | None = None, **kwargs: Any) -> JsonInteger:  # noqa: N802
    """A ``Seat`` field (the ruleset decides how many seats there are: a 422 beyond)."""
    return JsonInteger(
        validate=validate.Range(min=0, max=3), metadata=_meta(kwargs, "Seat", description), **kwargs
    )


def Team(description: str | None = None, **kwargs: Any) -> JsonInteger:  # noqa: N802
    return JsonInteger(
        validate=validate.Range(min=0, max=1), metadata=_meta(kwargs, "Team", description), **kwargs
    )


def enum_field(component: str, description: str | None = None, **kwargs: Any) -> fields.Field:
    """A field holding one value of the named enum ``component`` of :data:`ENUMS`."""
    schema = ENUMS[component]
    if "enum" in schema:
        values, cls = schema["enum"], fields.String
    else:  # an integer choice: exactly the integers its bounds allow (_integer_choice)
        step = schema.get("multipleOf", 1)
        values, cls = list(range(schema["minimum"], schema["maximum"] + 1, step)), JsonInteger
    return cls(
        validate=validate.OneOf(values), metadata=_meta(kwargs, component, description), **kwargs
    )


def Trump(description: str | None = None, **kwargs: Any) -> fields.Field:  # noqa: N802
    return enum_field("Trump", description, **kwargs)


def Cards(  # noqa: N802
    min_length: int = 0, max_length: int = 32, unique: bool = True, **kwargs: Any
) -> fields.List:
    """A list of cards: distinct (``uniqueItems``: a repeated card is a 422 from the
    engine), or with ``unique=False`` where a repeat is a rule the answer reports (a round
    record's ``duplicate_card``)."""
    unique_items = {"uniqueItems": True} if unique else {}
    return fields.List(
        CardField(),
        validate=validate.Length(min=min_length, max=max_length),
        metadata=unique_items | kwargs.pop("metadata", {}),
        **kwargs,
    )


def TeamFigures(**kwargs: Any) -> fields.List:  # noqa: N802
    return fields.List(
        JsonInteger(),
        validate=validate.Length(equal=2),
        metadata={"description": "One figure per team: [team 0, team 1]."}
        | kwargs.pop("metadata", {}),
        **kwargs,
    )


def _points(value: Any) -> int | None:
    """The number of an engine bid value: None for capot (and for no value)."""
    return None if value is None or value == CAPOT else int(value)


#: A bid's value that is not a number: the capot bid is its own member.
BID_VALUE_INVALID = N_(
    'Not a valid bid value: a number (80, 90 ... 160); the capot bid is sent as "capot": '
    "true, without a value."
)


class BidPointsField(JsonInteger):
    """A bid's ``value``: a ``BidPoints`` integer (1..1000) or null. Dumped from the
    engine's bid value, where the capot bid is the string "capot": its ``value`` is null
    and its ``capot`` (:class:`CapotField`) true. Whether a number is on the ruleset's
    ladder is a rule of the auction (``invalid_value``) and of round scoring."""

    hot_dump = staticmethod(_points)  # what the hot path's dumper calls (hot_path.py)
    default_error_messages = {"invalid": BID_VALUE_INVALID}

    def __init__(self, description: str | None = None, **kwargs: Any):
        super().__init__(
            validate=validate.Range(min=MIN_BID_POINTS, max=MAX_BID_POINTS),
            metadata=_meta(kwargs, "BidPoints", description),
            **kwargs,
        )

    def _serialize(self, value, attr, obj, **kwargs):
        return _points(value)


def _is_capot(value: Any) -> bool:
    return value == CAPOT


class CapotField(StrictBoolean):
    """A bid's ``capot``: true for the capot bid (every trick, above every number). In a
    response it is dumped from the engine's bid value, member ``source`` of the object
    (the ``value`` that :class:`BidPointsField` dumps too)."""

    hot_dump = staticmethod(_is_capot)

    def __init__(self, *, source: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.source = source  # read by the hot path's dumper too

    def get_value(self, obj, attr, accessor=None, default=missing):
        return super().get_value(obj, self.source or attr, accessor, default)

    def _serialize(self, value, attr, obj, **kwargs):
        return _is_capot(value)


def bid_value_fields(
    description: str, *, response: bool = False, **kwargs: Any
) -> dict[str, fields.Field]:
    """``value`` and ``capot``, the bid value of every schema (one type per member, where
    it was once a union of integer, "capot" and null). A request sends ``value`` for a
    numeric bid or ``capot: true`` (not both, :func:`views.bid_value`); a response lists
    both: ``value`` null for capot and where a bid has no value, ``capot`` false but for
    the capot bid. ``kwargs`` go to ``value`` (``required=True``)."""
    capot = "True for the capot bid (every trick, above every number); `value` is then null"
    if response:
        return {
            "value": BidPointsField(
                f"{description} Null for the capot bid.", allow_none=True, required=True
            ),
            "capot": CapotField(
                source="value", required=True, metadata={"description": capot + "."}
            ),
        }
    return {
        "value": BidPointsField(description, **kwargs),
        "capot": CapotField(
            load_default=False,
            metadata={"description": capot + " (left out: false). Not with `value`."},
        ),
    }


# --- base schemas -----------------------------------------------------------------------


class StrictSchema(Schema):
    """An object whose unknown members are refused."""

    error_messages = {"type": "Expected a JSON object."}

    class Meta:
        unknown = RAISE
        ordered = True


class RequestSchema(StrictSchema):
    """A request object: an optional member left out, sent as null or (a list) sent empty
    means the same, its default. The spec shows every optional member as nullable."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if not field.required:
                field.allow_none = True

    @pre_load
    def _absent(self, data: Any, **kwargs: Any) -> Any:
        if not isinstance(data, dict):
            return data
        optional = {key: f for key, f in self.fields.items() if not f.required}
        return {
            key: value
            for key, value in data.items()
            if key not in optional or not _empty(value, optional[key])
        }


def _empty(value: Any, field: fields.Field) -> bool:
    return value is None or (value == [] and isinstance(field, fields.List))


class ResponseSchema(Schema):
    """An answer object: open (no ``additionalProperties`` in the spec), since a client
    must accept members added within /v1."""

    class Meta:
        ordered = True
        unknown = EXCLUDE


# --- ruleset options --------------------------------------------------------------------


def _option_field(name: str) -> fields.Field:
    spec = PARAMETERS[name]
    meta = {"description": spec.description}
    common: dict[str, Any] = {"allow_none": spec.nullable}
    if spec.kind == "enum":
        return enum_field(PARAMETER_ENUMS[name], spec.description, **common)
    if spec.kind == "int":
        return JsonInteger(
            validate=validate.Range(spec.minimum, spec.maximum), metadata=meta, **common
        )
    if spec.kind == "bool":
        return StrictBoolean(metadata=meta, **common)
    if spec.kind == "modes":
        return fields.List(
            Trump(),
            validate=validate.Length(min=1, max=len(TRUMP_MODES)),
            metadata=meta | {"uniqueItems": True},
            **common,
        )
    if spec.kind == "points":
        return fields.Dict(
            keys=fields.String(validate=validate.OneOf(SEQUENCE_LENGTHS)),
            values=JsonInteger(validate=validate.Range(min=0, max=MAX_SEQUENCE_POINTS)),
            metadata=meta | {"json_schema": {"propertyNames": ref("SequenceLength")}},
            **common,
        )
    if spec.kind == "rank_points":
        return fields.Dict(
            keys=fields.String(validate=validate.OneOf(RANKS)),
            values=JsonInteger(validate=validate.Range(min=0, max=MAX_SEQUENCE_POINTS)),
            metadata=meta | {"json_schema": {"propertyNames": ref("Rank")}},
            **common,
        )
    raise AssertionError(spec.kind)


#: Every ruleset parameter by name: overrides in a request (each optional, unknown names
#: refused), every value in a ruleset listing. ``null`` is a value of the parameters
#: ``GET /v1/parameters`` lists as nullable ("off"), not the same as leaving one out.
OptionsSchema = StrictSchema.from_dict(
    {name: _option_field(name) for name in PARAMETERS}, name="OptionsSchema"
)
#: The same parameters in an answer (a ruleset listing): open to parameters added later.
RulesetParametersSchema = ResponseSchema.from_dict(
    {name: _option_field(name) for name in PARAMETERS}, name="RulesetParametersSchema"
)


class RulesetRequestSchema(RequestSchema):
    ruleset = enum_field(
        "RulesetName", "The ruleset preset; `belote` when left out.", load_default="belote"
    )
    options = fields.Nested(
        OptionsSchema(),
        load_default=dict,
        metadata={"description": "Overrides of the preset's parameters, by name."},
    )


# --- problems ---------------------------------------------------------------------------


class ProblemViolationSchema(ResponseSchema):
    """An illegal play (`trick`, `seat`, `card`) or an illegal bid (`bid`, `seat`,
    `action`), with its reason code and a sentence."""

    trick = JsonInteger(allow_none=True, metadata={"description": "Trick index, from 0."})
    bid = JsonInteger(allow_none=True, metadata={"description": "Index of the bid in `bids`."})
    index = JsonInteger(
        allow_none=True,
        metadata={"description": "For an illegal action: its index in the record's `actions`."},
    )
    seat = Seat(
        "The seat that played, or that made the bid: the bid's own `seat` when it names "
        "one, else the seat whose turn it was.",
        required=True,
    )
    card = CardField(allow_none=True)
    action = enum_field("BidAction", "The illegal bid's action.", allow_none=True)
    rule = enum_field("ReasonCode", required=True)
    message = fields.String(required=True, metadata={"description": "One sentence."})


class ProblemSchema(Schema):
    """RFC 9457 problem details, every member the service sends named; more may appear
    (RFC 9457 section 3.2; open like every answer)."""

    class Meta:
        ordered = True
        unknown = EXCLUDE

    type = fields.String(
        required=True,
        metadata={
            "description": "The problem kind: `about:blank` (the HTTP status says it all) "
            "or a `tag:belote-rules,2026:problem/...` URI (invalid-input, illegal-round, "
            "illegal-bid).",
            "example": "about:blank",
        },
    )
    title = fields.String(required=True, metadata={"description": "The kind, in words."})
    status = JsonInteger(required=True, metadata={"description": "The HTTP status code."})
    detail = fields.String(required=True, metadata={"description": "What went wrong, here."})
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "For invalid input: messages by field path (`trick.cards.1`)."},
    )
    violations = fields.List(
        fields.Nested(ProblemViolationSchema()),
        metadata={
            "description": "For an illegal round record: each illegal play (`trick`, `seat`, "
            "`card`); for an illegal bid: the bid (`bid`, `seat`, `action`)."
        },
    )
    request_id = fields.String(
        metadata={
            "description": "The request's id, as in the `X-Request-ID` header (the client's "
            "own if it sent a valid one): quote it when reporting a problem."
        },
    )
