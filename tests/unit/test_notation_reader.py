"""The notation's reader, writer and archives, without a store: the grammar names every action kind, lines read
leniently into the bodies POST /moves takes, and every refusal names its line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.notation.archive import split_archive
from domain.notation.errors import NotationError
from domain.notation.grammars import grammar_of, notation_kinds
from domain.notation.reader import read_record
from domain.notation.tags import is_tag, read_tag
from domain.notation.writer import write_record
from domain.variants import VARIANTS

TAGS = ['[Variant "robins"]', '[Seat1 "ann"]', '[Seat2 "bob"]', '[DealMode "recorded"]']


def moves_of(*lines: str) -> list:
    record = read_record([*TAGS, "", "Hand 1", *lines])
    return record.hands[0].moves


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_action_kind_of_every_variant_has_its_place_in_the_grammar(variant: str) -> None:
    kinds = notation_kinds(VARIANTS[variant])  # the variant's own and the corrections
    grammar = grammar_of(variant)
    assert set(grammar.positional) == set(kinds)
    for name, in_place in grammar.positional.items():
        assert all(kinds[name].param(field) is not None for field in in_place), name
        assert "seeds" not in in_place


def test_a_move_line_reads_as_the_body_post_moves_takes_with_the_column_of_each_field() -> None:
    (move,) = moves_of("9. bob pick_up 7H cards=[7H 2C] meld=3 declare=[8H] kind=set !? {risky}")
    assert move.body == {"type": "pick_up", "player": "bob", "card": "7H", "cards": ["7H", "2C"], "meld": 3,
                         "declare": ["8H"], "kind": "set"}
    assert (move.number, move.line, move.column) == (9, 7, 8)
    assert move.columns["cards"] == len("9. bob pick_up 7H cards=") + 1
    assert [(n.comment, n.glyph) for n in move.notes] == [("risky", "!?")]


def test_a_deal_reads_each_players_cards_and_the_upcard() -> None:
    (move,) = moves_of('3. bob deal [ann [JK 9S AH] "bob" [6H JC 9D]] 5D')
    assert move.body["hands"] == {"ann": ["JK", "9S", "AH"], "bob": ["6H", "JC", "9D"]}
    assert move.body["upcard"] == "5D"


def test_double_question_marks_are_a_glyph_after_a_full_action_and_an_unknown_card_in_a_place() -> None:
    (judged,) = moves_of("12. ann discard 9C ??")
    assert judged.body["card"] == "9C" and judged.notes[0].glyph == "??"
    with pytest.raises(NotationError) as unknown:
        moves_of("12. ann draw ??")
    assert (unknown.value.code, unknown.value.line, unknown.value.column) == ("unknown-card-not-supported", 7, 14)


def test_the_voided_marker_is_read_and_kept() -> None:
    (move,) = moves_of("~4. ann discard 9C")
    assert move.voided and move.number == 4


def test_a_correction_line_reads_as_the_body_the_corrections_take_with_who_asked_apart() -> None:
    void, amend, unsigned = moves_of('43. * VOID 41 reason="entered at the wrong table" by=arbiter',
                                     "44. * amend 18 7H 7D then=void-rest reason=misread {checked}", "45. * void 44")
    assert void.body == {"type": "void", "from_move": 41, "reason": "entered at the wrong table"}
    by = len('43. * VOID 41 reason="entered at the wrong table" by=') + 1
    assert (void.requested_by, void.columns["by"]) == ("arbiter", by)
    assert amend.body == {"type": "amend", "move": 18, "card": "7H", "replacement": "7D", "then": "void-rest",
                          "reason": "misread"}
    assert amend.requested_by is None and amend.notes[0].comment == "checked"
    assert unsigned.body == {"type": "void", "from_move": 44} and unsigned.requested_by is None
    (move,) = moves_of("12. ann discard 9C by=arbiter")
    assert move.body["by"] == "arbiter", "by= is a correction's: on a move it is a field the rules refuse"


def test_voided_moves_and_corrections_are_written_back_in_the_canonical_form() -> None:
    lines = ["~4. ann discard 9C", '5. * void 4 reason="entered twice" by=recorder',
             "6. * amend 2 7H 7D reason=misread by=arbiter"]
    leniently = ["~4.  ann  DISCARD  9C", '5.   *  Void 4  by=recorder  reason="entered twice"',
                 "6. * AMEND reason=misread 2 7H by=arbiter 7D"]
    written = write_record(read_record([*TAGS, "", "Hand 1", *leniently]))
    assert written.split("\n")[-4:-1] == lines


@pytest.mark.parametrize(
    ("line", "code", "column"),
    [
        ("5. ann meld [7H 8H", "notation-syntax", 13),
        ("5. ann discard 9C {never closed", "notation-syntax", 19),
        ("5. ann discard 9C 8C", "invalid-action", 19),
        ("5. ann meld cards=", "notation-syntax", 13),
        ("5.", "notation-syntax", 1),
        ("Result ann x points", "notation-syntax", 8),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_at_its_column(line: str, code: str, column: int) -> None:
    with pytest.raises(NotationError) as refused:
        moves_of(line)
    assert (refused.value.code, refused.value.line, refused.value.column) == (code, 7, column)
    assert refused.value.details == {"line": 7, "column": column}


def test_an_unknown_tag_and_a_missing_variant_are_refused_by_name() -> None:
    with pytest.raises(NotationError) as unknown:
        read_record(['[Variant "roby"]', "[Stakes 5]"])
    assert (unknown.value.code, unknown.value.line, unknown.value.column) == ("notation-unknown-tag", 2, 2)
    with pytest.raises(NotationError) as missing:
        read_record(['[Seat1 "ann"]', "1. ann cut 7H"])
    assert missing.value.code == "notation-missing-tag"


def test_the_writer_writes_one_canonical_form_of_what_the_reader_read() -> None:
    record = read_record([*TAGS, "{a game comment}", "Hand 1", "1.  ann   CUT 5D", "( bob cut 6D ; ann cut 7D )",
                          "Result ann 3 points"])
    text = write_record(record)
    assert "1. ann cut 5D\n( bob cut 6D ; ann cut 7D )\nResult ann 3 points\n" in text
    assert "\n{a game comment}\n" in text
    assert write_record(read_record(text.split("\n"))) == text


def test_an_archive_splits_into_its_records_with_their_first_lines_whatever_the_line_endings() -> None:
    one = "\r\n".join([*TAGS, "", "Hand 1", "1. ann cut 5D", ""])
    two = "\n".join(['[Variant "roby"]', '[Seat1 "cy"]', "", "Hand 1", "1. cy cut 2C"])
    records = list(split_archive((one + "\n\n" + two).splitlines(keepends=True)))
    assert [(r.index, r.first_line) for r in records] == [(0, 1), (1, len(TAGS) + 6)]
    assert records[0].text.endswith("1. ann cut 5D\n") and "\r" not in records[0].text
    assert records[1].text.startswith('[Variant "roby"]')


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(st.lists(st.text(alphabet=st.sampled_from(list("[]{}();\"=~*.!? \t09AHKT♠xp-,#\\")), max_size=40), max_size=6))
def test_any_text_after_the_tags_reads_or_is_refused_at_a_place(lines: list[str]) -> None:
    try:
        read_record([*TAGS, *lines])
    except NotationError as error:
        assert 1 <= error.line <= len(TAGS) + len(lines) and error.column >= 1


@pytest.mark.parametrize(
    "line", ["1. ann meld " + "[" * 5000, "1. ann cut 7H " + "9" * 5000, "9" * 5000 + ". ann cut 7H",
             "Hand " + "9" * 5000, "Result ann " + "9" * 5000 + " points"]
)
def test_runaway_nesting_and_numbers_are_refused_or_left_to_the_action_parser(line: str) -> None:
    try:
        read_record([*TAGS, line])
    except NotationError as error:
        assert error.line == len(TAGS) + 1


@pytest.mark.parametrize("inside", [" " * 1_000_000 + "x", " ]" * 500_000 + "x", "x" * 1_000_000])
def test_a_tag_is_recognised_in_one_pass_however_long_and_odd_its_line(inside: str) -> None:
    # A pattern that searched for the closing bracket after a lazy value tried every position again: a line of a
    # million spaces took hours (quadratic backtracking) before it was read as not a tag.
    assert not is_tag("[Event " + inside)
    assert is_tag("[Event " + inside + "]") and read_tag("[Event " + inside + "]", 1)[1] == inside.strip()
    assert read_tag('[ Seat1  "ann" ]  ', 3) == ("Seat1", "ann") and read_tag("[Event ]", 1) == ("Event", "")
    assert not is_tag("[Event]") and read_tag("[Event x]]", 1) == ("Event", "x]")
