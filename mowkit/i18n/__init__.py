"""Two languages for everything a person reads: gettext catalogs made with Babel.

**The one command** (from the repository root; Babel comes with the ``dev`` extra)::

    python -m mowkit.i18n            # extract + update + compile: run it after changing any message

    python -m mowkit.i18n extract    # the source -> mowkit/locale/mowkit.pot (the template)
    python -m mowkit.i18n update     # the template -> mowkit/locale/ru/LC_MESSAGES/mowkit.po
                                     #   (new messages empty, changed ones marked fuzzy)
    python -m mowkit.i18n compile    # the .po -> mowkit.mo, the catalog the package ships
    python -m mowkit.i18n check      # list messages without a Russian translation (exit 1 if any)

It works on the files of the ``mowkit`` it imports and runs only from that checkout's root (in a
worktree: ``PYTHONPATH=$PWD python -m mowkit.i18n``).

**Adding a message** (see ``docs/translating.md``): write the English text inside ``_()``
(``from mowkit.i18n import _, ngettext``), with ``{name}`` placeholders filled by ``.format``
*after* translation (``_("{who} takes row {row}").format(who=..., row=...)``; never an f-string
inside ``_()``), counts through ``ngettext`` (Russian has three forms: 1 голова, 2 головы,
5 голов), a string that must be translated later (a table, a class attribute) marked with
``N_()`` and passed to ``_()`` where it is shown. Run ``python -m mowkit.i18n``, write the
Russian ``msgstr`` in the ``.po``, run it again; ``tests/test_i18n.py`` fails while a message has
no Russian translation or is fuzzy, and when the compiled catalog is older than the ``.po``.

**At run time** only the standard library's :mod:`gettext` reads the compiled ``.mo``; the
message ids are the English texts, so English needs no catalog. Every lookup happens when the
text is made (never at import time), so :func:`set_language` switches everything made after it.
The language starts as ``MOWKIT_LANG`` (``en`` or ``ru``; ``ru_RU.UTF-8`` is read as ``ru``),
English by default; widgets register with :func:`on_language_change` to draw themselves again.

Agents are described by the first line of their class docstring; the extraction collects these
lines from ``mowkit/agents/*.py`` as messages too
(:func:`mowkit.i18n.catalogs.extract_python_and_descriptions`). The catalog tools (Babel) are in
:mod:`mowkit.i18n.catalogs`; this module needs only the standard library.
"""

from __future__ import annotations

import errno
import gettext as _gettext
import numbers
import os
import re
import warnings
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, Protocol, SupportsFloat, SupportsInt, TypeAlias

DOMAIN = "mowkit"
LANGUAGES = ("en", "ru")
"""The languages of the kit; English is the source language (the message ids)."""
ALLOWED = "'en' or 'ru'"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENV_VAR = "MOWKIT_LANG"

Callback: TypeAlias = "Callable[[str], object]"
"""A listener of language changes: called with the new language code."""
Listener: TypeAlias = ("tuple[Literal['strong'], Callback] "
                       "| tuple[Literal['weak'], weakref.ref[Callback] | weakref.WeakMethod[Callback]]")
"""A registered listener: held strongly, or a weak reference to it."""

_catalogs: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Listener] = []  # callables, or weak references to them
_current = "en"


# --------------------------------------------------------------------------- the language


