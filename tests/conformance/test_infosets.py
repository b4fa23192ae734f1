"""The information-set oracle: resample draws exactly from the worlds a
player cannot rule out.

For small configurations of each game (few cards, short games) the oracle
enumerates every world consistent with what an observer saw: it follows a
real game step by step and keeps each position that gives the observer the
same observation and the same events at every step, weighted by the game's
chance and, for another player's choice of a card the observer saw from a
place they could not tell (a hand), by the number of physical cards of that
kind it could have been (the model of core/knowledge.h: a choice counts once
per physical card). Then it checks that ``resample(observer)`` produces only
such worlds (no world the observer could rule out: no leak of a kind that
search would exploit, and none impossible) and, over many draws, every one
with its frequency (a chi-square test at p = 1e-4).

It is independent of the tracker: it uses only the engine's apply, chance
outcomes, observations and events, the weights read from the events' card
facts as the observer read them.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import pytest
from tests.games.sss.builder import (
    CREWS_B,
    CREWS_C,
    CREWS_D,
    CREWS_GIZZARD,
    CREWS_PANDA,
    CREWS_TALES,
    CREWS_TRENDSET,
    EXPEL_CREWS,
    MONKEY_CREWS,
    keen_step,
)
from tests.hardening.support import loaded_alone

import henchmen
from henchmen import _core


def _tiny_villainy_deck(villain: str, short: str) -> dict[str, object]:
    """A seven-card Villainy deck: a hand of five and two to draw, a Segue pair."""
    return {
        "name": villain,
        "character": "a deck small enough to enumerate",
        "master": {"attack": 2, "defense": 2},
        "minion_types": [f"{short} Grunts", f"{short} Brutes"],
        "gear_type": f"{short} Gear",
        "monster": {"name": f"{short} Beast", "parts": ["Head", "Body", "Arms", "Legs"]},
        "cards": [
            {
                "name": f"{short} Grunt",
                "type": "minion",
                "minion_type": f"{short} Grunts",
                "attack": 1,
                "defense": 1,
                "count": 2,
            },
            {
                "name": f"{short} Brute",
                "type": "minion",
                "minion_type": f"{short} Brutes",
                "attack": 2,
                "defense": 2,
                "count": 2,
            },
            {"name": f"{short} Segue", "type": "segue", "count": 2},
            {"name": f"{short} Wall", "type": "hideout", "side": "left", "count": 1},
        ],
    }


TINY_VILLAINY = json.dumps(
    {
        "game": "villainy",
        "decks": [
            _tiny_villainy_deck("Tiny Tim", "Tim"),
            _tiny_villainy_deck("Wee Willa", "Willa"),
        ],
    }
)


def sss(**options: object) -> tuple[str, dict[str, object], tuple[int, ...]]:
    """A Seven Secret Supervillains configuration (these options), looked at 30 and 70
    steps in."""
    return ("seven-secret-supervillains", options, (30, 70))


#: (game, options, steps into the game where the oracle looks).
CONFIGS: list[tuple[str, dict[str, object], tuple[int, ...]]] = [
    (
        "parry",
        {"players": 2, "strikes": 5, "parries": 4, "hand_size": 3, "health": 3},
        (8, 20, 34, 50),
    ),
    (
        "parry",
        {"players": 3, "strikes": 5, "parries": 5, "hand_size": 2, "health": 2},
        (9, 20, 32, 45),
    ),
    (
        "parry",
        {"players": 4, "strikes": 6, "parries": 6, "hand_size": 2, "health": 2},
        (15, 30, 45),
    ),
    # The first turns: the opening hands, the first reshuffles (about step 30) and a mid-draw
    # one; the opponent's hand is the only hidden thing, so the worlds stay few.
    sss(),
    # The expansion crews of sss-crews-a (Froth, Consume: cards expelled from the discard
    # pile and the hand).
    sss(crews=list(EXPEL_CREWS)),
    # The crews of sss-crews-b (set-aside cards with public marks, multi-card discards,
    # private looks at the deck).
    sss(crews=list(CREWS_B)),
    # The Classic: four seats, teams sharing attached sides.
    sss(mode="classic"),
    # The Secretive: no Supervillains, crews compared at the end.
    sss(mode="secretive", players=3),
    # The Gambler: one player, Chaos's dice as chance.
    sss(players=1),
    # The Climb: one player, no Chaos; Supervillains on the table (the default goal) and not
    # (a goal of reputation).
    sss(mode="climb"),
    sss(mode="climb", goal="reputation"),
    # Monkey Mischief: a hand card face down, hidden from the guesser until it is turned over.
    sss(crews=list(MONKEY_CREWS)),
    # The crews of sss-crews-c (the Minion row replaced in a chosen order, a discard of
    # exactly 3 then a draw of 3, a cheaper replacement, a bought Minion under the deck, a Bot
    # traded for a Scaredy Bot, power for an Upgrade only).
    sss(crews=list(CREWS_C)),
    # The crews of sss-crews-d (private looks at the top and bottom of a deck, known top
    # cards drawn first).
    sss(crews=list(CREWS_D)),
    # The crews of sss-panda (an Explodey Bot set aside in view of everyone, Repeat's public
    # record of the Minion abilities used).
    sss(crews=list(CREWS_PANDA)),
    # sss-tales (the top cards of a deck looked at by their owner alone: the discards shown,
    # the rest back on top or one into the hand unseen).
    sss(crews=list(CREWS_TALES)),
    # sss-gizzard: a private spell book fed from a face-down Chaos Spell deck, played spells
    # under it in view of everyone.
    sss(crews=list(CREWS_GIZZARD)),
    (
        "villainy",
        {"players": 2, "card_data": TINY_VILLAINY, "max_rounds": 4},
        (10, 25, 40),
    ),
]


def _small_super_table() -> str:
    """Super! with a deck of ten cards of three kinds, two-card hands and 6 health."""
    table = henchmen.Game("super").card_table()
    table.update(health=6, hand_size=2, overtime_health=2)
    table["cards"] = [
        {"name": "Zap", "type": "Blast", "element": "Fire", "value": 3, "count": 5},
        {"name": "Wall", "type": "Shield", "element": "Water", "value": 1, "count": 3},
        {"name": "Boost", "type": "Power Up", "element": "Universal", "value": 1, "count": 2},
    ]
    return json.dumps(table)


def _small_suet_table() -> str:
    """S.U.E.T. with twelve cards: the four Universal Components, a Block, two-card hands."""
    table = henchmen.Game("suet").card_table()
    table.update(hand_size=2, hand_limit=3)
    keep = {
        "Universal Super Bike Engine": 1,
        "Universal Navigator": 1,
        "Universal Armoured Frame": 1,
        "Universal Mysterium X": 1,
        "Steal a Card": 2,
        "Trade Hands": 1,
        "Take One From the Discard Pile": 1,
        "Block an Action": 1,
        "Lose Your Turn": 1,
        "Minions": 1,
        "Draw 1 Extra Card": 1,
    }
    table["cards"] = [dict(c, count=keep[c["name"]]) for c in table["cards"] if c["name"] in keep]
    return json.dumps(table)


CONFIGS += [
    # Steals, a trade and a card taken from the face-up discard pile: hands partly known.
    ("suet", {"players": 2, "card_data": _small_suet_table(), "max_rounds": 6}, (12, 24, 40)),
    ("suet", {"players": 3, "card_data": _small_suet_table(), "max_rounds": 4}, (14,)),
    ("super", {"players": 2, "card_data": _small_super_table()}, (12, 24, 40)),
    ("super", {"players": 3, "card_data": _small_super_table()}, (14, 30)),
    # The opening turns: the first hands, the first reshuffles (a deck of 12 runs out on the
    # second turn) and the cards recruited and drawn after them.
    ("legendary", {"players": 2}, (40, 90)),
]
SAMPLES = 3000
# HENCHMEN_INFOSET_SEEDS: games per configuration. The sanitizer job plays one, and its keen
# walks only resample at their points: the oracle (pure Python) cost it 13 minutes there,
# and finds no memory error the engine's resamples would not.
SEEDS = range(int(os.environ.get("HENCHMEN_INFOSET_SEEDS", "4")))
SANITIZER_JOB = "HENCHMEN_INFOSET_SEEDS" in os.environ
# The draws each check compares with the oracle: fewer in the sanitizer job, where the
# draws are there to run the engine's resample under ASan (the chi-square test keeps its
# size, its power falls) and the Python around them cost most of its time.
CHECK_SAMPLES = 500 if SANITIZER_JOB else SAMPLES


def position_key(state: henchmen.State) -> int:
    """The position's stable hash, without the save's history and knowledge: the oracle
    takes hundreds of thousands of them, and the hash costs a twentieth of writing the
    position's JSON. It covers the position JSON's content, every field (for Parry it is
    the JSON's; tests/conformance/test_fields.py changes each declared field and sees the
    hash change), so two worlds share a key when their positions are equal (or collide:
    about 1e-9 for the oracle's largest sets)."""
    return core_key(state._s)


def core_key(core: _core.State) -> int:
    """position_key of a core state (what State.resampler draws)."""
    return core.hash()


@dataclass(frozen=True)
class View:
    """What a player saw of the last step: their observation and the events they read (of
    each event its kind, text and data). Both kept as the core's canonical JSON, so two views
    compare as text; the events' other fields (step, template, ...) may differ where what
    was read is the same, so a difference there is settled by the events' readable parts."""

    observation: str
    events: str

    @cached_property
    def readable(self) -> list[list[object]]:
        return readable(self.events)

    def seen_in(self, state: henchmen.State, observer: int) -> bool:
        """Whether the last step of ``state`` shows ``observer`` this view. The events are
        compared first: most of the worlds another player's choices lead to differ there, and
        the observation costs several times more to write."""
        core = state._s
        events = core.events_json(observer, core.last_apply_start, state.move_number, [], False)
        if events != self.events and readable(events) != self.readable:
            return False
        return core.observation_json(observer) == self.observation


@lru_cache(maxsize=1 << 12)
def readable(events: str) -> list[list[object]]:
    """Of each event in the core's JSON, what a reader reads: its kind, text and data.
    Cached (the result is only compared): the worlds of one step write the same few event
    texts many times over, and a step's worlds number some thousands at most."""
    return [[e["kind"], e["text"], e["data"]] for e in json.loads(events)]


def view(state: henchmen.State, observer: int) -> View:
    core = state._s
    return View(
        core.observation_json(observer),
        core.events_json(observer, core.last_apply_start, state.move_number, [], False),
    )


def choice_weight(before: henchmen.State, after: henchmen.State, observer: int) -> float:
    """How many physical cards another player's choice could have been, by the
    card facts the observer read: a card of a seen kind taken from a place the
    observer could not tell counts once per card of that kind there. The zones
    are followed through the step, so a card moved twice in it (a hand shown,
    then discarded) is counted where it is by then."""
    weight = 1.0
    held: dict[int, Counter[int]] = {}

    def zone(z: int) -> Counter[int]:
        if z not in held:
            held[z] = Counter(before._s.zone_cards(z))
        return held[z]

    for e in henchmen.events.read(
        after, observer, after._s.last_apply_start, after.move_number, facts=True
    ):
        for f in e.facts:
            if f["fact"] in ("move", "remove", "see") and f["card"] >= 0:
                source, card = zone(f["zone"]), f["card"]
                if f["pos"] == "any":
                    weight *= max(source[card], 0)
                if f["fact"] != "see":
                    source[card] -= 1
                    if f["fact"] == "move":
                        zone(f["to"])[card] += 1
    return weight


@dataclass
class Belief:
    worlds: dict[int, tuple[henchmen.State, float]]

    def total(self) -> float:
        return sum(w for _, w in self.worlds.values())


class Oracle:
    """Every world consistent with what ``observer`` saw of the game so far, weighted,
    followed one step at a time (so a walk checked at several points enumerates its
    history once, not once per point)."""

    def __init__(self, game: henchmen.Game, observer: int) -> None:
        self.observer = observer
        self.real = game.new_initial_state(auto_chance=False)
        self.belief = Belief({position_key(self.real): (self.real.clone(), 1.0)})
        self.steps = 0

    def follow(self, history: Sequence[int]) -> Belief:
        """The belief after ``history``, which must extend what was followed so far."""
        for a in history[self.steps :]:
            self.step(a)
        self.steps = len(history)
        return self.belief

    def step(self, a: int) -> None:
        observer, real = self.observer, self.real
        before_real = real.clone()
        real.apply(a)
        target = view(real, observer)
        nxt: dict[int, tuple[henchmen.State, float]] = {}
        for state, w in self.belief.worlds.values():
            if state.is_chance:
                options = [(o.id, p) for o, p in state.chance_outcomes]
            elif state.current_player == observer:
                options = [(a, 1.0)] if a in state.legal_action_ids else []
            else:
                options = [(b, 1.0) for b in state.legal_action_ids]
            for b, p in options:
                child = state.clone()
                child.apply(b)
                if not target.seen_in(child, observer):
                    continue
                if not state.is_chance and state.current_player != observer:
                    p *= choice_weight(state, child, observer)
                if p <= 0:
                    continue
                key = position_key(child)
                old = nxt.get(key)
                nxt[key] = (child, (old[1] if old else 0.0) + w * p)
        assert position_key(real) in nxt, (
            f"the real world was lost at {before_real.action_to_string(a)!r}: the oracle "
            "or the events disagree with the game"
        )
        self.belief = Belief(nxt)
        assert len(self.belief.worlds) < 200_000, "the configuration is too large to enumerate"


def follow(game: henchmen.Game, history: list[int], observer: int) -> Belief:
    """Every world consistent with what ``observer`` saw of ``history``, weighted."""
    return Oracle(game, observer).follow(history)


def chi_square_critical(df: int, z: float = 3.719) -> float:
    """The chi-square value exceeded with probability about 1e-4 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def check(state: henchmen.State, observer: int, belief: Belief, rng: random.Random) -> int:
    total = belief.total()
    expected = {k: w / total for k, (_, w) in belief.worlds.items()}
    seen: Counter[int] = Counter()
    for _ in range(CHECK_SAMPLES):
        world = state.resample(observer, rng.getrandbits(64))
        key = position_key(world)
        if key not in expected:
            known = json.loads(state._s.knowledge_json(observer))
            raise AssertionError(
                f"resample for player {observer} gave a world they could rule out:\n{world}\n"
                f"(knowledge: {known['describe'] if known else 'none'})"
            )
        seen[key] += 1
    # Chi-square over the worlds, pooling the rare ones.
    stat, df, pooled_e, pooled_o = 0.0, -1, 0.0, 0
    for key, p in expected.items():
        e = p * CHECK_SAMPLES
        if e < 5:
            pooled_e += e
            pooled_o += seen[key]
            continue
        stat += (seen[key] - e) ** 2 / e
        df += 1
    if pooled_e >= 5:
        stat += (pooled_o - pooled_e) ** 2 / pooled_e
        df += 1
    if df >= 1:
        assert stat < chi_square_critical(df), (
            f"resample for player {observer} draws the {len(expected)} possible worlds with the "
            f"wrong frequencies: chi-square {stat:.1f} on {df} degrees of freedom"
        )
    return len(expected)


def config_id(config: tuple[str, dict[str, object], tuple[int, ...]]) -> str:
    """A short test id: the game, its options (a card table as "small"), the points."""
    name, options, points = config
    shown = [f"{k}={'small' if k == 'card_data' else v}" for k, v in options.items()]
    return "-".join([name, *shown, "at" + ",".join(map(str, points))])


# The first game of each configuration runs in the default tier, the others in the long
# tier (tests/conftest.py: LONG_TIER).
SEED_GROUPS = [SEEDS[:1], SEEDS[1:]] if len(SEEDS) > 1 else [SEEDS]


@pytest.mark.parametrize("seeds", SEED_GROUPS, ids=["first-game", "more-games"][: len(SEED_GROUPS)])
@pytest.mark.parametrize(
    ("name", "options", "points"), CONFIGS, ids=[config_id(c) for c in CONFIGS]
)
def test_resample_draws_exactly_from_the_information_set(
    name: str, options: dict[str, object], points: tuple[int, ...], seeds: range
) -> None:
    game = henchmen.Game(name, **options)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        history: list[int] = []
        # The first game also checks loaded positions (issue 36): each point saved and
        # loaded with its history and without it, and the first point loaded without its
        # history and then played on to the later ones.
        early: henchmen.State | None = None
        oracles = [Oracle(game, observer) for observer in range(game.num_players)]
        for point in points:
            while len(history) < point and not state.is_terminal:
                if state.is_chance:
                    outcomes = state.chance_outcomes
                    x, acc = rng.random(), 0.0
                    choice = outcomes[-1][0].id
                    for o, p in outcomes:
                        acc += p
                        if x < acc:
                            choice = o.id
                            break
                else:
                    ids = state.legal_action_ids
                    choice = ids[rng.randrange(len(ids))]
                state.apply(choice)
                if early is not None:
                    early.apply(choice)
                history.append(choice)
            if state.is_terminal:
                break
            loaded: list[henchmen.State] = []
            if seed == SEEDS[0] and not SANITIZER_JOB:  # test_loaded_positions.py runs there
                loaded = [henchmen.deserialize(state.serialize()), loaded_alone(state)]
                if early is None:
                    early = loaded_alone(state)
                else:
                    loaded.append(early)
            for observer in range(game.num_players):
                belief = oracles[observer].follow(history)
                for s in (state, *loaded):
                    worlds = check(s, observer, belief, rng)
                    checked += 1
                    assert worlds >= 1
    assert checked > 0


@pytest.fixture
def always_chain() -> Iterator[None]:
    """The sampler's Markov chain even where rejection would do: the chain
    checked on tables small enough to enumerate."""
    _core.sampler_always_chains(True)
    try:
        yield
    finally:
        _core.sampler_always_chains(False)


@pytest.mark.parametrize(
    ("name", "options", "point"),
    [
        ("villainy", {"players": 2, "card_data": TINY_VILLAINY, "max_rounds": 4}, 14),
        ("super", {"players": 3, "card_data": _small_super_table()}, 14),
    ],
    ids=["villainy", "super"],
)
def test_a_search_chain_draws_from_the_information_set(
    name: str, options: dict[str, object], point: int, always_chain: None
) -> None:
    """The draws one search carries (State.resampler) stay in the information
    set, cover it, and come close to its weights; the same seeds repeat them;
    and a resampler whose state moved on starts afresh from the new one."""
    game = henchmen.Game(name, **options)
    rng = random.Random(4)
    state = game.new_initial_state(auto_chance=False)
    history: list[int] = []
    while len(history) < point and not state.is_terminal:
        if state.is_chance:
            outcomes = state.chance_outcomes
            a = outcomes[rng.randrange(len(outcomes))][0].id
        else:
            ids = state.legal_action_ids
            a = ids[rng.randrange(len(ids))]
        state.apply(a)
        history.append(a)
    observer = 0
    belief = follow(game, history, observer)
    total = belief.total()
    chained = _core.knowledge_stats()["chained"]
    # Independent draws (each burnt in from the settled start) are exact.
    check(state, observer, belief, random.Random(5))
    assert _core.knowledge_stats()["chained"] >= chained + CHECK_SAMPLES
    first, again = state._s.resampler(observer), state._s.resampler(observer)
    assert [core_key(first.resample(s)) for s in range(5)] == [
        core_key(again.resample(s)) for s in range(5)
    ]
    carried = state._s.resampler(observer)
    seen: Counter[int] = Counter()
    for seed in range(SAMPLES):
        key = core_key(carried.resample(seed))
        assert key in belief.worlds, "a carried draw the observer could rule out"
        seen[key] += 1
    assert len(belief.worlds) > 1
    distance = 0.5 * sum(abs(seen[k] / SAMPLES - w / total) for k, (_, w) in belief.worlds.items())
    assert distance < 0.1, f"the carried draws are {distance:.3f} from the information set"
    # The state moves on: the same resampler draws from the new information set.
    while True:
        ids = state.legal_action_ids
        state.apply(ids[0])
        history.append(ids[0])
        if not state.is_chance:
            break
    moved = follow(game, history, observer)
    assert all(core_key(carried.resample(s)) in moved.worlds for s in range(50))


def _keen_walk(
    crews: Sequence[str],
    verbs: tuple[str, ...],
    names: tuple[str, ...],
    seed: int,
    points: tuple[int, ...],
    used: set[str],
) -> None:
    """Random SSS play with ``crews`` that prefers moves starting with one of ``verbs`` or
    naming one of ``names``, every observer's resample checked at each of ``points``
    (plies) against the oracle (in the sanitizer job, resampled and validated only); the
    moves in ``used`` must have been played."""
    game = henchmen.Game("seven-secret-supervillains", crews=list(crews))
    rng, checker = random.Random(seed), random.Random(seed + 1)  # the checks leave the play be
    state = game.new_initial_state(auto_chance=False)
    history: list[int] = []
    chosen: list[str] = []
    oracles = [Oracle(game, observer) for observer in range(game.num_players)]
    for point in points:
        while len(history) < point and not state.is_terminal:
            choice, move = keen_step(state, rng, verbs, names)
            if move is not None:
                chosen.append(move)
            state.apply(choice)
            history.append(choice)
        if SANITIZER_JOB:
            for observer in range(game.num_players):
                world = state.resample(observer, checker.getrandbits(64))
                world.validate()
                assert world.observation(observer) == state.observation(observer)
            continue
        for observer in range(game.num_players):
            assert check(state, observer, oracles[observer].follow(history), checker) >= 1
    assert used <= set(chosen)  # the play went where it should


@pytest.mark.parametrize(
    ("seed", "points", "used"),
    [
        # A Pull leaves its card at the bottom; a later one puts its card on top, then drawn.
        (1, (46, 48, 84, 95), {"pull leave", "pull top"}),
        # A Prophecize guess, the top card shown (not guessed: it stays on top), then drawn.
        (5, (66, 67, 68, 80), {"prophecize 2"}),
    ],
)
def test_resample_follows_the_looks_at_a_deck_of_sss_crews_d(
    seed: int, points: tuple[int, ...], used: set[str]
) -> None:
    """Random play that prefers the crews of sss-crews-d (Croc Docs, Water Divination) and
    their abilities, checked around their looks at a deck: private and public looks keep
    resample exact."""
    _keen_walk(CREWS_D, ("pull", "prophecize"), ("Croc", "Water"), seed, points, used)


@pytest.mark.parametrize(
    ("seed", "points", "used"),
    [
        # Rewrite: three cards discarded in view; later one discarded and two kept on top, then
        # drawn.
        (1, (47, 50, 52, 72, 74, 76, 82), {"rewrite discard Junky Bot", "rewrite keep Tiny Bot"}),
        # Rewrite's cards kept and discarded, then a Sell takes the lower of its two cards.
        (10, (110, 112, 114, 137, 139, 142), {"rewrite keep Tiny Bot", "sell take lower Tiny Bot"}),
        # Sell takes the upper card.
        (2, (138, 140), {"sell take upper Tiny Bot"}),
    ],
)
def test_resample_follows_the_looks_at_a_deck_of_sss_tales(
    seed: int, points: tuple[int, ...], used: set[str]
) -> None:
    """Random play that prefers Tall Tales and Salesweasels and their abilities, checked in
    the middle of their looks and after them: the cards only their owner saw stay hidden
    from the opponent exactly."""
    _keen_walk(CREWS_TALES, ("rewrite", "sell"), ("Tall", "Salesweasels"), seed, points, used)


@pytest.mark.parametrize(
    ("seed", "points", "used"),
    [
        # Trendset's two cards looked at (the choice pending), then one topped and one
        # bottomed, both known to the looker alone.
        (
            1,
            (48, 50, 58),
            {"trendset top lower Tourist Trap 4", "trendset bottom Dinomite Dressers 4"},
        ),
        # The lower card bottomed first, the other topped.
        (5, (49, 52), {"trendset bottom lower Health Hazards 1", "trendset top Royal Rule 5"}),
    ],
)
def test_resample_follows_trendsets_look_at_the_minion_deck(
    seed: int, points: tuple[int, ...], used: set[str]
) -> None:
    """Random play that prefers Dinomite Dressers and Trendset, checked in the middle of its
    look at the Minion deck and after its choices: the cards the looker put back stay hidden
    from the opponent exactly, in the Minion deck's known places."""
    _keen_walk(CREWS_TRENDSET, ("trendset",), ("Dinomite",), seed, points, used)
