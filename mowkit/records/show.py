"""How a value found in a record is named in an error message (short, always printable)."""

from __future__ import annotations

import math
from typing import Any

from mowkit.i18n import _, ngettext


class LongInt:
    """Stands for a JSON integer too long to convert (Python refuses > 4300 digits)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<an integer with {self.digits} digits>"


def is_int(v: Any) -> bool:
    """Whether ``v`` is an integer (a bool is not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def brief(e: BaseException) -> str:
    """``Kind: message`` of an exception, cut to a line."""
    try:
        text = str(e)
    except Exception:  # noqa: BLE001 - a message that cannot even be shown
        text = ""
    if len(text) > 160:
        text = text[:160] + "..."
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _show_number(v: int | float) -> str:
    if isinstance(v, int):
        if v.bit_length() > 64:
            return _("an integer with about {n} digits").format(n=int(v.bit_length() * math.log10(2)) + 1)
        return str(int(v))
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return repr(v)


def show(v: Any) -> str:
    """A short, always printable description of a value found in a record."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return _show_number(v)
    if isinstance(v, LongInt):
        return _("an integer with {n} digits").format(n=v.digits)
    if isinstance(v, str):
        return repr(v) if len(v) <= 40 else repr(v[:40]) + _("... ({n} characters)").format(n=len(v))
    if isinstance(v, list):
        return ngettext("a list of {n} item", "a list of {n} items", len(v)).format(n=len(v))
    if isinstance(v, dict):
        return ngettext("an object with {n} field", "an object with {n} fields", len(v)).format(n=len(v))
    return _("a value of type {kind}").format(kind=type(v).__name__)


def show_list(v: Any) -> str:
    """A short list of integers as itself, anything else as :func:`show` names it."""
    return str(v) if v is None or isinstance(v, list) and len(v) <= 20 and all(is_int(x) for x in v) else show(v)
