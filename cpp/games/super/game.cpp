#include "games/super/game.h"

#include "core/error.h"

namespace henchmen::super {

GameInfo Traits::describe() {
  GameInfo g = named("super", "Super!", "Elemental super-powered battles for 2 to 10 players around one shared deck: attack, absorb, shield, counter and deflect until one is left standing.", 2, kMaxPlayers);
  g.options = {
      players_option(2, kMaxPlayers),
      OptionSpec{"power_order", OptionSpec::Kind::Choice, Json("arrival"), 0, 0, {"arrival", "drawn-value", "newest-first"},
                 "Who chooses a Super Power first: seat order (the order people arrived), a random order (cards drawn by value), or the last seat first (newer players first)."},
      OptionSpec{"max_rounds", OptionSpec::Kind::Int, Json(60), 5, 500, {}, "Designed: after this many rounds the player with the most health wins (a tie is a draw)."},
      card_data_option(),
  };
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"turn", "the turn number, from 1"},
      {"turn_player", "whose turn it is"},
      {"current_player", "who decides now (a defender off turn; -1 chance, -4 over)"},
      {"phase", "choosing powers, or the next turn option still open: draw, power, discard, end"},
      {"game_over", "whether the game has ended"},
      {"winner", "the winner, -2 for a draw at the round limit, null while playing"},
      {"hand", "your Playing Cards, name to count"},
      {"players", "one entry per seat, in seat order, with the keys players[].* below"},
      {"players[].health", "each player's health (0: eliminated)"},
      {"players[].hand_size", "how many Playing Cards each player holds"},
      {"players[].eliminated", "whether the player is out of the game"},
      {"players[].power", "the player's Super Power (null before it is chosen)"},
      {"players[].power_state", "powered up (in hand), active (face up) or powered down (face down)"},
      {"players[].shown_hand", "an eliminated player's hand, shown face up until it is discarded in the order they choose"},
      {"deck_size", "cards left in the deck"},
      {"discard", "the discard pile, name to count"},
      {"discard_top", "the top discard, then the one below it (the bonuses read them)"},
      {"hits", "the Battle Phase's hits still to settle, the first one being defended"},
      {"choice", "a decision inside the battle: counterattack, parting top, parting second"},
      {"parting_top", "the card an eliminated player chose to go on top, while they choose the one below it (null otherwise)"},
  };
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) {
  auto c = std::make_shared<Config>();
  c->players = static_cast<int>(options.at("players", "options").as_int("players"));
  const std::string order = options.at("power_order", "options").as_string("power_order");
  c->power_order = order == "drawn-value" ? kDrawnValue : order == "newest-first" ? kNewestFirst : kArrival;
  c->max_rounds = static_cast<int>(options.at("max_rounds", "options").as_int("max_rounds"));
  const Json table = card_data_table(options, builtin_card_table());
  read_card_table(table, *c);
  if (c->players * c->hand_size > c->total_cards) {
    throw OptionError("card_data: the deck (" + std::to_string(c->total_cards) + " cards) is too small to deal " + std::to_string(c->hand_size) + " to each of " + std::to_string(c->players) + " players");
  }
  c->table = table;
  return c;
}

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::super
