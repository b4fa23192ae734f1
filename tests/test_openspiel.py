"""The OpenSpiel bridge (henchmen.openspiel): OpenSpiel's own checks on every game and mode.

pyspiel.random_sim_test plays random games through OpenSpiel's C++ test harness, checking
at every step: clones, serialization round trips (of game and state), sorted unique legal
actions and their masks, unique action strings, chance outcomes, tensor sizes and finite
values, information state and observation strings, returns within the utility bounds and
summing as the utility type says.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the openspiel extra (in the test extra too)

import henchmen  # noqa: E402
from henchmen import openspiel as bridge  # noqa: E402
from henchmen.errors import OptionError  # noqa: E402

SSS_MODES = ["duel", "brawl", "classic", "secretive", "gambler", "climb"]
EVERY_NAME = [bridge.short_name(info.name) for info in henchmen.games()] + [
    bridge.short_name("seven-secret-supervillains", mode) for mode in SSS_MODES
]


def test_every_game_and_mode_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert set(EVERY_NAME) <= registered
    assert sorted(bridge.NAMES) == sorted(EVERY_NAME)


@pytest.mark.parametrize("name", EVERY_NAME)
def test_openspiel_random_simulation_checks(name: str) -> None:
    game = pyspiel.load_game(name)
    # Seven Secret Supervillains games run to about 1500 steps: one game each keeps the file fast.
    sims = 1 if "seven_secret" in name else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_game_type_and_info_follow_the_game() -> None:
    parry = pyspiel.load_game("henchmen_parry")
    kind = parry.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert parry.num_distinct_actions() == henchmen.Game("parry").num_distinct_actions
    assert parry.observation_tensor_shape() == list(henchmen.Game("parry").observation_shape)
    # Legendary is cooperative, but each player's return adds a VP rank to the team result.
    legendary = pyspiel.load_game("henchmen_legendary")
    assert legendary.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    gambler = pyspiel.load_game("henchmen_seven_secret_supervillains_gambler")
    assert gambler.num_players() == 1
    assert gambler.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_load_game_with_parameters() -> None:
    game = pyspiel.load_game("henchmen_legendary(players=3)")
    assert game.num_players() == 3 and game.henchmen_game.num_players == 3
    brawl = pyspiel.load_game("henchmen_seven_secret_supervillains(players=4)")
    assert brawl.henchmen_game.options["mode"] == "brawl"  # 4 players without a mode
    classic = pyspiel.load_game("henchmen_seven_secret_supervillains(mode=classic)")
    assert classic.num_players() == 4  # the mode's usual count
    heroes = pyspiel.load_game(
        "henchmen_legendary(scheme=The Legacy Virus,mastermind=Loki,"
        "heroes=Hulk;Thor;Storm;Rogue;Gambit)"
    )
    assert heroes.henchmen_game.options["heroes"] == ["Hulk", "Thor", "Storm", "Rogue", "Gambit"]
    assert heroes.henchmen_game.options["mastermind"] == "Loki"
    as_dict = pyspiel.load_game("henchmen_parry", {"players": 4, "health": 2})
    assert as_dict.num_players() == 4 and as_dict.henchmen_game.options["health"] == 2
    # The game string round-trips: OpenSpiel's serialization of a game relies on it.
    assert str(pyspiel.load_game(str(heroes))) == str(heroes)


def test_bad_parameters_say_what_is_allowed() -> None:
    with pytest.raises(OptionError, match=r"'players' of parry must be an integer from 2 to 4"):
        pyspiel.load_game("henchmen_parry(players=9)")
    with pytest.raises(pyspiel.SpielError, match=r"Unknown parameter 'colour'.*strikes"):
        pyspiel.load_game("henchmen_parry(colour=red)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'mode'"):
        pyspiel.load_game("henchmen_seven_secret_supervillains_brawl(mode=duel)")
    with pytest.raises(OptionError, match="the Brawl is for 3 or 4 players, got players=2"):
        pyspiel.load_game("henchmen_seven_secret_supervillains(mode=brawl,players=2)")
    with pytest.raises(OptionError, match=r"'mastermind' of legendary must be one of: random"):
        pyspiel.load_game("henchmen_legendary(mastermind=Thanos)")


def test_chance_outcomes_are_the_deal_with_its_probabilities() -> None:
    # Parry with 3 Strikes and 1 Parry: the first card dealt is a Strike 3 times in 4.
    game = pyspiel.load_game("henchmen_parry(strikes=3,parries=1,hand_size=1)")
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes == {"draw Strike": pytest.approx(0.75), "draw Parry": pytest.approx(0.25)}
    assert sorted(a for a, _ in state.chance_outcomes()) == state.legal_actions()
    state.apply_action(state.chance_outcomes()[1][0])  # the Parry: 3 Strikes left
    assert [p for _, p in state.chance_outcomes()] == [pytest.approx(1.0)]


def test_chance_outcomes_sum_to_one_along_games() -> None:
    rng = random.Random(5)
    for name in ("henchmen_super", "henchmen_suet", "henchmen_legendary"):
        state = pyspiel.load_game(name).new_initial_state()
        seen = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                assert all(0 < p <= 1 for _, p in outcomes)
                seen += 1
                actions, probs = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert seen > 0


def _midgame(name: str, decisions: int, seed: int) -> object:
    """The state after ``decisions`` random decisions and the chance after them."""
    rng = random.Random(seed)
    state = pyspiel.load_game(name).new_initial_state()
    while (decisions > 0 or state.is_chance_node()) and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


def test_serialize_round_trip_keeps_our_exact_state() -> None:
    state = _midgame("henchmen_villainy", 30, 3)
    game = state.get_game()
    again = game.deserialize_state(state.serialize())
    assert again.henchmen_state == state.henchmen_state
    assert again.henchmen_state.history_ids == state.henchmen_state.history_ids
    assert again.history() == state.history()
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.henchmen_state == state.henchmen_state


def test_clone_is_independent() -> None:
    state = _midgame("henchmen_suet", 10, 1)
    copy = state.clone()
    while copy.is_chance_node() or copy.current_player() == state.current_player():
        copy.apply_action(copy.legal_actions()[0])
        if copy.is_terminal():
            break
    assert copy.henchmen_state != state.henchmen_state
    assert state.clone().henchmen_state == state.henchmen_state


def test_information_state_is_equal_within_an_information_set() -> None:
    state = _midgame("henchmen_seven_secret_supervillains", 25, 2)
    me = state.current_player()
    other = 1 - me
    for seed in range(5):
        twin = state.resample_from_infostate(me, random.Random(seed).random)
        assert twin.information_state_string(me) == state.information_state_string(me)
        assert twin.information_state_tensor(me) == state.information_state_tensor(me)
        assert twin.observation_string(me) == state.observation_string(me)
        assert twin.current_player() == me and twin.legal_actions() == state.legal_actions()
    # The opponent's hand is redrawn: what the opponent sees differs in some resample.
    twins = [state.resample_from_infostate(me, random.Random(s).random) for s in range(5)]
    assert any(
        t.information_state_string(other) != state.information_state_string(other) for t in twins
    )


def test_observation_tensor_is_ours_in_named_pieces() -> None:
    np = pytest.importorskip("numpy")
    from henchmen.rl.encodings import slices

    state = _midgame("henchmen_seven_secret_supervillains_brawl(players=4)", 12, 4)
    game = state.get_game()
    observer = game.make_py_observer()
    assert list(observer.dict) == [s.name for s in slices(game.henchmen_game)]
    for player in range(4):
        ours = state.henchmen_state.observation_tensor(player)
        assert np.array_equal(np.asarray(state.observation_tensor(player)), ours)
        observer.set_from(state, player)
        hand = next(s for s in slices(game.henchmen_game) if s.name == "seat 0 hand")
        assert np.array_equal(observer.dict["seat 0 hand"], ours[hand.start : hand.stop])
    with pytest.raises(OptionError, match="only a player's own observation"):
        public_only = pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        )
        game.make_py_observer(public_only)


def test_openspiel_ismcts_plays_through_the_bridge() -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    state = _midgame("henchmen_super", 4, 7)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        state.get_game(), mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs
    )
    assert bot.step(state) in state.legal_actions()
