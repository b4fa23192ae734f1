"""Gizzard Wizards (Gizzard of Chaos), Discombobulate, and the Chaos Spells, with every
clarification of the card reference and one scripted test per spell."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.errors import NotationError, OptionError, SerializationError

from ..notation import moves, outcomes, play, pos, resolve
from . import crew_kit as kit
from .builder import CREWS_GIZZARD, SPELLS, crews, me, position, position_doc, power

GAME = "seven-secret-supervillains"
ROW = ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"]
SUPERVILLAINS = ("King Cobra", "Gizzard of Chaos", "Telemacawter Trainee")


def at(**spec: Any) -> henchmen.State:
    """A position of this crew set: its Supervillains revealed, the Royal Rule row."""
    spec.setdefault("supervillains", SUPERVILLAINS)
    spec.setdefault("row", ROW)
    return position(**spec)


def doc_at(**spec: Any) -> dict[str, Any]:
    spec.setdefault("supervillains", SUPERVILLAINS)
    spec.setdefault("row", ROW)
    return position_doc(**spec)


_gizzard = kit.crews_for_module(*CREWS_GIZZARD)


def _spells(s: henchmen.State) -> list[str]:
    return kit.starting(s, "spell ")


# --- Discombobulate ------------------------------------------------------------------------


def test_discombobulate_adds_a_chaos_spell_to_your_spell_book_next_turn() -> None:
    """Discombobulate: add a Chaos Spell card to your spell book next turn. The spell is set
    aside now (the play note's card "sideways in front of you"), not playable this turn, and
    joins the spell book when the turn ends."""
    s = at(hands={0: ["Gizzard Wizards 3", "Tiny Bot"]})
    play(s, "play Gizzard Wizards 3")
    assert me(s, 0)["abilities"] == {"Discombobulate": 1} and "discombobulate" in moves(s)
    play(s, "discombobulate")
    assert s.is_chance and outcomes(s) == {f"draw {name}": pytest.approx(0.1) for name in SPELLS}
    play(s, "draw Fireball")
    p = me(s, 0)
    assert p["spells_aside"] == ["Fireball"] and p["spell_book"] == [] and p["abilities"] == {}
    assert _spells(s) == []  # next turn, not this one
    assert pos(s)["chaos_spell_deck"]["unknown"] == [n for n in SPELLS if n != "Fireball"]
    kit.end_turn(s)
    p = me(s, 0)
    assert p["spell_book"] == ["Fireball"] and p["spells_aside"] == []
    assert len(p["hand"]) == 5  # a spell is no hand card: the cleanup still draws 5
    kit.end_turn(s)  # player 1's turn
    assert _spells(s) == ["spell Fireball"]
    s.validate()


def test_the_added_spell_is_hidden_from_the_opponents_until_it_is_used() -> None:
    """Chaos Spells are hidden until they are used: do not reveal the spell added to your spell
    book. The opponent sees that a spell was set aside, then how many the book holds, never
    which, until it is played; their observation and events are the same whichever spell it
    is."""
    seen = []
    for spell in ("Fireball", "Mana Surge"):
        s = at(hands={0: ["Gizzard Wizards 3"]})
        play(s, "play Gizzard Wizards 3", "discombobulate", f"draw {spell}")
        theirs = [e.text for e in s.last_events(1)]
        assert spell not in " ".join(theirs) and spell in " ".join(e.text for e in s.last_events(0))
        kit.end_turn(s)
        o = s.observation(1)
        mine = o["players"][0]
        assert mine["spell_book_size"] == 1 and mine["spell_book_known"] == []
        assert "spell_book" not in mine and spell in o["chaos_spell_deck"]["unseen"]
        assert s.observation(0)["players"][0]["spell_book"] == [spell]
        seen.append((o, s.observation_tensor(1).tolist()))
    assert seen[0] == seen[1]


def test_discombobulate_fails_when_no_chaos_spell_is_available() -> None:
    """Though rare, this ability can fail to work if there are no Chaos Spell cards available:
    with every spell in a spell book or set aside, Discombobulate is not offered (designed, as
    Experiment's is not with no Explodey Bot), its token stays unused."""
    s = at(
        hands={0: ["Gizzard Wizards 3"]},
        spell_book={0: SPELLS[:6], 1: SPELLS[6:]},
    )
    assert pos(s)["chaos_spell_deck"] == {"unknown": [], "known_from_top": []}
    play(s, "play Gizzard Wizards 3")
    assert "discombobulate" not in moves(s) and me(s, 0)["abilities"] == {"Discombobulate": 1}
    kit.refused(s, "discombobulate")


def test_the_chaos_crystal_upgrade_discombobulates() -> None:
    """The designed Upgrade, Chaos Crystal, gives Discombobulate once a turn."""
    s = at(upgrades={0: ["Chaos Crystal"]})
    play(s, "activate Chaos Crystal", "discombobulate", "draw Chance")
    assert me(s, 0)["spells_aside"] == ["Chance"]


# --- The Chaos Spell deck ------------------------------------------------------------------


def test_there_are_10_different_spells() -> None:
    """There are 10 different spells: the card table lists ten distinct names (Chance printed,
    nine designed), and a table with another number is refused."""
    table = henchmen.Game(GAME).card_table()
    names = [sp["name"] for sp in table["chaos_spells"]]
    assert len(names) == len(set(names)) == 10 and names[0] == "Chance"
    assert [sp["designed"] for sp in table["chaos_spells"]] == [False] + [True] * 9
    table["chaos_spells"] = table["chaos_spells"][:9]
    with pytest.raises(OptionError, match="exactly 10"):
        henchmen.Game(GAME, crews=list(CREWS_GIZZARD), card_data=json.dumps(table))


def test_the_chaos_spell_deck_is_face_down_with_no_spell_revealed() -> None:
    """The Chaos Spell deck is placed face down, no Chaos Spells revealed: every player sees
    ten cards of unknown order, and its draws are chance nodes."""
    g = henchmen.new_game(GAME, seed=4, crews=list(CREWS_GIZZARD))
    for viewer in (0, 1):
        deck = g.observation(viewer)["chaos_spell_deck"]
        assert (
            deck["size"] == 10 and deck["bottom"] == [] and sorted(deck["unseen"]) == sorted(SPELLS)
        )
    assert sorted(pos(g)["chaos_spell_deck"]["unknown"]) == sorted(SPELLS)
    g.validate()


def test_the_deck_exists_only_in_games_with_discombobulate() -> None:
    """Designed: as Pandamonium's 10 Explodey Bots exist only with Experiment, the Chaos Spell
    deck exists only in games where a card gives Discombobulate; a game without pays nothing
    (no key in the position, null in the observation, no spell moves)."""
    plain = henchmen.new_game(GAME, seed=4)
    assert "chaos_spell_deck" not in pos(plain) and plain.observation(0)["chaos_spell_deck"] is None
    assert "spell_book" not in pos(plain)["players"][0]
    with crews(*henchmen.Game(GAME).options["crews"]):
        doc = position_doc()
    doc["position"]["chaos_spell_deck"] = {"unknown": ["Chance"], "known_from_top": []}
    with pytest.raises(SerializationError, match="no Chaos Spells"):
        henchmen.deserialize(json.dumps(doc))


def test_spells_are_played_only_on_your_turn() -> None:
    """Like any other card, these cards can only be played on your turn: the other player's
    spell book offers nothing until their turn, and no spell is played during a pending
    choice (Fetch's discard)."""
    s = at(
        hands={0: ["Sleuths N' Sniffs 3", "Tiny Bot"]},
        spell_book={0: ["Mana Surge"], 1: ["Fireball"]},
    )
    assert _spells(s) == ["spell Mana Surge"]
    play(s, "play Sleuths N' Sniffs 3", "fetch")
    resolve(s)
    assert pos(s)["pending"] == "fetch-discard" and _spells(s) == []
    play(s, "discard Tiny Bot")
    kit.end_turn(s)
    assert _spells(s) == ["spell Fireball"]


def test_spells_stay_in_the_spell_book_until_used() -> None:
    """These cards are available in your spell book until you use them: the cleanup keeps
    them (turn after turn), playing one takes it out."""
    s = at(spell_book={0: ["Mana Surge", "Fireball"]})
    kit.end_turn(kit.end_turn(s))
    assert me(s, 0)["spell_book"] == ["Mana Surge", "Fireball"]
    play(s, "spell Mana Surge")
    assert me(s, 0)["spell_book"] == ["Fireball"] and _spells(s) == ["spell Fireball"]


def test_spells_are_not_in_your_hand() -> None:
    """These cards are not considered to be in your hand, so they cannot be discarded or
    expelled by abilities that would do so: no Incinerate, Consume, Fetch discard or Remix
    reaches them, nor the cleanup's discard."""
    s = at(
        hands={0: ["Tiny Bot"]},
        spell_book={0: ["Fireball"]},
        abilities={0: {"Incinerate": 1, "Consume": 1}},
    )
    assert not [m for m in moves(s) if "Fireball" in m and not m.startswith("spell ")]
    assert me(s, 0)["hand"] == ["Tiny Bot"] and s.observation(0)["players"][0]["hand_size"] == 1
    kit.end_turn(s)
    assert me(s, 0)["spell_book"] == ["Fireball"] and "Fireball" not in me(s, 0)["discard"]
    doc = doc_at(hands={0: ["Fireball"]})
    with pytest.raises(SerializationError, match="Chaos Spell"):
        henchmen.deserialize(json.dumps(doc))


def test_a_played_spell_goes_under_the_chaos_spell_deck() -> None:
    """When a spell card is played it goes onto the bottom of the Chaos Spell deck, shown to
    everyone: its place is known (the observation's bottom), the unknown cards above it."""
    s = at(spell_book={0: ["Mana Surge"], 1: ["Fireball"]})
    play(s, "spell Mana Surge")
    deck = pos(s)["chaos_spell_deck"]
    assert deck["known_from_top"] == ["Mana Surge"] and len(deck["unknown"]) == 8
    for viewer in (0, 1):
        assert s.observation(viewer)["chaos_spell_deck"]["bottom"] == ["Mana Surge"]
    assert "Mana Surge" in " ".join(e.text for e in s.last_events(1))


def test_a_spell_played_into_an_empty_deck_becomes_the_deck() -> None:
    """If there are no cards in the Chaos Spell deck, the played spell becomes the deck: the
    next Discombobulate takes it for certain, and everyone knows which spell it is."""
    s = at(
        hands={0: ["Gizzard Wizards 3"]},
        spell_book={0: SPELLS[:5], 1: SPELLS[5:]},
    )
    play(s, "spell Mana Surge")
    assert pos(s)["chaos_spell_deck"] == {"unknown": [], "known_from_top": ["Mana Surge"]}
    play(s, "play Gizzard Wizards 3", "discombobulate")
    assert not s.is_chance  # certain: the deck's one card
    assert me(s, 0)["spells_aside"] == ["Mana Surge"]
    assert s.observation(1)["players"][0]["spells_aside_known"] == ["Mana Surge"]
    kit.end_turn(s)
    assert s.observation(1)["players"][0]["spell_book_known"] == ["Mana Surge"]
    s.validate()


def test_a_spell_with_nothing_to_do_is_not_offered() -> None:
    """Designed: Chance with the Minion deck empty, or Summon Scaredy with no Scaredy Bot
    left, would do nothing; they are not offered (and stay in the spell book)."""
    s = at(
        spell_book={0: ["Chance", "Summon Scaredy"]},
        minion_deck=[],
        rest_minions="expelled",
        scaredy_bots=0,
        discard={1: ["Scaredy Bot"] * 10},
    )
    assert _spells(s) == []


# --- Chance and the nine designed spells ---------------------------------------------------


def test_chance_gains_the_top_card_of_the_minion_deck() -> None:
    """Chance: gain the top card of the Minion deck. Nobody knows it: a chance node over the
    deck's unknown cards; the card goes into your discard pile (where a gained card goes)."""
    s = at(
        spell_book={0: ["Chance"]},
        row=ROW,
        minion_deck=["Fire Starters 4", "Pig Out 2"],
        rest_minions="expelled",
    )
    play(s, "spell Chance")
    assert outcomes(s) == {"reveal Fire Starters 4": 0.5, "reveal Pig Out 2": 0.5}
    play(s, "reveal Pig Out 2")
    assert me(s, 0)["discard"] == ["Pig Out 2"]
    assert pos(s)["minion_deck"]["unknown"] == ["Fire Starters 4"] and pos(s)["minion_row"] == ROW
    s.validate()


def test_mana_surge_gains_3_power() -> None:
    """Mana Surge (designed): gain 3 power."""
    s = at(spell_book={0: ["Mana Surge"]})
    play(s, "spell Mana Surge")
    assert me(s, 0)["power"] == 3 == power("Mana Surge")


def test_an_ability_spell_gives_1_power_too() -> None:
    """Designed: each spell that gives an ability token gives 1 power beside it, as a Minion
    card played gives its power and its ability."""
    s = at(spell_book={0: ["Frost Bolt", "Teleport"]})
    play(s, "spell Frost Bolt", "spell Teleport")
    assert me(s, 0)["power"] == 2 and me(s, 0)["abilities"] == {"Bounty": 1, "Freeze": 1}


def test_summon_scaredy_gains_a_scaredy_bot() -> None:
    """Summon Scaredy (designed): gain a Scaredy Bot from its pile into your discard pile."""
    s = at(spell_book={0: ["Summon Scaredy"]})
    play(s, "spell Summon Scaredy")
    assert me(s, 0)["discard"] == ["Scaredy Bot"] and pos(s)["scaredy_bots"] == 9


def test_fireball_incinerates() -> None:
    """Fireball (designed): Incinerate, expel 1 card in your hand or discard pile."""
    s = at(hands={0: ["Junky Bot"]}, spell_book={0: ["Fireball"]})
    play(s, "spell Fireball")
    assert me(s, 0)["abilities"] == {"Incinerate": 1}
    play(s, "incinerate Junky Bot from hand")
    assert "Junky Bot" in pos(s)["expelled"] and me(s, 0)["hand"] == []


def test_teleport_bounties_a_row_card() -> None:
    """Teleport (designed): Bounty, put a Minion row card into your Stash."""
    s = at(spell_book={0: ["Teleport"]})
    play(s, "spell Teleport", "bounty Royal Rule 3")
    assert me(s, 0)["stash"] == ["Royal Rule 3"]


def test_whirlwind_gusts_the_minion_row() -> None:
    """Whirlwind (designed): Gust, replace the entire Minion row (Gale Force need not be in the
    game: a spell's ability is in the game with the spells)."""
    s = at(spell_book={0: ["Whirlwind"]})
    play(s, "spell Whirlwind")
    gusts = [m for m in moves(s) if m.startswith("gust")]
    assert gusts
    play(s, gusts[0])
    resolve(s)
    assert not set(pos(s)["minion_row"]) & set(ROW)


def test_shrink_ray_haggles() -> None:
    """Shrink Ray (designed): Haggle, replace a Minion row card; its replacement costs 2 less."""
    s = at(
        spell_book={0: ["Shrink Ray"]},
        row=ROW,
        minion_deck=["Fire Starters 9"],
        rest_minions="expelled",
    )
    play(s, "spell Shrink Ray", "haggle Royal Rule 1")
    resolve(s)
    assert pos(s)["minion_row"][0] == "Fire Starters 9" and pos(s)["haggled"] == ["Fire Starters 9"]


def test_frost_bolt_freezes() -> None:
    """Frost Bolt (designed): Freeze, take the top card of your deck into your hand next turn."""
    s = at(spell_book={0: ["Frost Bolt"]})
    play(s, "spell Frost Bolt", "freeze")
    resolve(s)
    assert len(me(s, 0)["frozen"]) == 1


def test_mind_read_fetches() -> None:
    """Mind Read (designed): Fetch, draw 1 card then discard 1 card."""
    s = at(hands={0: ["Junky Bot"]}, spell_book={0: ["Mind Read"]})
    play(s, "spell Mind Read", "fetch")
    resolve(s)
    assert len(me(s, 0)["hand"]) == 2 and pos(s)["pending"] == "fetch-discard"


def test_mirror_hex_replicates() -> None:
    """Mirror Hex (designed): Replicate, copy a Minion card's ability played this turn (or
    replace the leftmost row card)."""
    s = at(hands={0: ["Fire Starters 3"]}, spell_book={0: ["Mirror Hex"]})
    play(s, "play Fire Starters 3", "spell Mirror Hex", "replicate Incinerate")
    assert me(s, 0)["abilities"] == {"Incinerate": 2}


def test_replicate_never_copies_a_spells_ability() -> None:
    """Designed: Replicate copies the abilities of Minion cards in play; a spell goes under
    the Chaos Spell deck at once and is no Minion, so its ability is not Replicate's to copy."""
    s = at(hands={0: ["Tourist Trap 3"]}, spell_book={0: ["Fireball"]})
    play(s, "spell Fireball", "play Tourist Trap 3")
    assert [m for m in moves(s) if m.startswith("replicate")] == ["replicate leftmost"]


def test_repeat_never_copies_a_spells_ability() -> None:
    """Telemacawters: the Repeat ability cannot copy the ability of a Chaos Spell card: an
    Incinerate a spell gave, used, leaves nothing to repeat."""
    s = at(hands={0: ["Telemacawters 3", "Junky Bot"]}, spell_book={0: ["Fireball"]}, row=ROW)
    play(s, "play Telemacawters 3", "spell Fireball", "incinerate Junky Bot from hand")
    assert "repeatable" not in pos(s) and [m for m in moves(s) if m.startswith("repeat")] == []


# --- The contract ----------------------------------------------------------------------------


def test_a_position_with_spells_round_trips_and_conserves_every_spell() -> None:
    """Serialization round-trips the deck, the books and the spells set aside; a spell placed
    twice (or missing) is a broken position."""
    s = at(
        spell_book={0: ["Fireball"]},
        spells_aside={0: ["Chance"]},
        chaos_deck_bottom=["Mana Surge"],
    )
    again = henchmen.deserialize(s.serialize())
    assert again.serialize() == s.serialize() and again.position_hash == s.position_hash
    doc = doc_at(spell_book={0: ["Fireball"]})
    doc["position"]["players"][1]["spell_book"] = ["Fireball"]
    with pytest.raises(SerializationError, match="Fireball"):
        henchmen.deserialize(json.dumps(doc))


def test_resample_redeals_only_the_spells_the_observer_cannot_place() -> None:
    """Resampling for player 1 redeals player 0's book among the spells player 1 cannot place
    (the deck's unknown part), keeping the known bottom and player 1's own book."""
    s = at(
        spell_book={0: ["Fireball"], 1: ["Chance"]},
        chaos_deck_bottom=["Mana Surge"],
    )
    books = set()
    for seed in range(40):
        r = s.resample(1, seed=seed)
        r.validate()
        p = pos(r)
        assert p["players"][1]["spell_book"] == ["Chance"]
        assert p["chaos_spell_deck"]["known_from_top"] == ["Mana Surge"]
        books.add(p["players"][0]["spell_book"][0])
    assert "Chance" not in books and "Mana Surge" not in books and len(books) > 3


def test_the_compact_observation_decodes_to_the_tensor_with_spells() -> None:
    """The compact encoding (encoding.cpp) writes the spell book, the spells set aside and the
    Chaos Spell deck as the tensor does (view.cpp), through random play with the crew."""
    np = pytest.importorskip("numpy")
    from henchmen.rl import VectorEnv

    options = {"crews": list(CREWS_GIZZARD)}
    dense = VectorEnv(GAME, 16, seed=3, threads=1, **options)
    compact = VectorEnv(GAME, 16, seed=3, threads=1, encoding="compact", **options)
    a, _ = dense.reset()
    b, _ = compact.reset()
    for _ in range(300):
        np.testing.assert_array_equal(compact.decode(b), a["observation"])
        acts_a, (a, *_rest) = dense.step_random()
        acts_b, (b, *_rest) = compact.step_random()
        np.testing.assert_array_equal(acts_a, acts_b)


def test_bad_spell_moves_and_tables_are_errors() -> None:
    """Bad input: a spell not in your spell book is no legal move (the state unchanged); a card
    table whose spells are malformed, or missing in a game with Discombobulate, is refused."""
    s = at(spell_book={0: ["Mana Surge"], 1: ["Fireball"]})
    before = s.serialize()
    for move in ("spell Fireball", "spell Chance", "discombobulate"):
        with pytest.raises(NotationError, match="not a legal move"):
            s.apply(move)
    assert s.serialize() == before
    table = henchmen.Game(GAME).card_table()
    for field, value, message in (
        ("gain", "a pony", "gain must be null"),
        ("ability", "Transfer", "ability must be null or a crew ability"),
        ("power", 99, "power"),
    ):
        bad = json.loads(json.dumps(table))
        bad["chaos_spells"][1][field] = value
        with pytest.raises(OptionError, match=message):
            henchmen.Game(GAME, crews=list(CREWS_GIZZARD), card_data=json.dumps(bad))
    del table["chaos_spells"]
    with pytest.raises(OptionError, match="no chaos_spells"):
        henchmen.Game(GAME, crews=list(CREWS_GIZZARD), card_data=json.dumps(table))
    henchmen.Game(GAME, card_data=json.dumps(table))  # a game without the crew needs none


def test_the_layout_shows_the_spell_book_to_its_owner_only() -> None:
    """The table's layout: the owner sees their spells (kind ``spell``), the others backs."""
    s = at(spell_book={0: ["Fireball"]})
    zones = {z["id"]: z for z in s.layout(0)["zones"]}
    assert [c["name"] for c in zones["spell-book-0"]["cards"]] == ["Fireball"]
    assert zones["spell-book-0"]["cards"][0]["kind"] == "spell"
    theirs = {z["id"]: z for z in s.layout(1)["zones"]}["spell-book-0"]
    assert theirs["count"] == 1 and theirs["cards"] == [{"back": True}]
    assert {z["id"]: z for z in s.layout(1)["zones"]}["chaos-spell-deck"]["count"] == 9
