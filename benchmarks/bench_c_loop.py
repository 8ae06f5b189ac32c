"""The compiled kernels against a tight C loop with the same rules and statistics, in one run.

Compiles ``benchmarks/c/sixnimmt_rounds.c``, ``benchmarks/c/mow_rounds.c`` and
``benchmarks/c/mow_rounds_bits.c`` with the system C compiler (``$CC``, else ``cc``; ``-O3 -march=native``) into a temporary folder (prints
"skipped: no C compiler" and stops when there is none), pins this process and its children to
one core, then for random players prints rounds per CPU second of the C loop and of the kernel
(``simulate_rounds``, best of ``--repeats``), their ratio, and the statistics side by side:

* 6 nimmt!, 4 and 10 players: mean heads per player per round (published 12.12 and 14.66),
* Mow, 3 and 5 farmers (green packet) and 5 farmers with both packets (every special cow): the
  mean flies of every farmer (the starter's differs from the others'). Two C loops play the same
  rounds: ``mow_rounds.c`` builds the legal list of every turn (the kernel's general loop),
  ``mow_rounds_bits.c`` uses the bit-set algorithm of the kernel's all-random loop; the ratios
  are printed against both.

Then Monte Carlo rollouts per second of ``kernels.sixnimmt.mc_card_values`` (4 players, first
turn, 10 candidate cards) and ``kernels.mow.mc_action_values`` (3 farmers, first turn).
With ``--baseline DIR`` (a checkout of an older mowkit, e.g. ``git archive cfda496``) the same
kernel figures are measured for that code in a child process in the same run, and both are
printed with the ratios to the C loop.

    python benchmarks/bench_c_loop.py [--rounds 1000000] [--baseline /tmp/mowkit-cfda496]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
PUBLISHED = {4: 12.12, 10: 14.66}
MOW_CASES = ((3, {}), (5, {}), (5, {"packets": "both"}))


def pin_one_core() -> str:
    """Run this process (and its children) on one CPU; returns a note for the output."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to cpu {cpu}"
    return "not pinned (no sched_setaffinity)"


def compile_c(tmp: Path) -> dict[str, Path] | None:
    """The C loops compiled into ``tmp``, or None without a C compiler."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        return None
    out = {}
    for name in ("sixnimmt_rounds", "mow_rounds", "mow_rounds_bits"):
        exe = tmp / name
        subprocess.run([cc, "-O3", "-march=native", "-o", str(exe), str(HERE / "c" / f"{name}.c"), "-lm"],
                       check=True)
        out[name] = exe
    return out


def best_cpu(fn, repeats: int):
    """(least CPU seconds over ``repeats`` calls, the last result)."""
    best = float("inf")
    res = None
    for _ in range(repeats):
        t = time.process_time()
        res = fn()
        best = min(best, time.process_time() - t)
    return best, res


def mow_cards_file(path: Path, players: int, options: dict) -> None:
    """The card table, options and deck of a Mow game in the C loop's input format."""
    from mowkit.games.mow import Mow
    from mowkit.games.mow import kernel as M
    from mowkit.mow_data import KINDS

    codes = {k: i for i, k in enumerate(("plain", "blocking", "acrobat", "slowpoke", "calf", "thin",
                                          "dairy", "mad"))}
    game = Mow(players=players, **options)
    arr = M.card_arrays()
    lines = [f"{len(arr['kind'])} {game.starter} {game.num_herds} {int(game.restart == 'taker')} "
             f"{int(game.yellow_next == 'any')}"]
    for i in range(len(arr["kind"])):
        lines.append(f"{codes[KINDS[arr['kind'][i]]]} {arr['number'][i]} {arr['flies'][i]} "
                     f"{int(arr['green'][i])} {int(arr['numbered'][i])}")
    lines.append(str(len(game.deck)))
    lines.append(" ".join(str(c) for c in game.deck))
    path.write_text("\n".join(lines) + "\n")


