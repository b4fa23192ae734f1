#include "games/sss/game.h"

namespace henchmen::sss {

GameInfo Traits::describe() {
  GameInfo g = named("seven-secret-supervillains", "Seven Secret Supervillains", "Deck builder: win four of the seven Secret Supervillains by attaching Minions of their crews (2 players; the Brawl for 3 or 4, the Classic for 4 in teams, the Secretive for 3 or 4 on crew majorities; the Gambler and the Climb solo).", 1, 4);
  const OptionSpec players = players_option(1, 4, "Number of players: 2 in the duel, 3 or 4 in the Brawl and the Secretive, 4 in the Classic, 1 in the Gambler and the Climb (the mode's usual count when only the mode is given).");
  OptionSpec mode{"mode", OptionSpec::Kind::Choice, Json("duel"), 0, 0, mode_names(),
                  "duel: the 2-player game; brawl: the free-for-all for 3 or 4 (9 crews, 11 reputation wins a Supervillain, 3 win the game); "
                  "classic: 4 players in teams, 1 & 3 against 2 & 4, sharing a side and counting Supervillains together; "
                  "secretive: 3 or 4 players, no Supervillains, the game ends when the Minion deck runs out and the most crew majorities in each player's cards win; "
                  "gambler: solo, Chaos's dice take Minions from the row between your turns, the reputation in your cards is the score; "
                  "climb: solo, race to a goal (option goal) in as few turns as you can. "
                  "Without it, 3 or 4 players play the Brawl and 1 the Gambler."};
  OptionSpec crews{"crews", OptionSpec::Kind::ChoiceList, Json(), 0, 0, {}, "The crews in play, by name: 7 in the duel and the Classic (by default the first seven of the card reference), 7 to 9 in the Secretive (by default the seven), 9 in the Brawl (by default those seven, Llamaristas and Pig Out)."};
  Json base = Json(Json::Array{});
  for (const auto& c : builtin_card_table().at("crews", "cards").as_array("crews")) {
    if (!c.at("implemented", "crew").as_bool("implemented")) continue;
    crews.choices.push_back(c.at("name", "crew").as_string("name"));
    if (base.as_array("crews").size() < 7) base.push_back(c.at("name", "crew"));
  }
  crews.default_value = base;
  OptionSpec turns{"max_turns", OptionSpec::Kind::Int, Json(200), 10, 2000, {}, "Designed: a stalled game ends after this many turns (most Supervillains, then most reputation, wins)."};
    OptionSpec chaos{"chaos_dice", OptionSpec::Kind::Int, Json(2), 2, 4, {}, "The Gambler: how many dice Chaos rolls between your turns (the rulebook recommends 2 to 4)."};
  OptionSpec goal{"goal", OptionSpec::Kind::Choice, Json("supervillains"), 0, 0, climb_goal_names(),
                  "The Climb: supervillains (win goal_target Supervillains, 4 by default), clear (the Minion deck exhausted: every Minion drawn into the row), "
                  "reputation (goal_target reputation in your cards, 100 by default) or upgrades (goal_target Upgrades on your Supercomputer, 3 by default)."};
  OptionSpec target{"goal_target", OptionSpec::Kind::Int, Json(0), 0, 315, {},
                    "The Climb: the goal's X (0: its default): Supervillains 1 to 7, reputation 1 to 315, Upgrades 1 to 3; none for clear."};
  g.options = {players, mode, crews, turns, card_data_option(), chaos, goal, target};
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"current_player", "who decides now (-1 chance, -4 the game is over)"},
      {"turn", "the turn number, from 1"},
      {"turn_player", "whose turn it is"},
      {"pending", "the decision in progress that is not a plain turn action (a Fetch discard, an Upgrade return, ...), or null"},
      {"minion_row", "the five Minions for sale"},
      {"minion_deck", "the Minion deck: size, bottom (cards known to be at its bottom, in order) and, when there is one, top (its known top cards, top first, null where you were not shown it)"},
      {"upgrade_row", "the Upgrade for sale, or null"},
      {"upgrade_deck", "the Upgrade deck: size and known bottom"},
      {"supervillains", "revealed (face up), deck_size (still face down), danger_zone, attached (each Supervillain's Minions and reputation per player; in the Classic per team, players 1 & 3 first) and won (who won each)"},
      {"scaredy_bots", "Scaredy Bots left in their pile"},
      {"expelled", "cards removed from the game"},
      {"pupated", "cards whose base power Pupate doubled (Cocoon Conquest): in play, set aside or in a hand (face down for a Gamble too), public"},
      {"haggled", "cards that cost 2 less this turn (Haggle, Yard-Sailers), public"},
      {"hack_power", "the turn player's power that can only buy an Upgrade (Hack, Raccoon Rebellion)"},
      {"explodey_bots", "Explodey Bots left in the Explodey pile (Experiment, Pandamonium; 0 in games without it)"},
      {"repeatable", "the ability Repeat would copy now: the most recent Minion card ability the turn player used this turn (Telemacawters), or null"},
      {"minion_abilities", "how many of the turn player's ability tokens a Minion card gave, by ability (the rest an Upgrade's, a Bot's or their copies; Repeat)"},
      {"gamble", "null, or while a Gamble's guess is asked (Monkey Mischief): player (whose card lies face down), guesser, card (for its owner only, else null) and known (the cards everyone knew in that hand before: each is in the hand or face down)"},
      {"looked", "null, or while Rewrite (Tall Tales) or Sell (Salesweasels) looks at cards off the top of a deck, or Trendset (Dinomite Dressers) off the top of the Minion deck: player (who looks), from ('deck', theirs, or 'minion deck') and cards, top first (a card the viewer did not know is null)"},
      {"chaos_spell_deck", "null in games without Chaos Spells (Gizzard Wizards); else the face-down Chaos Spell deck: size, bottom (the spells played under it, in order) and unseen (the spells you cannot place: its unknown part and the others' spell books, but for what you saw)"},
      {"players", "one entry per seat, in seat order, with the keys players[].* below"},
      {"players[].hand", "your own hand (only in your own entry)"},
      {"players[].deck_contents", "the cards of your own deck, in no order (only in your own entry)"},
      {"players[].frozen", "your own frozen cards (only in your own entry)"},
      {"players[].hand_known", "an opponent's cards in hand that you saw go there (public to you)"},
      {"players[].frozen_known", "an opponent's frozen cards that you saw"},
      {"players[].unseen", "an opponent's cards you cannot place: the rest of their hand, frozen cards and the unknown part of their deck, as one multiset"},
      {"players[].hand_size", "how many cards in hand"},
      {"players[].frozen_size", "how many frozen cards"},
      {"players[].deck_size", "cards in the deck"},
      {"players[].deck_top", "cards known to lie on top of the deck, top first (null: a card there you were not shown; Pull, Prophecize)"},
      {"players[].deck_bottom", "cards known to lie at the bottom of the deck, in order"},
      {"players[].discard", "the discard pile (public)"},
      {"players[].in_play", "cards played this turn"},
      {"players[].bought", "cards bought this turn"},
      {"players[].stash", "the stash"},
      {"players[].upgrades", "Upgrades owned"},
      {"players[].upgrades_pending", "Upgrades won, not yet placed"},
      {"players[].upgrades_used", "Upgrades already used this turn"},
      {"players[].power", "Power available this turn"},
      {"players[].abilities", "ability tokens available this turn, by ability"},
      {"players[].supervillains_won", "how many Secret Supervillains won (four wins the game)"},
      {"players[].spell_book", "your own Chaos Spells, available until you use them (only in your own entry; games with Gizzard Wizards)"},
      {"players[].spells_aside", "your own Chaos Spells set aside by Discombobulate, your spell book's next turn (only in your own entry)"},
      {"players[].spell_book_known", "an opponent's Chaos Spells you saw go into their spell book (from a known place of the deck)"},
      {"players[].spells_aside_known", "an opponent's spells set aside that you saw"},
      {"players[].spell_book_size", "how many Chaos Spells in the spell book (public)"},
      {"players[].spells_aside_size", "how many Chaos Spells set aside for the spell book (public)"},
      {"goal", "the Climb (null in other modes): goal (its name), target, progress (toward the target) and turns (the turn it was reached in, or null)"},
      {"game_over", "true once the game has ended"},
      {"winner", "the winner's seat once the game is over (null: none or a draw)"},
  };
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::sss
