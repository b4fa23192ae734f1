"""Dinomite Dressers (Kaitops), Trendset, with every clarification of the card reference."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.errors import IllegalActionError, NotationError, SerializationError

from ..notation import moves, outcomes, play, pos
from . import builder
from . import crew_kit as kit
from .builder import CREWS_TRENDSET, looked, me, position, position_doc

ROW = ["Royal Rule 1", "Freezer Burn 2", "Health Hazards 3", "Gale Force 4", "Tourist Trap 5"]
HAND = {0: ["Dinomite Dressers 3", "Royal Rule 2"]}
# The Minion deck's unknown part: its top two are turned up by the tests in the order named.
DECK = ["Royal Rule 9", "Freezer Burn 8", "Health Hazards 7", "Yard-Sailers 6"]


_dinomite_dressers = kit.crews_for_module(*CREWS_TRENDSET)


def build(**spec: Any) -> henchmen.State:
    """Player 0 to play Dinomite Dressers 3 (2 power) with `power` more; the Minion deck is
    DECK (the other Minions expelled) unless the spec says otherwise."""
    spec.setdefault("hands", HAND)
    spec.setdefault("row", ROW)
    spec.setdefault("minion_deck", DECK)
    spec.setdefault("rest_minions", "expelled")
    return position(**spec)


def trendset(*tops: str, **spec: Any) -> henchmen.State:
    """Dinomite Dressers 3 played, Trendset used, the unknown cards looked at turned up in the
    order `tops`."""
    s = build(**spec)
    play(s, "play Dinomite Dressers 3", "trendset")
    return play(s, *(f"reveal {card}" for card in tops))


def minion_deck(s: henchmen.State) -> dict[str, Any]:
    return pos(s)["minion_deck"]  # type: ignore[no-any-return]


def test_trendset_looks_at_the_top_2_cards_of_the_minion_deck_privately() -> None:
    """Trendset: look at the top 2 cards of the Minion deck. Chance over the unknown part for
    each; only the looker sees them, the opponent reads that a card was looked at."""
    s = build(power={0: 9})
    play(s, "play Dinomite Dressers 3")
    assert me(s, 0)["abilities"] == {"Trendset": 1} and "trendset" in moves(s)
    play(s, "trendset")
    assert me(s, 0)["abilities"] == {}
    assert outcomes(s) == pytest.approx({f"reveal {c}": 1 / 4 for c in DECK})
    play(s, "reveal Freezer Burn 8")
    assert s.is_chance and len(outcomes(s)) == 3
    play(s, "reveal Royal Rule 9")
    assert looked(s, 0) == ["Freezer Burn 8", "Royal Rule 9"] and looked(s, 1) == [None, None]
    assert s.observation(1)["looked"]["from"] == "minion deck"
    assert pos(s)["pending"] == "trendset-choice" and s.observation(0)["minion_deck"]["size"] == 2
    assert all("Royal Rule 9" not in e.text for e in s.last_events(1))
    assert "Royal Rule 9" in s.last_events(0)[-1].text
    assert moves(s) == [
        "trendset buy upper Freezer Burn 8",
        "trendset buy lower Royal Rule 9",
        "trendset top upper Freezer Burn 8",
        "trendset top lower Royal Rule 9",
        "trendset bottom upper Freezer Burn 8",
        "trendset bottom lower Royal Rule 9",
    ]


def test_known_top_cards_are_looked_at_without_chance_and_keep_who_knew_them() -> None:
    s = trendset(
        minion_deck=DECK[2:], minion_deck_top=[("Royal Rule 9", [0, 1]), ("Freezer Burn 8", [1])]
    )
    assert not s.is_chance
    assert looked(s, 0) == ["Royal Rule 9", "Freezer Burn 8"]
    assert looked(s, 1) == ["Royal Rule 9", "Freezer Burn 8"]  # player 1 knew both
    assert [c["known_to"] for c in pos(s)["looked"]] == [[0, 1], [0, 1]]


def test_to_buy_either_card_you_still_need_to_pay_its_power_cost() -> None:
    """To buy either or each of the cards, you still need to pay their power cost: a card the
    turn's power cannot pay for is not offered; a bought card is paid for and shown."""
    s = trendset("Royal Rule 9", "Health Hazards 7", power={0: 3})  # 5 power: not 6, but 4
    assert "trendset buy upper Royal Rule 9" not in moves(s)  # health 6
    assert "trendset buy lower Health Hazards 7" in moves(s)  # health 4
    play(s, "trendset buy lower Health Hazards 7")
    assert me(s, 0)["power"] == 1 and me(s, 0)["bought"] == ["Health Hazards 7"]
    assert "Health Hazards 7" in s.last_events(1)[0].text
    assert s.last_events(1)[0].kind == "trendset-buy"
    assert moves(s) == ["trendset top Royal Rule 9", "trendset bottom Royal Rule 9"]
    play(s, "trendset top Royal Rule 9")
    assert pos(s)["minion_row"] == ROW  # a bought look card leaves no row spot to refill
    with pytest.raises(NotationError, match="not a legal move"):
        play(s, "buy Royal Rule 9")  # on top of the deck, not for sale


