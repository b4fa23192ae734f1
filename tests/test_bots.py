"""Bots: legal, side-effect free, deterministic per seed; greedy beats random."""

from __future__ import annotations

import pytest

import henchmen
from henchmen import _core
from henchmen.bots import Bot, GreedyBot, RandomBot, bot_names, make_bot, register_bot
from henchmen.errors import ActionTypeError, OptionError, PlayerError

SSS = "seven-secret-supervillains"


def play(bots: list[Bot], seed: int) -> tuple[henchmen.State, list[int]]:
    """A whole game; checks each choice is legal and leaves the state unchanged."""
    state = henchmen.new_game(SSS, seed=seed)
    choices = []
    while not state.is_terminal:
        before = state.serialize()
        legal = state.legal_action_ids
        choice = bots[state.current_player].choose(state)
        assert type(choice) is int and choice in legal
        assert state.serialize() == before, "choose() changed the state"
        choices.append(choice)
        state.apply(choice)
    return state, choices


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_choose_legal_actions_for_whole_games(name: str) -> None:
    for seed in (1, 2):
        state, choices = play([make_bot(name, seed=seed), make_bot(name, seed=seed + 50)], seed)
        assert state.is_terminal and choices


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_per_seed(name: str) -> None:
    _, first = play([make_bot(name, seed=3), make_bot(name, seed=4)], seed=9)
    _, again = play([make_bot(name, seed=3), make_bot(name, seed=4)], seed=9)
    assert first == again
    _, other = play([make_bot(name, seed=30), make_bot(name, seed=40)], seed=9)
    if name == "random":
        assert other != first  # a different seed plays differently


def test_bots_refuse_chance_and_terminal_states() -> None:
    chance = henchmen.new_game(SSS, auto_chance=False)
    for bot in (RandomBot(1), GreedyBot(1)):
        with pytest.raises(PlayerError, match="chance decides next"):
            bot.choose(chance)
    over, _ = play([RandomBot(5), RandomBot(6)], seed=5)
    with pytest.raises(PlayerError, match="the game is over"):
        GreedyBot(2).choose(over)


def test_greedy_does_not_use_the_games_chance_generator() -> None:
    # The greedy bot evaluates a resample with its own draws; two positions that
    # differ only in the auto-chance seed (the future draws) get the same choice.
    a = henchmen.new_game(SSS, seed=21)
    b = henchmen.deserialize(a.serialize(), seed=999)
    assert a == b
    for _ in range(40):
        choice_a, choice_b = GreedyBot(seed=8).choose(a), GreedyBot(seed=8).choose(b)
        assert choice_a == choice_b
        a.apply(choice_a)
        b.apply(choice_b)
        if a != b:  # the chance draws diverged: the rest is a different game
            break


def test_registry() -> None:
    assert {"random", "greedy"} <= set(bot_names())
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("greedy"), Bot)
    with pytest.raises(OptionError, match=r"no bot named 'clever'; known bots: .*greedy"):
        make_bot("clever")
    with pytest.raises(ActionTypeError, match="bot name must be a str"):
        make_bot(3)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="seed"):
        make_bot("random", seed=-1)

    class FirstBot:
        name = "first"

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def choose(self, state: henchmen.State) -> int:
            return state.legal_action_ids[0]

    register_bot("first-legal", FirstBot)
    assert "first-legal" in bot_names()
    bot = make_bot("first-legal", seed=4)
    state = henchmen.new_game(SSS)
    assert bot.choose(state) == state.legal_action_ids[0]
    with pytest.raises(ActionTypeError):
        register_bot("", FirstBot)


def test_greedy_beats_random() -> None:
    games = 16  # it wins all 16 (seeds 1000 to 1015): 12 would pass
    wins = 0
    for g in range(games):
        greedy_seat = g % 2  # alternate seats: the first player may have an edge
        bots: list[Bot] = [RandomBot(seed=g), RandomBot(seed=g)]
        bots[greedy_seat] = GreedyBot(seed=g)
        state, _ = play(bots, seed=1000 + g)
        if state.returns[greedy_seat] > state.returns[1 - greedy_seat]:
            wins += 1
    print(f"greedy won {wins} of {games} games against random")
    assert wins >= 0.75 * games


def test_random_bot_is_uniform_enough() -> None:
    state = henchmen.new_game(SSS, seed=2)
    legal = state.legal_action_ids
    bot = RandomBot(seed=7)
    counts = {a: 0 for a in legal}
    for _ in range(300 * len(legal)):
        counts[bot.choose(state)] += 1
    assert min(counts.values()) > 200 and max(counts.values()) < 400, counts
    assert repr(bot) == "RandomBot(seed=7)"


@pytest.mark.parametrize("how", ["random", "ismcts", "search"])
def test_a_native_move_catches_up_with_the_game_once_not_at_every_move(how: str) -> None:
    """A native bot's move (and a search) from Python works on a copy of the state, brought up
    to date with what its player knows. The original catches up (Engine::catch_up), so a game
    follows each card fact a player reads about once: a copy that caught up by itself replayed
    the whole game at every move, hundreds of times the facts of a long game."""
    state = henchmen.new_game(SSS, seed=3)
    core, rng = state._s, _core.Rng(1)
    bot: dict[str, object] = {"kind": how, "iterations": 4} if how == "ismcts" else {"kind": how}
    before = _core.knowledge_stats()["observed"]
    while not core.is_terminal and core.move_number < 600:
        if how == "search":
            core.apply(core.search({"iterations": 4, "seed": core.move_number})["best"])
        else:
            core.apply(core.bot_action(bot, rng))
    followed = _core.knowledge_stats()["observed"] - before
    read = sum(
        len(e.facts)
        for player in range(2)
        for e in henchmen.events.read(state, player, -1, core.move_number, facts=True)
    )
    assert read > 0
    assert followed <= 3 * read, (followed, read)