def _catalog(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` (read once from the compiled catalog; English has none)."""
    found = _catalogs.get(lang)
    if found is None:
        if lang == "en":
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)
        _catalogs[lang] = found
    return found


def _check(lang: object) -> str:
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise OptionError("language", lang, ALLOWED)


def get_language() -> str:
    """The language texts are made in now: ``"en"`` or ``"ru"``."""
    return _current


def set_language(lang: str) -> None:
    """Make every text from now on in ``lang`` (``"en"`` or ``"ru"``) and tell the listeners.

    Raises:
        OptionError: (option ``language``) for any other value.
    """
    global _current
    lang = _check(lang)
    if lang == _current:
        return
    _current = lang
    _notify(lang)


@contextmanager
def language(lang: str, *, notify: bool = False) -> Iterator[str]:
    """Switch to ``lang`` inside a ``with`` block and back afterwards (even on an error).

    For tests and for making a text in both languages (``with language("ru"): text = ...``).
    Listeners are not told unless ``notify=True`` (a widget need not redraw twice).
    """
    global _current
    lang = _check(lang)
    before = _current
    _current = lang
    if notify and lang != before:
        _notify(lang)
    try:
        yield lang
    finally:
        _current = before
        if notify and lang != before:
            _notify(before)


def on_language_change(callback: Callback, *, weak: bool = False) -> Callable[[], None]:
    """Call ``callback(lang)`` after every :func:`set_language` that changes the language.

    Args:
        callback: called with the new language code.
        weak: hold the callback weakly (a bound method of a widget: the widget may then be
            garbage-collected without unregistering).

    Returns:
        A function that unregisters the callback.
    """
    if weak:
        ref: weakref.ref[Callback] | weakref.WeakMethod[Callback] = (
            weakref.WeakMethod(callback) if hasattr(callback, "__self__") else weakref.ref(callback))
        entry: Listener = ("weak", ref)
    else:
        entry = ("strong", callback)
    _listeners.append(entry)

    def remove() -> None:
        if entry in _listeners:
            _listeners.remove(entry)

    return remove


def _notify(lang: str) -> None:
    for entry in list(_listeners):
        fn = entry[1]() if entry[0] == "weak" else entry[1]
        if fn is None:
            _listeners.remove(entry)
        else:
            fn(lang)


LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The system's language variables, in the order POSIX reads them (the first one set wins)."""


def language_code(value: str) -> str:
    """The language part of a locale name: ``"ru_RU.UTF-8"`` -> ``"ru"``, ``"C.UTF-8"`` -> ``"c"``."""
    return re.split(r"[_.@-]", value.strip().lower(), maxsplit=1)[0]


def _from_environment() -> str:
    """The starting language: ``MOWKIT_LANG`` (``ru``, ``ru_RU.UTF-8``, ``en``...); else the system's
    locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``): Russian when it starts with ``ru``; else English."""
    value = os.environ.get(ENV_VAR, "").strip()
    if not value:
        system = next((os.environ[v] for v in LOCALE_VARS if os.environ.get(v, "").strip()), "")
        return "ru" if language_code(system) == "ru" else "en"
    code = language_code(value)
    if code in LANGUAGES:
        return code
    warnings.warn(f"{ENV_VAR}={value!r} is not a language of mowkit (allowed: {ALLOWED}); using English",
                  RuntimeWarning, stacklevel=2)
    return "en"


_current = _from_environment()


# --------------------------------------------------------------------------- looking texts up


def _(message: str) -> str:
    """``message`` (an English text) in the current language."""
    return _catalog(_current).gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for ``n`` in the current language (Russian has three forms).

    ``ngettext("{n} head", "{n} heads", n).format(n=n)``: 1 голова, 2 головы, 5 голов, 21 голова.
    """
    return _catalog(_current).ngettext(singular, plural, int(n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, for a word whose translation depends on ``context``."""
    return _catalog(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _catalog(_current).npgettext(context, singular, plural, int(n))


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translate it with ``_()`` where shown)."""
    return message


# --------------------------------------------------------------------------- the shared words

#: the glossary's terms (docs/glossary.md), one word each; ``term("herd")`` gives "стадо" in Russian
TERMS: dict[str, str] = {
    "player": N_("player"),        # 6 nimmt!: игрок
    "farmer": N_("farmer"),        # Mow: фермер
    "row": N_("row"),              # 6 nimmt!: ряд
    "herd": N_("herd"),            # Mow: стадо
    "head": N_("head"),            # 6 nimmt! penalty: голова
    "fly": N_("fly"),              # Mow penalty: муха
    "pile": N_("pile"),            # 6 nimmt! taken cards: штрафная стопка
    "cowshed": N_("cowshed"),      # Mow taken cards: коровник
    "stock": N_("stock"),          # Mow draw pile: колода для добора
    "card": N_("card"),            # карта
    "round": N_("round"),          # тур
    "game": N_("game"),            # партия
    "turn": N_("turn"),            # ход
    "seat": N_("seat"),            # место
    "deal": N_("deal"),            # раздача
}


def term(word: str) -> str:
    """A glossary term (``"row"``, ``"herd"``, ``"fly"``, ...) in the current language."""
    return _(TERMS.get(word, word))


class Number(SupportsFloat, SupportsInt, Protocol):
    """A number :func:`number` shows (Python's or numpy's)."""


def number(x: Number, digits: int | None = None) -> str:
    """A number as a person reads it in the current language: ``1,234`` / ``0.25`` in English,
    ``1 234`` / ``0,25`` in Russian; a whole number never gets a decimal point.

    Args:
        x: the number (NaN gives an en dash).
        digits: decimals for a non-whole number (default: as ``str`` gives them).
    """
    if isinstance(x, numbers.Integral):
        x = int(x)
    elif float(x) != float(x):
        return "\u2013"
    if isinstance(x, int) or (digits is None and float(x).is_integer()):
        text = f"{int(x):,}"
    else:
        text = f"{float(x):,.{digits}f}" if digits is not None else f"{float(x):,}"
    if _current == "ru":
        text = text.replace(",", "\u00a0").replace(".", ",")
    return text


def _counted_forms() -> dict[str, Callable[[int], str]]:
    return {
        "head": lambda n: ngettext("{n} head", "{n} heads", n),
        "fly": lambda n: ngettext("{n} fly", "{n} flies", n),
        "card": lambda n: ngettext("{n} card", "{n} cards", n),
        "round": lambda n: ngettext("{n} round", "{n} rounds", n),
        "game": lambda n: ngettext("{n} game", "{n} games", n),
        "deal": lambda n: ngettext("{n} deal", "{n} deals", n),
        "turn": lambda n: ngettext("{n} turn", "{n} turns", n),
        "player": lambda n: ngettext("{n} player", "{n} players", n),
        "farmer": lambda n: ngettext("{n} farmer", "{n} farmers", n),
        "row": lambda n: ngettext("{n} row", "{n} rows", n),
        "herd": lambda n: ngettext("{n} herd", "{n} herds", n),
        "penalty point": lambda n: ngettext("{n} penalty point", "{n} penalty points", n),
    }


_COUNTED = _counted_forms()


def counted(word: str, n: int) -> str:
    """``n`` and the word in the right form: ``counted("head", 5)`` is "5 heads" / "5 голов".

    ``word`` is one of head, fly, card, round, game, deal, turn, player, farmer, row, herd,
    penalty point. Thousands are grouped as :func:`number` does.
    """
    if word not in _COUNTED:
        raise OptionError("word", word, "one of " + ", ".join(repr(w) for w in _COUNTED))
    n = int(n)
    return _COUNTED[word](n).format(n=number(n))


# --------------------------------------------------------------------------- the system's errors

OS_REASONS: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EISDIR: N_("this is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EEXIST: N_("it exists already"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EMFILE: N_("too many open files"),
    errno.EIO: N_("a read or write error of the disk"),
    errno.ENXIO: N_("no such device"),
    errno.EBUSY: N_("the file is busy"),
    errno.ENOTEMPTY: N_("the folder is not empty"),
}
"""What an operating system error means, in the reader's language (by its ``errno``)."""


def os_reason(error: OSError) -> str:
    """Why an operating system call failed, in the reader's language: ``"нет такого файла или папки"``.

    Known ``errno`` values are said through the catalog (the C library's own text is English);
    any other error gives its own text.
    """
    known = OS_REASONS.get(error.errno) if error.errno is not None else None
    if known is not None:
        return _(known)
    return str(error.strerror or error)


# --------------------------------------------------------------------------- the option error


def restore_error(cls: type, args: tuple[object, ...], fields: dict[str, object]) -> Exception:
    """Rebuild a pickled error with its fields and its text as it was made (in its language)."""
    error: Exception = Exception.__new__(cls)
    error.args = args
    vars(error).update(fields)
    return error


class OptionError(ValueError):
    """A game option with a wrong value; the message names the option and what is allowed.

    The text is made in the current language (:func:`set_language`); ``option``, ``value`` and
    ``allowed`` keep what the caller gave. It lives here, the lowest layer, because choosing a
    language can fail with it too; :mod:`mowkit.core` re-exports it as ``mowkit.core.OptionError``.
    """

    def __init__(self, option: str, value: object, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(_("option {option}={value} is not allowed; allowed: {allowed}").format(
            option=option, value=repr(value), allowed=allowed))

    def __reduce__(self) -> tuple[Callable[[type, tuple[object, ...], dict[str, object]], Exception],
                                  tuple[type, tuple[object, ...], dict[str, object]]]:
        return (restore_error, (type(self), self.args, dict(vars(self))))
