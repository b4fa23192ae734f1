"""The conformance suite: every registered game keeps the state contract.

Random games with explicit chance (driven by a seeded random.Random, so chance
nodes are exercised) check, at every step: validate(); legal actions sorted,
unique, in range and equal to the mask; clones independent; serialization
round-trips with the same hash and equality; observation tensors of the
declared shape, float32 and finite; observations JSON-ready; no leaks through
resample; chance outcomes a distribution; returns consistent; and the same
seed giving the same hash sequence twice.  Then: games end within
max_game_length.

A configuration is a game and a player count.  TOTAL_GAMES random games are
shared among the configurations (at least MIN_GAMES each; those of five
players or more, whose steps cost several times more, play three fifths, and
those of seven or more one game a chunk).  Every game gets
the cheap checks at every step; the expensive ones (round trips, clones,
resamples) run at every step of the first sixth of each configuration's
games and at a random tenth of the steps of the others, and look through at
most four seats a step (drawn at random), which keeps hundreds of games, some
of ten players, within a few minutes.  The option sets beyond the defaults
(VARIANTS: crew sets, modes) play half a configuration's games.  ``pytest
--slow`` plays five times as many; HENCHMEN_CONFORMANCE_GAMES sets the total.
The totals are printed at the end.

The default tier (chunk 0) plays two games of every configuration, one random
and one the greedy bot's, and the greedy bot's game of every option set, with
the expensive checks at a tenth of their steps; the long tier (chunks 1 to 3)
plays the others, the fully checked games among them (``seeds_of``).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
from dataclasses import dataclass, field

import numpy as np
import pytest
from tests.games.sss.builder import (
    CREWS_B,
    CREWS_C,
    CREWS_D,
    CREWS_GIZZARD,
    CREWS_PANDA,
    CREWS_REPEAT_GAMBLE,
    CREWS_SELL_EXPLODEY,
    CREWS_TALES,
    CREWS_TRENDSET,
    MONKEY_CREWS,
)
from tests.hardening.support import player_counts

import henchmen
from henchmen import _core

# HENCHMEN_CONFORMANCE_GAMES sets the total (the sanitizer job, many times
# slower, plays one game per configuration); by default every configuration
# plays 8, spread over CHUNKS tests: two in the default tier, six in the long.
CHUNKS = 1 if "HENCHMEN_CONFORMANCE_GAMES" in os.environ else 4
VARIANT_CHUNKS = min(CHUNKS, 2)  # an option set beyond the defaults: one chunk a tier
TOTAL_GAMES = int(os.environ.get("HENCHMEN_CONFORMANCE_GAMES", "240"))
BOT_EVERY = 3  # every third game the greedy bot decides: games that are played, not only wandered
MIN_GAMES = CHUNKS if "HENCHMEN_CONFORMANCE_GAMES" in os.environ else 2 * CHUNKS
SAMPLED_RATE = 0.1  # share of steps that get the expensive checks in the other games
# The leak checks of a step look through at most this many seats (drawn afresh
# each step), so that a step of a 10-player game costs about what a 4-player
# one does instead of growing with the square of the players.
MAX_OBSERVERS = 4

# One playout a move where chance decides (the bot's default is four): the greedy
# games are here to reach the positions real play reaches, not to play well.
GREEDY = {"kind": "greedy", "chance_samples": 1}
INFOS = {info.name: info for info in henchmen.games()}
CONFIGS = [
    (info.name, players)
    for info in INFOS.values()
    for players in player_counts(info.min_players, info.max_players)
]
GAMES_PER_CONFIG = max(MIN_GAMES, TOTAL_GAMES // max(1, len(CONFIGS)))
# From five players a step costs several times more (every seat's tensor,
# longer games), and such configurations are many (Super! 5 to 10): they
# play three quarters of the games. From seven (Super! only) a game costs
# half a minute and more: one game a chunk. One game of each configuration
# is fully checked; ``--slow`` plays five times as many.
LARGE = 5
HUGE = 7


def options_of(name: str, players: int) -> dict[str, int]:
    """Options beside the player count. Random play never fells a Villainy
    Master, so each of its games runs to the stall limit: half the default
    limit plays the same rules, the limit's ending included, at half the cost."""
    if name == "villainy":
        return {"max_rounds": {2: 15, 3: 10, 4: 8}.get(players, 6)}
    return {}


