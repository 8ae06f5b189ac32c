"""The ``mowkit`` command: ``mowkit replay FILE`` prints a recorded game turn by turn."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mowkit.core import OptionError, RecordError


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mowkit`` command."""
    parser = argparse.ArgumentParser(prog="mowkit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="print a recorded game turn by turn")
    rp.add_argument("file", help="a game record (JSON) saved by mowkit")
    rp.add_argument("--all", action="store_true", help="also print each face-down choice")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            from mowkit.records import load, narrate

            record = load(args.file)
            for line in narrate(record, show_hidden=args.all):
                print(line)
    except (RecordError, OptionError) as e:
        print(f"mowkit: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mowkit replay game.json | head`
        return 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
