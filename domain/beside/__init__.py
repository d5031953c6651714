"""Records kept beside a game's own stream, each an aggregate of its own that never changes the game's events: its
annotations, disputes, confirmations, the claims of an imported record, and answered requests kept for their
retries (idempotency)."""
