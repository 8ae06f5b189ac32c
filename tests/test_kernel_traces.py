"""The compiled kernels keep the game contract decision by decision (issue 10, section 5).

For both games, every kernel policy and a range of option sets, the kernel plays a few rounds of
one game on recorded deck orders and traces every decision with the position it was asked in
(``trace_deals``). The rule engine then replays the trace on the same deck orders: before each
decision the engine's position (rows or herds, hands, what each seat has taken this round, totals,
whose turn it is) must be the position the kernel reports, the engine's legal list must have the
kernel's length and contain the kernel's decision at the kernel's index; the engine applies it.
At each round's end the engine's scores must be the kernel's and the totals their running sums;
the engine's game must end exactly when the kernel's trace does (or, with a threshold, at the
first round whose kernel totals reach it). Random policies replay too: their choices are in the
trace. The engine is the definition; nothing here is taken from the kernel's own results except
what is compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from mowkit import load_game
from mowkit.games.mow import kernel as KM
from mowkit.games.mow.trace import replay_trace as replay_mow
from mowkit.games.sixnimmt import kernel as K6
from mowkit.games.sixnimmt.trace import ROUNDS
from mowkit.games.sixnimmt.trace import replay_trace as replay_sixnimmt

# --------------------------------------------------------------------------- 6 nimmt!

SIX_POLICIES = list(K6.POLICIES)

SIX_CASES = [
    (2, {}),
    (4, {}),
    (10, {}),
    (4, {"variant": "standard"}),
    (5, {"variant": "tactics"}),
    (5, {"variant": "professional"}),
    (3, {"variant": ["professional", "tactics"], "auto_row": True}),
    (3, {"variant": "logic"}),
    (4, {"variant": ["logic", "professional"]}),
    (6, {"rows": 5, "capacity": 4}),
    (7, {"rows": 3, "capacity": 6, "hand_size": 8}),
    (4, {"rows": 2, "capacity": 2, "hand_size": 6}),
    (4, {"auto_row": True}),
    (8, {"hand_size": 12}),
    (9, {"rows": 6, "capacity": 3, "hand_size": 9}),
]
SIX_THRESHOLD = [(4, {"threshold": 20}), (3, {"threshold": 15, "comparison": ">", "variant": "logic"})]



def _table(policies: list[str], policy: str, players: int) -> list[str]:
    """Seat 0 plays ``policy``; the other seats cycle through every policy (after it)."""
    k = policies.index(policy)
    return [policies[(k + i) % len(policies)] for i in range(players)]


@pytest.mark.parametrize("policy", SIX_POLICIES)
@pytest.mark.parametrize("players,options", SIX_CASES, ids=lambda x: str(x))
def test_sixnimmt_traces_replay_in_the_engine(players, options, policy):
    table = _table(SIX_POLICIES, policy, players)
    hand = load_game("sixnimmt", players=players, **options).hand_size
    for seed in (11, 12):
        checked, rounds = replay_sixnimmt(players, table, options, seed)
        assert checked >= rounds * players * hand  # at least every card choice


@pytest.mark.parametrize("players,options", SIX_THRESHOLD, ids=lambda x: str(x))
def test_sixnimmt_trace_totals_end_the_game_at_the_threshold(players, options):
    """With a low threshold the engine stops at the first round whose kernel totals reach it."""
    ended_early = 0
    for seed in range(6):
        table = _table(SIX_POLICIES, SIX_POLICIES[seed % len(SIX_POLICIES)], players)
        checked, rounds = replay_sixnimmt(players, table, options, 100 + seed)
        assert checked >= rounds * players * 10
        ended_early += rounds < ROUNDS
    assert ended_early >= 1  # the threshold did stop some game before its last recorded round


def test_sixnimmt_trace_marks_rule4_ties_and_drafts():
    """The traces contain every decision kind the option sets can ask (the replay checks them)."""
    kinds = set()
    for players, options in SIX_CASES:
        round_opts = dict(options)
        deals = K6.seed_deals(players, [5], 2, **round_opts)[0]
        _, traces = K6.trace_deals(players, _table(SIX_POLICIES, "random_row", players), deals, seed=5,
                                   one_game=True, **round_opts)
        kinds |= set(np.concatenate(traces)[:, 1].tolist())
    assert kinds == {K6.D_CARD, K6.D_ROW, K6.D_PLACE, K6.D_DRAFT, K6.D_END}


# --------------------------------------------------------------------------- Mow

MOW_POLICIES = list(KM.POLICIES)

MOW_CASES = [
    (2, {}),  # the two-player star
    (2, {"star": False}),
    (2, {"star": True, "packets": "both", "restart": "next"}),
    (3, {}),
    (3, {"packets": "yellow", "yellow_next": "any"}),
    (4, {"packets": "both"}),
    (4, {"restart": "next", "next_starter": "rotate", "reset_arrow": False}),
    (5, {"specials": False}),
    (5, {"packets": "green", "starter": 3}),
    (6, {"yellow_next": "any", "reset_arrow": False}),
    (10, {}),
]


@pytest.mark.parametrize("policy", MOW_POLICIES)
@pytest.mark.parametrize("players,options", MOW_CASES, ids=lambda x: str(x))
def test_mow_traces_replay_in_the_engine(players, options, policy):
    table = _table(MOW_POLICIES, policy, players)
    for seed in (21, 22):
        checked, rounds = replay_mow(players, table, options, seed)
        assert rounds == ROUNDS and checked >= ROUNDS * players  # every farmer acts in every round


@pytest.mark.parametrize("players,options", [(3, {"threshold": 25}), (4, {"threshold": 20, "comparison": ">"})],
                         ids=lambda x: str(x))
def test_mow_trace_totals_end_the_game_at_the_threshold(players, options):
    """With a low threshold the engine stops at the first round whose kernel totals reach it."""
    ended_early = 0
    for seed in range(6):
        table = _table(MOW_POLICIES, MOW_POLICIES[seed % len(MOW_POLICIES)], players)
        _, rounds = replay_mow(players, table, options, 300 + seed)
        ended_early += rounds < ROUNDS
    assert ended_early >= 1  # the threshold did stop some game before its last recorded round


def test_mow_traces_contain_every_decision_and_action_kind():
    """Over the option sets the traces hold every decision kind and every kind of turn action."""
    kinds, actions = set(), set()
    for players, options in MOW_CASES:
        deals = KM.seed_deals(players, range(40, 46), 1, **options)[:, 0]
        _, traces = KM.trace_deals(players, "random", deals, seed=3, states=True, **options)
        rows = np.concatenate(traces)
        kinds |= set(rows[:, 1].tolist())
        actions |= set(rows[rows[:, 1] == KM.D_TURN, 6].tolist())
    assert kinds == {KM.D_TURN, KM.D_FLIP, KM.D_NEXT, KM.D_END}
    assert actions == set(range(9))


def test_mow_plain_traces_are_the_first_columns_of_the_full_ones():
    """``states=True`` adds the position; the decisions are the same as without it."""
    deals = KM.seed_deals(4, range(3), 1)[:, 0]
    f1, plain = KM.trace_deals(4, ["random", "greedy", "heuristic", "random"], deals, seed=9)
    f2, full = KM.trace_deals(4, ["random", "greedy", "heuristic", "random"], deals, seed=9, states=True)
    assert np.array_equal(f1, f2)
    for a, b in zip(plain, full):
        assert np.array_equal(a, b[b[:, 1] != KM.D_END, 1:4])


# --------------------------------------------------------------------------- policy parameters


def _signature_defaults(cls) -> dict:
    import inspect

    return {k: p.default for k, p in inspect.signature(cls.__init__).parameters.items()
            if k != "self" and p.default is not inspect.Parameter.empty}


@pytest.mark.parametrize("game_name,kernel", [("sixnimmt", K6), ("mow", KM)])
def test_every_kernel_policy_is_one_agent_class_with_its_parameters(game_name, kernel):
    """Each kernel policy is claimed by exactly one agent class, whose spec maps back to it."""
    from mowkit.agents import agent_classes, policy_params

    claimed: dict[str, str] = {}
    for name, cls in agent_classes(game_name).items():
        for policy, params in getattr(cls, "kernel_params", dict)().items():
            assert policy in kernel.POLICIES, (name, policy)
            assert policy not in claimed, (policy, claimed.get(policy), name)
            claimed[policy] = name
            assert set(params) == set(_signature_defaults(cls))
            spec = name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")
            assert policy_params(game_name, spec) == (policy, params)
    assert set(claimed) == set(kernel.POLICIES)


def test_policy_params_refuses_what_no_kernel_plays():
    from mowkit.agents import policy_params
    from mowkit.core import OptionError

    assert policy_params("mow", "greedy") == ("greedy", {"take_at": 0})
    assert policy_params("mow", "greedy:take_at=1") is None
    assert policy_params("mow", "heuristic:min_cards=4") is None
    assert policy_params("mow", "greedy:colour=red") is None
    assert policy_params("mow", "mc") is None
    assert policy_params("sixnimmt", "random:row=random") == ("random_row", {"row": "random"})
    assert policy_params("sixnimmt", "heuristic") is None
    assert policy_params("sixnimmt", "nobody") is None
    assert policy_params("chess", "random") is None
    with pytest.raises(OptionError):
        policy_params("mow", "greedy:take_at")


def test_the_mow_kernel_reads_its_thresholds_from_the_agent_classes():
    from mowkit.games.mow import agents as agents

    assert KM.GREEDY_TAKE_AT == _signature_defaults(agents.GreedyAgent)["take_at"]
    assert KM.HEURISTIC_TAKE_AT == _signature_defaults(agents.HeuristicAgent)["take_at"]
    assert KM.HEURISTIC_MIN_CARDS == _signature_defaults(agents.HeuristicAgent)["min_cards"]


def test_a_changed_agent_parameter_compiles_afresh(monkeypatch):
    """The compiled code holds the agents' parameters: they are part of the cache key."""
    from mowkit import kernels
    from mowkit.games.mow import policies

    before = kernels.sources_key()
    assert kernels.sources_key() == before
    monkeypatch.setattr(policies, "HEURISTIC_MIN_CARDS", 4)  # the agents and the kernel read it here
    assert kernels.sources_key() != before


@pytest.mark.parametrize("game_name", ["sixnimmt", "mow"])
def test_agents_and_kernels_read_the_same_policy_data(game_name):
    """The agent classes' kernel policies and defaults are the policies module's data, which the
    kernel re-exports; an agent that no kernel policy plays gets none."""
    import ast
    import inspect

    from mowkit.agents import agent_classes, policy_params

    kernel = {"sixnimmt": K6, "mow": KM}[game_name]
    for name, cls in agent_classes(game_name).items():
        params = getattr(cls, "kernel_params", dict)()
        if params:
            assert kernel.AGENT_DEFAULTS[name] == _signature_defaults(cls)
            assert kernel.AGENT_POLICIES[name] == cls.kernel_policies
        else:
            assert name not in kernel.AGENT_POLICIES
            assert policy_params(game_name, name) is None
    imported = set()  # the kernel imports no agent module
    for node in ast.walk(ast.parse(inspect.getsource(kernel))):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported |= {f"{node.module}.{alias.name}" for alias in node.names}
    assert not [m for m in imported if ".agents" in m], imported
