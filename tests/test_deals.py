"""Recorded deck orders everywhere: play_game / play_state / tournament with ``deals=``."""

from __future__ import annotations

import pandas as pd
import pytest

from mowkit import OptionError, load_game
from mowkit.simulate import play_game, play_state
from mowkit.tournament import deal_count, game_seed, plan, seat_streams, tournament

SIX_AGENTS = ["random", "greedy", "lowest"]
MOW_AGENTS = ["random", "greedy", "heuristic"]


def record_deals(record):
    return [r["deal"] for r in record["rounds"]]


@pytest.mark.parametrize("name, agents, seed", [("sixnimmt", SIX_AGENTS, 11), ("mow", MOW_AGENTS, 12)])
def test_a_game_played_from_the_deals_of_a_seeded_record_gives_that_record(name, agents, seed):
    game = load_game(name, players=3)
    seeded = play_game(game, agents, seed=seed)
    assert len(seeded["rounds"]) >= 2  # several rounds, so every round's deal is used
    again = play_game(game, agents, seed=seed, deals=record_deals(seeded))
    assert again == seeded


def test_the_deals_decide_the_cards_and_the_seed_only_the_agents():
    game = load_game("sixnimmt", players=3)
    a = play_game(game, ["random"] * 3, seed=1)
    b = play_game(game, ["random"] * 3, seed=2)
    # seed 2's agents on seed 1's cards: the deals are seed 1's, the random choices are not
    mixed = play_game(game, ["random"] * 3, seed=2, deals=record_deals(a) + record_deals(b))
    assert mixed["rounds"][0]["deal"] == a["rounds"][0]["deal"]
    first_a = a["rounds"][0]["decisions"]
    first_mixed = mixed["rounds"][0]["decisions"]
    assert first_mixed != first_a  # other agent streams choose other cards (hands are the same)
    hands_a = {d["card"] for d in first_a if d["type"] == "play"}
    hands_mixed = {d["card"] for d in first_mixed if d["type"] == "play"}
    dealt = set(a["rounds"][0]["deal"][: 3 * game.hand_size])
    assert hands_a <= dealt and hands_mixed <= dealt


def test_play_state_from_deals_matches_new_state_from_deals():
    game = load_game("mow", players=3)
    seeded = play_state(game, MOW_AGENTS, seed=5)
    again = play_state(game, MOW_AGENTS, seed=5, deals=seeded.deals)
    assert again.deals == seeded.deals and again.totals == seeded.totals
    assert [[a.to_dict() for a in r] for r in again.history] == [[a.to_dict() for a in r] for r in seeded.history]


@pytest.mark.parametrize("bad, option", [
    ("not deals", "deals"),
    ([], "deals"),
    (42, "deals"),
    ([[1, 2, 3]], "deals[0]"),
    ([list(range(1, 105))[::-1], "x"], "deals[1]"),
    ([[1] * 104], "deals[0]"),
])
def test_malformed_deals_are_a_clear_option_error(bad, option):
    with pytest.raises(OptionError) as e:
        play_game(load_game("sixnimmt", players=3), SIX_AGENTS, seed=1, deals=bad)
    assert e.value.option == option


def test_too_few_deals_for_the_game_is_an_option_error_naming_deals():
    game = load_game("sixnimmt", players=3)
    seeded = play_game(game, SIX_AGENTS, seed=11)
    assert len(seeded["rounds"]) >= 2
    with pytest.raises(OptionError) as e:
        play_game(game, SIX_AGENTS, seed=11, deals=record_deals(seeded)[:1])
    assert e.value.option == "deals" and "one deck order per round" in str(e.value)


def seeded_tournament_deals(game, agents, n_games, seed, paired=True, rotate=True):
    """The deck orders the seeded tournament deals: for each deal number the longest list of round
    orders any of its games used (the rotations of a deal share one deal stream)."""
    out: dict[int, list] = {}
    for g in range(n_games):
        row = plan(g, game.num_players, seed, paired, rotate)
        names = [agents[(s + row["rotation"]) % len(agents)] for s in range(len(agents))]
        state = play_state(game, names, seed=row["seed"], agent_streams=seat_streams(len(agents), row["rotation"]))
        if len(state.deals) > len(out.get(row["deal"], [])):
            out[row["deal"]] = [list(d) for d in state.deals]
    return [out[d] for d in range(len(out))]


