"""The ``mowkit`` command: ``mowkit replay FILE`` prints a recorded game turn by turn;
``mowkit simulate`` runs a seeded tournament and writes resumable Parquet chunks.

A mistake in the input (a damaged, missing or non-UTF-8 record, an unknown agent or option, a bad
``--out`` folder, an unreachable scheduler, ...) is reported as one line on stderr that starts
with ``mowkit:``, with exit code 2, never a Python traceback. An unexpected failure inside the
kit is one line too (exit code 1); set ``MOWKIT_DEBUG=1`` to see its traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from mowkit import registry
from mowkit.core import OptionError, RecordError

DEFAULT_DASK_PORT = 8786
CONNECT_TIMEOUT = 5.0  # seconds to reach a Dask scheduler


class UserError(Exception):
    """A mistake in the command line or its files, reported as one line (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse with its own errors as one ``mowkit:`` line (exit code 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"mowkit: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``mowkit`` command (every option has its help text)."""
    parser = _Parser(prog="mowkit", description="Rules, records and simulations for Mow and 6 nimmt!.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help="replay or simulate")
    rp = sub.add_parser("replay", help="print a recorded game turn by turn")
    rp.add_argument("file", help="a game record (JSON) saved by mowkit")
    rp.add_argument("--all", action="store_true", help="also print each face-down choice")
    sp = sub.add_parser("simulate", help="run a seeded tournament and write Parquet chunks")
    sp.add_argument("--game", required=True, choices=registry.names(), help="the game to play")
    sp.add_argument("--agents", required=True,
                    help="one agent per seat, separated by /, e.g. highest/random/random/random; "
                         "options as name:key=value,key=value (each key once)")
    sp.add_argument("--games", type=int, required=True,
                    help="number of games (or rounds with --unit round), at least 1")
    sp.add_argument("--seed", type=int, required=True,
                    help="the tournament seed, a whole number >= 0 (same seed, same results)")
    sp.add_argument("--out", required=True, help="folder for the Parquet chunks (reruns resume)")
    sp.add_argument("--unit", choices=["game", "round"], default="game",
                    help="game: whole games to the threshold (default); round: single rounds")
    sp.add_argument("--jobs", type=int, default=1, help="local processes (default 1)")
    sp.add_argument("--scheduler", help="address of a dask.distributed scheduler (e.g. tcp://host:8786)")
    sp.add_argument("--no-paired", action="store_true", help="a new deal for every game")
    sp.add_argument("--no-rotate", action="store_true", help="keep every agent in its seat")
    sp.add_argument("--backend", choices=["auto", "engine", "kernel"], default="auto",
                    help="auto: the compiled kernel when every agent has one (default); engine: the rule engine")
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. --option variant=tactics (repeatable)")
    return parser


# --------------------------------------------------------------------------- user input


def game_options(items: Sequence[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` items as a dict; values are read as JSON when they parse."""
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise OptionError("--option", item, "KEY=VALUE, e.g. variant=tactics")
        if key in options:
            raise OptionError("--option", item, f"each option once ({key} is given twice)")
        try:
            options[key] = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            options[key] = value
    return options


def check_out_folder(out: str) -> Path:
    """The ``--out`` folder, or :class:`UserError` when it is a file, lies under a file or is not writable.

    Nothing is created here (the tournament makes the folder); a probe file tests writing.
    """
    if not out.strip():
        raise UserError("--out must name a folder")
    path = Path(out)
    if path.exists():
        if not path.is_dir():
            raise UserError(f"--out {out}: this is a file, not a folder")
        probe = path
    else:
        probe = path.parent
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if not probe.is_dir():
            raise UserError(f"--out {out}: {probe} is a file, so no folder can be made under it")
    try:
        with tempfile.TemporaryFile(dir=probe, prefix=".mowkit-probe-"):
            pass
    except OSError as e:
        raise UserError(f"--out {out}: cannot write in {probe} ({e.strerror or e})") from None
    return path


def connect_scheduler(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A ``dask.distributed.Client`` for ``address``, or :class:`UserError` within ``timeout`` seconds."""
    from urllib.parse import urlsplit

    problem = f"cannot connect to the Dask scheduler at {address}"
    text = address if "://" in address else "tcp://" + address
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise UserError(f"--scheduler {address!r} is not an address like tcp://host:{DEFAULT_DASK_PORT}") from None
    if parts.scheme in ("tcp", "tls", "ws", "wss") and host:
        try:  # a quick probe: a closed port fails at once instead of after Dask's retries
            socket.create_connection((host, port or DEFAULT_DASK_PORT), timeout=timeout).close()
        except OSError as e:
            raise UserError(f"{problem} ({e.strerror or e})") from None
    from distributed import Client

    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(f"{problem} ({e})") from None


# --------------------------------------------------------------------------- commands


def replay_command(args: argparse.Namespace) -> None:
    """``mowkit replay``: the story of a recorded game."""
    from mowkit.records import load, narrate

    try:
        record = load(args.file)
    except RecordError:
        raise
    except UnicodeDecodeError as e:
        raise RecordError(args.file, "(file)", f"not UTF-8 text (byte {e.start})") from None
    except RecursionError:
        raise RecordError(args.file, "(json)", "nested too deeply to be a game record") from None
    except (ValueError, TypeError, OSError) as e:  # whatever else the file's content provokes
        raise RecordError(args.file, "(record)", f"cannot be read: {e}") from None
    for line in narrate(record, show_hidden=args.all):
        print(line)


def simulate_command(args: argparse.Namespace) -> None:
    """``mowkit simulate``: a tournament to Parquet, then its summary on the terminal."""
    from mowkit import load_game
    from mowkit.agents import make_agent, parse_agent_spec
    from mowkit.results import summary
    from mowkit.tournament import tournament

    for flag, value, lo in (("--games", args.games, 1), ("--seed", args.seed, 0), ("--jobs", args.jobs, 1)):
        if value < lo:
            raise OptionError(flag, value, f"a whole number of at least {lo}")
    options = game_options(args.option)
    agents = args.agents.split("/")
    specs = [parse_agent_spec(a) for a in agents]
    options.setdefault("players", len(agents))
    game = load_game(args.game, **options)
    if len(agents) != game.num_players:
        raise OptionError("agents", args.agents, f"one agent per seat ({game.num_players}), separated by /")
    for name, kwargs in specs:  # unknown agents and bad agent options, before anything is written
        make_agent(game.name, name, **kwargs)
    check_out_folder(args.out)
    client = connect_scheduler(args.scheduler) if args.scheduler else None
    try:
        folder = tournament(game, agents, args.games, args.seed, unit=args.unit, n_jobs=args.jobs,
                            client=client, out=args.out, paired=not args.no_paired,
                            rotate=not args.no_rotate, backend=args.backend, collect=False)
    except OSError as e:
        raise UserError(f"cannot write the results in {args.out}: {e.strerror or e}") from None
    finally:
        if client is not None:
            client.close()
    # streamed to disk and summarised chunk by chunk, so a run is bounded by disk, not memory
    print(f"played with the {folder.backend} backend")
    print(f"{args.games} games, {folder.rows} rows in {args.out}")
    table = summary(folder)
    print(table.drop(columns=["interval"]).to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    print(f"intervals: {table.attrs['interval']}")


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).splitlines())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mowkit`` command; returns the exit code (0 done, 2 bad input, 1 internal)."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "replay":
            replay_command(args)
        elif args.command == "simulate":
            simulate_command(args)
    except (RecordError, OptionError, UserError) as e:
        print(f"mowkit: {_one_line(e)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mowkit replay game.json | head`
        return 0
    except KeyboardInterrupt:
        print("mowkit: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if os.environ.get("MOWKIT_DEBUG"):
            raise
        print(f"mowkit: internal error: {type(e).__name__}: {_one_line(e)} "
              "(run with MOWKIT_DEBUG=1 for details)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
