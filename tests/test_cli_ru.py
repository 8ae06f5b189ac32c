"""The mowkit command in Russian: argparse's own messages, the system's file errors and a wrong
number of agents said through the catalog; ``LANG``/``LC_ALL`` starting with ``ru`` select Russian."""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys

import pytest

from mowkit.i18n import OS_REASONS, language, os_reason

LATIN_WORDS = re.compile(r"\b[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})+\b")  # two English words in a row
ALLOWED = ("mowkit", "simulate", "replay", "help", "COMMAND", "nimmt", "sixnimmt", "agents", "highest", "random",
           "game", "games", "seed", "out", "chess", "frob")


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The command in a process with the language variables ``env`` only (MOWKIT_LANG and the locale)."""
    clean = {k: v for k, v in os.environ.items() if k not in ("MOWKIT_LANG", "LANG", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run([sys.executable, "-m", "mowkit.cli", *args], capture_output=True, text=True,
                          env={**clean, **env})


def english_left(text: str) -> list[str]:
    """Runs of English words left in ``text`` (the command's own words and names taken out)."""
    for word in ALLOWED:
        text = re.sub(rf"\b{word}\b", "0", text)
    return LATIN_WORDS.findall(text)


CASES = {
    "missing arguments": (["simulate"], "не хватает обязательных аргументов"),
    "not a number": (["simulate", "--game", "mow", "--agents", "random/random", "--games", "x", "--seed", "1",
                      "--out", "o"], "не целое число"),
    "unknown command": (["frob"], "недопустимый выбор"),
    "unknown game": (["simulate", "--game", "chess"], "недопустимый выбор"),
    "unknown flag": (["replay", "f.json", "--colour"], "непонятные аргументы"),
    "one agent": (["simulate", "--game", "sixnimmt", "--agents", "highest", "--games", "3", "--seed", "1",
                   "--out", "o"], "нужно столько агентов, сколько игроков"),
    "no such file": (["replay", "/no/such/record.json"], "нет такого файла или папки"),
}


@pytest.mark.parametrize("case", CASES)
def test_errors_of_the_command_are_russian(case, tmp_path):
    args, words = CASES[case]
    r = run(*[str(tmp_path / a) if a in ("o",) else a for a in args], MOWKIT_LANG="ru")
    assert r.returncode == 2 and r.stderr.startswith("mowkit: "), r.stderr
    assert words in r.stderr, r.stderr
    assert not english_left(r.stderr), r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("env", [{"LANG": "ru_RU.UTF-8"}, {"LC_ALL": "ru_RU.UTF-8", "LANG": "C"},
                                 {"LC_MESSAGES": "ru_RU.UTF-8"}])
def test_a_russian_locale_selects_russian(env):
    r = run("frob", **env)
    assert "недопустимый выбор" in r.stderr, r.stderr


@pytest.mark.parametrize("env", [{}, {"LANG": "C.UTF-8"}, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"},
                                 {"MOWKIT_LANG": "en", "LANG": "ru_RU.UTF-8"}])
def test_otherwise_english(env):
    r = run("frob", **env)
    assert "invalid choice" in r.stderr and "недопустимый" not in r.stderr, r.stderr


def test_english_errors_name_the_count_of_agents(tmp_path):
    r = run("simulate", "--game", "sixnimmt", "--agents", "highest", "--games", "3", "--seed", "1",
            "--out", str(tmp_path / "o"), MOWKIT_LANG="en")
    assert r.returncode == 2 and "one agent per seat" in r.stderr and "2..10" in r.stderr and "given: 1" in r.stderr


def test_argparse_keeps_its_english_after_parsing():
    import argparse

    from mowkit.cli import build_parser

    with language("ru"), pytest.raises(SystemExit):
        build_parser().parse_args(["frob"])
    assert argparse._("expected one argument") == "expected one argument"  # type: ignore[attr-defined]


def test_os_errors_in_words():
    for code in OS_REASONS:
        e = OSError(code, os.strerror(code))
        with language("ru"):
            ru = os_reason(e)
        with language("en"):
            en = os_reason(e)
        assert ru != en and re.search("[а-я]", ru) and not re.search("[а-я]", en), (code, ru, en)
    odd = OSError(errno.EDOM, "Numerical argument out of domain")
    assert os_reason(odd) == "Numerical argument out of domain"
