"""Every named slice of each game's observation tensor, read from a scripted position.

Each position is built with the game's builder (tests/games/<game>/builder.py)
or scripted moves, and each expected table lists every non-zero entry of every
slice, by the slice's name, for two or three viewers: a slice not listed must
be all zeros.  So two slices swapped in henchmen.rl.encodings (Villainy's
"turn player" and "to act", say) fail here whenever either holds something in
one of these positions, without reference to the generated docs/rl.md.

Every number was checked by hand against the position (the comments say
how); seats are counted from the viewer in turn order, so each table for
the second viewer is the first one's seats rotated.  Long count planes (the
Minion deck, the Hero Deck) are checked by what they must add up to.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import henchmen
from henchmen.rl.encodings import slices

Table = dict[str, dict[int, float]]


def nonzero(state: henchmen.State, viewer: int, skip: tuple[str, ...] = ()) -> Table:
    """Every slice's non-zero entries (rounded to 4 places), by slice name."""
    t = state.observation_tensor(viewer)
    out: Table = {}
    for s in slices(state.game):
        if s.name in skip:
            continue
        v = t[s.start : s.stop]
        nz = np.flatnonzero(v)
        if len(nz):
            out[s.name] = {int(i): round(float(v[i]), 4) for i in nz}
    return out


def plane(state: henchmen.State, viewer: int, name: str) -> dict[int, float]:
    part = next(s for s in slices(state.game) if s.name == name)
    v = state.observation_tensor(viewer)[part.start : part.stop]
    return {int(i): float(v[i]) for i in np.flatnonzero(v)}


# Parry, three players, seed 1: seat 0 strikes seat 2 (both others pass, seat 2 takes a
# hit: health 2), then strikes seat 1, who parries; seat 2 is asked next.
# hand [Strikes, Parries]; seat k [health, hand size] from the viewer; discard 2 Strikes,
# 1 Parry; two windows open (the Strike's, the Parry's: trigger 1 = Parry); to act is
# seats from the viewer to seat 2; turn 1 of 60.
PARRY: dict[int, Table] = {
    0: {
        "hand": {1: 2.0},
        "seat 0": {0: 3.0, 1: 2.0},
        "seat 1": {0: 3.0, 1: 2.0},
        "seat 2": {0: 2.0, 1: 3.0},
        "deck size": {0: 4.0},
        "discard": {0: 2.0, 1: 1.0},
        "reaction depth": {0: 2.0},
        "reaction trigger": {0: 1.0},
        "to act": {0: 2.0},
        "turn": {0: 0.0167},
    },
    1: {
        "hand": {0: 2.0},
        "seat 0": {0: 3.0, 1: 2.0},
        "seat 1": {0: 2.0, 1: 3.0},
        "seat 2": {0: 3.0, 1: 2.0},
        "deck size": {0: 4.0},
        "discard": {0: 2.0, 1: 1.0},
        "reaction depth": {0: 2.0},
        "reaction trigger": {0: 1.0},
        "to act": {0: 1.0},
        "turn": {0: 0.0167},
    },
    2: {
        "hand": {0: 2.0, 1: 1.0},
        "seat 0": {0: 2.0, 1: 3.0},
        "seat 1": {0: 3.0, 1: 2.0},
        "seat 2": {0: 3.0, 1: 2.0},
        "deck size": {0: 4.0},
        "discard": {0: 2.0, 1: 1.0},
        "reaction depth": {0: 2.0},
        "reaction trigger": {0: 1.0},
        "turn": {0: 0.0167},
    },
}


def test_parry_slices() -> None:
    s = henchmen.new_game("parry", seed=1, players=3)
    for move in ("strike player 3", "pass", "pass", "strike player 2", "parry"):
        s.apply(move)
    for viewer, expected in PARRY.items():
        obs = s.observation(viewer)
        assert expected["hand"] == {
            i: n for i, n in enumerate((obs["hand"]["Strike"], obs["hand"]["Parry"])) if n
        }
        assert nonzero(s, viewer) == expected, viewer


