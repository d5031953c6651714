"""The store adapter: every place Meldbook replaces a part of eventsourcing, for speed or for a guarantee the library
does not give, and nowhere else. Each replacement names the library's part it stands in for, and each has a test
against the library's own public behaviour (tests/integration/test_store_adapter.py and the tests its modules name),
which `make test-newest` runs against the newest eventsourcing release pyproject.toml allows, so that a release
that changes a replaced part fails loudly rather than quietly.

- recorders.py: the PostgreSQL recorder's insert (one function call taking the table lock, instead of a pipelined
  transaction of five statements) and SQLite's; both refuse a save whose other stream moved or whose stream has a
  gap, and insert a save's snapshots in its transaction (`_insert_events`, the insert function's SQL).
- chain.py: the event store and mapper (`EventStore`, `Mapper`): the hash chain's links written with the events
  and checked when read; pages of a stream's events.
- newer.py: the mapper's reading of an event (`Mapper.to_domain_event`), which refuses a type or class version a
  newer Meldbook stored instead of reading it as the class this code knows.
- saving.py: `ProcessingEvent.collect_events`, without a Protocol check per object; the snapshots a save owes.
- projector.py: the projector that folds an aggregate from its events, without a Protocol check per event.
- application.py: `Application.save` through the library's `_record` and `_notify`, with the snapshots of saving.py.

The rest of the service uses the library's public interface (Application, repository, recorders' selects).
"""
