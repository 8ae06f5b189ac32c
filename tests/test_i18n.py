"""Two languages: every message of the source has its Russian translation, the shipped catalog is
compiled from the .po, Russian plurals are right, and the language switches (and switches back)."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import mowkit.i18n as i18n
from mowkit.core import IllegalActionError, OptionError, RecordError
from mowkit.i18n import (
    _,
    catalogs,
    counted,
    get_language,
    language,
    ngettext,
    on_language_change,
    set_language,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english_again():
    """Every test starts and ends in English (the default)."""
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def _forms(string) -> list[str]:
    return list(string) if isinstance(string, (list, tuple)) else [string]


# --------------------------------------------------------------------------- catalogs


@pytest.fixture(scope="module")
def template():
    """The messages of the current source, extracted with Babel into a catalog in memory."""
    return catalogs.extract_catalog(ROOT)


def test_every_message_of_the_source_has_a_russian_translation(template):
    ids = [m.id for m in template if m.id]
    assert len(ids) > 50, "the extraction finds the kit's messages"
    po = catalogs.read_po("ru")
    lacking = []
    for m in template:
        if not m.id:
            continue
        found = po.get(m.id, context=m.context)
        if found is None:
            lacking.append(f"{m.id!r} (not in the .po)")
        elif found.fuzzy:
            lacking.append(f"{m.id!r} (fuzzy: check the translation, then remove the fuzzy flag)")
        elif not all(_forms(found.string)):
            lacking.append(f"{m.id!r} (empty msgstr)")
    assert not lacking, ("messages without a Russian translation in mowkit/locale/ru/LC_MESSAGES/mowkit.po "
                         "(run `python -m mowkit.i18n`, translate, run it again):\n  " + "\n  ".join(lacking))


def test_translations_keep_the_placeholders_and_have_three_plural_forms(template):
    po = catalogs.read_po("ru")
    assert po.num_plurals == 3
    wrong = []
    for m in template:
        if not m.id:
            continue
        found = po.get(m.id, context=m.context)
        if found is None:
            continue  # reported by the test above
        ids = _forms(m.id)
        want = set(re.findall(r"\{(\w*)[^}]*\}", ids[-1]))
        strings = _forms(found.string)
        if len(ids) == 2 and len(strings) != 3:
            wrong.append(f"{ids[0]!r}: {len(strings)} forms, Russian has 3")
        for s in strings:
            if s and set(re.findall(r"\{(\w*)[^}]*\}", s)) != want:
                wrong.append(f"{ids[0]!r}: {s!r} has other placeholders than {sorted(want)}")
    assert not wrong, "\n".join(wrong)


def test_the_shipped_catalog_is_compiled_from_the_po():
    shipped = catalogs.mo_path("ru").read_bytes()
    assert shipped == catalogs.compiled("ru"), "run `python -m mowkit.i18n compile` and commit the .mo"


def test_the_agents_descriptions_are_messages():
    """What ``describe_agents`` shows is what the extraction collected (and it has Russian)."""
    from mowkit.agents import describe_agents

    for game in ("sixnimmt", "mow"):
        descriptions = describe_agents(game)
        assert descriptions
        with language("ru"):
            untranslated = [d for d in descriptions.values() if _(d) == d]
        assert not untranslated, untranslated


# --------------------------------------------------------------------------- plurals


def russian_form(n: int) -> str:
    """CLDR's Russian plural category for a whole number (written here independently of gettext)."""
    last, last2 = n % 10, n % 100
    if last == 1 and last2 != 11:
        return "one"
    if last in (2, 3, 4) and last2 not in (12, 13, 14):
        return "few"
    return "many"


@pytest.mark.parametrize("singular, plural, words", [
    ("{n} head", "{n} heads", {"one": "голова", "few": "головы", "many": "голов"}),
    ("{n} fly", "{n} flies", {"one": "муха", "few": "мухи", "many": "мух"}),
    ("{n} card", "{n} cards", {"one": "карта", "few": "карты", "many": "карт"}),
    ("{n} round", "{n} rounds", {"one": "тур", "few": "тура", "many": "туров"}),
])
def test_russian_plural_forms(singular, plural, words):
    ns = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122]
    with language("ru"):
        got = {n: ngettext(singular, plural, n).format(n=n) for n in ns}
    for n in ns:
        assert got[n] == f"{n} {words[russian_form(n)]}", (n, got[n])
    # English: one for 1, many otherwise
    assert [ngettext(singular, plural, n).format(n=n) for n in (1, 2, 21)] == [
        singular.format(n=1), plural.format(n=2), plural.format(n=21)]


