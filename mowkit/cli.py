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
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn
from urllib.parse import urlsplit

from mowkit import registry
from mowkit.agents import make_agent, parse_agent_spec
from mowkit.core import JSONObject, OptionError, RecordError
from mowkit.i18n import N_, _, counted, ngettext, npgettext, number, os_reason
from mowkit.records import load, narrate
from mowkit.registry import load_game
from mowkit.results import readable, summary
from mowkit.tournament import tournament

if TYPE_CHECKING:
    from distributed import Client

DEFAULT_DASK_PORT = 8786
CONNECT_TIMEOUT = 5.0  # seconds to reach a Dask scheduler
#: the backend -> the sentence that says in plain words what played the games (translated when printed)
BACKENDS = {
    "kernel": N_("The games were played by the fast compiled simulator (the same rules as the rule engine)."),
    "engine": N_("The games were played by the rule engine, move by move."),
}
PROGRESS_STEPS = 20  # progress lines at most (on a terminal one line is rewritten)


class UserError(Exception):
    """A mistake in the command line or its files, reported as one line (exit code 2)."""


ARGPARSE_TEXTS = (
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("expected one argument"),
    N_("ignored explicit argument %r"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""argparse's own messages to a person, in the catalog: the parser says them in the reader's language."""


@contextmanager
def _argparse_speaks_our_language() -> Iterator[None]:
    """While parsing, argparse's messages (looked up through its module's ``_`` and ``ngettext``) come
    from the kit's catalog; argparse's own English is left as it was afterwards."""
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]


def whole_number(text: str) -> int:
    """An argument that must be a whole number (argparse's ``type``), refused in words."""
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=repr(text))) from None


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout with the "usage:" word in the current language."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with its own errors as one ``mowkit:`` line (exit code 2) and its help words translated."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        with _argparse_speaks_our_language():
            return super().parse_args(args, namespace)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        with _argparse_speaks_our_language():
            return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        self.exit(2, "mowkit: " + _("{message} (see: {prog} --help)").format(message=message, prog=self.prog) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``mowkit`` command (every option has its help text)."""
    parser = _Parser(prog="mowkit", description=_("Rules, records and simulations for Mow and 6 nimmt!. "
                                                             "The language: MOWKIT_LANG=ru or en."))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help=_("replay or simulate"))
    rp = sub.add_parser("replay", help=_("print a recorded game turn by turn"),
                        description=_("Print a saved game turn by turn, in words."),
                        epilog=_("example: mowkit replay data/records/sixnimmt_4p_seed7.json"))
    rp.add_argument("file", help=_("a game record (JSON) saved by mowkit"))
    rp.add_argument("--all", action="store_true", help=_("also print each face-down choice"))
    sp = sub.add_parser("simulate", help=_("run a seeded tournament and write Parquet chunks"),
                        description=_("Play many games between computer players and write the results as "
                                      "Parquet files; then print each player's results with 95 % intervals. "
                                      "The same seed gives the same games on any machine."),
                        epilog=_("example: mowkit simulate --game sixnimmt --agents highest/random/random/random "
                                 "--games 1000 --seed 1 --out results/"))
    sp.add_argument("--game", required=True, choices=registry.names(), help=_("the game to play"))
    sp.add_argument("--agents", required=True,
                    help=_("one agent per seat, separated by /, e.g. highest/random/random/random; "
                           "options as name:key=value,key=value (each key once)"))
    sp.add_argument("--games", type=whole_number, required=True,
                    help=_("number of games (or rounds with --unit round), at least 1"))
    sp.add_argument("--seed", type=whole_number, required=True,
                    help=_("the tournament seed, a whole number >= 0 (same seed, same results)"))
    sp.add_argument("--out", required=True, help=_("folder for the Parquet chunks (reruns resume)"))
    sp.add_argument("--unit", choices=["game", "round"], default="game",
                    help=_("game: whole games to the threshold (default); round: single rounds"))
    sp.add_argument("--jobs", type=whole_number, default=1,
                    help=_("how many processes of this computer play at the same time (default 1)"))
    sp.add_argument("--scheduler", help=_("address of a dask.distributed scheduler (e.g. tcp://host:8786)"))
    sp.add_argument("--no-paired", action="store_true",
                    help=_("a new deal for every game (by default every deal is played once per seating, "
                           "so every player gets the same cards)"))
    sp.add_argument("--no-rotate", action="store_true",
                    help=_("keep every player in its seat (by default the players move round the seats)"))
    sp.add_argument("--backend", choices=["auto", "engine", "kernel"], default="auto",
                    help=_("auto: the fast compiled simulator when every computer player has one (default); "
                           "kernel: always the compiled simulator; engine: the rule engine, move by move"))
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help=_("a game option, e.g. --option variant=tactics (repeatable)"))
    return parser


# --------------------------------------------------------------------------- user input


def game_options(items: Sequence[str]) -> JSONObject:
    """``--option KEY=VALUE`` items as a dict; values are read as JSON when they parse."""
    options: JSONObject = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise OptionError("--option", item, _("KEY=VALUE, e.g. variant=tactics"))
        if key in options:
            raise OptionError("--option", item, _("each option once ({key} is given twice)").format(key=key))
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
        raise UserError(_("--out must name a folder"))
    path = Path(out)
    if path.exists():
        if not path.is_dir():
            raise UserError(_("--out {out}: this is a file, not a folder").format(out=out))
        probe = path
    else:
        probe = path.parent
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if not probe.is_dir():
            raise UserError(_("--out {out}: {probe} is a file, so no folder can be made under it").format(out=out, probe=probe))
    try:
        with tempfile.TemporaryFile(dir=probe, prefix=".mowkit-probe-"):
            pass
    except OSError as e:
        raise UserError(_("--out {out}: cannot write in {probe} ({why})").format(out=out, probe=probe, why=os_reason(e))) from None
    return path


def connect_scheduler(address: str, timeout: float = CONNECT_TIMEOUT) -> Client:
    """A ``dask.distributed.Client`` for ``address``, or :class:`UserError` within ``timeout`` seconds."""
    problem = _("cannot connect to the Dask scheduler at {address}").format(address=address)
    text = address if "://" in address else "tcp://" + address
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise UserError(_("--scheduler {address} is not an address like tcp://host:{port}").format(
            address=repr(address), port=DEFAULT_DASK_PORT)) from None
    if parts.scheme in ("tcp", "tls", "ws", "wss") and host:
        try:  # a quick probe: a closed port fails at once instead of after Dask's retries
            socket.create_connection((host, port or DEFAULT_DASK_PORT), timeout=timeout).close()
        except OSError as e:
            raise UserError(f"{problem} ({os_reason(e)})") from None
    from distributed import Client

    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(f"{problem} ({e})") from None


# --------------------------------------------------------------------------- commands


def replay_command(args: argparse.Namespace) -> None:
    """``mowkit replay``: the story of a recorded game."""
    try:
        record = load(args.file)
    except RecordError:
        raise
    except UnicodeDecodeError as e:
        raise RecordError(args.file, "(file)", _("not UTF-8 text (byte {n})").format(n=e.start)) from None
    except RecursionError:
        raise RecordError(args.file, "(json)", _("nested too deeply to be a game record")) from None
    except OSError as e:
        raise RecordError(args.file, "(file)", _("cannot be read: {why}").format(why=os_reason(e))) from None
    except (ValueError, TypeError) as e:  # whatever else the file's content provokes
        raise RecordError(args.file, "(record)", _("cannot be read: {why}").format(why=e)) from None
    for line in narrate(record, show_hidden=args.all):
        print(line)


def _game_for(name: str, options: JSONObject, agents: str) -> Any:
    """The game of ``--game`` and ``--option``; too few or too many ``--agents`` for it are said as such
    (one agent per seat, and how many players the game allows), not as a wrong ``players`` option."""
    try:
        return load_game(name, **options)
    except OptionError as e:
        if e.option != "players":
            raise
        raise OptionError("agents", agents, _("one agent per seat, separated by /: {title} needs as many agents as "
                                              "players ({allowed}); given: {n}").format(
            title=registry.title(name), allowed=e.allowed, n=len(agents.split("/")))) from None


def simulate_command(args: argparse.Namespace) -> None:
    """``mowkit simulate``: a tournament to Parquet, then its summary on the terminal."""
    for flag, value, lo in (("--games", args.games, 1), ("--seed", args.seed, 0), ("--jobs", args.jobs, 1)):
        if value < lo:
            raise OptionError(flag, value, _("a whole number of at least {lo}").format(lo=lo))
    options = game_options(args.option)
    agents = args.agents.split("/")
    specs = [parse_agent_spec(a) for a in agents]
    options.setdefault("players", len(agents))
    game = _game_for(args.game, options, args.agents)
    if len(agents) != game.num_players:
        raise OptionError("agents", args.agents, _("one agent per seat ({n}), separated by /").format(n=game.num_players))
    for name, kwargs in specs:  # unknown agents and bad agent options, before anything is written
        make_agent(game.name, name, **kwargs)
    check_out_folder(args.out)
    client = connect_scheduler(args.scheduler) if args.scheduler else None
    try:
        folder = tournament(game, agents, args.games, args.seed, unit=args.unit, n_jobs=args.jobs,
                            client=client, out=args.out, paired=not args.no_paired,
                            rotate=not args.no_rotate, backend=args.backend, collect=False,
                            progress=_progress_printer(args.unit))
    except OSError as e:
        raise UserError(_("cannot write the results in {out}: {why}").format(out=args.out, why=os_reason(e))) from None
    finally:
        if client is not None:
            client.close()
    # streamed to disk and summarised chunk by chunk, so a run is bounded by disk, not memory
    print(_(BACKENDS[folder.backend]) if folder.backend in BACKENDS else folder.backend)
    print(_("{games}, {rows} in {out}").format(
        games=counted("round" if args.unit == "round" else "game", args.games), out=args.out,
        rows=npgettext("results table", "{n} row", "{n} rows", folder.rows).format(n=number(folder.rows))))
    table = summary(folder)
    columns = ["agent", "games", "mean_penalty", "mean_final_total", "wins", "win_rate"]
    if args.unit == "round":  # single rounds: a final total per game is the round's penalty again
        columns.remove("mean_final_total")
    shown = readable(table, game, columns=columns, interval=False)
    print(shown.to_string(index=False))
    print(_("intervals: {how}").format(how=table.attrs["interval"]))


def _progress_printer(unit: str) -> Callable[[int, int], None]:
    """A progress callback ``(done, total)`` that says on stderr how many games are played, in words.

    On a terminal one line is rewritten; otherwise (a log file) at most :data:`PROGRESS_STEPS` lines.
    """
    tty = sys.stderr.isatty()
    last = {"shown": -1}

    def show(done: int, total: int) -> None:
        step = max(1, total // PROGRESS_STEPS)
        if done != total and done - last["shown"] < step:
            return
        last["shown"] = done
        if unit == "round":
            text = npgettext("progress", "{done} of {n} round played", "{done} of {n} rounds played", total)
        else:
            text = npgettext("progress", "{done} of {n} game played", "{done} of {n} games played", total)
        text = text.format(done=number(done), n=number(total))
        if tty:
            print("\r" + text, end="\n" if done == total else "", file=sys.stderr, flush=True)
        else:
            print(text, file=sys.stderr, flush=True)

    return show


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
        print("mowkit: " + _("interrupted"), file=sys.stderr)
        return 130
    except Exception as e:
        if os.environ.get("MOWKIT_DEBUG"):
            raise
        print("mowkit: " + _("internal error: {kind}: {what} (run with MOWKIT_DEBUG=1 for details)").format(
            kind=type(e).__name__, what=_one_line(e)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
