"""The store adapter (service/store/) against the library's own public behaviour, on each store: the same saves made
through Meldbook's application base and through eventsourcing's `Application` store the same events, notification
ids and snapshot versions, tell the same recordings to the hooks, and read back the same aggregates; the projector
folds as the library's does; the chain's mapper reads a stored event as the library's mapper does, the chain's keys
aside; the recorders select what the library's recorders select. `make test-newest` runs these (and the other store
tests) against the newest eventsourcing release pyproject.toml allows."""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID

import pytest
from eventsourcing.application import Application, project_aggregate
from eventsourcing.persistence import Mapper, Recording

from domain.record.chain import LINK, SALT
from service.config import recorder_env
from service.store.application import StoreApplication
from service.store.chain import ChainMapper, decoded
from service.store.projector import project
from service.store.recorders import CheckedSQLiteRecorder, LockedInsertRecorder
from tests.unit.test_saving import Counter  # an aggregate with one event

INTERVAL = 3
SAVES = (1, 1, 4, 2, 7, 1)
"""How many times the counter is bumped before each save: single events, and runs that cross a snapshot's version
(the adapter takes those from the aggregate in hand or reads them again; the library always reads them again)."""


class Heard:
    """What an application's save hooks were told."""

    heard: list[list[tuple[int, int]]]
    events_heard: list[list[int]]

    def _notify(self, recordings: list[Recording[UUID]]) -> None:
        self.heard.append([(r.domain_event.originator_version, r.notification.id) for r in recordings])

    def notify(self, new_events: list[Any]) -> None:
        self.events_heard.append([e.originator_version for e in new_events])


class Ours(Heard, StoreApplication):
    name = "AdapterOurs"
    snapshotting_intervals: ClassVar[dict[type, int]] = {Counter: INTERVAL}


class Theirs(Heard, Application):
    name = "AdapterTheirs"
    snapshotting_intervals: ClassVar[dict[type, int]] = {Counter: INTERVAL}


def applications(store_env: dict[str, str]) -> tuple[Ours, Theirs]:
    """Both applications on the test's store, each in tables of its own (on SQLite, whose tables are named alike
    whatever the application, a file of its own): ours with the service's recorder."""
    own = {"SQLITE_DBNAME": store_env["SQLITE_DBNAME"] + ".library"} if "SQLITE_DBNAME" in store_env else {}
    ours, theirs = Ours(env={**store_env, **recorder_env(store_env)}), Theirs(env={**store_env, **own})
    for app in (ours, theirs):
        app.heard, app.events_heard = [], []
    return ours, theirs


def saved(app: Application) -> tuple[UUID, list[list[int]]]:
    """The same saves on a new counter; the versions each save's recordings hold."""
    counter = Counter()
    versions = [[r.domain_event.originator_version for r in app.save(counter)]]
    for bumps in SAVES:
        for _ in range(bumps):
            counter.bump()
        versions.append([r.domain_event.originator_version for r in app.save(counter)])
    return counter.id, versions


def test_saves_store_read_back_snapshot_and_notify_as_the_librarys_own_save(store_env: dict[str, str]) -> None:
    ours, theirs = applications(store_env)
    try:
        assert isinstance(ours.recorder, (CheckedSQLiteRecorder, LockedInsertRecorder))
        assert not isinstance(theirs.recorder, (CheckedSQLiteRecorder, LockedInsertRecorder))
        (our_id, our_versions), (their_id, their_versions) = saved(ours), saved(theirs)
        assert our_versions == their_versions and our_versions[-1] == [1 + sum(SAVES)]
        assert ours.heard == theirs.heard
        assert ours.events_heard == theirs.events_heard
        for version in (None, 1, INTERVAL, INTERVAL + 1, 1 + sum(SAVES)):
            our_counter = ours.repository.get(our_id, version=version)
            their_counter = theirs.repository.get(their_id, version=version)
            assert (our_counter.version, our_counter.count) == (their_counter.version, their_counter.count)
        assert ours.snapshots is not None and theirs.snapshots is not None
        our_snapshots = [s.originator_version for s in ours.snapshots.get(our_id)]
        their_snapshots = [s.originator_version for s in theirs.snapshots.get(their_id)]
        assert our_snapshots == their_snapshots == list(range(INTERVAL, 2 + sum(SAVES), INTERVAL))
        our_log = [(n.originator_version, n.topic) for n in ours.recorder.select_notifications(1, 100)]
        their_log = [(n.originator_version, n.topic) for n in theirs.recorder.select_notifications(1, 100)]
        assert our_log == their_log and len(our_log) == 1 + sum(SAVES)
    finally:
        ours.close()
        theirs.close()


def test_the_projector_folds_as_the_librarys_from_nothing_and_from_a_state() -> None:
    counter = Counter()
    for _ in range(5):
        counter.bump()
    events = counter.collect_events()
    assert project(None, events).__dict__ == project_aggregate(None, events).__dict__
    halfway = project(None, events[:3])
    assert project(halfway, events[3:]).count == project_aggregate(project_aggregate(None, events[:3]),
                                                                   events[3:]).count == 5


def test_the_chains_mapper_reads_a_stored_event_as_the_librarys_mapper_with_its_link_left_out(
        store_env: dict[str, str]) -> None:
    ours, theirs = applications(store_env)
    try:
        counter_id, _ = saved(ours)
        stored = ours.recorder.select_events(counter_id)
        assert all({LINK, SALT} <= decoded(s).keys() for s in stored), "every stored event carries its link"
        library = Mapper(transcoder=ours.mapper.transcoder)
        assert isinstance(ours.mapper, ChainMapper)
        for one in stored:
            state = {k: v for k, v in decoded(one).items() if k not in (LINK, SALT)}
            bare = type(one)(one.originator_id, one.originator_version, one.topic,
                             ours.mapper.transcoder.encode(state))
            ours_read, theirs_read = ours.mapper.to_domain_event(one), library.to_domain_event(bare)
            assert ours_read.__dict__ == theirs_read.__dict__
            assert library.to_stored_event(ours_read).state == ours.mapper.to_stored_event(ours_read).state
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize("gt", [None, 0, 2, 5])
def test_the_recorders_select_events_and_notifications_as_the_librarys_do(
        store_env: dict[str, str], gt: int | None) -> None:
    ours, theirs = applications(store_env)
    try:
        our_id, _ = saved(ours)
        their_id, _ = saved(theirs)
        our_events = ours.recorder.select_events(our_id, gt=gt, desc=True, limit=4)
        their_events = theirs.recorder.select_events(their_id, gt=gt, desc=True, limit=4)
        assert [e.originator_version for e in our_events] == [e.originator_version for e in their_events]
        assert our_events, "the selection found events"
        assert [n.id for n in ours.recorder.select_notifications(2, 5)] == [
            n.id for n in theirs.recorder.select_notifications(2, 5)
        ]
        assert ours.recorder.max_notification_id() == theirs.recorder.max_notification_id()
    finally:
        ours.close()
        theirs.close()