def test_the_same_option_for_each_card_buy_both() -> None:
    """You can choose any of the options for each card, even the same one for both."""
    s = trendset("Royal Rule 9", "Health Hazards 7", power={0: 9})
    play(s, "trendset buy upper Royal Rule 9", "trendset buy Health Hazards 7")
    assert sorted(me(s, 0)["bought"]) == ["Health Hazards 7", "Royal Rule 9"]
    assert me(s, 0)["power"] == 11 - 6 - 4
    assert pos(s)["pending"] == "none" and "looked" not in pos(s)


@pytest.mark.parametrize(
    ("first", "second", "order"),
    [
        ("top upper Royal Rule 9", "top Freezer Burn 8", ["Freezer Burn 8", "Royal Rule 9"]),
        ("top lower Freezer Burn 8", "top Royal Rule 9", ["Royal Rule 9", "Freezer Burn 8"]),
    ],
)
def test_keep_each_on_top_in_the_order_you_choose(
    first: str, second: str, order: list[str]
) -> None:
    """If you choose to keep each card on top of the Minion deck, you can choose the order of
    those cards: the card put on top last lies on top. They stay known to the looker alone,
    and the row's next refills draw them in that order without chance."""
    s = trendset("Royal Rule 9", "Freezer Burn 8", power={0: 9})
    play(s, f"trendset {first}", f"trendset {second}")
    assert minion_deck(s)["top"] == [{"card": c, "known_to": [0]} for c in order]
    assert s.observation(1)["minion_deck"]["top"] == [None, None]
    play(s, "buy Royal Rule 1")
    assert not s.is_chance and pos(s)["minion_row"][0] == order[0]
    play(s, "buy Freezer Burn 2")
    assert not s.is_chance and pos(s)["minion_row"][1] == order[1]
    assert s.is_chance is False and "top" not in minion_deck(s)


def test_put_each_on_the_bottom_in_the_order_you_choose() -> None:
    """If you choose to put each card on bottom of the Minion deck, you can choose the order
    of those cards: the card put there last lies at the bottom. Each is marked known to the
    looker alone; the opponent sees two cards they cannot name."""
    s = trendset("Royal Rule 9", "Freezer Burn 8")
    play(s, "trendset bottom lower Freezer Burn 8", "trendset bottom Royal Rule 9")
    deck = minion_deck(s)
    assert deck["known_from_top"] == ["Freezer Burn 8", "Royal Rule 9"]
    assert deck["known_from_top_known_to"] == [
        {"index": 0, "known_to": [0]},
        {"index": 1, "known_to": [0]},
    ]
    assert s.observation(1)["minion_deck"]["bottom"] == [None, None]
    assert s.observation(0)["minion_deck"]["bottom"] == ["Freezer Burn 8", "Royal Rule 9"]
    assert deck["unknown"] == ["Health Hazards 7", "Yard-Sailers 6"]


