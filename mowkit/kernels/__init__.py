"""Compiled simulation kernels (numba) that play the built-in agents fast.

The rule engines in :mod:`mowkit.games` stay the definition of the rules; each kernel here is
cross-checked against its engine (identical penalties on shared deals for the deterministic
agents, statistical agreement for the random ones). Importing a kernel module imports numba;
the rule engines never do.

* :mod:`mowkit.kernels.sixnimmt`: 6 nimmt! rounds and games for random, lowest, highest, greedy,
  and the Monte Carlo agent's rollouts (:func:`~mowkit.kernels.sixnimmt.mc_card_values`).
* :mod:`mowkit.kernels.mow`: Mow rounds and games for random, greedy and heuristic farmers.

``mowkit.tournament.tournament(backend="auto")`` uses a kernel when every agent has one.
"""
