"""What every slice of each game's observation tensor holds.

:func:`slices` names each stretch of ``state.observation_tensor(p)`` (the
same layout the PettingZoo, Gymnasium and vector environments hand out), for
a game with its options: seat planes come first, seat 0 being the viewer and
then the others in turn order.  A *card plane* has one entry per card id
(``Game.card_table()`` names them).  docs/rl.md prints the tables, and
tests/rl/test_encodings.py checks that the slices tile the tensor exactly and
that the hidden planes are where the engine hides things.

>>> import henchmen
>>> from henchmen.rl.encodings import slices
>>> first = slices(henchmen.Game("seven-secret-supervillains"))[0]
>>> first.start, first.stop, first.name
(0, 128, 'seat 0 hand')
"""

from __future__ import annotations

from dataclasses import dataclass

from henchmen.errors import UnknownGameError
from henchmen.game import Game


@dataclass(frozen=True)
class Slice:
    """``tensor[start:stop]``: its name and what the numbers mean.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> hand = slices(state.game)[0]
    >>> hand.name, bool(state.observation_tensor(0)[hand.start : hand.stop].sum() > 0)
    ('hand', True)
    """

    start: int
    stop: int
    name: str
    meaning: str


class _Layout:
    def __init__(self) -> None:
        self.out: list[Slice] = []
        self.at = 0

    def add(self, size: int, name: str, meaning: str) -> None:
        self.out.append(Slice(self.at, self.at + size, name, meaning))
        self.at += size


CARDS = 128  # card ids per card plane in SSS and Legendary

SSS_SEAT_PLANES = (
    (
        "hand",
        "viewer: its hand; others: the cards of the hand everyone saw (counts); at the Chaos "
        "Spells' ids (110-119) the spell book likewise (Gizzard Wizards)",
    ),
    (
        "hidden",
        "viewer: its deck's cards of unknown order; others: their unseen hand and frozen "
        "cards plus their deck's cards of unknown order and those only they looked at, "
        "as one multiset (counts)",
    ),
    (
        "deck known",
        "cards of known place in the deck (put on top or at the bottom, or looked at) that "
        "the viewer saw: place counted from the bottom, 1 = last",
    ),
    ("discard", "discard pile (counts)"),
    ("in play", "played this turn (counts)"),
    ("bought", "bought this turn (counts)"),
    ("stash", "the stash (counts)"),
    (
        "frozen",
        "viewer: its frozen cards; others: the frozen cards everyone saw (counts); at the "
        "Chaos Spells' ids the spells set aside for the spell book likewise",
    ),
    ("attached", "Minions attached for reputation, Upgrades and Upgrades pending (counts)"),
)
SSS_ABILITIES = (  # the Ability enum of cpp/games/sss/cards.h, in its order
    "none",
    "Freeze",
    "Harvest",
    "Bounty",
    "Fetch",
    "Incinerate",
    "Replicate",
    "Transfer",
    "Froth",
    "Consume",
    "Pupate",
    "Snooze",
    "Pull",
    "Prophecize",
    "Gust",
    "Remix",
    "Haggle",
    "Expedite",
    "Engineer",
    "Hack",
    "Experiment",
    "Repeat",
    "Gamble",
    "Rewrite",
    "Sell",
    "Discombobulate",
    "Trendset",
)
SSS_MAX_CREWS = 9
SSS_MAX_PLAYERS = 4


