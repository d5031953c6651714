"""Robins Rummy: two players, jokers and deuces wild, Rummy claims, first to 505."""

from domain.robins.variant import Robins

__all__ = ["Robins"]
