"""Who may do and see what in a game: its access (tokens as hashes, roles, seats without a device), pairing a phone
to a seat, and the one visibility filter of the views (spectator, seat, full record)."""