def sss_played() -> henchmen.State:
    from tests.games.sss.builder import position

    s = position(turn_player=1, hands={0: ["Tiny Bot", "Junky Bot"],
                 1: ["Tiny Bot", "Tiny Bot", "Junky Bot"]}, power={1: 3},
                 discard={0: ["Tiny Bot"]})  # fmt: skip
    for move in ("play Tiny Bot", "play Tiny Bot", "buy Royal Rule 1"):
        s.apply(move)
    return s


# Seven Secret Supervillains. Card ids: the Minions crew by crew (Royal Rule 1-9 are
# 0-8, Health Hazards 18-26), Tiny Bot 90, Junky Bot 91, Scaredy Bot 92, Explodey Bot
# 93, the Upgrades 100-106. Seat 1 (turn 2 of 200: 0.01) played two Tiny Bots (power
# 3 + 2 - 1 = 4) and bought Royal Rule 1, now missing from the row (slots 2-5 left);
# its Junky Bot stays in hand; seat 0 holds Tiny + Junky, a Tiny in discard, the rest
# (6 Tiny, 1 Junky) in its deck. The Upgrade on offer is 2, the others 1; the duel's
# Explodey Bot is expelled; 10 Scaredy Bots; crews 0-2 revealed, 3-6 in the deck.
SSS_PLAYED: dict[int, Table] = {
    0: {
        "seat 0 hand": {90: 1.0, 91: 1.0},
        "seat 0 hidden": {90: 6.0, 91: 1.0},
        "seat 0 discard": {90: 1.0},
        "seat 1 hidden": {90: 6.0, 91: 2.0},
        "seat 1 in play": {90: 2.0},
        "seat 1 bought": {0: 1.0},
        "minion row": {1: 2.0, 2: 3.0, 3: 4.0, 4: 5.0},
        "upgrades": {100: 2.0, 101: 1.0, 102: 1.0, 103: 1.0, 104: 1.0, 105: 1.0, 106: 1.0},
        "expelled": {93: 1.0},
        "scaredy bots": {92: 10.0},
        "seat 0 hand size": {0: 2.0},
        "seat 0 deck size": {0: 7.0},
        "seat 1 power": {0: 4.0},
        "seat 1 hand size": {0: 1.0},
        "seat 1 deck size": {0: 7.0},
        "turn": {0: 0.01},
        "crew 0 revealed": {0: 1.0},
        "crew 1 revealed": {0: 1.0},
        "crew 2 revealed": {0: 1.0},
        "crew 3 in deck": {0: 1.0},
        "crew 4 in deck": {0: 1.0},
        "crew 5 in deck": {0: 1.0},
        "crew 6 in deck": {0: 1.0},
    },
    1: {
        "seat 0 hand": {91: 1.0},
        "seat 0 hidden": {90: 6.0, 91: 1.0},
        "seat 0 in play": {90: 2.0},
        "seat 0 bought": {0: 1.0},
        "seat 1 hidden": {90: 7.0, 91: 2.0},
        "seat 1 discard": {90: 1.0},
        "minion row": {1: 2.0, 2: 3.0, 3: 4.0, 4: 5.0},
        "upgrades": {100: 2.0, 101: 1.0, 102: 1.0, 103: 1.0, 104: 1.0, 105: 1.0, 106: 1.0},
        "expelled": {93: 1.0},
        "scaredy bots": {92: 10.0},
        "seat 0 power": {0: 4.0},
        "seat 0 hand size": {0: 1.0},
        "seat 0 deck size": {0: 7.0},
        "seat 1 hand size": {0: 2.0},
        "seat 1 deck size": {0: 7.0},
        "turn": {0: 0.01},
        "viewer's turn": {0: 1.0},
        "crew 0 revealed": {0: 1.0},
        "crew 1 revealed": {0: 1.0},
        "crew 2 revealed": {0: 1.0},
        "crew 3 in deck": {0: 1.0},
        "crew 4 in deck": {0: 1.0},
        "crew 5 in deck": {0: 1.0},
        "crew 6 in deck": {0: 1.0},
    },
}


