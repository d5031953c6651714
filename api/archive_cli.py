"""`meldbook import FILE...`, `meldbook export [GAME...|--all] [-o FILE]` and `meldbook simulate`: archives in the
notation into and out of the configured store, and archives of bot games (service/archives.py,
service/simulation.py).

Standard output carries the data only (an exported archive; the ids of imported games); the progress bar, each
refusal and the closing summary go to standard error. The exit status is 1 when any game failed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TextIO
from uuid import UUID

import click
from flask import current_app
from flask.cli import with_appcontext

from api.cli_progress import progress_bar
from domain.access.visibility import Viewer
from domain.errors import MeldbookError
from domain.notation.archive import ArchiveRecord
from service.application import Meldbook
from service.archives import ImportedBefore, Refusal, Tally, every_game_id, export_archive, import_archive
from service.index import GameFilter
from service.notation_import import CLAIMS, ImportedGame
from service.simulation import CHOICES, DEAL_MODES, BotGameFailed, simulated_archive

VIEWS = {"full": Viewer.FULL, "spectator": Viewer.SPECTATOR}


def _meldbook() -> Meldbook:
    app: Meldbook = current_app.extensions["meldbook"]
    return app


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--claims", type=click.Choice(CLAIMS), default="refuse", show_default=True,
              help="A stated result the rules compute otherwise: refuse the game, or keep the figure as a claim.")
@click.option("--tokens", "tokens_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write each imported game's id and recorder token to this new file (readable by you alone).")
@click.option("--force", is_flag=True,
              help="Import again the records imported before (a new game each): by default they are skipped.")
@with_appcontext
def import_games(files: tuple[Path, ...], claims: str, tokens_file: Path | None, force: bool) -> None:
    """Import every game of the archives FILE... into the store, one at a time.

    Each game imported prints its file, index (from 0) and id on standard output; a game refused is reported with
    its index, line and column, nothing of it is stored, and the rest carry on. A record imported before (the same
    text) is skipped, naming the game it became, so a run stopped half way can simply be run again; --force imports
    it again.
    """
    tally = Tally()
    with ExitStack() as stack:
        tokens = stack.enter_context(_private(tokens_file)) if tokens_file else None
        advance = stack.enter_context(progress_bar("importing", sum(f.stat().st_size for f in files)))
        for file in files:
            def told(record: ArchiveRecord, outcome: ImportedGame | Refusal, file: Path = file) -> None:
                advance(len(record.text.encode("utf8")))
                if isinstance(outcome, Refusal | ImportedBefore):
                    click.echo(f"{file}: {outcome}", err=True)
                    return
                click.echo(f"{file}\t{record.index}\t{outcome.game_id}")
                if tokens is not None:
                    tokens.write(f"{outcome.game_id} {outcome.recorder_token}\n")

            with file.open(encoding="utf8", newline="") as lines:
                import_archive(_meldbook(), lines, tally, told, claims, force)
    click.echo(f"{tally.games} games imported ({tally.events} events), {tally.before} imported before (skipped), "
               f"{tally.refused} refused, from {len(files)} file{'s' if len(files) != 1 else ''}", err=True)
    if tally.refused:
        sys.exit(1)


@contextmanager
def _private(path: Path) -> Iterator[TextIO]:
    """A new file only its owner may read: recorder tokens are secrets."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise click.BadParameter(f"{path} exists: name a new file", param_hint="--tokens") from None
    with open(descriptor, "w", encoding="utf8") as out:
        yield out


@click.command("export")
@click.argument("game_ids", nargs=-1, metavar="[GAME]...")
@click.option("--all", "every", is_flag=True, help="Every game in the store, oldest first.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write the archive to this file (default: standard output).")
@click.option("--view", type=click.Choice(tuple(VIEWS)), default="full", show_default=True,
              help="full: every card and the seeds; spectator: what a spectator at the table sees.")
@with_appcontext
def export_games(game_ids: tuple[str, ...], every: bool, output: Path | None, view: str) -> None:
    """Export games (GAME... by id, or --all) as an archive in the notation."""
    if bool(game_ids) == every:
        raise click.UsageError("name the games to export, or say --all (not both)")
    ids = every_game_id(_meldbook()) if every else _ids(game_ids)
    total = _meldbook().list_games(GameFilter(limit=1, with_private=True)).total if every else len(game_ids)
    failed: list[str] = []
    tried = [0]

    def refused(game_id: UUID, error: MeldbookError) -> None:
        failed.append(str(game_id))
        click.echo(f"game {game_id}: {error.code}: {error.message}", err=True)

    with ExitStack() as stack:
        out = stack.enter_context(output.open("w", encoding="utf8", newline="")) if output else sys.stdout
        advance = stack.enter_context(progress_bar("exporting", total))
        for piece in export_archive(_meldbook(), _counted(ids, advance, tried), VIEWS[view], refused):
            out.write(piece)
    done = tried[0] - len(failed)
    click.echo(f"{done} games exported{f' to {output}' if output else ''}, {len(failed)} failed", err=True)
    if failed:
        sys.exit(1)


def _ids(given: Iterable[str]) -> list[UUID]:
    try:
        return [UUID(game_id) for game_id in given]
    except ValueError:
        bad = next(g for g in given if not _is_uuid(g))
        raise click.BadParameter(f"{bad} is not a game id (a UUID)", param_hint="GAME") from None


def _is_uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True


def _counted(ids: Iterable[UUID], advance: Callable[[int], None], tried: list[int]) -> Iterator[UUID]:
    """The ids, counted into `tried[0]` and on the progress bar as they are taken."""
    for game_id in ids:
        tried[0] += 1
        yield game_id
        advance(1)


@click.command("simulate")
@click.option("--variant", required=True, type=click.Choice(list(CHOICES)), help="The variant (mixed: each in turn).")
@click.option("--games", required=True, type=click.IntRange(1, 1_000_000), help="How many games.")
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed writes the same archive.")
@click.option("--deal-mode", type=click.Choice(DEAL_MODES), default="recorded", show_default=True,
              help="recorded: every card named, as at a real table; shuffled: the seeds written instead.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write the archive to this file (default: standard output).")
def simulate(variant: str, games: int, seed: int, deal_mode: str, output: Path | None) -> None:
    """Write an archive of GAMES games played by the built-in bots, in the notation (nothing is stored).

    A game the bots cannot play to its end (the rules list nothing for a player to act) is reported with its number,
    the seed and the position, and left out; the others are written, and the exit status is 1.
    """
    failures: list[BotGameFailed] = []
    with ExitStack() as stack:
        out = stack.enter_context(output.open("w", encoding="utf8", newline="")) if output else sys.stdout
        advance = stack.enter_context(progress_bar("simulating", games))

        def failed(failure: BotGameFailed) -> None:
            failures.append(failure)
            click.echo(f"error: {failure}", err=True)
            advance(1)

        for piece in simulated_archive(variant, games, seed, deal_mode, failed):
            out.write(piece)
            advance(1)
    written = f"{games - len(failures)} {variant} games written{f' to {output}' if output else ''}"
    click.echo(f"{written}, {len(failures)} failed", err=True)
    if failures:
        sys.exit(1)
