"""The ``mowkit`` command: ``mowkit replay FILE`` prints a recorded game turn by turn."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mowkit.core import OptionError, RecordError


def simulate_command(args: argparse.Namespace) -> None:
    """``mowkit simulate``: a tournament to Parquet, then its summary on the terminal."""
    import json

    from mowkit.results import summary
    from mowkit.tournament import tournament

    options = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq:
            raise OptionError("option", item, "KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    agents = args.agents.split("/")
    options.setdefault("players", len(agents))
    client = None
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
    df = tournament(args.game, agents, args.games, args.seed, unit=args.unit, n_jobs=args.jobs,
                    client=client, out=args.out, paired=not args.no_paired, rotate=not args.no_rotate,
                    backend=args.backend, **options)
    print(f"played with the {df.attrs['backend']} backend")
    print(f"{df['game'].nunique()} games, {len(df)} rows in {args.out}")
    print(summary(df).to_string(index=False, float_format=lambda v: f"{v:.3f}"))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mowkit`` command."""
    parser = argparse.ArgumentParser(prog="mowkit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="print a recorded game turn by turn")
    rp.add_argument("file", help="a game record (JSON) saved by mowkit")
    rp.add_argument("--all", action="store_true", help="also print each face-down choice")
    sp = sub.add_parser("simulate", help="run a seeded tournament and write Parquet chunks")
    sp.add_argument("--game", required=True, choices=["sixnimmt", "mow"])
    sp.add_argument("--agents", required=True,
                    help="one agent per seat, separated by /, e.g. highest/random/random/random; "
                         "options as name:key=value")
    sp.add_argument("--games", type=int, required=True, help="number of games (or rounds with --unit round)")
    sp.add_argument("--seed", type=int, required=True)
    sp.add_argument("--out", required=True, help="folder for the Parquet chunks (reruns resume)")
    sp.add_argument("--unit", choices=["game", "round"], default="game")
    sp.add_argument("--jobs", type=int, default=1, help="local processes")
    sp.add_argument("--scheduler", help="address of a dask.distributed scheduler (e.g. tcp://host:8786)")
    sp.add_argument("--no-paired", action="store_true", help="a new deal for every game")
    sp.add_argument("--no-rotate", action="store_true", help="keep every agent in its seat")
    sp.add_argument("--backend", choices=["auto", "engine", "kernel"], default="auto",
                    help="auto: the compiled kernel when every agent has one (default); engine: the rule engine")
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. --option variant=tactics (repeatable)")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            from mowkit.records import load, narrate

            record = load(args.file)
            for line in narrate(record, show_hidden=args.all):
                print(line)
        elif args.command == "simulate":
            simulate_command(args)
    except (RecordError, OptionError) as e:
        print(f"mowkit: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mowkit replay game.json | head`
        return 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
