"""Fit the planner's rollout model (:mod:`mowkit.games.sixnimmt.rollout_model`) and print its weights.

Run from the repository root:

    PYTHONPATH=$PWD python benchmarks/fit_rollout_model.py

Plays 100 seeded four-player games between ``mc:rollouts=40`` players (seeds 1000-1099) and
records every card decision, fits the conditional logit by maximum likelihood, and checks it on
100 other games (seeds 5000-5099): accuracy (the model's most likely card is the card played)
and log-loss against a random card. The printed weights are :data:`WEIGHTS` (rounded to 4
decimals); same seeds, same decisions, same weights on any machine.
"""

from __future__ import annotations

import time

import numpy as np

from mowkit.games.sixnimmt import rollout_model as rm


def main() -> None:
    t = time.perf_counter()
    train = rm.collect(100, 1000)
    test = rm.collect(100, 5000)
    print(f"decisions: {len(train)} to fit, {len(test)} to check ({time.perf_counter() - t:.0f} s to play)")
    w = rm.fit(train)
    random_loss = float(np.mean([np.log(len(f)) for f, _ in test]))
    random_acc = float(np.mean([1 / len(f) for f, _ in test]))
    print(f"log-loss: fitted {rm.log_loss(w, train):.3f} (fit), {rm.log_loss(w, test):.3f} (check); random card {random_loss:.3f}")
    print(f"accuracy on the check games: {rm.accuracy(w, test):.3f}; random card {random_acc:.3f}")
    print(f"shipped WEIGHTS on the check games: log-loss {rm.log_loss(rm.WEIGHTS, test):.3f}, "
          f"accuracy {rm.accuracy(rm.WEIGHTS, test):.3f}; largest difference to the fit "
          f"{np.max(np.abs(np.round(w, 4) - rm.WEIGHTS)):.4f}")
    print("WEIGHTS = np.array([" + ", ".join(f"{x:.4f}" for x in w) + "])")
    for name, x in zip(rm.FEATURES, w):
        print(f"  {name:<16}{x:+.4f}")


if __name__ == "__main__":
    main()
