"""Meldbook's version, defined here once: the package metadata, `meldbook --version`, GET /health and the
contract's info.version all take it from this module."""

__version__ = "1.0.0"
