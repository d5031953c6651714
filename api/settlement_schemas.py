"""The schemas of the settlement, the explanation of a balance, the audit and the what-if."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.fields import JsonWholeNumber
from api.schemas import BODY_NOT_OBJECT, MAX_VERSION, MoveSchema
from domain.money.explanation import CHANGED, ONLY_ALTERNATIVE, ONLY_RECORDED
from domain.money.movements import UNITS
from domain.money.settlement import STATUSES
from domain.record.audit import KINDS
from service.branching import MAX_LINE


class RuleSchema(Schema):
    """A rule of the catalogue, as an entry names it."""

    id = fields.String()
    sentence = fields.String()
    source = fields.String(metadata={"description": "seed, ruling (RULINGS.md) or meldbook (Meldbook's own ruling)"})
    stated = fields.Boolean(
        metadata={"description": "true for a figure the table stated (a count, a result hand's figure) rather than one "
                  "the rules computed from cards: applied by the rules, but not checkable by them"}
    )


class EntrySchema(Schema):
    """One movement of money, chips or points."""

    version = fields.Integer(metadata={"description": "the version of the stored event behind it"})
    move = fields.Integer(metadata={"description": "the move it belongs to (0: the game's setup)"})
    hand = fields.Integer()
    action = fields.String(metadata={"description": "the move behind it, in words, as the caller may see it"})
    phrase = fields.Dict(
        allow_none=True,
        metadata={"description": "the same words as data (as a replay frame's `phrase`), for a client that says them "
                  "in another language"},
    )
    source = fields.String(metadata={"description": "the account it left: player:<name>, pot, kitty, space:<id>, "
                                     "ace:<suit>, bet:<name>, side-pot:<n>, bank, score-sheet"})
    destination = fields.String(metadata={"description": "the account it reached"})
    amount = fields.Integer(metadata={"description": "whole units; points may be negative"})
    unit = fields.String(validate=validate.OneOf(UNITS), metadata={"description": "money (minor units), chips, points"})
    rule = fields.Nested(RuleSchema)
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        metadata={"description": "counted; reversed or replacement once a correction posts new entries"},
    )


class HandChangeSchema(Schema):
    """An account's change over one hand."""

    hand = fields.Integer()
    change = fields.Integer()


class BalanceSchema(Schema):
    """An account's balance in one unit, in total and by hand."""

    account = fields.String()
    player = fields.String(allow_none=True, metadata={"description": "the player whose account it is, if any"})
    unit = fields.String()
    total = fields.Integer()
    by_hand = fields.List(fields.Nested(HandChangeSchema))


class CheckSchema(Schema):
    """A conservation law, checked at every event."""

    unit = fields.String()
    law = fields.String()
    held = fields.Boolean()
    broken_at = fields.Integer(allow_none=True, metadata={"description": "the version where it first broke"})
    detail = fields.String()


class SettlementBodySchema(Schema):
    """Entries, balances and conservation checks."""

    variant = fields.String()
    entries = fields.List(fields.Nested(EntrySchema))
    balances = fields.List(fields.Nested(BalanceSchema))
    conservation = fields.List(fields.Nested(CheckSchema))


class SettlementSchema(SettlementBodySchema):
    """A game's settlement."""

    id = fields.String()


class ExplainedEntrySchema(EntrySchema):
    """An entry of one player's balance, with what it changed and the running total."""

    change = fields.Integer(metadata={"description": "what the entry added to (or took from) the player's balance"})
    running_total = fields.Integer(metadata={"description": "the player's balance in the entry's unit after it"})


class UnitTotalSchema(Schema):
    """A balance in one unit."""

    unit = fields.String()
    total = fields.Integer()


class ExplanationSchema(Schema):
    """One player's balance explained, entry by entry."""

    id = fields.String()
    player = fields.String()
    account = fields.String()
    entries = fields.List(fields.Nested(ExplainedEntrySchema))
    balances = fields.List(fields.Nested(UnitTotalSchema))


