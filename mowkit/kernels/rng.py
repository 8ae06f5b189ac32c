"""The kernels' random numbers: xoshiro256** on a ``uint64[4]`` state array, seeded by splitmix64.

Every compiled kernel draws from a state array ``rs`` (``np.empty(4, np.uint64)``) that
:func:`seed` fills from a 32-bit seed word (the block seeds of :mod:`mowkit.kernels.common`):
four splitmix64 outputs, as the xoshiro authors recommend. :func:`below` turns the top 32 bits
of one xoshiro256** output into an unbiased integer below ``m`` (Lemire's multiply-and-reject
method, ``m < 2**32``). The generator is plain integer arithmetic, so the same seed gives the
same stream in any process and on any platform, and it is several times cheaper than numba's
``np.random`` (Mersenne Twister behind a helper call). ``benchmarks/c/`` uses the same generator.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_U1 = np.uint64(1)
_M32 = np.uint64(0xFFFFFFFF)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
_S17, _S45, _S19, _S7, _S57 = np.uint64(17), np.uint64(45), np.uint64(19), np.uint64(7), np.uint64(57)
_S32 = np.uint64(32)
_FIVE, _NINE = np.uint64(5), np.uint64(9)


def new_state() -> np.ndarray:
    """An unseeded state array (fill it with :func:`seed`)."""
    return np.zeros(4, np.uint64)


@njit(cache=True)
def seed(rs, word):
    """Fill the state ``rs`` from the seed word ``word`` (int64 >= 0) by splitmix64."""
    x = np.uint64(word)
    for i in range(4):
        x = x + _GOLDEN
        z = x
        z = (z ^ (z >> _S30)) * _MIX1
        z = (z ^ (z >> _S27)) * _MIX2
        rs[i] = z ^ (z >> _S31)


@njit(cache=True, inline="always")
def next64(rs):
    """The next xoshiro256** output (uint64); advances ``rs``."""
    s0 = rs[0]
    s1 = rs[1]
    s2 = rs[2]
    s3 = rs[3]
    x = s1 * _FIVE
    result = ((x << _S7) | (x >> _S57)) * _NINE
    t = s1 << _S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << _S45) | (s3 >> _S19)
    rs[0] = s0
    rs[1] = s1
    rs[2] = s2
    rs[3] = s3
    return result


@njit(cache=True, inline="always")
def below(rs, m):
    """Uniform integer 0..m-1 (0 < m < 2**31) from the top 32 bits of one draw (Lemire, unbiased)."""
    x = np.int64(next64(rs) >> _S32) * m
    lo = x & 0xFFFFFFFF
    if lo < m:
        t = ((1 << 32) - m) % m
        while lo < t:
            x = np.int64(next64(rs) >> _S32) * m
            lo = x & 0xFFFFFFFF
    return x >> 32