def _sss(game: Game) -> list[Slice]:
    n = game.num_players
    lay = _Layout()
    for seat in range(n):
        for name, meaning in SSS_SEAT_PLANES:
            lay.add(CARDS, f"seat {seat} {name}", meaning)
    lay.add(CARDS, "minion row", "the Minion row: slot number (1-5) of each card there")
    lay.add(
        CARDS,
        "minion deck",
        "cards in the Minion deck: 1 order unknown (or a known place or a card Trendset holds "
        "that the viewer was not shown), 2 known bottom place, 3 known top place, 4 held off "
        "the deck by Trendset; at the Chaos Spells' ids "
        "(110-119): the Chaos Spell deck's known bottom, each one's place from the bottom",
    )
    lay.add(CARDS, "upgrades", "2 the Upgrade on offer, 1 in the Upgrade deck")
    lay.add(CARDS, "expelled", "expelled cards (counts)")
    lay.add(
        CARDS,
        "scaredy bots",
        "at the Scaredy Bot's id (92): how many are left; at the Explodey Bot's id (93): "
        "the Explodey pile (Experiment)",
    )
    lay.add(CARDS, "pupated", "1 at each card whose base power Pupate doubled")
    lay.add(CARDS, "haggled", "1 at each card that costs 2 less this turn (Haggle)")
    for seat in range(n):
        lay.add(1, f"seat {seat} power", "unspent power")
        lay.add(1, f"seat {seat} won", "Supervillains won")
        lay.add(1, f"seat {seat} hand size", "cards in hand")
        lay.add(1, f"seat {seat} deck size", "cards in deck")
        lay.add(
            len(SSS_ABILITIES), f"seat {seat} abilities", "ability tokens in the pool, by ability"
        )
        lay.add(
            SSS_MAX_CREWS,
            f"seat {seat} reputation",
            "reputation toward each crew slot's Supervillain",
        )
        lay.add(
            1, f"seat {seat} spell book size", "Chaos Spells in the spell book (Gizzard Wizards)"
        )
        lay.add(1, f"seat {seat} spells aside", "Chaos Spells set aside for the spell book")
    lay.add(1, "turn", "turn / max_turns")
    lay.add(1, "viewer's turn", "1 if it is the viewer's turn")
    lay.add(1, "game over", "1 once the game has ended")
    lay.add(1, "pending fetch-discard", "1 while a Fetch discard is asked")
    lay.add(1, "pending return-upgrade", "1 while an Upgrade return is asked")
    lay.add(1, "pending remix-discard", "the discards still to make while a Remix is under way")
    lay.add(1, "hack power", "the turn player's power for an Upgrade only (Hack)")
    lay.add(
        len(SSS_ABILITIES),
        "repeatable",
        "1 at the ability Repeat would copy: the most recent Minion card ability used this turn",
    )
    lay.add(1, "gamble guess", "1 while a Gamble's odd-or-even guess is asked")
    lay.add(
        1,
        "cards looked at",
        "cards Rewrite or Sell holds off the top of the turn player's deck (Trendset: of the "
        "Minion deck)",
    )
    lay.add(1, "pending rewrite-choice", "1 while Rewrite's keep-or-discard choice is asked")
    lay.add(1, "pending sell-choice", "1 while Sell's choice of the card for the hand is asked")
    lay.add(1, "pending trendset-choice", "1 while Trendset's buy, top or bottom is asked")
    lay.add(1, "chaos spell deck", "cards in the Chaos Spell deck (Gizzard Wizards)")
    for crew in range(SSS_MAX_CREWS):
        lay.add(1, f"crew {crew} in deck", "its Supervillain is in the Supervillain deck")
        lay.add(1, f"crew {crew} revealed", "its Supervillain is in a slot")
        lay.add(1, f"crew {crew} danger zone", "its Supervillain is in the Danger Zone")
        lay.add(SSS_MAX_PLAYERS, f"crew {crew} won by", "1 at the seat that won it")
    return lay.out