# Seat 0's turn 1 (1/200): a Tiny Bot in hand, Junky Bot known on top of its 9-card
# deck (place 9 from the bottom), Royal Rule 7 frozen (id 6; hidden to seat 1), Freeze
# x2 in its pool (ability 1), Royal Rule 2 and 3 attached to King Cobra (crew 0,
# reputation 5). Seat 1: Royal Rule 6 in its stash, Health Hazards 2 attached to
# Killer Kiwi (crew 2, reputation 2), won MechaOven (crew 5).
SSS_STOCKED: dict[int, Table] = {
    0: {
        "seat 0 hand": {90: 1.0},
        "seat 0 hidden": {90: 7.0, 91: 1.0},
        "seat 0 deck known": {91: 9.0},
        "seat 0 frozen": {6: 1.0},
        "seat 0 attached": {1: 1.0, 2: 1.0},
        "seat 1 hidden": {90: 8.0, 91: 2.0},
        "seat 1 stash": {5: 1.0},
        "seat 1 attached": {19: 1.0},
        "minion row": {0: 1.0, 3: 2.0, 4: 3.0, 7: 4.0, 8: 5.0},
        "upgrades": {100: 2.0, 101: 1.0, 102: 1.0, 103: 1.0, 104: 1.0, 105: 1.0, 106: 1.0},
        "expelled": {93: 1.0},
        "scaredy bots": {92: 10.0},
        "seat 0 hand size": {0: 1.0},
        "seat 0 deck size": {0: 9.0},
        "seat 0 abilities": {1: 2.0},
        "seat 0 reputation": {0: 5.0},
        "seat 1 won": {0: 1.0},
        "seat 1 deck size": {0: 10.0},
        "seat 1 reputation": {2: 2.0},
        "turn": {0: 0.005},
        "viewer's turn": {0: 1.0},
        "crew 0 revealed": {0: 1.0},
        "crew 1 revealed": {0: 1.0},
        "crew 2 revealed": {0: 1.0},
        "crew 3 in deck": {0: 1.0},
        "crew 4 in deck": {0: 1.0},
        "crew 5 won by": {1: 1.0},
        "crew 6 in deck": {0: 1.0},
    },
    1: {
        "seat 0 hidden": {90: 8.0, 91: 2.0},
        "seat 0 stash": {5: 1.0},
        "seat 0 attached": {19: 1.0},
        "seat 1 hidden": {6: 1.0, 90: 8.0, 91: 2.0},
        "seat 1 attached": {1: 1.0, 2: 1.0},
        "minion row": {0: 1.0, 3: 2.0, 4: 3.0, 7: 4.0, 8: 5.0},
        "upgrades": {100: 2.0, 101: 1.0, 102: 1.0, 103: 1.0, 104: 1.0, 105: 1.0, 106: 1.0},
        "expelled": {93: 1.0},
        "scaredy bots": {92: 10.0},
        "seat 0 won": {0: 1.0},
        "seat 0 deck size": {0: 10.0},
        "seat 0 reputation": {2: 2.0},
        "seat 1 hand size": {0: 1.0},
        "seat 1 deck size": {0: 9.0},
        "seat 1 abilities": {1: 2.0},
        "seat 1 reputation": {0: 5.0},
        "turn": {0: 0.005},
        "crew 0 revealed": {0: 1.0},
        "crew 1 revealed": {0: 1.0},
        "crew 2 revealed": {0: 1.0},
        "crew 3 in deck": {0: 1.0},
        "crew 4 in deck": {0: 1.0},
        "crew 5 won by": {0: 1.0},
        "crew 6 in deck": {0: 1.0},
    },
}


def test_sss_slices() -> None:
    from tests.games.sss.builder import position

    played = sss_played()
    for viewer, expected in SSS_PLAYED.items():
        assert nonzero(played, viewer, ("minion deck",)) == expected, viewer
        # The 63 Minions less the five of the row (Royal Rule 1 bought): 58 of unknown order.
        assert plane(played, viewer, "minion deck") == {i: 1.0 for i in range(5, 63)}
    stocked = position(turn_player=0, hands={0: ["Tiny Bot"]}, stash={1: ["Royal Rule 6"]},
                       frozen={0: ["Royal Rule 7"]},
                       attached={"King Cobra": {0: ["Royal Rule 2", "Royal Rule 3"]},
                                 "Killer Kiwi": {1: ["Health Hazards 2"]}},
                       abilities={0: {"Freeze": 2}}, deck_top={0: ["Junky Bot"]},
                       won_by={"MechaOven": 1})  # fmt: skip
    placed = {0, 3, 4, 7, 8} | {1, 2, 19} | {5} | {6}  # row, attached, stash, frozen
    for viewer, expected in SSS_STOCKED.items():
        assert nonzero(stocked, viewer, ("minion deck",)) == expected, viewer
        assert plane(stocked, viewer, "minion deck") == {
            i: 1.0 for i in range(63) if i not in placed
        }


