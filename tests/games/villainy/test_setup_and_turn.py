"""Preparing to play and the turn: Hideouts, five cards, first player, refills, 3 actions."""

from __future__ import annotations

from collections import Counter

import pytest

import henchmen
from henchmen.errors import IllegalActionError

from .builder import DECKS, deck, grid, me, moves, pass_all, play, pos, position, resolve


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_setup_master_under_hideout_six_hits_five_cards_each(players: int) -> None:
    """Master under the Hideout - Center, Damage card at 6; each deck shuffled; five cards."""
    s = henchmen.new_game("villainy", players=players, seed=3)
    p = pos(s)
    for k, pl in enumerate(p["players"]):
        assert pl["hits"] == 6 and pl["hideout"] == "standing"
        assert pl["master_column"] == 1
        d = deck(DECKS[k % len(DECKS)])
        size = sum(c["count"] for c in d["cards"])
        first = p["turn_player"]
        expected_hand = 5
        assert len(pl["hand"]) == expected_hand
        assert len(pl["hand"]) + len(pl["draw"]) == size
        assert first in range(players)


def test_first_player_is_drawn_by_chance_unless_given() -> None:
    """The youngest player goes first: an option; by default a chance node."""
    g = henchmen.Game("villainy", players=3)
    s = g.new_initial_state(auto_chance=False)
    # The deals come first: five draws each, each a chance node.
    while s.is_chance and not str(s.chance_outcomes[0][0]).endswith("goes first"):
        s.apply(s.chance_outcomes[0][0])
    assert {str(a): p for a, p in s.chance_outcomes} == {
        f"player {k} goes first": pytest.approx(1 / 3) for k in (1, 2, 3)
    }
    s = henchmen.Game("villainy", players=3, first_player=2).new_initial_state(seed=1)
    assert s.turn_player == 1


def test_play_goes_clockwise_one_turn_each_per_round() -> None:
    s = position(players=3, hands={0: [], 1: [], 2: []})
    assert pos(s)["round"] == 1
    play(s, "end turn")
    resolve(s)
    assert s.turn_player == 1 and pos(s)["round"] == 1
    play(s, "end turn")
    resolve(pass_all(s))
    assert s.turn_player == 2
    play(s, "end turn")
    resolve(pass_all(s))
    assert s.turn_player == 0 and pos(s)["round"] == 2


def test_hands_fill_to_five_at_the_start_of_each_turn() -> None:
    s = position(hands={0: [], 1: ["Hall Monitor"]})
    play(s, "end turn")
    assert s.is_chance  # player 2 draws four
    resolve(s)
    assert len(me(s, 1)["hand"]) == 5


def test_only_the_turn_player_fills_their_hand() -> None:
    """Decision 15: each player fills at the beginning of his own turn, not at every turn's."""
    s = position(players=3, decks=["Mugga Mugga"] * 3, hands={0: [], 1: ["Howler Monkey"], 2: []})
    play(s, "end turn")
    resolve(pass_all(s))
    assert [len(me(s, p)["hand"]) for p in range(3)] == [0, 5, 0]


def test_three_actions_per_turn() -> None:
    s = position(
        hands={0: ["Howler Monkey", "Howler Monkey", "Spider Monkey", "Spider Monkey"], 1: []}
    )
    play(s, "play Howler Monkey at front left", "play Howler Monkey at front center")
    play(s, "play Spider Monkey at front right")
    assert pos(s)["actions"] == 0
    assert moves(s) == ["end turn"]


def test_attacks_are_not_simultaneous_only_the_turn_player_attacks() -> None:
    """A player must wait until his turn to attack: off turn, only pass or a Segue."""
    segue = "Meanwhile, in the Jungle..."
    ranks = {0: {"front left": "Silverback"}, 1: {"front left": "Gorilla Grunt"}}

    def start() -> henchmen.State:
        hands = {0: ["Howler Monkey"], 1: [segue, "Spider Monkey"]}
        return position(decks=["Mugga Mugga"] * 2, hands=hands, grids=ranks)

    # Player 2's Grunt could attack player 1's Silverback, on player 2's turn.
    s = position(decks=["Mugga Mugga"] * 2, turn_player=1, hands={0: [], 1: []}, grids=ranks)
    back = next(a for a in s.legal_actions if str(a).startswith("attack player 1 front left"))
    # On player 1's turn, player 2 decides only in a Segue window: a card about to be played ...
    s = start()
    assert s.current_player == 0 and not any(m.startswith("attack player 1") for m in moves(s))
    play(s, "play Howler Monkey at front center")
    assert s.current_player == 1 and moves(s) == ["pass", f"play {segue}"]
    with pytest.raises(IllegalActionError):
        s.apply(back.id)
    assert s.current_player == 1 and moves(s) == ["pass", f"play {segue}"]  # left as it was
    # ... or an attack declared: still no attack back, the attack is not answered by one.
    s = start()
    play(s, "attack player 2 front left with front left")
    assert s.current_player == 1 and moves(s) == ["pass", f"play {segue}"]
    play(s, "pass")
    assert s.current_player == 0 and grid(s, 1) == {}  # A! 5 against D! 2, resolved alone
    assert grid(s, 0) == {"front left": "Silverback"}


