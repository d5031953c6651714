"""Records a newer Meldbook wrote: the library's mapper reads an event stored with a class version newer than its
class knows as if it were the class it knows (it upcasts only upwards), and a type it does not know as an error of
its own. `NewerRecordMapper` refuses both by name (`record-too-new`, 409), so a worker left on older code during an
upgrade never reads such a record as something it is not (docs/deploy.md, Upgrading)."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import TopicError

from domain.rules.versions import RecordTooNewError


class VersionKeepingTranscoder(Transcoder):
    """The application's transcoder, which also notes (per thread) the class version of the state it decoded last,
    so that the mapper can tell an event a newer Meldbook stored (the library pops the version as it reads it)."""

    def __init__(self, transcoder: Transcoder) -> None:
        self.transcoder = transcoder
        self.last = threading.local()

    def encode(self, obj: Any) -> bytes:
        encoded: bytes = self.transcoder.encode(obj)
        return encoded

    def decode(self, data: bytes) -> Any:
        state = self.transcoder.decode(data)
        if isinstance(state, dict):
            self.last.class_version = state.get("class_version", 1)
        return state

    def stored_class_version(self) -> int:
        """The class version of the state this thread decoded last."""
        version: int = self.last.class_version
        return version


class NewerRecordMapper(Mapper[UUID]):
    """The library's mapper, which refuses an event of a type, or of a class version, that this Meldbook does not
    know (a newer one stored it)."""

    def __init__(self, transcoder: Transcoder) -> None:
        self.versions = VersionKeepingTranscoder(transcoder)
        super().__init__(transcoder=self.versions)

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        """The domain event, as the library reads it, once its type and class version are known here."""
        try:
            event = super().to_domain_event(stored_event)
        except TopicError:
            raise RecordTooNewError(
                f"the record of {stored_event.originator_id} holds an event of a type this Meldbook does not know "
                f"({stored_event.topic}, at version {stored_event.originator_version}): a newer one stored it; "
                "upgrade this service to read it"
            ) from None
        stored = self.versions.stored_class_version()
        known = getattr(type(event), "class_version", 1)
        if stored > known:
            raise RecordTooNewError(
                f"the record of {stored_event.originator_id} holds a {stored_event.topic} event of class version "
                f"{stored} (at version {stored_event.originator_version}), and this Meldbook knows class versions up "
                f"to {known}: a newer one stored it; upgrade this service to read it"
            )
        return event