class AuditEventSchema(Schema):
    """A stored or re-derived event, as the caller may see it."""

    version = fields.Integer()
    type = fields.String()
    data = fields.Dict()


class DiscrepancySchema(Schema):
    """A difference between the record and what its moves derive."""

    kind = fields.String(validate=validate.OneOf(KINDS))
    version = fields.Integer()
    rule = fields.String(allow_none=True, metadata={"description": "the rule the event names, for a payout or score"})
    detail = fields.String()
    stored = fields.Nested(AuditEventSchema, allow_none=True)
    recomputed = fields.Nested(AuditEventSchema, allow_none=True)


class ClaimSchema(Schema):
    """A hand's result as an imported record stated it, beside what the rules computed and what the record gives."""

    hand = fields.Integer(required=True, metadata={"description": "the hand, counted from 1"})
    player = fields.String(required=True)
    what = fields.String(required=True, metadata={"description": "points, money (minor units) or chips"})
    stated = fields.Integer(required=True, metadata={"description": "the player's net in that hand, as stated"})
    computed = fields.Integer(required=True, metadata={"description": "what the rules computed when it was imported"})
    recorded = fields.Integer(required=True, metadata={"description": "what the record gives now, corrected"})
    line = fields.Integer(required=True, metadata={"description": "the line of the record that stated it"})


class AuditSchema(Schema):
    """The audit of a game: ok, or its discrepancies; apart from them, the stated results that disagree."""

    id = fields.String()
    ok = fields.Boolean(
        metadata={"description": "true when no stored event differs from what the game's rules give (no discrepancy)"}
    )
    claims_agree = fields.Boolean(
        metadata={
            "description": "true when no stated result kept by a notation import disagrees with the record (the "
            "claims are reported apart from the verdict `ok`: they are what the imported text said)"
        }
    )
    discrepancies = fields.List(fields.Nested(DiscrepancySchema))
    claims = fields.List(
        fields.Nested(ClaimSchema),
        metadata={"description": "stated results kept by a notation import that disagree with the record now"},
    )
    stated = fields.List(
        fields.Nested(EntrySchema),
        metadata={"description": "the settlement's counted entries whose figures the table stated (a count, a result "
                  "hand's figure) rather than the rules computed from cards: listed apart from the computed ones, as "
                  "the audit can check what follows from them but not the figures themselves"},
    )


class WhatIfBodySchema(Schema):
    """A position and either alternative actions from it or other house-rule options."""

    error_messages = BODY_NOT_OBJECT

    at = JsonWholeNumber(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "the version to branch at, which must end a move (default: the game's latest)"},
    )
    actions = fields.List(
        fields.Nested(MoveSchema),
        validate=validate.Length(min=1, max=MAX_LINE),
        metadata={"description": "action bodies, as POST /moves takes them, played on from `at` (the full view only)"},
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={"description": "house-rule options to replay the record under (the others as the game was set up)"},
    )


class DifferenceSchema(Schema):
    """One entry that differs between the recorded settlement and the alternative."""

    change = fields.String(validate=validate.OneOf((CHANGED, ONLY_RECORDED, ONLY_ALTERNATIVE)))
    recorded = fields.Nested(EntrySchema, allow_none=True)
    alternative = fields.Nested(EntrySchema, allow_none=True)
    amount_difference = fields.Integer()


class BalanceDifferenceSchema(Schema):
    """An account's balance recorded, under the alternative, and the difference."""

    account = fields.String()
    player = fields.String(allow_none=True)
    unit = fields.String()
    recorded = fields.Integer()
    alternative = fields.Integer()
    difference = fields.Integer()


class ComparisonSchema(Schema):
    """What differs: entries and balances."""

    entries = fields.List(fields.Nested(DifferenceSchema))
    balances = fields.List(fields.Nested(BalanceDifferenceSchema))


class WhatIfSchema(Schema):
    """The settlement under the alternative, and its difference from the recorded one."""

    id = fields.String()
    at = fields.Integer()
    options = fields.Dict()
    settlement = fields.Nested(SettlementBodySchema)
    difference = fields.Nested(ComparisonSchema)
