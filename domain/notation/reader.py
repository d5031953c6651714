"""The lenient reader: one record's text as a `Record`. Case, T or 10, suit letters or symbols, extra spaces and
both line-ending styles are read; the action bodies are left for the rules (`Game.record`) to judge."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domain.corrections.kinds import CORRECTION_KINDS, REQUESTED_BY
from domain.errors import MeldbookError
from domain.notation.actions import Value, read_fields, read_value, split_keyword
from domain.notation.errors import NotationError
from domain.notation.grammars import Grammar, grammar_of, notation_kinds
from domain.notation.record import GLYPHS, HIDDEN, TABLE_ACTOR, Figure, Hand, Move, Note, Record, Result, Variation
from domain.notation.tags import is_tag, read_tag
from domain.notation.tokens import Token, tokenize
from domain.rules.actions import ActionKind
from domain.rules.registry import variant_named

_NUMBER = re.compile(r"(\d{1,9})\.+")
VOID = "~"
"""The voided-action marker: a move line starting with ~ records an action the table voided."""

Kinds = Mapping[str, ActionKind]
Lookup = tuple[Kinds, Grammar]


def read_record(lines: Iterable[str], first_line: int = 1) -> Record:
    """Read one record, its first line being line `first_line` of the file (of an archive, say)."""
    reader = RecordReader(first_line)
    for number, raw in enumerate(lines, first_line):
        reader.read(number, raw)
    return reader.finish()


@dataclass(frozen=True, slots=True)
class Read:
    """What one line of a record's body added, as soon as it is read: a hand's header (`hand`), a move (`move`, in
    `hand`), a variation of the move before it (`variation`, of `move`), comments (`notes`, on `move`, or on the
    whole game when no move of the hand precedes them) or a result line (`result`, of `hand`)."""

    kind: str
    hand: Hand | None = None
    move: Move | None = None
    variation: Variation | None = None


class RecordReader:
    """One record read a line at a time, so that whoever records it can act on each line as it comes and stop at
    the first that cannot be read or recorded, however long the text after it: the tag pairs first, then each line
    of the body handed back as a `Read` the moment it is read. `record` holds all that was read so far."""

    def __init__(self, first_line: int = 1) -> None:
        self.record = Record(tags={}, first_line=first_line)
        self._language: Lookup | None = None

    @property
    def in_body(self) -> bool:
        """Whether the tag pairs are over (a line of the body has been read)."""
        return self._language is not None

    def read(self, number: int, raw: str) -> Read | None:
        """Read line `number`; what it added to the body, or None for a blank line or a tag pair."""
        line = raw.rstrip("\r\n").replace("\ufeff", "").strip()
        if not line:
            return None
        record = self.record
        if not record.hands and is_tag(line) and not record.notes:
            name, value = read_tag(line, number)
            if name in record.tags:
                raise NotationError(f"the {name} tag is given twice", line=number, column=1, code="notation-syntax")
            record.tags[name] = value
            record.tag_lines[name] = number
            return None
        if self._language is None:
            self._language = _language(record, number)
        return _read_line(record, tokenize(line, number), number, self._language)

    def finish(self) -> Record:
        """The whole record, once its last line is read (refused when it never named its variant)."""
        if self._language is None:
            self._language = _language(self.record, self.record.first_line)
        return self.record


def _language(record: Record, number: int) -> Lookup:
    """The action kinds and grammar of the record's variant, once its tags are read."""
    if "Variant" not in record.tags:
        raise NotationError('a record starts with its tag pairs, [Variant "roby"] among them', line=number,
                            column=1, code="notation-missing-tag")
    name = record.tags["Variant"]
    try:
        rules = variant_named(str(name).lower())
    except MeldbookError as error:
        raise NotationError.at(error, record.tag_lines["Variant"], 2) from None
    record.tags["Variant"] = rules.name
    return notation_kinds(rules), grammar_of(rules.name)


def _read_line(record: Record, tokens: list[Token], number: int, language: Lookup) -> Read:
    first = tokens[0]
    if first.kind == "comment" and all(t.kind == "comment" for t in tokens):
        notes = [Note(t.text, line=number) for t in tokens]
        last = _last_move(record)
        (last.notes if last is not None else record.notes).extend(notes)
        return Read("notes", record.hands[-1] if record.hands else None, last)
    if first.kind == "word" and first.text.lower() == "hand" and len(tokens) in (2, 4):
        record.hands.append(_hand_header(tokens, number))
        return Read("hand", record.hands[-1])
    if first.kind == "word" and first.text.lower().rstrip(":") == "result":
        hand = _hand(record, number)
        hand.result = Result(number, _figures(tokens[1:], number))
        return Read("result", hand)
    if first.kind == "(":
        last = _last_move(record)
        if last is None:
            raise NotationError("a variation ( ... ) follows the move it is an alternative to", line=number,
                                column=first.column)
        last.variations.append(_variation(tokens, number, language))
        return Read("variation", record.hands[-1], last, last.variations[-1])
    hand = _hand(record, number)
    hand.moves.append(read_move(tokens, number, language))
    return Read("move", hand, hand.moves[-1])


def _hand_header(tokens: Sequence[Token], number: int) -> Hand:
    """`Hand <number>`, or `Hand <number> dealer <name>`."""
    if not re.fullmatch(r"\d{1,9}", tokens[1].text):
        raise NotationError("a hand starts with a line Hand <number> [dealer <name>]", line=number,
                            column=tokens[1].column)
    hand = Hand(int(tokens[1].text), number)
    if len(tokens) == 4:
        if tokens[2].text.lower() != "dealer" or tokens[3].kind not in ("word", "string"):
            raise NotationError("a hand's header names its dealer as: Hand 2 dealer bob", line=number,
                                column=tokens[2].column)
        hand.dealer, hand.dealer_column = tokens[3].text, tokens[3].column
    return hand