@pytest.mark.parametrize("name, agents, unit", [("sixnimmt", SIX_AGENTS, "game"), ("mow", MOW_AGENTS, "round"),
                                                ("mow", MOW_AGENTS, "game")])
def test_a_tournament_from_the_seeded_deal_orders_equals_the_seeded_tournament(name, agents, unit):
    n_games, seed = 6, 3
    options = {"players": 3} if unit == "game" else {"players": 3, "max_rounds": 1}
    game = load_game(name, **options)
    deals = seeded_tournament_deals(game, agents, n_games, seed)
    assert len(deals) == deal_count(3, n_games) == 2
    seeded = tournament(name, agents, n_games, seed, unit=unit, backend="engine", progress=False, players=3)
    from_deals = tournament(name, agents, n_games, seed, unit=unit, progress=False, deals=deals, players=3)
    pd.testing.assert_frame_equal(from_deals, seeded)
    assert from_deals.attrs["backend"] == "engine"
    assert "deals" in from_deals.attrs["provenance"] and "deals" not in seeded.attrs["provenance"]
    assert list(from_deals["seed"].unique()) == [game_seed(seed, 0), game_seed(seed, 1)]


def test_tournament_deals_change_the_games():
    game = load_game("sixnimmt", players=3)
    deals = seeded_tournament_deals(game, SIX_AGENTS, 3, 3)
    other = seeded_tournament_deals(game, SIX_AGENTS, 3, 4)  # another tournament's cards
    a = tournament("sixnimmt", SIX_AGENTS, 3, 3, backend="engine", progress=False, players=3, deals=deals)
    b = tournament("sixnimmt", SIX_AGENTS, 3, 3, backend="engine", progress=False, players=3,
                   deals=[other[0] + deals[0]])  # enough rounds whichever is longer
    assert not a["penalty"].equals(b["penalty"])


def test_tournament_deals_with_folder_and_jobs_give_the_same_table(tmp_path):
    game = load_game("sixnimmt", players=3)
    deals = seeded_tournament_deals(game, SIX_AGENTS, 6, 8)
    serial = tournament("sixnimmt", SIX_AGENTS, 6, 8, progress=False, players=3, deals=deals)
    chunked = tournament("sixnimmt", SIX_AGENTS, 6, 8, progress=False, players=3, deals=deals,
                         out=tmp_path / "run", chunk_games=2)
    pd.testing.assert_frame_equal(chunked, serial)
    resumed = tournament("sixnimmt", SIX_AGENTS, 6, 8, progress=False, players=3, deals=deals,
                         out=tmp_path / "run", chunk_games=2)  # every chunk found and verified
    pd.testing.assert_frame_equal(resumed, serial)
    with pytest.raises(Exception) as e:  # other deals: the folder belongs to another run
        tournament("sixnimmt", SIX_AGENTS, 6, 8, progress=False, players=3, deals=deals[::-1],
                   out=tmp_path / "run", chunk_games=2)
    assert "deals" in str(e.value)


@pytest.mark.parametrize("bad, option", [
    ("abc", "deals"),
    ({0: []}, "deals"),
    ([[list(range(1, 105))]], "deals"),  # one deal, the tournament uses two
    ([[list(range(1, 105))], "x"], "deals[1]"),
    ([[list(range(1, 105))], [[1, 2]]], "deals[1][0]"),
    ([[list(range(1, 105))], []], "deals[1]"),
])
def test_malformed_tournament_deals_are_a_clear_option_error(bad, option):
    with pytest.raises(OptionError) as e:
        tournament("sixnimmt", SIX_AGENTS, 6, 1, progress=False, players=3, deals=bad)
    assert e.value.option == option


def test_kernel_backend_with_deals_is_refused():
    game = load_game("sixnimmt", players=3)
    deals = seeded_tournament_deals(game, SIX_AGENTS, 3, 1)
    with pytest.raises(OptionError) as e:
        tournament("sixnimmt", SIX_AGENTS, 3, 1, progress=False, players=3, deals=deals, backend="kernel")
    assert e.value.option == "backend"


def test_tournament_deals_that_run_out_name_the_deal():
    game = load_game("sixnimmt", players=3)
    deals = seeded_tournament_deals(game, SIX_AGENTS, 3, 1)
    assert len(deals[0]) >= 2
    with pytest.raises(OptionError) as e:
        tournament("sixnimmt", SIX_AGENTS, 3, 1, progress=False, players=3, deals=[deals[0][:1]])
    assert e.value.option == "deals[0]"