def test_counted_uses_the_plural_forms_and_groups_thousands():
    with language("ru"):
        assert [counted("head", n) for n in (1, 2, 5, 21)] == ["1 голова", "2 головы", "5 голов", "21 голова"]
        assert [counted("fly", n) for n in (1, 2, 5)] == ["1 муха", "2 мухи", "5 мух"]
        assert counted("game", 1234) == "1\u00a0234 партии"  # 1234 ends in 4: "few"
    assert counted("game", 1234) == "1,234 games" and counted("fly", 1) == "1 fly"
    with pytest.raises(OptionError, match="word"):
        counted("goat", 2)


def test_glossary_terms():
    with language("ru"):
        got = {w: i18n.term(w) for w in ("player", "farmer", "row", "herd", "head", "fly", "pile", "cowshed",
                                         "stock", "round", "game", "turn")}
    assert got == {"player": "игрок", "farmer": "фермер", "row": "ряд", "herd": "стадо", "head": "голова",
                   "fly": "муха", "pile": "штрафная стопка", "cowshed": "коровник", "stock": "колода для добора",
                   "round": "тур", "game": "партия", "turn": "ход"}
    assert i18n.term("herd") == "herd"


# --------------------------------------------------------------------------- switching


def test_set_language_switches_lookups_made_after_it():
    assert get_language() == "en" and _("win rate") == "win rate"
    set_language("ru")
    assert get_language() == "ru" and _("win rate") == "доля побед"
    set_language("en")
    assert _("win rate") == "win rate"


@pytest.mark.parametrize("bad", ["de", "RU", "", None, 1])
def test_an_unknown_language_is_an_option_error_naming_the_allowed_ones(bad):
    with pytest.raises(OptionError) as info:
        set_language(bad)
    assert info.value.option == "language" and info.value.value == bad
    assert "'en'" in str(info.value) and "'ru'" in str(info.value)
    assert get_language() == "en"
    with pytest.raises(OptionError):
        with language(bad):
            pass


def _run(code: str, lang: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "MOWKIT_LANG"}
    env["PYTHONPATH"] = str(ROOT)
    if lang is not None:
        env["MOWKIT_LANG"] = lang
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_mowkit_lang_sets_the_language_of_a_new_process():
    code = ("from mowkit.i18n import get_language, counted; from mowkit.core import OptionError\n"
            "print(get_language(), counted('head', 5), OptionError('players', 1, '2..10'), sep='|')")
    ru = _run(code, "ru")
    assert ru.returncode == 0, ru.stderr
    assert ru.stdout.strip() == "ru|5 голов|опция players=1 недопустима; допустимо: 2..10"
    assert _run(code, "ru_RU.UTF-8").stdout.split("|")[0] == "ru"
    en = _run(code, None)
    assert en.stdout.strip() == "en|5 heads|option players=1 is not allowed; allowed: 2..10"
    bad = _run(code, "klingon")
    assert bad.returncode == 0 and bad.stdout.startswith("en|")
    assert "MOWKIT_LANG='klingon'" in bad.stderr and "'en' or 'ru'" in bad.stderr


def test_language_context_manager_restores_even_after_an_error():
    with language("ru") as lang:
        assert lang == "ru" and _("games") == "партии"
        with language("en"):
            assert _("games") == "games"
        assert get_language() == "ru"
    assert get_language() == "en"
    with pytest.raises(KeyError):
        with language("ru"):
            raise KeyError("boom")
    assert get_language() == "en"
    set_language("ru")
    with language("en"):
        assert get_language() == "en"
    assert get_language() == "ru"


def test_listeners_hear_each_change_once_and_can_leave():
    heard = []
    off = on_language_change(heard.append)
    set_language("ru")
    set_language("ru")  # no change, no call
    with language("en"):  # a temporary switch tells nobody by default
        pass
    with language("en", notify=True):
        pass
    set_language("en")
    off()
    set_language("ru")
    assert heard == ["ru", "en", "ru", "en"]


def test_a_weak_listener_goes_away_with_its_widget():
    import gc

    class Widget:
        def __init__(self):
            self.seen = []

        def redraw(self, lang):
            self.seen.append(lang)

    w = Widget()
    on_language_change(w.redraw, weak=True)
    set_language("ru")
    assert w.seen == ["ru"]
    n = len(i18n._listeners)
    del w
    gc.collect()
    set_language("en")  # the dead reference is dropped, nothing raises
    assert len(i18n._listeners) == n - 1


# --------------------------------------------------------------------------- the errors