LEGENDARY_SEAT_PLANES = (
    ("hand", "viewer: its hand and a card passed to it (counts); others: zeros"),
    (
        "hidden",
        "viewer: its deck's cards of unknown order; others: hand, deck, a passed card, "
        "private looks and private top cards, as one multiset (counts)",
    ),
    ("deck top", "known cards on top of the deck: 1/(depth), 1 = top"),
    ("discard", "discard pile (counts)"),
    ("victory", "Victory Pile (counts)"),
    ("played", "cards played this turn, as what they were played as (turn player only)"),
)
LEGENDARY_SHARED_PLANES = (
    ("hq", "the HQ's Heroes (counts)"),
    ("city", "Villains in the city: space number 1-5 (Sewers 1 ... Bridge 5)"),
    ("city under", "cards under city Villains (counts)"),
    ("villain deck", "cards in the Villain Deck (counts; order unknown)"),
    ("hero deck", "cards in the Hero Deck (counts; order unknown)"),
    ("ko", "the KO pile (counts)"),
    ("escaped", "escaped cards (counts)"),
    ("look", "cards being looked at, if the viewer may see them"),
    ("steal", "cards stolen and waiting (counts)"),
)
LEGENDARY_TURN_SCALARS = (
    "attack", "recruit", "recruit made", "extra draws", "recruit as attack", "healed", "acted",
    "extra turn", "extra draw", "turn / 100", "twists played", "twists beside",
    "villains escaped", "bystanders carried", "killbots escaped", "heroes escaped",
    "wounds left", "bystanders left", "officers left", "mastermind attack", "tactics left",
    "mastermind bystanders", "mastermind defeated", "deck ran out", "game over",
    "result (1 heroes, -1 evil, 0 tie)", "final showdown", "hero deck size", "villain deck size",
)  # fmt: skip
LEGENDARY_MAX_PLAYERS = 5
LEGENDARY_TASK_OPS = 50
LEGENDARY_SCALARS = 160


def _legendary(game: Game) -> list[Slice]:
    n = game.num_players
    lay = _Layout()
    for seat in range(n):
        for name, meaning in LEGENDARY_SEAT_PLANES:
            lay.add(CARDS, f"seat {seat} {name}", meaning)
    for name, meaning in LEGENDARY_SHARED_PLANES:
        lay.add(CARDS, name, meaning)
    first = lay.at
    for seat in range(LEGENDARY_MAX_PLAYERS):
        lay.add(
            5,
            f"seat {seat} summary",
            "victory points, hand size, deck size, is turn player, is to act (zeros past the "
            "player count)",
        )
    for name in LEGENDARY_TURN_SCALARS:
        lay.add(1, name, name)
    lay.add(5, "city attack", "each city space's Villain's Attack")
    lay.add(5, "city bystanders", "Bystanders captured in each space")
    lay.add(5, "city attack penalty", "each space's Attack modifier")
    lay.add(6, "portals", "the Dark Portal marks")
    lay.add(8, "scheme", "one-hot: the Scheme")
    lay.add(4, "mastermind", "one-hot: the Mastermind")
    lay.add(
        LEGENDARY_TASK_OPS,
        "pending task",
        "one-hot: the task being decided (view.cpp's task names)",
    )
    lay.add(first + LEGENDARY_SCALARS - 1 - lay.at, "unused", "always 0")
    lay.add(1, "new hand", "cards to draw at the end of the turn instead of six (0: six)")
    return lay.out


def _parry(game: Game) -> list[Slice]:
    lay = _Layout()
    lay.add(2, "hand", "the viewer's Strikes and Parries")
    for seat in range(4):
        lay.add(2, f"seat {seat}", "health and hand size (zeros past the player count)")
    lay.add(1, "deck size", "cards in the deck")
    lay.add(2, "discard", "Strikes and Parries discarded")
    lay.add(1, "reaction depth", "open reaction windows")
    lay.add(1, "reaction trigger", "the open window's trigger, -1 if none")
    lay.add(1, "to act", "seats from the viewer to the player to act")
    lay.add(1, "turn", "turn / max_turns")
    return lay.out


SUPER_MAX_PLAYERS = 10
SUPER_KINDS = 48  # playing-card kinds per card plane (Game.card_table() names them)
SUPER_PHASES = ("picking powers", "option: draw", "option: power", "option: discard", "option: end")