# Legendary, two players, Red Skull (mastermind 3 of Magneto, Dr. Doom, Loki, Red Skull;
# Attack 7, 4 tactics) and the Cosmic Cube (scheme 0). Card ids: S.H.I.E.L.D. Agent 60,
# Trooper 61, Wound 63, Bystander 64, Scheme Twist 65, Master Strike 66, Brotherhood
# 68-71, HYDRA 76-79 (Viper 79), Doombot Legion 96. Seat 1's turn: an Agent and a
# Trooper in hand, 2 Attack and 3 Recruit made, a Bystander in its Victory Pile (1 VP);
# seat 0 has an Agent in discard (deck 11). Viper holds a Bystander on the Bridge
# (space 5, Attack 5); a Bystander escaped, a Wound is KO'd (29 Wounds, 27 Bystanders,
# 30 Officers left). The HQ shows Black Widow: Mission Accomplished x5 (id 0). The
# Villain Deck: 8 Twists, 5 Strikes, 2 of each Brotherhood Villain and of three HYDRA
# ones, the other Viper, 10 Doombots (38).
LEGENDARY: dict[int, Table] = {
    0: {
        "seat 0 hidden": {60: 7.0, 61: 4.0},
        "seat 0 discard": {60: 1.0},
        "seat 1 hidden": {60: 8.0, 61: 4.0},
        "seat 1 victory": {64: 1.0},
        "hq": {0: 5.0},
        "city": {79: 5.0},
        "villain deck": {
            65: 8.0,
            66: 5.0,
            68: 2.0,
            69: 2.0,
            70: 2.0,
            71: 2.0,
            76: 2.0,
            77: 2.0,
            78: 2.0,
            79: 1.0,
            96: 10.0,
        },
        "ko": {63: 1.0},
        "escaped": {64: 1.0},
        "seat 0 summary": {2: 11.0},
        "seat 1 summary": {0: 1.0, 1: 2.0, 2: 10.0, 3: 1.0, 4: 1.0},
        "attack": {0: 2.0},
        "recruit": {0: 3.0},
        "recruit made": {0: 3.0},
        "wounds left": {0: 29.0},
        "bystanders left": {0: 27.0},
        "officers left": {0: 30.0},
        "mastermind attack": {0: 7.0},
        "tactics left": {0: 4.0},
        "hero deck size": {0: 65.0},
        "villain deck size": {0: 38.0},
        "city attack": {4: 5.0},
        "city bystanders": {4: 1.0},
        "scheme": {0: 1.0},
        "mastermind": {3: 1.0},
    },
    1: {
        "seat 0 hand": {60: 1.0, 61: 1.0},
        "seat 0 hidden": {60: 7.0, 61: 3.0},
        "seat 0 victory": {64: 1.0},
        "seat 1 hidden": {60: 7.0, 61: 4.0},
        "seat 1 discard": {60: 1.0},
        "hq": {0: 5.0},
        "city": {79: 5.0},
        "villain deck": {
            65: 8.0,
            66: 5.0,
            68: 2.0,
            69: 2.0,
            70: 2.0,
            71: 2.0,
            76: 2.0,
            77: 2.0,
            78: 2.0,
            79: 1.0,
            96: 10.0,
        },
        "ko": {63: 1.0},
        "escaped": {64: 1.0},
        "seat 0 summary": {0: 1.0, 1: 2.0, 2: 10.0, 3: 1.0, 4: 1.0},
        "seat 1 summary": {2: 11.0},
        "attack": {0: 2.0},
        "recruit": {0: 3.0},
        "recruit made": {0: 3.0},
        "wounds left": {0: 29.0},
        "bystanders left": {0: 27.0},
        "officers left": {0: 30.0},
        "mastermind attack": {0: 7.0},
        "tactics left": {0: 4.0},
        "hero deck size": {0: 65.0},
        "villain deck size": {0: 38.0},
        "city attack": {4: 5.0},
        "city bystanders": {4: 1.0},
        "scheme": {0: 1.0},
        "mastermind": {3: 1.0},
    },
}