def games_of(players: int) -> tuple[int, int]:
    """Games for a configuration and how many of them get every check at every step."""
    games = GAMES_PER_CONFIG
    if "HENCHMEN_CONFORMANCE_GAMES" in os.environ:
        # The sanitizer job, sampled only, as its option sets (variant_games_of):
        # a fully checked game cost it up to six minutes (Seven Secret
        # Supervillains at four players), nearly all in the Python checks; the
        # memory errors it looks for live in the engine's steps, which every
        # game takes, and a tenth of them still get every check.
        return games, 0
    if players >= HUGE:
        return CHUNKS + 1, 1
    if players >= LARGE:
        return max(CHUNKS + 2, games * 3 // 4), 1
    return games, 1


def variant_games_of(players: int, slow: bool) -> tuple[int, int]:
    """Games for an option set beyond the defaults: four in two chunks (the greedy bot's in
    the default tier, the three others in the long one), sampled. A variant adds crews or a
    mode to a configuration whose contract its own games already check; what it brings is
    the new abilities' steps, and those crews and modes have scripted tests of their own.
    ``--slow`` plays a configuration's count five times over, fully checked ones included.
    The sanitizer job (HENCHMEN_CONFORMANCE_GAMES) plays its own count, sampled only: a fully
    checked game of a variant cost it up to 12 minutes (Monkey Mischief's Secretive), where
    the memory errors it looks for live in the engine's steps, which every game takes, and a
    tenth of them still get every check."""
    games, full = games_of(players)
    if slow:
        return games * 5, full * 5
    if "HENCHMEN_CONFORMANCE_GAMES" in os.environ:
        return games, 0
    return 2 * VARIANT_CHUNKS, 0


def seeds_of(
    chunk: int,
    games: int,
    full_games: int,
    chunks: int = CHUNKS,
    default: tuple[int, ...] = (0, BOT_EVERY - 1),
) -> list[tuple[int, bool]]:
    """A chunk's games, each with whether it gets every check at every step.

    Chunk 0 is the default tier's: ``default``, a game of random play (seed 0)
    and one the greedy bot plays (seed BOT_EVERY - 1), their expensive checks
    at a sampled tenth of the steps. The long tier's chunks (1 to ``chunks`` -
    1) share the other games, the first ``full_games`` of them checked at every
    step. With one chunk (the sanitizer job) it plays ``games`` games, ``default``'s first
    (an option set's greedy game: under the sanitizers a random game of Monkey Mischief's
    Secretive took minutes), the first ``full_games`` of them checked at every step."""
    if chunks == 1:
        order = [*default, *(seed for seed in range(games + len(default)) if seed not in default)]
        return [(seed, i < full_games) for i, seed in enumerate(order[:games])]
    first = [seed for seed in default if seed < games]
    if chunk == 0:
        return [(seed, False) for seed in first]
    rest = [seed for seed in range(games) if seed not in first]
    full = set(rest[:full_games])
    return [(seed, seed in full) for seed in rest[chunk - 1 :: chunks - 1]]


@dataclass
class Tally:
    games: int = 0
    bot_games: int = 0
    steps: int = 0
    full_steps: int = 0
    chance_steps: int = 0
    resamples: int = 0
    resample_changed_hidden: int = 0
    event_checks: int = 0
    event_twins: int = 0
    lengths: list[int] = field(default_factory=list)


TOTAL = Tally()


def pick_chance(state: henchmen.State, rng: random.Random) -> int:
    outcomes = state._s.chance_outcomes()
    x = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if x < acc:
            return a
    return outcomes[-1][0]


def check_step(state: henchmen.State, rng: random.Random, tally: Tally, full: bool) -> None:
    game = state.game
    n = game.num_players
    state.validate()
    tally.steps += 1

    # Legal actions: strictly ascending, unique, in range, equal to the mask.
    ids = state.legal_action_ids
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions,)
    assert np.flatnonzero(mask).tolist() == ids
    assert all(a < b for a, b in itertools.pairwise(ids)), ids
    assert all(0 <= a < game.num_distinct_actions for a in ids)
    if state.is_terminal:
        assert ids == []
    else:
        assert ids, "a live state must have a legal action"
        assert state.current_player == henchmen.CHANCE or 0 <= state.current_player < n
        assert 0 <= state.turn_player < n

    # Chance outcomes are a distribution over exactly the legal ids.
    if state.is_chance:
        outcomes = state._s.chance_outcomes()
        assert [a for a, _ in outcomes] == ids
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        tally.chance_steps += 1
    else:
        assert state._s.chance_outcomes() == []

    # Returns: one per player, zero until the end, then zero-sum where the game
    # says so (two-player games unless they declare otherwise).
    returns = state.returns
    assert len(returns) == n and all(math.isfinite(r) for r in returns)
    if not state.is_terminal:
        assert all(r == 0 for r in returns), returns
    else:
        zero_sum = INFOS[game.name].zero_sum
        # A solo game (one player) has a score, so it cannot sum to zero.
        if n > 1 and (zero_sum or (zero_sum is None and n == 2)):
            assert math.isclose(sum(returns), 0.0, abs_tol=1e-9), (
                f"returns {returns} do not sum to 0; a game that is not zero-sum must "
                "declare zero_sum false in its GameInfo"
            )

    # Observation tensors: declared shape, float32, finite.
    tensors = []
    for p in range(n):
        t = state.observation_tensor(p)
        assert t.shape == game.observation_shape and t.dtype == np.float32
        assert np.isfinite(t).all()
        tensors.append(t)

    if full:
        check_expensive(state, ids, tensors, rng, tally)