def _super(game: Game) -> list[Slice]:
    lay = _Layout()
    lay.add(SUPER_KINDS, "hand", "the viewer's playing cards, by kind (counts)")
    for seat in range(SUPER_MAX_PLAYERS):
        lay.add(1, f"seat {seat} health", "health / 40 (zeros past the player count)")
        lay.add(1, f"seat {seat} hand size", "playing cards in hand")
        lay.add(1, f"seat {seat} alive", "1 while not eliminated")
        lay.add(
            3, f"seat {seat} power state", "one-hot: Powered Up (in hand), active, Powered Down"
        )
        lay.add(1, f"seat {seat} power", "the Super Power's id + 1 (0: none chosen yet)")
    for which in ("top discard", "second discard"):
        lay.add(SUPER_KINDS + 1, which, "one-hot: its kind, the last entry when there is none")
    lay.add(SUPER_KINDS, "discard pile", "the shared discard pile, by kind (counts)")
    lay.add(1, "deck size", "cards in the shared deck")
    for name in SUPER_PHASES:
        lay.add(1, f"phase {name}", "1 in this phase of the turn")
    lay.add(1, "hit damage", "the attack being defended: its damage (-1 when none)")
    lay.add(1, "hit target", "seats from the viewer to the defender (-1 when none)")
    lay.add(1, "hit sender", "seats from the viewer to who sent it (-1 when none)")
    lay.add(1, "hit by a power", "1 if a Super Power made the attack (-1 when none)")
    lay.add(1, "to act", "seats from the viewer to the player to act (-1 when over)")
    lay.add(1, "turn", "turn / the turn limit")
    for name in ("counterattack", "parting top", "parting second"):
        lay.add(1, f"choice {name}", "1 while this decision inside the battle is open")
    lay.add(
        SUPER_KINDS + 1,
        "parting top card",
        "one-hot: the card chosen to go on top, the last entry when none",
    )
    return lay.out


VILLAINY_MAX_PLAYERS = 6
VILLAINY_DECKS = 7
VILLAINY_KINDS = 32  # kinds of card in one deck (Game.card_table() names them)
VILLAINY_SPOTS = 6  # 0-2 front row left to right, 3-5 back row
VILLAINY_ATTACKERS = 11  # spots 0-5, Monster parts 6-9, the Master 10
VILLAINY_TARGETS = 12  # spots 0-5, Monster parts 6-9, the Hideout 10, the Master 11
VILLAINY_SEAT_SCALARS = (
    ("present", "1 for a seat in the game"),
    ("alive", "1 while still in the game (Master not defeated)"),
    ("hand size", "cards in hand / 10"),
    ("deck size", "cards in the draw pile / 60"),
    ("discard size", "cards in the discard pile / 60"),
    ("hideout hits", "hits the Hideout - Center can still take / 6"),
)
VILLAINY_EFFECTS = 8  # the Special Action effects of cpp/games/villainy/cards.h


