"""Benchmarks: moves recorded per second through the service, beside the raw eventsourcing append rate."""