def check_expensive(
    state: henchmen.State,
    ids: list[int],
    tensors: list[np.ndarray],
    rng: random.Random,
    tally: Tally,
) -> None:
    game = state.game
    n = game.num_players
    tally.full_steps += 1
    text = state.serialize()
    h = state.position_hash

    # Serialization round-trips: same text, same hash, equal (through the
    # module-level reader now and then: it rebuilds the game, which is slow).
    if tally.full_steps % 16 == 1 or state.is_terminal:
        back = henchmen.deserialize(text)
        assert back.game == game
        assert hash(back) == hash(state)
    else:
        back = game.deserialize(text)
    assert back.serialize() == text
    assert back.position_hash == h
    assert back == state
    assert back.current_player == state.current_player
    assert back.legal_action_ids == ids

    # Clones are equal and independent.
    clone = state.clone()
    assert clone == state
    if ids:
        clone.apply(ids[rng.randrange(len(ids))])
        assert state.serialize() == text and state.position_hash == h
        assert clone.move_number == state.move_number + 1

    # Observations are JSON-ready dicts.
    views = [state.observation(p) for p in range(n)]
    for view in views:
        assert isinstance(view, dict)
        json.dumps(view)

    observers = (
        list(range(n)) if n <= MAX_OBSERVERS else sorted(rng.sample(range(n), MAX_OBSERVERS))
    )
    check_events(state, ids, rng, tally, observers)

    # No leaks: a resample for P looks the same to P; hidden things do change. The
    # observations are compared as the core's JSON, canonical (keys sorted, compact) and
    # what observation() decodes: the same test, without decoding every world's.
    view_texts = [state._s.observation_json(p) for p in range(n)]
    for p in observers:
        other = state.resample(p, rng.getrandbits(64))
        tally.resamples += 1
        other.validate()
        assert other._s.observation_json(p) == view_texts[p], (
            f"resample for player {p} changed their view"
        )
        assert np.array_equal(other.observation_tensor(p), tensors[p])
        assert other.current_player == state.current_player
        if state.current_player == p:
            assert other.legal_action_ids == ids, "resample changed what the observer may do"
        hidden_moved = (other._s.observation_json(q) != view_texts[q] for q in observers if q != p)
        if n > 1 and any(hidden_moved):
            tally.resample_changed_hidden += 1


def _events(state: henchmen.State, reader: int | str) -> list[tuple[str, str, str]]:
    return [(e.kind, e.text, json.dumps(e.data, sort_keys=True)) for e in state.last_events(reader)]