def test_the_opponent_learns_only_that_a_card_went_to_the_top_or_the_bottom() -> None:
    """Privacy: the opponent's observation, tensor and events are the same whichever cards
    were kept; they do name which of the two (upper or lower) went where."""

    def kept(a: str, b: str) -> henchmen.State:
        s = trendset(a, b)
        play(s, f"trendset top upper {a}", f"trendset bottom {b}")
        return s

    s, other = kept("Royal Rule 9", "Freezer Burn 8"), kept("Health Hazards 7", "Yard-Sailers 6")
    assert s.observation(1) == other.observation(1)
    assert list(s.observation_tensor(1)) == list(other.observation_tensor(1))
    assert [e.text for e in s.last_events(1)] == [e.text for e in other.last_events(1)]
    assert [e.text for e in s.last_events(1)] == [
        "Player 1 puts the card at the bottom of the Minion deck (Trendset)"
    ]
    assert s.observation(0) != other.observation(0)
    s = trendset("Royal Rule 9", "Freezer Burn 8")
    play(s, "trendset top upper Royal Rule 9")
    assert [e.data["which"] for e in s.last_events(1)] == ["the upper card"]
    assert "Royal Rule 9" not in s.last_events(1)[0].text


def test_the_lookers_next_refill_draws_the_known_card_without_chance() -> None:
    """The card put back on top is the Minion row's next refill, with no chance node, and
    everyone sees it there."""
    s = trendset("Royal Rule 9", "Freezer Burn 8", power={0: 9})
    play(s, "trendset bottom upper Royal Rule 9", "trendset top Freezer Burn 8")
    play(s, "buy Gale Force 4")
    assert not s.is_chance and pos(s)["minion_row"][3] == "Freezer Burn 8"
    assert any("Freezer Burn 8" in e.text for e in s.last_events(1))


def test_resample_keeps_the_lookers_knowledge_and_redraws_what_the_observer_did_not_see() -> None:
    s = trendset("Royal Rule 9", "Freezer Burn 8")
    mid = s.clone()
    play(s, "trendset top upper Royal Rule 9", "trendset bottom Freezer Burn 8")
    for state, key in ((mid, "looked"), (s, "minion_deck")):
        drawn = set()
        for seed in range(40):
            theirs = state.resample(1, seed)
            assert theirs.observation(1) == state.observation(1)
            drawn.add(json.dumps(pos(theirs)[key], sort_keys=True))
            assert pos(state.resample(0, seed)) == pos(state)  # the looker knows them all
        assert len(drawn) > 1


def test_with_one_card_in_the_minion_deck_it_alone_is_looked_at() -> None:
    """Designed: fewer than 2 cards, every card there is looked at (nothing refills the
    Minion deck); with none, Trendset is not offered."""
    s = build(minion_deck=["Royal Rule 9"], power={0: 9})
    play(s, "play Dinomite Dressers 3", "trendset")
    assert not s.is_chance and looked(s, 0) == ["Royal Rule 9"]
    assert moves(s) == [
        "trendset buy Royal Rule 9",
        "trendset top Royal Rule 9",
        "trendset bottom Royal Rule 9",
    ]
    empty = build(minion_deck=[], power={0: 9})
    play(empty, "play Dinomite Dressers 3")
    assert "trendset" not in moves(empty) and me(empty, 0)["abilities"] == {"Trendset": 1}


