"""The rulebook's worked example under "Attacking & Defending", positions A-H as printed.

Dr. Oblongata (player 1) has A and B in the front row, C in the back row with
no Minion in front of him, D behind B. The opponent (Mugga Mugga, player 2)
has E and F in the front row, G in the back row with nobody in front, H
behind E. Both Masters stand in the center column, behind A and E.
"""

from __future__ import annotations

from .builder import attacks, position

A, B, C, D = "front center", "front left", "back right", "back left"
E, F, G, H = "front center", "front left", "back right", "back center"
VRONKENSTEIN = [
    ["Vronkenstein's Head"],
    ["Vronkenstein's Torso"],
    ["Vronkenstein's Arms"],
    ["Vronkenstein's Legs"],
]
KONGAMUNGA = [
    ["Kongamunga's Head"],
    ["Kongamunga's Fists"],
    ["Kongamunga's Chest"],
    ["Kongamunga's Feet"],
]
PARTS = ["Head", "Fists", "Chest", "Feet"]


def example(*, ranged_a: bool = False, ranged_d: bool = False) -> object:
    mine = {
        A: {"minion": "Lab Tech", "gear": "Ray Gun" if ranged_a else None},
        B: "Hunchbacked Assistant",
        C: "Goggled Intern",
        D: {"minion": "Lab Tech", "gear": "Ray Gun" if ranged_d else None},
    }
    theirs = {E: "Howler Monkey", F: "Spider Monkey", G: "Gorilla Grunt", H: "Silverback"}
    return position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: mine, 1: theirs},
        monsters={0: VRONKENSTEIN, 1: KONGAMUNGA},
    )


def targets_of(s: object, attacker: str) -> set[str]:
    out = set()
    for m in attacks(s):  # type: ignore[arg-type]
        head, _, who = m.partition(" with ")
        if who == attacker:
            out.add(head.removeprefix("attack player 2 "))
    return out


MONSTER_TARGETS = {f"Kongamunga {p}" for p in PARTS}


def test_a_attacks_the_front_row_the_unblocked_back_row_and_the_monster_not_h() -> None:
    """(A) can attack (E) and (F), (G) with nobody in front, any Monster part; not (H)."""
    s = example()
    assert targets_of(s, A) == {E, F, G} | MONSTER_TARGETS
    assert H not in targets_of(s, A)


def test_b_and_c_make_the_same_attacks_as_a() -> None:
    """(B) is in the front row and (C) has no Minion in front: the same attacks as (A)."""
    s = example()
    assert targets_of(s, B) == targets_of(s, A)
    assert targets_of(s, C) == targets_of(s, A)


def test_d_attacks_nobody_unless_ranged() -> None:
    """(D), blocked by (B), cannot attack anyone unless he has a ranged attack."""
    assert targets_of(example(), D) == set()
    ranged = targets_of(example(ranged_d=True), D)
    assert ranged == {E, F, G, H} | MONSTER_TARGETS


def test_a_attacks_h_only_with_a_ranged_attack() -> None:
    """(A) could only attack (H) if (A) had a ranged attack, (E) being in front of (H)."""
    assert H in targets_of(example(ranged_a=True), A)


def test_vronkenstein_attacks_every_minion_and_the_opposing_monster() -> None:
    """Vronkenstein can attack any of the Minions and the opposing Monster (both complete)."""
    s = example()
    for part in ["Head", "Torso", "Arms", "Legs"]:
        assert targets_of(s, f"Vronkenstein {part}") == {E, F, G, H} | MONSTER_TARGETS


def test_monsters_attack_each_other_only_when_both_are_complete() -> None:
    """...the opposing Monster, but only if both Monsters are completed."""
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={1: {E: "Howler Monkey"}},
        monsters={0: VRONKENSTEIN, 1: [["Kongamunga's Head"], [], [], []]},
    )
    assert targets_of(s, "Vronkenstein Head") == {E}
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {A: "Lab Tech"}, 1: {E: "Howler Monkey"}},
        monsters={0: [*VRONKENSTEIN[:3], []], 1: KONGAMUNGA},
    )
    assert not any("with Vronkenstein" in m for m in attacks(s))


def test_the_hideouts_are_blocked_until_e_and_h_are_gone() -> None:
    """The Hideouts are both blocked: E and H must be eliminated before the Hideout is attacked."""
    s = example()
    assert not any("Hideout" in m for m in attacks(s))
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {A: "Lab Tech"}, 1: {H: "Silverback", F: "Spider Monkey"}},
        monsters={0: VRONKENSTEIN},
    )
    assert not any("Hideout" in m for m in attacks(s))  # H alone still blocks it
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {A: "Lab Tech"}, 1: {F: "Spider Monkey", G: "Gorilla Grunt"}},
        monsters={0: VRONKENSTEIN},
    )
    assert "attack player 2 Hideout with front center" in attacks(s)
    assert "attack player 2 Hideout with Vronkenstein Head" in attacks(s)


def test_the_column_does_not_matter() -> None:
    """The column a Minion is in doesn't matter, only whether it and the target are blocked."""
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {"front left": "Lab Tech"}, 1: {"front right": "Howler Monkey"}},
    )
    assert "attack player 2 front right with front left" in attacks(s)


def test_no_minion_attacks_a_master_with_a_minion_in_front_even_ranged_or_a_monster() -> None:
    """The Master may never be attacked if a Minion is in front of him - even by a Monster."""
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {A: {"minion": "Lab Tech", "gear": "Ray Gun"}}, 1: {H: "Silverback"}},
        monsters={0: VRONKENSTEIN},
        hits={1: 0},
        hideouts={1: "removed"},
    )
    assert not any("Master" in m for m in attacks(s))
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        grids={0: {A: "Lab Tech"}, 1: {F: "Silverback"}},
        monsters={0: VRONKENSTEIN},
        hits={1: 0},
        hideouts={1: "removed"},
    )
    assert "attack player 2 Master with front center" in attacks(s)
    assert "attack player 2 Master with Vronkenstein Arms" in attacks(s)