def check_events(
    state: henchmen.State,
    ids: list[int],
    rng: random.Random,
    tally: Tally,
    observers: list[int],
) -> None:
    """What each reader saw is a function of what they could know.

    0. Every action and chance outcome produces events: some reader (a player
       or the spectator) reads at least one.
    1. Two actions (or chance outcomes) after which a player's observation
       is the same give that player the same events: events never tell apart
       what the observation does not. (Not for the player who chose: they
       know which of two moves with the same result they made; nor where the
       spectator's events differ too: a difference everyone saw is public.)
    2. The same action applied to a world the player cannot tell from this
       one (a resample for them), leaving them the same observation, gives
       them the same events.
    3. A spectator's events are what every player saw alike.

    Each rule is checked for the players in ``observers``.
    """
    if not ids:
        return
    tried = ids if len(ids) <= 6 else rng.sample(ids, 6)
    after = {}
    for a in tried:
        child = state.clone()
        child.set_auto_chance(False)
        child.apply(a)
        after[a] = child
        tally.event_checks += 1
        spectator = _events(child, "spectator")
        assert spectator or any(child.last_events(p) for p in range(state.game.num_players)), (
            f"{state.action_to_string(a)!r} told nobody anything: every step has its events"
        )
        for p in observers:
            mine = _events(child, p)
            assert all(ev in mine or ev[0] in {x[0] for x in mine} for ev in spectator), (
                f"the spectator read an event player {p} did not: {spectator} vs {mine}"
            )
    chooser = state.current_player if not state.is_chance else None
    for p in observers:
        seen: dict[str, tuple[int, list[tuple[str, str, str]]]] = {}
        for a, child in after.items():
            if p == chooser:
                break
            key = child._s.observation_json(p)  # canonical JSON: equal views, equal text
            events = _events(child, p)
            if key in seen:
                b, other = seen[key]
                # Two public moves with one result (a swap told from either
                # end) differ for everyone alike: that is no leak to p.
                public = _events(child, "spectator") != _events(after[b], "spectator")
                assert public or events == other, (
                    f"player {p} cannot tell {state.action_to_string(a)!r} from "
                    f"{state.action_to_string(b)!r} by their observation, but their events differ: "
                    f"{events} vs {other}"
                )
            else:
                seen[key] = (a, events)
        world = state.resample(p, rng.getrandbits(64))
        world.set_auto_chance(False)
        legal = set(world.legal_action_ids)
        for a, child in after.items():
            if a not in legal:
                continue
            twin = world.clone()
            twin.apply(a)
            if twin._s.observation_json(p) != child._s.observation_json(p):
                continue  # the step itself told them something new (a card they drew)
            assert _events(twin, p) == _events(child, p), (
                f"player {p}: the same {state.action_to_string(a)!r} in a world they cannot tell "
                f"apart gave other events: {_events(twin, p)} vs {_events(child, p)}"
            )
            tally.event_twins += 1


def play(
    name: str,
    players: int,
    seed: int,
    tally: Tally,
    check: bool,
    full: bool,
    options: dict[str, object] | None = None,
) -> tuple[list[int], list[int]]:
    """One game, random or (every BOT_EVERY-th seed) greedy; returns its hash
    sequence and its actions (chance outcomes included).

    With ``check``, every step gets the cheap checks and the expensive ones
    run at every step if ``full``, else at a random tenth of the steps.
    ``options`` replaces the configuration's usual options.
    """
    extra = options_of(name, players) if options is None else options
    game = henchmen.Game(name, players=players, **extra)
    state = game.new_initial_state(auto_chance=False)
    rng = random.Random(seed)
    bot = _core.Rng(seed) if seed % BOT_EVERY == BOT_EVERY - 1 else None
    hashes = [state.position_hash]
    actions: list[int] = []
    # The checks draw from their own generator, so checking does not change the game.
    checker = random.Random(seed + 1_000_003)
    while True:
        if check:
            check_step(state, checker, tally, full or checker.random() < SAMPLED_RATE)
        if state.is_terminal:
            break
        assert state.move_number < game.max_game_length, "the game ran past max_game_length"
        if state.is_chance:
            action = pick_chance(state, rng)
        elif bot is not None:
            action = state._s.bot_action(GREEDY, bot)
        else:
            ids = state.legal_action_ids
            action = ids[rng.randrange(len(ids))]
        state.apply(action)
        actions.append(action)
        hashes.append(state.position_hash)
    assert state.move_number <= game.max_game_length
    assert state.history_ids == [] or len(state.history_ids) == state.move_number
    tally.lengths.append(state.move_number)
    return hashes, actions


