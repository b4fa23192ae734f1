#include "games/parry/game.h"

#include "core/error.h"

extern const char* const parry_cards_json;

namespace henchmen::parry {

GameInfo Traits::describe() {
  GameInfo g = named("parry", "Parry (the engine's test game)", "Not a published game: a tiny game of Strikes and Parries that tests reaction chains, events and what each player knows.", 2, kMaxPlayers);
  g.test_game = true;
  g.options = {
      players_option(2, kMaxPlayers),
      OptionSpec{"strikes", OptionSpec::Kind::Int, Json(8), 1, 20, {}, "Strike cards in the deck."},
      OptionSpec{"parries", OptionSpec::Kind::Int, Json(6), 0, 20, {}, "Parry cards in the deck."},
      OptionSpec{"hand_size", OptionSpec::Kind::Int, Json(3), 1, 5, {}, "Cards dealt to each player."},
      OptionSpec{"health", OptionSpec::Kind::Int, Json(3), 1, 9, {}, "Health each player starts with."},
      OptionSpec{"max_turns", OptionSpec::Kind::Int, Json(60), 5, 200, {}, "The game is drawn (or won on health) after this many turns."},
  };
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"current_player", "who decides now (-1 chance, -4 the game is over)"},
      {"turn", "the turn number, from 1"},
      {"turn_player", "whose turn it is"},
      {"hand", "the viewer's own hand, as a count of each card"},
      {"deck_size", "cards left in the shared deck"},
      {"discard", "the shared discard pile, as a count of each card (public)"},
      {"chain", "the Strikes and Parries of the exchange now open, oldest first, with who played each"},
      {"players", "one entry per seat, in seat order, with the keys players[].* below"},
      {"players[].health", "each player's health"},
      {"players[].hand_size", "how many cards each player holds"},
      {"game_over", "true once the game has ended"},
      {"winner", "the winner's seat once the game is over (null: none or a draw)"},
  };
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) {
  auto c = std::make_shared<Config>();
  c->players = static_cast<int>(options.at("players", "options").as_int("players"));
  c->count[kStrike] = static_cast<int>(options.at("strikes", "options").as_int("strikes"));
  c->count[kParry] = static_cast<int>(options.at("parries", "options").as_int("parries"));
  c->hand_size = static_cast<int>(options.at("hand_size", "options").as_int("hand_size"));
  c->health = static_cast<int>(options.at("health", "options").as_int("health"));
  c->max_turns = static_cast<int>(options.at("max_turns", "options").as_int("max_turns"));
  if (c->players * c->hand_size > c->count[kStrike] + c->count[kParry]) {
    throw OptionError("the deck (" + std::to_string(c->count[kStrike] + c->count[kParry]) + " cards) is too small to deal " + std::to_string(c->hand_size) + " to each of " + std::to_string(c->players) + " players");
  }
  c->table = Json::parse(parry_cards_json);
  const auto& cards = c->table.at("cards", "card table").as_array("cards");
  for (int k = 0; k < kKinds; ++k) c->text[k] = cards[static_cast<size_t>(k)].at("text", "card").as_string("text");
  return c;
}

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::parry
