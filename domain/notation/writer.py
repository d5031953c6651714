"""The canonical writer: a `Record` as the one text the notation writes for it (docs/notation.md)."""

from __future__ import annotations

from collections.abc import Mapping

from domain.corrections.kinds import REQUESTED_BY
from domain.notation.actions import write_fields
from domain.notation.grammars import Grammar, grammar_of, notation_kinds
from domain.notation.record import TABLE_ACTOR, Figure, Move, Note, Record
from domain.notation.tags import write_tags
from domain.notation.tokens import quoted
from domain.rules.actions import ActionKind
from domain.rules.registry import variant_named


def write_record(record: Record) -> str:
    """The canonical text of a record: tags, game comments, then each hand's moves and result; one final newline."""
    rules = variant_named(record.tags["Variant"])
    kinds, grammar = notation_kinds(rules), grammar_of(rules.name)
    lines = write_tags(record.tags, record.players, record.options)
    if record.notes:
        lines += ["", *(_comment(note.comment) for note in record.notes)]
    for hand in record.hands:
        deal = hand.deal()
        dealer = f" dealer {quoted(str(deal.body['player']))}" if deal is not None and "player" in deal.body else ""
        lines += ["", f"Hand {hand.number}{dealer}"]
        for move in hand.moves:
            lines.append(write_move(move, kinds, grammar, numbered=True))
            lines += [_comment(note.comment) for note in move.notes[1:]]
            for variation in move.variations:
                head = _note(variation.note)
                moves = " ; ".join(write_move(m, kinds, grammar, numbered=False) for m in variation.moves)
                lines.append("( " + " ".join([*head, moves]) + " )")
        if hand.result is not None:
            lines.append(write_result(hand.result.figures))
    return "\n".join(lines) + "\n"


def write_move(move: Move, kinds: Mapping[str, ActionKind], grammar: Grammar, *, numbered: bool) -> str:
    """One move line: [~] number, actor, action and fields (a correction's `by=` last), then its first note's glyph
    and comment."""
    kind = kinds[str(move.body["type"])]
    actor = TABLE_ACTOR if kind.table else quoted(str(move.body.get("player", move.actor)))
    parts = [f"{move.number}." if numbered and move.number is not None else "", actor, kind.type]
    parts += write_fields(kind, grammar, move.body)
    if move.requested_by is not None:
        parts.append(f"{REQUESTED_BY}={quoted(move.requested_by)}")
    if move.notes:
        parts += _note(move.notes[0])
    return ("~" if move.voided else "") + " ".join(part for part in parts if part)


def _note(note: Note) -> list[str]:
    return [part for part in (note.glyph, _comment(note.comment) if note.comment else "") if part]


def _comment(text: str) -> str:
    """A comment in braces, on one line: line breaks become spaces and a closing brace a parenthesis."""
    return "{" + " ".join(text.replace("}", ")").split()) + "}"


def write_result(figures: list[Figure]) -> str:
    """A result line: each figure as name amount unit, in order, or `Result none`."""
    if not figures:
        return "Result none"
    return "Result " + ", ".join(f"{quoted(f.player)} {f.amount} {f.what}" for f in figures)


def figures_of(totals: Mapping[tuple[str, str], int], players: list[str]) -> list[Figure]:
    """Figures in canonical order: by seat, then points before money or chips."""
    order = {player: seat for seat, player in enumerate(players)}
    keys = sorted(totals, key=lambda key: (order.get(key[0], len(order)), key[1] != "points", key[1]))
    return [Figure(player, what, totals[(player, what)]) for player, what in keys]