def test_legendary_slices() -> None:
    from tests.games.legendary.builder import position

    s = position(turn_player=1, hands={1: ["S.H.I.E.L.D. Agent", "S.H.I.E.L.D. Trooper"]},
                 discards={0: ["S.H.I.E.L.D. Agent"]}, victory={1: ["Bystander"]},
                 city={"Bridge": {"card": "Viper", "bystanders": 1}}, escaped=["Bystander"],
                 ko=["Wound"], attack=2, recruit=3)  # fmt: skip
    for viewer, expected in LEGENDARY.items():
        assert nonzero(s, viewer, ("hero deck",)) == expected, viewer
        deck = plane(s, viewer, "hero deck")
        assert sum(deck.values()) == s.observation(viewer)["hero_deck_size"] == 65
        assert 0 not in deck  # all five Mission Accomplished are in the HQ


# Super!, three players: seat 0 (Inferno, power id 1) attacked seat 1 (Quake, 2; health
# 30: 0.75) with a Fireball (damage 5) and was dealt a Flame Lance (kind 1); seat 2
# (Renewal, 3; health 20: 0.5) holds two Gusts; seat 1 a Fire Wall (kind 6). The
# discard: two Fireballs on top (kind 0), a Gust (kind 27) below; 69 cards in the deck;
# every power Powered Up; the turn's end phase, turn 1 of 180; chance to act (-1); no
# parting top card (the last entry).
SUPER: dict[int, Table] = {
    0: {
        "hand": {1: 1.0},
        "seat 0 health": {0: 1.0},
        "seat 0 hand size": {0: 1.0},
        "seat 0 alive": {0: 1.0},
        "seat 0 power state": {0: 1.0},
        "seat 0 power": {0: 1.0},
        "seat 1 health": {0: 0.75},
        "seat 1 hand size": {0: 1.0},
        "seat 1 alive": {0: 1.0},
        "seat 1 power state": {0: 1.0},
        "seat 1 power": {0: 2.0},
        "seat 2 health": {0: 0.5},
        "seat 2 hand size": {0: 2.0},
        "seat 2 alive": {0: 1.0},
        "seat 2 power state": {0: 1.0},
        "seat 2 power": {0: 3.0},
        "top discard": {0: 1.0},
        "second discard": {0: 1.0},
        "discard pile": {0: 2.0, 27: 1.0},
        "deck size": {0: 69.0},
        "phase option: end": {0: 1.0},
        "hit damage": {0: 5.0},
        "hit target": {0: 1.0},
        "to act": {0: -1.0},
        "turn": {0: 0.0056},
        "parting top card": {48: 1.0},
    },
    1: {
        "hand": {6: 1.0},
        "seat 0 health": {0: 0.75},
        "seat 0 hand size": {0: 1.0},
        "seat 0 alive": {0: 1.0},
        "seat 0 power state": {0: 1.0},
        "seat 0 power": {0: 2.0},
        "seat 1 health": {0: 0.5},
        "seat 1 hand size": {0: 2.0},
        "seat 1 alive": {0: 1.0},
        "seat 1 power state": {0: 1.0},
        "seat 1 power": {0: 3.0},
        "seat 2 health": {0: 1.0},
        "seat 2 hand size": {0: 1.0},
        "seat 2 alive": {0: 1.0},
        "seat 2 power state": {0: 1.0},
        "seat 2 power": {0: 1.0},
        "top discard": {0: 1.0},
        "second discard": {0: 1.0},
        "discard pile": {0: 2.0, 27: 1.0},
        "deck size": {0: 69.0},
        "phase option: end": {0: 1.0},
        "hit damage": {0: 5.0},
        "hit sender": {0: 2.0},
        "to act": {0: -1.0},
        "turn": {0: 0.0056},
        "parting top card": {48: 1.0},
    },
}


def test_super_slices() -> None:
    from tests.games.super.builder import position

    s = position(players=3, hands={0: ["Fireball"], 1: ["Fire Wall"], 2: ["Gust", "Gust"]},
                 health={0: 40, 1: 30, 2: 20}, discard=["Fireball", "Gust"])  # fmt: skip
    s.apply("attack player 2 with Fireball")
    s.apply("dealt Flame Lance")
    for viewer, expected in SUPER.items():
        assert nonzero(s, viewer) == expected, viewer