def _hand(record: Record, number: int) -> Hand:
    if not record.hands:
        record.hands.append(Hand(1, number))
    return record.hands[-1]


def _last_move(record: Record) -> Move | None:
    return record.hands[-1].moves[-1] if record.hands and record.hands[-1].moves else None


def read_move(tokens: Sequence[Token], number: int, language: Lookup) -> Move:
    """One move from its tokens: [~] [number.] actor action fields... [glyph] [{comment}]..."""
    kinds, grammar = language
    at, voided, move_number = 0, False, None
    if tokens and tokens[0].kind == "word" and tokens[0].text.startswith(VOID):
        voided = True
        rest = tokens[0].text[1:]
        tokens = ([Token("word", rest, tokens[0].column + 1)] if rest else []) + list(tokens[1:])
    if tokens and tokens[0].kind == "word" and (match := _NUMBER.fullmatch(tokens[0].text)):
        move_number, at = int(match.group(1)), 1
    if len(tokens) < at + 2 or tokens[at].kind not in ("word", "string") or tokens[at + 1].kind != "word":
        column = tokens[min(at, len(tokens) - 1)].column if tokens else 1
        raise NotationError("a move is written: number. actor action fields, e.g. 12. ann discard 9C", line=number,
                            column=column)
    actor, verb = tokens[at], tokens[at + 1]
    kind_name = verb.text.lower().replace("-", "_")
    end = len(tokens)
    comments: list[str] = []
    while end > at + 2 and tokens[end - 1].kind == "comment":
        end -= 1
        comments.insert(0, tokens[end].text)
    kind = kinds.get(kind_name)
    values = _values(tokens[at + 2:end], number)
    glyph = None
    if values and values[-1][0] is None and _is_glyph(values[-1][1], values, kind, grammar):
        glyph = values.pop()[1].text  # type: ignore[union-attr]
    body: dict[str, object] = {"type": kind_name if kind is not None else verb.text}
    if actor.text != TABLE_ACTOR or actor.kind == "string":
        body["player"] = actor.text
    columns = {"type": verb.column, "player": actor.column}
    if kind is not None:
        fields, value_columns = read_fields(kind, grammar, values, number)
        body.update(fields)
        columns.update(value_columns)
    notes = [Note(comments[0] if comments else "", glyph, number)] if glyph or comments else []
    notes += [Note(comment, line=number) for comment in comments[1:]]
    move = Move(number, verb.column, actor.text, body, move_number, voided, notes, [], columns)
    if kind_name in CORRECTION_KINDS and REQUESTED_BY in body:
        move.requested_by = str(body.pop(REQUESTED_BY))
    return move


def _values(tokens: Sequence[Token], number: int) -> list[tuple[str | None, Value]]:
    values: list[tuple[str | None, Value]] = []
    at = 0
    while at < len(tokens):
        keyword = split_keyword(tokens[at])
        if keyword is not None:
            name, inline = keyword
            if inline.text:
                values.append((name, inline))
                at += 1
                continue
            if at + 1 >= len(tokens):
                raise NotationError(f"{name}= has no value", line=number, column=tokens[at].column)
            value, at = read_value(tokens, at + 1, number)
            values.append((name, value))
            continue
        value, at = read_value(tokens, at, number)
        values.append((None, value))
    return values


def _is_glyph(value: Value, values: Sequence[tuple[str | None, Value]], kind: ActionKind | None,
              grammar: Grammar) -> bool:
    """Whether the last value is a glyph: ?? is a card while the action's places are not all filled."""
    if not isinstance(value, Token) or value.kind != "word" or value.text not in GLYPHS:
        return False
    if value.text != HIDDEN or kind is None:
        return True
    in_place = sum(1 for name, _ in values if name is None)
    return in_place > len(grammar.in_place(kind.type))


def _variation(tokens: Sequence[Token], number: int, language: Lookup) -> Variation:
    if tokens[-1].kind != ")":
        raise NotationError("a variation opened with ( is closed with ) on its line", line=number,
                            column=tokens[0].column)
    inner = list(tokens[1:-1])
    note = Note(line=number)
    if inner and inner[0].kind == "word" and inner[0].text in GLYPHS:
        note.glyph = inner.pop(0).text
    if inner and inner[0].kind == "comment":
        note.comment = inner.pop(0).text
    moves: list[Move] = []
    part: list[Token] = []
    for token in [*inner, Token(";", ";", tokens[-1].column)]:
        if token.kind != ";":
            part.append(token)
        elif part:
            moves.append(read_move(part, number, language))
            part = []
    if not moves:
        raise NotationError("a variation holds at least one move", line=number, column=tokens[0].column)
    return Variation(number, tokens[0].column, moves, note)


def _figures(tokens: Sequence[Token], number: int) -> list[Figure]:
    words = [t for t in tokens]
    if len(words) == 1 and words[0].text.lower() == "none":
        return []
    figures = []
    for start in range(0, len(words), 3):
        triple = words[start:start + 3]
        amount = triple[1].text if len(triple) > 1 else ""
        if len(triple) < 3 or not re.fullmatch(r"[+-]?\d{1,18}", amount):
            column = triple[0].column
            raise NotationError("a result is written name amount unit, ... e.g. Result ann 35 points, bob -35 points",
                                line=number, column=column, code="notation-syntax")
        figures.append(Figure(triple[0].text, triple[2].text.rstrip(",").lower(), int(amount), triple[0].column))
    return figures
