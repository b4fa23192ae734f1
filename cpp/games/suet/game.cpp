#include "games/suet/game.h"

#include "core/error.h"

namespace henchmen::suet {

GameInfo Traits::describe() {
  GameInfo g = named("suet", "S.U.E.T.: the doomsday-device game", "Two to four evil geniuses race to build a doomsday device of four coloured Components, with Instant Actions, Blocks and counter-Blocks, Enhancements, Setbacks and the Black Market.", 2, kMaxPlayers);
  g.options = {
      players_option(2, kMaxPlayers),
      OptionSpec{"long_game", OptionSpec::Kind::Bool, Json(false), 0, 0, {}, "The Long Game: each round the first player rolls its colour (or a Black Market round); only that colour's Components are placed."},
      OptionSpec{"future_cards", OptionSpec::Kind::Bool, Json(false), 0, 0, {}, "Add the rulebook's future card Everyone Discards One Card to the deck."},
      OptionSpec{"instants", OptionSpec::Kind::Choice, Json("printed"), 0, 0, {"printed", "block_only"},
                 "Instant Actions off your turn: printed (any the card text allows, Take 1/2/3 Extra Actions excepted, in a window between turns; Block an Action on the card it blocks) or block_only (Block an Action alone, the earlier reading)."},
      OptionSpec{"max_rounds", OptionSpec::Kind::Int, Json(20), 3, 200, {}, "Designed: after this many rounds the player with the most working Components wins (a tie is a draw)."},
      card_data_option(),
  };
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"turn", "the turn number, from 1"},
      {"round", "the round number, from 1 (a round is one turn per player)"},
      {"round_colour", "the Long Game's round: Red, Blue, Purple, Green or Black Market (null in the short game)"},
      {"turn_player", "whose turn it is"},
      {"current_player", "who decides now (a Blocker or a Setback's victim off turn; -1 chance, -4 over)"},
      {"actions_left", "actions the turn player may still take"},
      {"extra_turn", "the turn player takes another turn after this one"},
      {"game_over", "whether the game has ended"},
      {"winner", "the winner, -2 for a draw at the round limit, null while playing"},
      {"hand", "your cards, name to count"},
      {"players", "one entry per seat, in seat order, with the keys players[].* below"},
      {"players[].genius", "the player's evil genius (null before the deal)"},
      {"players[].hand_size", "how many cards the player holds"},
      {"players[].hand_limit", "the player's maximum hand (Minions changes it)"},
      {"players[].lab", "the Secret Lab's Components by colour, each with broken and cheat"},
      {"players[].enhancement", "the Enhancement in the Lab (null for none)"},
      {"players[].hindrance", "whether it shows its Hindrance side"},
      {"players[].waiting", "Setbacks waiting in the Lab: the player loses their next turn"},
      {"players[].extra_turn", "Take an Extra Turn played off turn: the player takes another turn after their next one"},
      {"deck_size", "cards left in the deck"},
      {"discard", "the discard pile (face up), name to count"},
      {"black_market", "the Black Market, top first"},
      {"in_play", "the card being played, the Blocks on it and a Setback striking"},
      {"pending", "the card being played: card, by, action, blocks (null for none)"},
      {"setback", "the Setback striking: card, victim, by (-1: drawn), or null"},
      {"window", "the reaction window open: block, counter-block, sacrifice or between turns (null for none)"},
      {"choice", "a choice inside a card's effect, or null"},
  };
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) {
  auto c = std::make_shared<Config>();
  c->players = static_cast<int>(options.at("players", "options").as_int("players"));
  c->long_game = options.at("long_game", "options").as_bool("long_game");
  c->future_cards = options.at("future_cards", "options").as_bool("future_cards");
  c->max_rounds = static_cast<int>(options.at("max_rounds", "options").as_int("max_rounds"));
  c->block_only = options.at("instants", "options").as_string("instants") == "block_only";
  const Json table = card_data_table(options, builtin_card_table());
  read_card_table(table, *c);
  // The smallest deck there can be: the cards that are no Component, and the Universal ones.
  int smallest = 0;
  for (int k = 0; k < c->kinds; ++k) {
    if (c->kind[k] != kComponent || c->genius[k] == kUniversal) smallest += c->count[k];
  }
  if (c->players * c->hand_size > smallest) {
    throw OptionError("card_data: the deck (" + std::to_string(smallest) + " cards besides the geniuses' own) is too small to deal " + std::to_string(c->hand_size) + " to each of " +
                      std::to_string(c->players) + " players");
  }
  c->table = table;
  return c;
}

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::suet
