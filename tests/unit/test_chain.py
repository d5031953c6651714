"""The hash chain's arithmetic (domain/record/chain.py): what a link covers, and how a broken one is named."""

from __future__ import annotations

import json
from hashlib import sha256
from typing import Any
from uuid import UUID, uuid4

import pytest

from domain.record.chain import LINK, SALT, RawEvent, canonical, check_digest, genesis, link_of, walk
from service.store.chain import with_link

STREAM = UUID("00000000-0000-4000-8000-000000000001")


def chained(stream: UUID, states: list[dict[str, Any]]) -> list[RawEvent]:
    """Events linked as the store links them, each state with its salt."""
    events, previous = [], genesis(stream)
    for version, state in enumerate(states, start=1):
        salted = {**state, SALT: f"{version:032x}"}
        previous = link_of("t.Event", version, salted, previous)
        events.append(RawEvent(version, "t.Event", {**salted, LINK: previous}))
    return events


def renumbered(events: list[RawEvent]) -> list[RawEvent]:
    return [RawEvent(number, e.topic, e.state) for number, e in enumerate(events, start=1)]


STATES = [{"n": n, "timestamp": f"t{n}", "cards": ["7H", str(n)]} for n in range(1, 9)]


def test_canonical_json_sorts_keys_and_has_no_spaces() -> None:
    assert canonical({"b": 1, "a": ["é", {"d": 2, "c": None}]}) == '{"a":["é",{"c":null,"d":2}],"b":1}'.encode()


def test_a_link_leaves_out_the_timestamp_the_token_hash_and_the_link_but_covers_everything_else() -> None:
    state = {"n": 1, SALT: "00"}
    link = link_of("t.Event", 3, state, "prev")
    assert link_of("t.Event", 3, {**state, "timestamp": "x", "token_hash": "y", LINK: "z"}, "prev") == link
    assert link_of("t.Event", 3, {**state, "n": 2}, "prev") != link
    assert link_of("t.Event", 3, {**state, SALT: "01"}, "prev") != link
    assert link_of("t.Other", 3, state, "prev") != link
    assert link_of("t.Event", 4, state, "prev") != link
    assert link_of("t.Event", 3, state, "other") != link


def test_an_intact_chain_holds_and_its_head_is_the_last_link() -> None:
    events = chained(STREAM, STATES)
    report = walk(STREAM, events)
    assert report.ok and report.first_linked == 1 and report.length == 8
    assert report.head == events[-1].link and report.links[3] == events[2].link


def test_the_same_events_in_another_stream_do_not_hold() -> None:
    report = walk(uuid4(), chained(STREAM, STATES))
    assert report.broken is not None and report.broken.version == 1


def test_an_edited_event_is_named() -> None:
    events = chained(STREAM, STATES)
    events[4] = RawEvent(5, "t.Event", {**events[4].state, "cards": ["7S", "5"]})
    broken = walk(STREAM, events).broken
    assert broken is not None and (broken.version, broken.kind) == (5, "edited")


def test_two_events_swapped_are_named_as_reordered() -> None:
    events = chained(STREAM, STATES)
    events[3], events[4] = events[4], events[3]
    broken = walk(STREAM, renumbered(events)).broken
    assert broken is not None and (broken.version, broken.kind) == (4, "reordered")
    assert "stored as version 5 belongs at version 4" in broken.detail


def test_a_deleted_event_is_named_as_missing_whether_or_not_the_later_ones_were_renumbered() -> None:
    events = chained(STREAM, STATES)
    gap = walk(STREAM, events[:5] + events[6:]).broken
    assert gap is not None and (gap.version, gap.kind) == (6, "missing")
    closed = walk(STREAM, renumbered(events[:5] + events[6:])).broken
    assert closed is not None and (closed.version, closed.kind) == (6, "missing")


def test_events_stored_before_the_chain_are_reported_and_the_chain_starts_after_them() -> None:
    events = [RawEvent(v, "t.Event", {"n": v}) for v in (1, 2)] + chained(STREAM, STATES)[2:]
    relinked, previous = [], genesis(STREAM)
    for event in events[2:]:  # as the store links them: the first linked event follows the stream's id
        state = {k: v for k, v in event.state.items() if k != LINK}
        previous = link_of(event.topic, event.version, state, previous)
        relinked.append(RawEvent(event.version, event.topic, {**state, LINK: previous}))
    report = walk(STREAM, events[:2] + relinked)
    assert report.ok and report.first_linked == 3
    unlinked_later = walk(STREAM, [*events[:2], relinked[0], RawEvent(4, "t.Event", {"n": 4}), *relinked[2:]])
    assert unlinked_later.broken is not None and (unlinked_later.broken.version, unlinked_later.broken.kind) == (
        4,
        "edited",
    )


def test_a_kept_digest_catches_a_cut_tail_and_a_consistent_rewrite_that_the_links_alone_miss() -> None:
    events = chained(STREAM, STATES)
    digest = events[6].link
    assert digest is not None
    assert check_digest(walk(STREAM, events), digest, 7) is None
    assert check_digest(walk(STREAM, events), digest.upper(), 7) is None
    cut = walk(STREAM, events[:5])
    assert cut.ok
    tail = check_digest(cut, digest, 7)
    assert tail is not None and (tail.version, tail.kind) == (6, "missing")
    rewritten = walk(STREAM, chained(STREAM, [{**s, "cards": ["AS"]} if s["n"] == 2 else s for s in STATES]))
    assert rewritten.ok
    caught = check_digest(rewritten, digest, 7)
    assert caught is not None and (caught.version, caught.kind) == (7, "edited")


def test_a_link_spliced_into_a_stored_state_is_the_json_of_the_state_with_its_salt_and_link() -> None:
    salt, link = f"{7:032x}", sha256(b"previous").hexdigest()
    def compact(doc: dict[str, Any]) -> bytes:  # as the transcoder writes a state
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()

    for state in ({}, {"n": 1}, {"player": "Åse", "cards": ["7H", "10S"], "nested": {"a": [None, True]}}):
        spliced = with_link(compact(state), salt, link)
        assert spliced == compact({**state, SALT: salt, LINK: link})
        assert json.loads(spliced) == {**state, SALT: salt, LINK: link}


def test_a_salt_or_link_that_is_not_hexadecimal_is_never_spliced_in() -> None:
    with pytest.raises(ValueError, match="hexadecimal"):
        with_link(b'{"n":1}', 'x","n":2', "ab")
