"""The registry finds each variant by name or alias; unknown names are refused with the known ones."""

from __future__ import annotations

import pytest

from bots.samples import SAMPLE_GAMES
from domain.errors import SetupError
from domain.variants import VARIANTS, variant_named


def test_a_variant_is_found_by_its_name_or_any_alias_in_any_case() -> None:
    for variant in VARIANTS.values():
        for name in (variant.name, *variant.aliases):
            assert variant_named(name.upper()) is variant


def test_an_unknown_variant_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(SetupError) as caught:
        variant_named("canasta")
    assert caught.value.field == "variant" and "roby" in caught.value.message and "tripoley" in caught.value.message



def test_the_samples_have_a_bot_for_every_variant_and_no_other() -> None:
    assert list(SAMPLE_GAMES) == list(VARIANTS)  # in the registry's order: a mixed archive takes them in turn


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_sample_game_is_a_whole_game_of_its_variant(variant: str) -> None:
    events = SAMPLE_GAMES[variant](5)
    game = None
    for event in events:
        game = event.mutate(game)
    assert events[0].variant == variant
    assert game is not None and game.rules.is_over(game.state)
