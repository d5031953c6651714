"""The texts of the night's page script (api/static/night.js), by key, added to the pages' texts (api/i18n.py); each
variant's name (`variant:<name>`), which every page may show."""

from __future__ import annotations

from flask_babel import lazy_gettext

NIGHT_TEXTS = {
    "variant:roby": lazy_gettext("Roby"),
    "variant:robins": lazy_gettext("Robins Rummy"),
    "variant:royal": lazy_gettext("Royal Rummy"),
    "night_untitled": lazy_gettext("A night without a title"),
    "night_not_found": lazy_gettext(
        "No night here answers without its token: it does not exist, or it holds a private game. Give its token below."
    ),
    "night_currency": lazy_gettext("Money in %(currency)s"),
    "night_no_currency": lazy_gettext("No currency declared"),
    "night_chip_value": lazy_gettext("a Royal Rummy chip is worth %(amount)s"),
    "night_stake": lazy_gettext("a Robins Rummy point is worth %(amount)s"),
    "night_pays": lazy_gettext("pays"),
    "night_check_holds": lazy_gettext("The nets add up to zero: the payments above settle everyone up."),
    "night_check_broken": lazy_gettext(
        "The nets add up to %(total)s, not zero: the night cannot be settled until its games are put right."
    ),
    "night_in_play": lazy_gettext("%(game)s: %(amount)s in the pot, not won yet; it stays on the table."),
    "night_party": lazy_gettext("Player"),
    "night_net": lazy_gettext("Net"),
    "night_banker": lazy_gettext("the banker"),
    "night_lines_of": lazy_gettext("%(party)s: %(net)s, game by game"),
    "night_rate": lazy_gettext("at %(rate)s each"),
    "night_no_rate": lazy_gettext("counting no money (the night declares no rate)"),
    "night_entry": lazy_gettext("move %(move)s, hand %(hand)s: %(amount)s %(unit)s from %(from)s to %(to)s"),
    "night_game_over": lazy_gettext("over"),
    "night_game_playing": lazy_gettext("being played"),
    "night_take_out": lazy_gettext("Take out"),
    "night_take_out_confirm": lazy_gettext("Take %(game)s out of the night?"),
    "night_choose_game": lazy_gettext("Choose a game"),
    "night_no_device_games": lazy_gettext("No other game on this device"),
    "night_choose_game_first": lazy_gettext("Choose a game, or give another game's id and recorder token."),
    "night_csv_saved": lazy_gettext("The sheet was saved as %(name)s."),
}