def test_bad_actions_are_refused_and_the_state_is_unchanged() -> None:
    s = build()
    kit.refused(s, "trendset")  # no Trendset in the pool
    s = trendset("Royal Rule 9", "Freezer Burn 8")
    before = s.serialize()
    for bad in ("end turn", "trendset buy upper Royal Rule 9", "play Royal Rule 2", "trendset"):
        with pytest.raises(NotationError, match="not a legal move"):
            play(s, bad)
        assert s.serialize() == before
    with pytest.raises(IllegalActionError):
        s.apply(2856)  # an id of the block that no choice has: a Sell of no card
    assert s.serialize() == before


def test_a_look_and_its_choice_round_trip_through_json() -> None:
    s = build()
    play(s, "play Dinomite Dressers 3", "trendset", "reveal Royal Rule 9")
    again = kit.round_trip(s)
    assert pos(again)["tasks"][0]["kind"] == "look-trendset"
    assert again.position_hash == s.position_hash
    play(s, "reveal Freezer Burn 8")
    again = kit.round_trip(s)
    assert pos(again)["pending"] == "trendset-choice"
    play(s, "trendset top upper Royal Rule 9")
    again = kit.round_trip(s)
    assert moves(again) == moves(s)


def test_a_trendset_choice_holds_minions_only_at_most_two() -> None:
    doc = position_doc(hands=HAND, row=ROW, minion_deck=DECK[2:], rest_minions="expelled")
    for card in DECK[:2]:
        doc["position"]["expelled"].remove(card)
    doc["position"]["looked"] = [{"card": c, "known_to": [0]} for c in DECK[:2]]
    doc["position"]["pending"] = "trendset-choice"
    s = henchmen.deserialize(json.dumps(doc))
    assert moves(s)[0] == "trendset top upper Royal Rule 9"
    bots = position_doc(hands=HAND, row=ROW, minion_deck=DECK, rest_minions="expelled")
    bots["position"]["players"][0]["deck"]["unknown"].remove("Tiny Bot")
    bots["position"]["looked"] = [{"card": "Tiny Bot", "known_to": [0]}]
    bots["position"]["pending"] = "trendset-choice"
    with pytest.raises(SerializationError, match="not a Minion"):
        henchmen.deserialize(json.dumps(bots))


def test_the_fossil_couture_upgrade_gives_trendset_and_replicate_copies_it() -> None:
    s = build(hands={0: ["Tourist Trap 3"]}, upgrades={0: ["Fossil Couture"]})
    play(s, "activate Fossil Couture")
    assert me(s, 0)["abilities"] == {"Trendset": 1}
    s = build(hands={0: ["Dinomite Dressers 3", "Tourist Trap 3"]})
    play(s, "play Dinomite Dressers 3", "play Tourist Trap 3", "replicate Trendset")
    assert me(s, 0)["abilities"] == {"Trendset": 2}


def test_the_solo_ends_count_the_cards_looked_at_as_still_in_the_minion_deck() -> None:
    """The solo ends count the cards looked at as still in the Minion deck: the Gambler's
    'no Minion to buy' waits for the choice; the Climb's 'clear' is not reached by a look."""
    with builder.mode(mode="gambler", crews=list(CREWS_TRENDSET)):
        # The last Minion of the game is the card looked at (the row and the deck empty).
        doc = position_doc(row=[None] * 5, minion_deck=[], rest_minions="expelled", power={0: 9})
        doc["position"]["expelled"].remove("Royal Rule 9")
        doc["position"]["looked"] = [{"card": "Royal Rule 9", "known_to": [0]}]
        doc["position"]["pending"] = "trendset-choice"
        s = henchmen.deserialize(json.dumps(doc))
        assert not s.is_terminal and "trendset buy Royal Rule 9" in moves(s)
        play(s, "trendset buy Royal Rule 9")
        assert s.is_terminal  # now nothing is left to buy
    with builder.mode(mode="climb", goal="clear", crews=list(CREWS_TRENDSET)):
        s = position(hands=HAND, row=ROW, minion_deck=DECK[:2], rest_minions="expelled")
        progress = s.observation(0)["goal"]["progress"]
        play(s, "play Dinomite Dressers 3", "trendset", "reveal Royal Rule 9")
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == progress
        play(s, "trendset top upper Royal Rule 9", "trendset top Freezer Burn 8")
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == progress


