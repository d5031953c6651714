"""Replays: step through a recorded game event by event, as a given viewer may see it."""