def _villainy(game: Game) -> list[Slice]:
    lay = _Layout()
    for seat in range(VILLAINY_MAX_PLAYERS):
        at = f"seat {seat}"
        for name, meaning in VILLAINY_SEAT_SCALARS:
            lay.add(1, f"{at} {name}", f"{meaning} (zeros past the player count)")
        lay.add(3, f"{at} hideout", "one-hot: standing, fallen (Master exposed next turn), gone")
        lay.add(3, f"{at} master column", "one-hot: the Master's column, left to right")
        lay.add(1, f"{at} left addition", "1 if the Hideout has its Left addition")
        lay.add(1, f"{at} left bonus", "1 if that addition is a bonus addition")
        lay.add(1, f"{at} right addition", "1 if the Hideout has its Right addition")
        lay.add(1, f"{at} right bonus", "1 if that addition is a bonus addition")
        lay.add(1, f"{at} turn player", "1 if it is this seat's turn")
        lay.add(1, f"{at} to act", "1 if this seat acts now")
        lay.add(1, f"{at} master exposed", "1 if the Master can be attacked")
        lay.add(1, f"{at} monster complete", "1 if all four Monster parts are in play")
        lay.add(VILLAINY_DECKS, f"{at} deck", "one-hot: the villain deck it plays")
        lay.add(
            VILLAINY_SPOTS * 8,
            f"{at} grid",
            "per spot (front row left to right, then the back row), 8 entries: occupied, "
            "attack / 10, defense / 10, ranged, blocked, Gear, temporary Gear, Minion type",
        )
        lay.add(
            4 * 4,
            f"{at} monster",
            "per Monster part, 4 entries: placed, active, attack / 10, defense / 10",
        )
        lay.add(
            3 * 2,
            f"{at} setup chain",
            "per Setup part A, B, C: placed, then A's bonus / 3, B's stat (0 A!, 1 D!), "
            "C's condition (its number + 1) / 6",
        )
        lay.add(1, f"{at} setup complete", "1 when the chain A-B-C is complete")
        lay.add(1, f"{at} lasting", "rallying Special Actions lasting to its next turn / 4")
        lay.add(VILLAINY_KINDS, f"{at} discard", "discard pile by kind (counts / 4)")
        lay.add(1, f"{at} segues unseen", "its deck's Segues not in its discard pile / 5")
    lay.add(VILLAINY_KINDS, "hand", "the viewer's hand by kind (counts / 4)")
    lay.add(1, "actions left", "actions left this turn (of three) / 3")
    lay.add(1, "specials", "free Special Actions played this turn / 8")
    lay.add(4, "phase", "one-hot: main, Segue window, absorb a hit, Special Action choices")
    lay.add(
        3, "window trigger", "one-hot: the open Segue window's trigger (turn start, play, attack)"
    )
    lay.add(VILLAINY_KINDS, "card being played", "one-hot: its kind, while a Segue may answer it")
    lay.add(VILLAINY_SPOTS, "card being played spot", "one-hot: the spot it goes to")
    lay.add(VILLAINY_ATTACKERS, "declared attacker", "one-hot: the attack declared")
    lay.add(VILLAINY_MAX_PLAYERS, "declared target seat", "one-hot: seats from the viewer")
    lay.add(VILLAINY_TARGETS, "declared target", "one-hot: what is attacked")
    lay.add(VILLAINY_EFFECTS, "choice effect", "one-hot: the Special Action being resolved")
    lay.add(1, "choice stage", "its stage of choices")
    lay.add(VILLAINY_MAX_PLAYERS, "choice seat", "one-hot: the seat chosen, from the viewer")
    lay.add(VILLAINY_SPOTS, "choice spot", "one-hot: the spot chosen")
    lay.add(1, "round", "round / the round limit")
    lay.add(1, "viewer to act", "1 if the viewer acts now")
    lay.add(VILLAINY_ATTACKERS, "last attacker", "one-hot: the last attack made")
    lay.add(VILLAINY_MAX_PLAYERS, "last target seat", "one-hot: seats from the viewer")
    lay.add(VILLAINY_TARGETS, "last target", "one-hot: what it attacked")
    lay.add(1, "last attack", "its A! / 10")
    lay.add(1, "last defense", "the D! it met / 10")
    return lay.out


SUET_MAX_PLAYERS = 4
SUET_KINDS = 64  # card kinds per card plane (Game.card_table() names them)
SUET_GENIUSES = 4
SUET_COLOURS = ("Red", "Blue", "Purple", "Green")
SUET_ENHANCEMENTS = ("Minions", "Cash Flow", "Inspiration", "Protection")
SUET_CHOICES = 9  # the Choice enum of cpp/games/suet/state.h