def replayed(
    name: str, players: int, actions: list[int], options: dict[str, object] | None = None
) -> list[int]:
    """The hash sequence of ``actions`` applied to a fresh game of the same
    configuration: determinism without asking the bot again (its choices are
    deterministic by tests/test_bots.py; here the rules must be)."""
    extra = options_of(name, players) if options is None else options
    state = henchmen.Game(name, players=players, **extra).new_initial_state(auto_chance=False)
    hashes = [state.position_hash]
    for action in actions:
        state.apply(action)
        hashes.append(state.position_hash)
    return hashes


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_random_games_keep_the_contract(
    name: str, players: int, chunk: int, request: pytest.FixtureRequest
) -> None:
    tally = Tally()
    games, full_games = games_of(players)
    if request.config.getoption("--slow"):
        games, full_games = games * 5, full_games * 5
    for seed, full in seeds_of(chunk, games, full_games):
        first, actions = play(name, players, seed, tally, check=True, full=full)
        # Determinism: the same seed and actions give the same hash sequence.
        assert replayed(name, players, actions) == first, f"seed {seed}: two runs diverged"
        tally.games += 1
        tally.bot_games += seed % BOT_EVERY == BOT_EVERY - 1
    if tally.games:
        assert tally.chance_steps > 0, "no chance node was exercised"
        if players > 1:
            assert tally.resample_changed_hidden > 0, "resample never changed anything hidden"
    TOTAL.games += tally.games
    TOTAL.bot_games += tally.bot_games
    TOTAL.steps += tally.steps
    TOTAL.full_steps += tally.full_steps
    TOTAL.chance_steps += tally.chance_steps
    TOTAL.resamples += tally.resamples
    TOTAL.resample_changed_hidden += tally.resample_changed_hidden
    TOTAL.event_checks += tally.event_checks
    TOTAL.event_twins += tally.event_twins
    request.config.henchmen_conformance = TOTAL  # type: ignore[attr-defined]
    print(
        f"{name} players={players} chunk={chunk}: {tally.games} games, {tally.steps} steps "
        f"({tally.full_steps} with every check), "
        f"{tally.chance_steps} chance steps, {tally.resamples} resamples "
        f"({tally.resample_changed_hidden} changed hidden information); "
        f"running total {TOTAL.games} games, {TOTAL.steps} steps"
    )