def test_errors_keep_their_fields_and_speak_the_current_language():
    with language("ru"):
        e = OptionError("players", 11, "an integer 2..10")
        r = RecordError("game.json", "decisions[3]", "unknown card")
    assert (e.option, e.value, e.allowed) == ("players", 11, "an integer 2..10")
    assert str(e) == "опция players=11 недопустима; допустимо: an integer 2..10"
    assert (r.source, r.field) == ("game.json", "decisions[3]")
    assert str(r) == "game.json: поле decisions[3]: unknown card"
    assert str(OptionError("players", 11, "x")) == "option players=11 is not allowed; allowed: x"
    a = IllegalActionError("sixth-card", "x")
    assert a.rule == "sixth-card" and str(a) == "[sixth-card] x"
    for err in (e, r, a):  # dask sends errors between processes
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err) and vars(back) == vars(err)


# --------------------------------------------------------------------------- tables and the command line


def _table() -> pd.DataFrame:
    """A hand-made summary table (the columns of ``results.summary``)."""
    return pd.DataFrame([{"agent": "greedy", "games": 1200, "deals": 300, "mean_penalty": 3.456,
                          "penalty_lo": 3.2, "penalty_hi": 3.7, "mean_final_total": 40.0, "wins": 410,
                          "win_rate": 0.3417, "win_lo": 0.31, "win_hi": 0.375, "win_share": 0.33,
                          "share_lo": 0.3, "share_hi": 0.36, "interval": "95 % bootstrap over 300 deals"}])


def test_readable_summary_headers_in_both_languages():
    from mowkit.results import readable

    t = _table()
    en = readable(t, "head")
    assert list(en.columns) == ["player", "games", "deals", "heads per round", "heads per round, 95 % interval",
                                "heads per game", "games won", "win rate", "win rate, 95 % interval",
                                "win share (a shared win split)", "win share (a shared win split), 95 % interval",
                                "how the intervals were made"]
    row = en.iloc[0]
    # counts are whole numbers; means keep two decimals (one column, one format)
    assert row["games"] == "1,200" and row["heads per round"] == "3.46" and row["heads per game"] == "40.00"
    assert row["win rate"] == "34.2 %" and row["win rate, 95 % interval"] == "31.0 \u2013 37.5 %"
    with language("ru"):
        ru = readable(t, "fly")
    assert list(ru.columns)[:5] == ["игрок", "партии", "раздачи", "мух за тур", "мух за тур, 95 % доверительный интервал"]
    assert ru.iloc[0]["партии"] == "1\u00a0200" and ru.iloc[0]["доля побед"] == "34,2 %"
    assert list(t.columns)[3] == "mean_penalty", "the table itself keeps its column names"
    seats = readable(pd.DataFrame({"seat": [0, 1], "games": [5, 5]}))
    assert list(seats["seat"]) == ["1", "2"], "seats shown to people count from 1"


def test_interval_texts_in_russian():
    from mowkit.results import method_text

    assert method_text(1, "deals") == "95 % bootstrap over 1 deal"
    with language("ru"):
        assert method_text(21, "deals") == "95 % бутстреп-интервал по 21 раздаче"
        assert method_text(250, "deals") == "95 % бутстреп-интервал по 250 раздачам"


def test_cli_help_in_russian(capsys):
    from mowkit.cli import main

    with language("ru"), pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("использование: mowkit simulate")
    assert "зерно случайности турнира" in out and "показать эту справку и выйти" in out
    with language("ru"):
        assert main(["simulate", "--game", "mow", "--agents", "random", "--games", "0", "--seed", "1",
                     "--out", "x"]) == 2
    assert "опция --games=0 недопустима; допустимо: целое число не меньше 1" in capsys.readouterr().err


# --------------------------------------------------------------------------- the package


def test_the_wheel_ships_the_russian_catalog_and_needs_no_babel(tmp_path):
    import zipfile

    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True, text=True)
    (wheel,) = wheels.glob("mowkit-*.whl")
    assert "mowkit/locale/ru/LC_MESSAGES/mowkit.mo" in zipfile.ZipFile(wheel).namelist()
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True)
    code = ("import sys; sys.modules['babel'] = None  # Babel is not needed to read the catalog\n"
            "import mowkit.i18n as i; assert i.__file__.startswith(sys.argv[1]), i.__file__\n"
            "print(i.get_language(), i.counted('fly', 2))")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MOWKIT_LANG")}
    env["PYTHONPATH"] = str(site)
    env["MOWKIT_LANG"] = "ru"
    out = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path, env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ru", "2", "мухи"]