# S.U.E.T., three players (geniuses 0-2: Lemykinskov, The Ferret Lady, Professor Gloom):
# seat 1's turn (1 of 2 actions left) played Discard a Hand (kind 21) on seat 2, who is
# asked to block (the window's trigger: a play). Seat 0 holds Steal a Card (kind 15; one
# more in the discard) and built its Red Component; seat 2 holds a Ferret Crew Sniffer
# (kind 32) and has Cash Flow. 70 cards in the deck; round 1 of 20; the short game has
# no round colour (the last entry).
SUET: dict[int, Table] = {
    0: {
        "hand": {15: 1.0},
        "seat 0 hand size": {0: 0.1},
        "seat 0 genius": {0: 1.0},
        "seat 0 red component": {0: 1.0},
        "seat 1 hand size": {0: 0.1},
        "seat 1 genius": {1: 1.0},
        "seat 2 hand size": {0: 0.1},
        "seat 2 genius": {2: 1.0},
        "seat 2 cash flow": {0: 1.0},
        "deck size": {0: 0.7},
        "discard pile": {15: 1.0},
        "in play": {21: 1.0},
        "round colour": {5: 1.0},
        "actions left": {0: 1.0},
        "to act": {2: 1.0},
        "turn player": {1: 1.0},
        "choice": {0: 1.0},
        "window trigger": {0: 1.0},
        "round": {0: 0.05},
    },
    2: {
        "hand": {32: 1.0},
        "seat 0 hand size": {0: 0.1},
        "seat 0 genius": {2: 1.0},
        "seat 0 cash flow": {0: 1.0},
        "seat 1 hand size": {0: 0.1},
        "seat 1 genius": {0: 1.0},
        "seat 1 red component": {0: 1.0},
        "seat 2 hand size": {0: 0.1},
        "seat 2 genius": {1: 1.0},
        "deck size": {0: 0.7},
        "discard pile": {15: 1.0},
        "in play": {21: 1.0},
        "round colour": {5: 1.0},
        "actions left": {0: 1.0},
        "to act": {0: 1.0},
        "turn player": {2: 1.0},
        "choice": {0: 1.0},
        "window trigger": {0: 1.0},
        "round": {0: 0.05},
    },
}


def test_suet_slices() -> None:
    from tests.games.suet.builder import GENIUSES, component, position

    s = position(players=3, turn_player=1, actions_left=2,
                 hands={0: ["Steal a Card"], 1: ["Discard a Hand", "Minions"],
                        2: [component("The Ferret Lady", "Blue")]},
                 discard=["Steal a Card"], labs={0: {"Red": component(GENIUSES[0], "Red")}},
                 enhancements={2: "Cash Flow"})  # fmt: skip
    s.apply("play Discard a Hand on player 3")
    for viewer, expected in SUET.items():
        assert nonzero(s, viewer) == expected, viewer