# Option sets beyond the defaults: Seven Secret Supervillains with the expansion crews of
# sss-crews-b (set-aside cards, multi-card discards, looks at the deck), so that their
# abilities meet every check too.
VARIANTS: list[tuple[str, int, dict[str, object]]] = [
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_B)}),
    # sss-crews-d: looks at the top and bottom of a deck (a known top segment).
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_D)}),
    # The modes a player count does not pick.
    ("seven-secret-supervillains", 4, {"mode": "classic"}),
    ("seven-secret-supervillains", 3, {"mode": "secretive"}),
    ("seven-secret-supervillains", 4, {"mode": "secretive"}),
    # The Climb: one player racing a goal; each goal ends the game its own way.
    ("seven-secret-supervillains", 1, {"mode": "climb"}),
    ("seven-secret-supervillains", 1, {"mode": "climb", "goal": "clear"}),
    ("seven-secret-supervillains", 1, {"mode": "climb", "goal": "reputation"}),
    ("seven-secret-supervillains", 1, {"mode": "climb", "goal": "upgrades", "goal_target": 2}),
    # sss-crews-c (the whole Minion row replaced in a chosen order, a discard of exactly 3, a
    # cheaper replacement, a bought Minion under the deck, a Bot traded for a Scaredy Bot,
    # power for an Upgrade only).
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_C)}),
    # sss-panda (an Explodey Bot set aside from a pile or the expelled cards, the most recent
    # Minion ability used copied).
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_PANDA)}),
    # Monkey Mischief: a hand card face down, the next player's guess off their turn.
    ("seven-secret-supervillains", 2, {"crews": list(MONKEY_CREWS)}),
    ("seven-secret-supervillains", 3, {"mode": "secretive", "crews": list(MONKEY_CREWS)}),
    # Both branches' crews in one game: Repeat may copy a Gamble, Experiment's Bot be Engineered.
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_REPEAT_GAMBLE)}),
    # sss-tales: the top cards of a deck looked at privately (the discard pile shuffled in
    # under them when the deck runs short), discarded, kept on top or taken into the hand.
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_TALES)}),
    ("seven-secret-supervillains", 3, {"mode": "secretive", "crews": list(CREWS_TALES)}),
    # sss-gizzard: a private spell book fed from a face-down Chaos Spell deck whose played
    # spells go under it in view of everyone; at 3 players two books hide from a third.
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_GIZZARD)}),
    (
        "seven-secret-supervillains",
        3,
        {"mode": "brawl", "crews": [*CREWS_GIZZARD, "Freezer Burn", "Hoppy Hunters"]},
    ),
    # sss-trendset: the top cards of the Minion deck looked at by one player, bought, or put
    # back on top or at the bottom known to them alone; the Secretive counts crews in every
    # player's cards, the Climb's clear goal the Minion deck's cards.
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_TRENDSET)}),
    ("seven-secret-supervillains", 3, {"mode": "secretive", "crews": list(CREWS_TRENDSET)}),
    (
        "seven-secret-supervillains",
        1,
        {"mode": "climb", "goal": "clear", "crews": list(CREWS_TRENDSET)},
    ),
    # Issue 36: an Explodey Bot sold into the discard pile, drawn unseen and kept at cleanup
    # (shown then), with Experiment, Repeat, Haggle, Trendset, Hack and the Chaos Spells.
    ("seven-secret-supervillains", 2, {"crews": list(CREWS_SELL_EXPLODEY)}),
]
_CREW_SETS = {
    tuple(CREWS_B): "crews-b",
    tuple(CREWS_C): "crews-c",
    tuple(CREWS_D): "crews-d",
    tuple(CREWS_PANDA): "panda",
    tuple(MONKEY_CREWS): "monkey-mischief",
    tuple(CREWS_REPEAT_GAMBLE): "repeat-gamble",
    tuple(CREWS_TALES): "tales",
    tuple(CREWS_GIZZARD): "gizzard",
    tuple(CREWS_TRENDSET): "trendset",
    tuple(CREWS_SELL_EXPLODEY): "sell-explodey",
    (*CREWS_GIZZARD, "Freezer Burn", "Hoppy Hunters"): "gizzard",
}


def _variant_id(v: tuple[str, int, dict[str, object]]) -> str:
    """``<game>-crews-b-2p``, ``<game>-classic-4p``, ``<game>-climb-clear-1p``: the crew set or
    the mode (and a Climb's goal), and the seats."""
    crews = v[2].get("crews")
    label = _CREW_SETS.get(tuple(crews), "variant") if isinstance(crews, list) else ""
    parts = [str(v[2]["mode"])] if "mode" in v[2] else []
    parts += [str(v[2]["goal"])] if "goal" in v[2] else []
    parts += [label] if label or not parts else []
    return "-".join([v[0], *[p or "variant" for p in parts], f"{v[1]}p"])


@pytest.mark.parametrize("chunk", range(VARIANT_CHUNKS))
@pytest.mark.parametrize(
    ("name", "players", "options"), VARIANTS, ids=[_variant_id(v) for v in VARIANTS]
)
def test_variant_options_keep_the_contract(
    name: str, players: int, options: dict[str, object], chunk: int, request: pytest.FixtureRequest
) -> None:
    tally = Tally()
    games, full_games = variant_games_of(players, request.config.getoption("--slow"))
    # The default tier plays the option set's greedy game: the crews' and modes' abilities
    # played on purpose. Its random game, which wanders (twice the steps), is the long tier's.
    for seed, full in seeds_of(chunk, games, full_games, VARIANT_CHUNKS, (BOT_EVERY - 1,)):
        first, actions = play(name, players, seed, tally, check=True, full=full, options=options)
        assert replayed(name, players, actions, options) == first, f"seed {seed}: two runs diverged"
        tally.games += 1
    if tally.games:
        assert tally.chance_steps > 0, "no chance node was exercised"
        if players > 1:  # a solo game hides nothing from another player's view
            assert tally.resample_changed_hidden > 0, "resample never changed anything hidden"


def test_every_game_is_covered() -> None:
    assert CONFIGS, "no games registered"
    assert {name for name, _ in CONFIGS} == {g.name for g in henchmen.games()}