def test_play_that_prefers_trendset_keeps_every_card() -> None:
    """A soak: random play that takes Trendset and its choices whenever it can, validate()
    and a round trip at every step."""
    import random

    game = henchmen.Game("seven-secret-supervillains", crews=list(CREWS_TRENDSET))
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state(seed=seed)
        used: set[str] = set()
        for _ in range(600):
            if s.is_terminal:
                break
            ms = list(s.legal_actions)
            keen = [m for m in ms if str(m).startswith("trendset") or "Dinomite" in str(m)]
            m = rng.choice(keen or ms)
            used.add(str(m).split()[1] if str(m).startswith("trendset ") else str(m).split()[0])
            s.apply(m)
            s._s.validate()
            assert henchmen.deserialize(s.serialize()) == s
        assert {"trendset", "top", "bottom"} <= used


def test_the_look_and_its_choices_count_as_the_rules_say() -> None:
    """A perft count verified by hand: four unknown Minions, two looked at in order (4 * 3
    chance branches); with 2 power neither can be bought, so top or bottom, upper or lower,
    for the first decision (4), then top or bottom for the card left (2)."""

    def perft(s: henchmen.State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(perft(s.child(a), depth - 1) for a in s.legal_action_ids)

    s = build()
    play(s, "play Dinomite Dressers 3", "trendset")
    assert [perft(s, d) for d in (1, 2, 3, 4)] == [4, 12, 12 * 4, 12 * 4 * 2]


def test_the_table_shows_the_cards_looked_at_to_the_looker_only() -> None:
    """The layout: a zone of the cards looked at off the Minion deck (faces for the looker,
    backs for the others) that the choice's actions name, and a prompt for each."""
    s = trendset("Royal Rule 9", "Freezer Burn 8")
    mine, theirs = s.layout(0), s.layout(1)
    zone = next(z for z in mine["zones"] if z["id"] == "looked")
    assert zone["name"] == "Your cards looked at off the Minion deck (top first)"
    assert [c["name"] for c in zone["cards"]] == ["Royal Rule 9", "Freezer Burn 8"]
    other = next(z for z in theirs["zones"] if z["id"] == "looked")
    assert other["cards"] == [{"back": True}, {"back": True}]
    assert mine["prompt"].startswith("Trendset: you look at Royal Rule 9, Freezer Burn 8")
    assert "Royal Rule 9" not in theirs["prompt"]
    info = s.action_info(s.legal_actions[0])
    assert (info["card"], info["zone"]) == ("Royal Rule 9", "looked")


def test_the_compact_observation_decodes_to_the_tensor_through_trendset() -> None:
    """The compact encoding (encoding.cpp) writes the cards Trendset holds off the Minion deck
    and the pending choice as the tensor does (view.cpp), through random play that reaches a
    Trendset choice."""
    np = pytest.importorskip("numpy")
    from henchmen.rl import VectorEnv
    from henchmen.rl.encodings import slices

    options = {"crews": list(CREWS_TRENDSET)}
    flag = next(
        x.start
        for x in slices(henchmen.Game(builder.GAME, **options))
        if x.name == "pending trendset-choice"
    )
    dense = VectorEnv(builder.GAME, 16, seed=3, threads=1, **options)
    compact = VectorEnv(builder.GAME, 16, seed=3, threads=1, encoding="compact", **options)
    a, _ = dense.reset()
    b, _ = compact.reset()
    choices = 0
    for _ in range(400):
        np.testing.assert_array_equal(compact.decode(b), a["observation"])
        choices += int((a["observation"][:, flag] > 0).sum())
        acts_a, (a, *_rest) = dense.step_random()
        acts_b, (b, *_rest) = compact.step_random()
        np.testing.assert_array_equal(acts_a, acts_b)
    assert choices > 0