def kernel_figures(rounds: int, mow_rounds: int, repeats: int, mc_rollouts: int) -> dict:
    """Rounds per CPU second and statistics of the kernels, and Monte Carlo rollouts per second."""
    from mowkit import load_game
    from mowkit.games.mow import kernel as M
    from mowkit.games.sixnimmt import kernel as K

    K.simulate_rounds(4, "random", 10, seed=0)  # compile or load the cache
    M.simulate_rounds(3, "random", 10, seed=0)
    res: dict = {"sixnimmt": {}, "mow": {}}
    for n in (4, 10):
        secs, x = best_cpu(lambda n=n: K.simulate_rounds(n, "random", rounds, seed=2026), repeats)
        rm = x.mean(axis=1)
        res["sixnimmt"][str(n)] = {"rate": rounds / secs, "mean": float(rm.mean()),
                                   "se": float(rm.std(ddof=1) / np.sqrt(len(rm)))}
    for n, opts in MOW_CASES:
        secs, x = best_cpu(lambda n=n, o=opts: M.simulate_rounds(n, "random", mow_rounds, seed=2026, **o),
                           repeats)
        res["mow"][key(n, opts)] = {"rate": mow_rounds / secs, "mean": x.mean(axis=0).tolist(),
                                    "se": (x.std(axis=0, ddof=1) / np.sqrt(len(x))).tolist()}
    game = load_game("sixnimmt", players=4)
    obs = [game.new_state(seed=s).observation(0) for s in range(5)]
    args = []
    for o in obs:
        hand = list(o.hand)
        rows = [list(r) for r in o.rows]
        seen = set(hand) | {c for r in rows for c in r}
        unseen = [c for c in game.deck if c not in seen]
        args.append((hand, rows, unseen))
    K.mc_card_values(*args[0], 4, 0, 1, seed=0)
    secs, _ = best_cpu(lambda: [K.mc_card_values(h, r, u, 4, 0, mc_rollouts, seed=1) for h, r, u in args],
                       repeats)
    res["mc_sixnimmt"] = len(args) * mc_rollouts * len(args[0][0]) / secs
    mgame = load_game("mow", players=3)
    mobs = [st.observation(st.actor) for st in (mgame.new_state(seed=s) for s in range(5))]
    M.mc_action_values(mobs[0], 1, 0)
    n_cand = sum(len(M.turn_actions(o)) for o in mobs)
    m_roll = max(mc_rollouts // 10, 1)
    secs, _ = best_cpu(lambda: [M.mc_action_values(o, m_roll, 1) for o in mobs], repeats)
    res["mc_mow"] = n_cand * m_roll / secs
    return res


def key(n: int, opts: dict) -> str:
    return f"{n} farmers, {opts.get('packets', 'green')}"


def run_c(exe: Path, args: list[str], repeats: int) -> list[float]:
    """The C loop's output fields of its fastest of ``repeats`` runs."""
    best = None
    for _ in range(repeats):
        out = subprocess.run([str(exe), *args], check=True, capture_output=True, text=True).stdout.split()
        vals = [float(v) for v in out]
        if best is None or vals[1] < best[1]:
            best = vals
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=1_000_000, help="6 nimmt! rounds per measurement")
    ap.add_argument("--mow-rounds", type=int, default=200_000, help="Mow rounds per measurement")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--mc-rollouts", type=int, default=2000, help="6 nimmt! rollouts per card (Mow: a tenth)")
    ap.add_argument("--baseline", help="folder of an older mowkit to measure in the same run")
    ap.add_argument("--kernel-json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    pin = pin_one_core()
    if a.kernel_json:
        print(json.dumps(kernel_figures(a.rounds, a.mow_rounds, a.repeats, a.mc_rollouts)))
        return
    print(f"{platform.platform()}, {platform.processor() or platform.machine()}, python "
          f"{platform.python_version()}, {pin}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with tempfile.TemporaryDirectory() as d:
        exes = compile_c(Path(d))
        if exes is None:
            print("skipped: no C compiler")
            return
        c6 = {n: run_c(exes["sixnimmt_rounds"], [str(n), str(a.rounds), "2026"], a.repeats) for n in (4, 10)}
        cm, cb = {}, {}
        for n, opts in MOW_CASES:
            f = Path(d) / f"mow_{n}_{opts.get('packets', 'green')}.txt"
            mow_cards_file(f, n, opts)
            args = [str(f), str(n), str(a.mow_rounds), "2026"]
            cm[key(n, opts)] = run_c(exes["mow_rounds"], args, a.repeats)
            cb[key(n, opts)] = run_c(exes["mow_rounds_bits"], args, a.repeats)
    kern = {"kernel": kernel_figures(a.rounds, a.mow_rounds, a.repeats, a.mc_rollouts)}
    if a.baseline:
        env = dict(os.environ, PYTHONPATH=str(Path(a.baseline).resolve()))
        out = subprocess.run([sys.executable, __file__, "--kernel-json", "--rounds", str(a.rounds),
                              "--mow-rounds", str(a.mow_rounds), "--repeats", str(a.repeats),
                              "--mc-rollouts", str(a.mc_rollouts)], env=env, check=True,
                             capture_output=True, text=True).stdout
        kern = {"baseline": json.loads(out.strip().splitlines()[-1]), **kern}
    names = list(kern)
    print(f"\n6 nimmt!, random players, {a.rounds:,} rounds (rounds per CPU second; ratio = C / kernel):")
    for n in (4, 10):
        c = c6[n]
        print(f"  {n:2d} players: C {c[0] / c[1]:>11,.0f}/s  mean {c[2]:.4f} ± {c[3]:.4f}  (published "
              f"{PUBLISHED[n]})")
        for nm in names:
            k = kern[nm]["sixnimmt"][str(n)]
            print(f"      {nm:>8}: {k['rate']:>11,.0f}/s  ratio {c[0] / c[1] / k['rate']:.2f}×  mean "
                  f"{k['mean']:.4f} ± {k['se']:.4f}  (C - kernel = {(c[2] - k['mean']) / np.hypot(c[3], k['se']):+.1f} se)")
    print(f"\nMow, random farmers, {a.mow_rounds:,} rounds (mean flies per farmer, seat 1 first; ratios = "
          "C list loop / kernel and C bit-set loop / kernel):")
    for kk, c in cm.items():
        n = int(kk.split()[0])
        cmean, cse = c[2::2], c[3::2]
        b = cb[kk]
        same = "the same" if b[2:] == c[2:] else "DIFFERENT"
        print(f"  {kk}: C list {c[0] / c[1]:>9,.0f}/s  C bits {b[0] / b[1]:>9,.0f}/s ({same} statistics)  flies "
              + " ".join(f"{m:.3f}±{s:.3f}" for m, s in zip(cmean, cse)))
        for nm in names:
            k = kern[nm]["mow"][kk]
            z = max(abs(cmean[p] - k["mean"][p]) / np.hypot(cse[p], k["se"][p]) for p in range(n))
            print(f"      {nm:>8}: {k['rate']:>9,.0f}/s  ratio {c[0] / c[1] / k['rate']:.2f}× / "
                  f"{b[0] / b[1] / k['rate']:.2f}×  flies "
                  + " ".join(f"{m:.3f}±{s:.3f}" for m, s in zip(k["mean"], k["se"])) + f"  (largest |C - kernel| {z:.1f} se)")
    print("\nMonte Carlo rollouts per CPU second:")
    for nm in names:
        print(f"  {nm:>8}: 6 nimmt! mc_card_values {kern[nm]['mc_sixnimmt']:>11,.0f}/s   "
              f"Mow mc_action_values {kern[nm]['mc_mow']:>9,.0f}/s")
    if a.baseline:
        b, k = kern["baseline"], kern["kernel"]
        print(f"  speed-up: 6 nimmt! {k['mc_sixnimmt'] / b['mc_sixnimmt']:.2f}×, Mow {k['mc_mow'] / b['mc_mow']:.2f}×")


if __name__ == "__main__":
    main()