def test_exchange_discards_one_card_and_draws_a_fresh_one() -> None:
    s = position(hands={0: ["Howler Monkey"], 1: []})
    play(s, "exchange Howler Monkey")
    assert me(s, 0)["discard"] == ["Howler Monkey"] and s.is_chance
    resolve(s)
    assert len(me(s, 0)["hand"]) == 1 and pos(s)["actions"] == 2


def test_reshuffle_when_the_draw_pile_runs_out() -> None:
    """If a player runs out of cards he reshuffles his discard pile as the Draw pile."""
    d = deck("Mugga Mugga")
    everything = [c["name"] for c in d["cards"] for _ in range(c["count"])]
    s = position(
        decks=["Mugga Mugga"] * 2,
        hands={0: [], 1: everything[:3]},
        discards={1: everything[3:]},
        draws={1: []},
    )
    play(s, "end turn")
    assert me(s, 1)["discard"] == [] and len(me(s, 1)["draw"]) == len(everything) - 3
    resolve(s)
    assert len(me(s, 1)["hand"]) == 5


def out_of_cards(hand: list[str], draw: list[str], **spec: object) -> henchmen.State:
    """Player 1 (Mugga Mugga; Mallory Maleficarum with ``mallory``) holds ``hand``, has
    ``draw`` as the draw pile and every other card of the deck in the discard pile."""
    name = "Mallory Maleficarum" if spec.pop("mallory", False) else "Mugga Mugga"
    rest = Counter(c["name"] for c in deck(name)["cards"] for _ in range(c["count"]))
    rest -= Counter(hand) + Counter(draw)
    for where in ("lefts", "rights"):
        for card in dict(spec.get(where) or {}).values():  # type: ignore[call-overload]
            rest[card] -= 1
    base: dict[str, object] = {
        "decks": [name, "Mugga Mugga"],
        "hands": {0: hand, 1: []},
        "discards": {0: sorted(rest.elements())},
        "draws": {0: draw},
    }
    base.update(spec)
    return position(**base)  # type: ignore[arg-type]


def test_an_exchange_that_finds_the_pile_run_out_reshuffles_then_draws_to_five() -> None:
    """Out of cards with fewer than five in hand: reshuffle, draw to five, then play resumes."""
    s = out_of_cards(["Howler Monkey", "Spider Monkey"], [])
    play(s, "exchange Howler Monkey")
    # Reshuffled before the card is let go, so the fresh card is never that one.
    assert me(s, 0)["discard"] == ["Howler Monkey"] and s.is_chance
    assert "reshuffle" in [e.kind for e in s.last_events(1)]
    resolve(s)
    assert len(me(s, 0)["hand"]) == 5 and pos(s)["actions"] == 2


def test_a_special_actions_draw_that_finds_the_pile_run_out_draws_to_five() -> None:
    s = out_of_cards(["Study Hall", "Hall Monitor"], [], mallory=True)
    play(s, "play Study Hall")
    resolve(s)
    assert len(me(s, 0)["hand"]) == 5  # the two cards owed, then up to five


def test_drawing_the_last_card_runs_out_at_once() -> None:
    """Decision 13: a player runs out when the draw takes the pile's last card."""
    s = out_of_cards(["Howler Monkey", "Spider Monkey"], ["Silverback"])
    play(s, "exchange Howler Monkey")  # the last card is certain: drawn at once
    assert "Silverback" in me(s, 0)["hand"] and me(s, 0)["discard"] == []  # reshuffled
    assert s.is_chance
    resolve(s)
    assert len(me(s, 0)["hand"]) == 5
    # A hand of five after the draw is reshuffled for, not topped up.
    s = out_of_cards(["Howler Monkey"] * 4 + ["Spider Monkey"], ["Silverback"])
    play(s, "exchange Howler Monkey")
    assert not s.is_chance and len(me(s, 0)["hand"]) == 5 and me(s, 0)["discard"] == []


def test_running_out_tops_up_to_five_the_bonus_addition_fills_to_six() -> None:
    """The top-up is to five; the six-card bonus is the hand filled at the start of a turn."""
    lookout = {0: "Treehouse Lookout"}
    s = out_of_cards(["Howler Monkey", "Spider Monkey"], [], lefts=lookout)
    play(s, "exchange Howler Monkey")
    resolve(s)
    assert len(me(s, 0)["hand"]) == 5
    s = out_of_cards(["Howler Monkey"], [], lefts=lookout, turn_player=1)
    play(s, "end turn")
    resolve(pass_all(s))
    assert len(me(s, 0)["hand"]) == 6  # the refill owed six; running out adds none
