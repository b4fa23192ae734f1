"""Telemacawters (Telemacawter Trainee), Repeat, with every clarification of the card reference."""

from __future__ import annotations

import henchmen

from . import crew_kit as kit
from .builder import CREWS_GIZZARD, crews, me, moves, play, pos, position, resolve

_telemacawters = kit.crews_for_module(*kit.beside_base("Telemacawters"))


def _repeats(s: henchmen.State) -> list[str]:
    return kit.starting(s, "repeat")


def test_repeat_copies_the_minion_ability_you_used() -> None:
    """Repeat: you may copy the most recent Minion card ability you used this turn (a token
    of it gained, to spend like any other)."""
    s = position(hands={0: ["Freezer Burn 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    assert pos(s)["repeatable"] == "Freeze" and s.observation(1)["repeatable"] == "Freeze"
    play(s, "play Telemacawters 3")
    assert _repeats(s) == ["repeat Freeze"]
    play(s, "repeat Freeze")
    assert me(s, 0)["abilities"] == {"Freeze": 1}
    play(s, "freeze")
    resolve(s)
    assert len(me(s, 0)["frozen"]) == 2


def test_only_the_most_recent_ability_used_is_copied() -> None:
    """... the most recent one: of a Freeze then a Harvest used, the Harvest."""
    s = position(
        hands={0: ["Freezer Burn 3", "Health Hazards 3", "Telemacawters 3"]},
        discard={0: ["Tiny Bot"]},
    )
    play(s, "play Freezer Burn 3", "play Health Hazards 3", "play Telemacawters 3", "freeze")
    resolve(s)
    assert _repeats(s) == ["repeat Freeze"]
    play(s, "harvest Tiny Bot")
    assert _repeats(s) == ["repeat Harvest"]


def test_an_ability_played_but_not_used_is_not_copied() -> None:
    """Designed: abilities wait in the pool as tokens, so one is used when its token is spent
    (its move made), not when its card is played."""
    s = position(hands={0: ["Freezer Burn 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "play Telemacawters 3")
    assert _repeats(s) == [] and "repeatable" not in pos(s)
    assert me(s, 0)["abilities"] == {"Freeze": 1, "Repeat": 1}


def test_repeating_a_repeat_does_nothing() -> None:
    """Repeating a Repeat ability does nothing: a Minion's Repeat used is the most recent
    ability used, so a second Repeat has nothing to copy (not offered) until another ability
    is used, such as the Freeze the first one copied."""
    s = position(hands={0: ["Freezer Burn 3", "Telemacawters 3", "Telemacawters 4"]})
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    play(s, "play Telemacawters 3", "play Telemacawters 4", "repeat Freeze")
    assert pos(s)["repeatable"] == "Repeat" and _repeats(s) == []
    assert me(s, 0)["abilities"] == {"Freeze": 1, "Repeat": 1}
    play(s, "freeze")
    resolve(s)
    assert _repeats(s) == ["repeat Freeze"]


def test_royal_rule_cards_have_no_ability_to_copy() -> None:
    """Royal Rule cards do not have an ability to copy: playing one uses none, so it changes
    nothing Repeat could copy."""
    s = position(hands={0: ["Royal Rule 9", "Telemacawters 3"]})
    play(s, "play Royal Rule 9", "play Telemacawters 3")
    assert _repeats(s) == []
    t = position(hands={0: ["Freezer Burn 3", "Royal Rule 9", "Telemacawters 3"]})
    play(t, "play Freezer Burn 3", "freeze")
    resolve(t)
    play(t, "play Royal Rule 9", "play Telemacawters 3")
    assert _repeats(t) == ["repeat Freeze"]


def test_an_upgrades_ability_is_never_copied() -> None:
    """Repeat only copies the abilities of Minion cards: not an Upgrade's."""
    s = kit.activated(
        "Deep Freezer", "freeze", hands={0: ["Telemacawters 3"]}, upgrade_row="Golden Throne"
    )
    resolve(s)
    play(s, "play Telemacawters 3")
    assert _repeats(s) == [] and "repeatable" not in pos(s)


def test_a_spent_token_is_a_minions_while_the_pool_holds_one() -> None:
    """Designed: tokens of one ability from a Minion and from an Upgrade look alike in the
    pool; a spent one counts as the Minion's while one is left, so it can be repeated."""
    s = kit.activated(
        "Deep Freezer",
        "play Freezer Burn 3",
        hands={0: ["Freezer Burn 3", "Telemacawters 3"]},
        upgrade_row="Golden Throne",
    )
    assert pos(s)["minion_abilities"] == {"Freeze": 1} and me(s, 0)["abilities"] == {"Freeze": 2}
    play(s, "freeze")
    resolve(s)
    assert pos(s)["repeatable"] == "Freeze" and "minion_abilities" not in pos(s)


def test_a_bots_ability_is_never_copied() -> None:
    """... nor even a Bot card's: a Scaredy Bot's Transfer used after a Freeze leaves the
    Freeze the most recent Minion card ability used."""
    s = position(
        hands={0: ["Freezer Burn 3", "Scaredy Bot", "Telemacawters 3"]},
        discard={0: ["Royal Rule 3"]},
    )
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    play(s, "play Scaredy Bot", "transfer Royal Rule 3", "play Telemacawters 3")
    assert _repeats(s) == ["repeat Freeze"]


def test_a_chaos_spells_ability_is_never_copied() -> None:
    """... nor a Chaos Spell card's (Gizzard Wizards): the Fireball spell's Incinerate, used,
    is not a Minion card ability, so Repeat has nothing to copy; a Minion's used after it is."""
    with crews(*CREWS_GIZZARD):
        s = position(
            hands={0: ["Telemacawters 3", "Fire Starters 3", "Junky Bot", "Tiny Bot"]},
            spell_book={0: ["Fireball"]},
            supervillains=("King Cobra", "Gizzard of Chaos", "Telemacawter Trainee"),
        )
        play(s, "play Telemacawters 3", "spell Fireball")
        assert pos(s)["minion_abilities"] == {"Repeat": 1}
        play(s, "incinerate Junky Bot from hand")
        assert "repeatable" not in pos(s) and _repeats(s) == []
        play(s, "play Fire Starters 3", "incinerate Tiny Bot from hand")
        assert _repeats(s) == ["repeat Incinerate"]


def test_a_copy_by_a_minions_replicate_is_a_minion_ability() -> None:
    """Designed: a copy belongs to whoever gave the token spent for it. Replicate (a Minion's)
    used is itself a Minion ability used, and the Freeze it copied, once used, too."""
    s = position(hands={0: ["Freezer Burn 3", "Tourist Trap 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "play Tourist Trap 3", "replicate Freeze")
    assert pos(s)["repeatable"] == "Replicate" and pos(s)["minion_abilities"] == {"Freeze": 2}
    play(s, "play Telemacawters 3")
    assert _repeats(s) == ["repeat Replicate"]
    play(s, "freeze")
    resolve(s)
    assert _repeats(s) == ["repeat Freeze"]


def test_the_echo_perch_upgrades_repeat_copies_but_its_copy_is_not_a_minions() -> None:
    """The designed Upgrade, Echo Perch, gives Repeat; what an Upgrade's Repeat copies is the
    Upgrade's, so using that copy leaves the record as it was."""
    s = position(
        hands={0: ["Freezer Burn 3", "Health Hazards 3"]},
        upgrades={0: ["Echo Perch"]},
        discard={0: ["Tiny Bot"]},
        upgrade_row="Golden Throne",
    )
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    play(s, "activate Echo Perch", "repeat Freeze")
    assert pos(s)["repeatable"] == "Freeze" and "minion_abilities" not in pos(s)
    play(s, "play Health Hazards 3", "harvest Tiny Bot", "freeze")
    resolve(s)
    assert pos(s)["repeatable"] == "Harvest"


def test_the_record_is_public_lasts_the_turn_and_round_trips() -> None:
    s = position(hands={0: ["Freezer Burn 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    play(s, "play Telemacawters 3")
    assert kit.info(s, "repeat Freeze") == {"ability": "Freeze", "text": "repeat Freeze"}
    play(s, "repeat Freeze")
    for event in kit.first_events(s):
        assert event.kind == "repeat"
    s.validate()
    again = kit.round_trip(s)
    assert moves(again) == moves(s)
    assert again.observation(1)["minion_abilities"] == {"Freeze": 1}
    play(s, "end turn")
    resolve(s)
    assert "repeatable" not in pos(s) and s.observation(0)["repeatable"] is None


def test_repeat_is_refused_without_the_ability() -> None:
    s = position(hands={0: ["Freezer Burn 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "freeze")
    resolve(s)
    kit.refused(s, "repeat Freeze")


def test_replicate_does_not_copy_repeat() -> None:
    """Designed: Replicate does not copy Repeat (copying a copier does nothing, as the card
    reference says of each copying itself); otherwise a Replicate and a Repeat could copy each
    other without end and a turn would never have to finish."""
    s = position(hands={0: ["Freezer Burn 3", "Tourist Trap 3", "Telemacawters 3"]})
    play(s, "play Freezer Burn 3", "play Tourist Trap 3", "play Telemacawters 3")
    assert [m for m in moves(s) if m.startswith("replicate ")] == [
        "replicate Freeze",
        "replicate leftmost",
    ]
    play(s, "replicate Freeze")
    assert _repeats(s) == ["repeat Replicate"]
