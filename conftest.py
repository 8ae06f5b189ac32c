"""Test-session settings shared by tests/ and the notebooks run under nbval.

The kernels print a one-time "Preparing the fast simulator…" line on stderr the first time a
function compiles on a machine (CI starts with an empty cache). A notebook cell whose output is
checked must not gain that line, so the session (and the notebook kernels it starts, which inherit
the environment) runs with ``MOWKIT_QUIET=1``; the message itself is tested in
tests/test_kernel_sixnimmt.py in a subprocess without the variable.
"""

import os

os.environ.setdefault("MOWKIT_QUIET", "1")
# The tests read English unless they choose Russian themselves: a tester whose system speaks Russian
# (LANG=ru_RU.UTF-8 selects Russian, see mowkit.i18n) gets the same results as CI.
os.environ.setdefault("MOWKIT_LANG", "en")
