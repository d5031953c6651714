"""Robins Rummy: two players, jokers and deuces wild, Rummy claims, first to 505."""
