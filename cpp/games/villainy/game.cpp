#include "games/villainy/game.h"

namespace henchmen::villainy {

GameInfo Traits::describe() {
  GameInfo g = named("villainy", "Villainy: The Supervillainous Card Game", "Tactical card combat: Minions in two ranks before a Master hidden in a Hideout, Gear, four-part Monsters, Setup chains and Segues that steal the turn.", 2, kMaxPlayers);
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"round", "the round (a Segue starts a new one)"},
      {"turn", "turns started, Segued ones too"},
      {"turn_player", "whose turn it is"},
      {"current_player", "who decides now (a Segue window's responder, the player absorbing a hit)"},
      {"phase", "main, window (a Segue may answer), absorb or choose (a Special Action's choices)"},
      {"actions_left", "actions left this turn (of three)"},
      {"specials_played", "Special Actions played this turn"},
      {"game_over", "whether the game has ended"},
      {"winner", "the last Master standing's player, -2 when the round limit ended it, null before"},
      {"winners", "the seats that won: the last Master standing, or at the round limit those standing with the most Hideout hits left; null before"},
      {"hand", "the viewer's hand, by card name"},
      {"window", "the open Segue window: what it answers and whose turn it interrupts, or null"},
      {"declared", "the card about to be played or the attack declared, or null"},
      {"choice", "the Special Action being resolved and its first choice, or null"},
      {"last_attack", "the last attack this turn, A! against D!, or null"},
      {"absorbing", "the player deciding whether to absorb a hit on the Hideout, or null"},
      {"players", "each player's public side, by seat"},
      {"players[].alive", "whether the player's Master still stands"},
      {"players[].deck", "the villain whose deck the player plays"},
      {"players[].hand_size", "cards in the player's hand"},
      {"players[].draw_size", "cards in the player's draw pile"},
      {"players[].discard", "the player's discard pile, by card name"},
      {"players[].grid", "the six Minion spots (front left .. back right): Minion, Gear and temporary Gear, or null"},
      {"players[].master", "the Master: name, A!, D!, column, whether a Minion stands in front"},
      {"players[].hideout", "the Hideout: hits left, state, Left and Right additions"},
      {"players[].monster", "the Monster: name, complete, each part's cards and whether it is active"},
      {"players[].setup", "the Setup chain's A, B and C cards, or null"},
      {"players[].lasting", "Special Actions lasting until the player's next turn"},
  };
  g.options = {
      players_option(2, kMaxPlayers, "Number of players (each with their own deck)."),
      OptionSpec{"first_player", OptionSpec::Kind::Int, Json(0), 0, kMaxPlayers, {}, "The seat that goes first (\"the youngest player\"), from 1; 0 draws it by chance."},
      OptionSpec{"max_rounds", OptionSpec::Kind::Int, Json(0), 0, 500, {}, "Designed: a stalled game ends after this many rounds, won by the Masters standing with the most Hideout hits left (a tie shares); 0: by player count (30 rounds for 2 players, 20 for 3, 16 for 4, 12 for 5 or 6)."},
      card_data_option(),
  };
  for (int p = 1; p <= kMaxPlayers; ++p) {
    g.options.push_back(OptionSpec{"deck_" + std::to_string(p), OptionSpec::Kind::Text, Json(""), 0, 0, {},
                                   "The deck seat " + std::to_string(p) + " plays, by its villain's name (players may pick the same deck); empty: the card table's decks in turn (Mugga Mugga, Mallory Maleficarum, Dr. Oblongata, ...)."});
  }
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::villainy