# Villainy, two Mugga Mugga decks (deck 0; kinds: Silverback 5, the Segue 31): seat 0's
# Silverback (front left: spot 0; A! 5, D! 3, a Great Ape) attacks seat 1's (back right:
# spot 5), and seat 1, holding the Segue, is asked (the window answers an attack). Seat
# 1: Master in column 2, its Hideout can take 4 more hits (4/6), a Silverback discarded
# (1/60, 1/4 of kind 5); draw piles 49 and 48 of 60; 4 of 5 Segues unseen; 2 actions of
# 3 left; round 1 of 15.
VILLAINY: dict[int, Table] = {
    0: {
        "seat 0 present": {0: 1.0},
        "seat 0 alive": {0: 1.0},
        "seat 0 hand size": {0: 0.1},
        "seat 0 deck size": {0: 0.8167},
        "seat 0 hideout hits": {0: 1.0},
        "seat 0 hideout": {0: 1.0},
        "seat 0 master column": {1: 1.0},
        "seat 0 turn player": {0: 1.0},
        "seat 0 deck": {0: 1.0},
        "seat 0 grid": {0: 1.0, 1: 0.5, 2: 0.3, 7: 1.0},
        "seat 0 segues unseen": {0: 0.8},
        "seat 1 present": {0: 1.0},
        "seat 1 alive": {0: 1.0},
        "seat 1 hand size": {0: 0.1},
        "seat 1 deck size": {0: 0.8},
        "seat 1 discard size": {0: 0.0167},
        "seat 1 hideout hits": {0: 0.6667},
        "seat 1 hideout": {0: 1.0},
        "seat 1 master column": {2: 1.0},
        "seat 1 to act": {0: 1.0},
        "seat 1 deck": {0: 1.0},
        "seat 1 grid": {40: 1.0, 41: 0.5, 42: 0.3, 47: 1.0},
        "seat 1 discard": {5: 0.25},
        "seat 1 segues unseen": {0: 0.8},
        "hand": {5: 0.25},
        "actions left": {0: 0.6667},
        "phase": {1: 1.0},
        "window trigger": {2: 1.0},
        "declared attacker": {0: 1.0},
        "declared target seat": {1: 1.0},
        "declared target": {5: 1.0},
        "round": {0: 0.0667},
    },
    1: {
        "seat 0 present": {0: 1.0},
        "seat 0 alive": {0: 1.0},
        "seat 0 hand size": {0: 0.1},
        "seat 0 deck size": {0: 0.8},
        "seat 0 discard size": {0: 0.0167},
        "seat 0 hideout hits": {0: 0.6667},
        "seat 0 hideout": {0: 1.0},
        "seat 0 master column": {2: 1.0},
        "seat 0 to act": {0: 1.0},
        "seat 0 deck": {0: 1.0},
        "seat 0 grid": {40: 1.0, 41: 0.5, 42: 0.3, 47: 1.0},
        "seat 0 discard": {5: 0.25},
        "seat 0 segues unseen": {0: 0.8},
        "seat 1 present": {0: 1.0},
        "seat 1 alive": {0: 1.0},
        "seat 1 hand size": {0: 0.1},
        "seat 1 deck size": {0: 0.8167},
        "seat 1 hideout hits": {0: 1.0},
        "seat 1 hideout": {0: 1.0},
        "seat 1 master column": {1: 1.0},
        "seat 1 turn player": {0: 1.0},
        "seat 1 deck": {0: 1.0},
        "seat 1 grid": {0: 1.0, 1: 0.5, 2: 0.3, 7: 1.0},
        "seat 1 segues unseen": {0: 0.8},
        "hand": {31: 0.25},
        "actions left": {0: 0.6667},
        "phase": {1: 1.0},
        "window trigger": {2: 1.0},
        "declared attacker": {0: 1.0},
        "declared target seat": {0: 1.0},
        "declared target": {5: 1.0},
        "round": {0: 0.0667},
        "viewer to act": {0: 1.0},
    },
}


def test_villainy_slices() -> None:
    from tests.games.villainy.builder import position

    s = position(decks=["Mugga Mugga"] * 2, hands={0: ["Silverback"],
                 1: ["Meanwhile, in the Jungle..."]},
                 grids={0: {"front left": "Silverback"}, 1: {"back right": "Silverback"}},
                 discards={1: ["Silverback"]}, hits={1: 4}, master_columns={1: 2})  # fmt: skip
    s.apply("attack player 2 back right with front left")
    assert (s.turn_player, s.current_player) == (0, 1)
    for viewer, expected in VILLAINY.items():
        assert nonzero(s, viewer) == expected, viewer


@pytest.mark.parametrize(
    ("table", "game"),
    [(PARRY, ("parry", {"players": 3})), (SSS_PLAYED, ("seven-secret-supervillains", {})),
     (LEGENDARY, ("legendary", {"players": 2})), (SUPER, ("super", {"players": 3})),
     (SUET, ("suet", {"players": 3})), (VILLAINY, ("villainy", {}))],
    ids=["parry", "sss", "legendary", "super", "suet", "villainy"],
)  # fmt: skip
def test_every_table_names_real_slices(table: dict[int, Table], game: Any) -> None:
    name, options = game
    names = {s.name: s.stop - s.start for s in slices(henchmen.Game(name, **options))}
    for expected in table.values():
        for key, entries in expected.items():
            assert key in names and all(0 <= i < names[key] for i in entries), key
