"""Records kept beside a game's own stream, each an aggregate of its own that never changes the game's events: its
annotations, disputes, confirmations and the claims of an imported record. (Requests answered once under an
Idempotency-Key are the service's: service/answered.py.)"""
