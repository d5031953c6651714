"""Meldbook's domain: cards, melds, variant rules and the game aggregate (no I/O)."""