def _suet(game: Game) -> list[Slice]:
    lay = _Layout()
    lay.add(SUET_KINDS, "hand", "the viewer's hand, by kind (counts)")
    for seat in range(SUET_MAX_PLAYERS):
        at = f"seat {seat}"
        lay.add(1, f"{at} hand size", "cards in hand / 10 (zeros past the player count)")
        lay.add(SUET_GENIUSES, f"{at} genius", "one-hot: the evil genius")
        for colour in SUET_COLOURS:
            lay.add(
                4,
                f"{at} {colour.lower()} component",
                "built, Broken, under a Cheat Card, Universal",
            )
        for name in SUET_ENHANCEMENTS:
            lay.add(1, f"{at} {name.lower()}", f"1 if its lab has the {name} Enhancement")
        lay.add(1, f"{at} hindrance", "1 if that Enhancement shows its Hindrance side")
        lay.add(1, f"{at} setbacks waiting", "Setbacks waiting in the lab for its next turn")
    lay.add(1, "deck size", "cards in the deck / 100")
    lay.add(SUET_KINDS, "discard pile", "by kind (counts)")
    lay.add(SUET_KINDS, "in play", "cards being played and their Blocks, by kind (counts)")
    lay.add(SUET_KINDS, "black market", "by kind (counts)")
    lay.add(
        len(SUET_COLOURS) + 2,
        "round colour",
        "one-hot: the Long Game's round (Red, Blue, Purple, Green, Black Market), the last "
        "entry in the short game",
    )
    lay.add(1, "actions left", "actions left this turn")
    lay.add(1, "extra turn", "1 if an extra turn follows")
    lay.add(SUET_MAX_PLAYERS, "to act", "one-hot: seats from the viewer to the player to act")
    lay.add(SUET_MAX_PLAYERS, "turn player", "one-hot: seats from the viewer to the turn player")
    lay.add(SUET_CHOICES, "choice", "one-hot: the choice being made (none first)")
    lay.add(
        4,
        "window trigger",
        "one-hot: the open reaction window's trigger (play, block, setback, between turns)",
    )
    lay.add(1, "block chain", "Blocks played on the card in play")
    lay.add(
        SUET_MAX_PLAYERS, "setback victim", "one-hot: seats from the viewer to a Setback's victim"
    )
    lay.add(1, "round", "round / the round limit")
    lay.add(
        SUET_MAX_PLAYERS,
        "extra turn later",
        "seats from the viewer with Take an Extra Turn played off turn, for their next turn",
    )
    return lay.out


_GAMES = {
    "seven-secret-supervillains": _sss,
    "legendary": _legendary,
    "parry": _parry,
    "super": _super,
    "villainy": _villainy,
    "suet": _suet,
}


def slices(game: Game) -> list[Slice]:
    """The named slices of ``game``'s observation tensor, in order, tiling it.

    >>> import math
    >>> game = Game("parry", players=3)
    >>> parts = slices(game)
    >>> parts[-1].stop == math.prod(game.observation_shape)
    True
    >>> all(a.stop == b.start for a, b in zip(parts, parts[1:]))
    True
    >>> [s.name for s in parts][:3]
    ['hand', 'seat 0', 'seat 1']
    """
    describe = _GAMES.get(game.name)
    if describe is None:
        raise UnknownGameError(
            f"no encoding description for '{game.name}'; known: {sorted(_GAMES)}"
        )
    return describe(game)


def markdown(game: Game) -> str:
    """The slices as a markdown table (docs/rl.md is made of these).

    >>> print("\\n".join(markdown(Game("parry")).splitlines()[:3]))
    | slice | name | holds |
    |---|---|---|
    | 0:2 | hand | the viewer's Strikes and Parries |
    """
    rows = ["| slice | name | holds |", "|---|---|---|"]
    rows += [f"| {s.start}:{s.stop} | {s.name} | {s.meaning} |" for s in slices(game)]
    return "\n".join(rows)
