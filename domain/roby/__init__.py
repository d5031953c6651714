"""Roby, the ten-card rummy with the 99 rule and re-enlistment."""

from domain.roby.variant import Roby

__all__ = ["Roby"]
