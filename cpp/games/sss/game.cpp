#include "games/sss/game.h"

namespace henchmen::sss {

const GameInfo& Traits::info() {
  static const GameInfo info = [] {
    GameInfo g;
    g.name = "seven-secret-supervillains";
    g.title = "Seven Secret Supervillains";
    g.summary = "Deck builder: win four of the seven Secret Supervillains by attaching Minions of their crews.";
    g.min_players = 2;
    g.max_players = 2;
    OptionSpec players{"players", OptionSpec::Kind::Int, Json(2), 2, 2, {}, "Number of players (the 4-player modes come later)."};
    OptionSpec crews{"crews", OptionSpec::Kind::ChoiceList, Json(), 0, 0, {}, "The seven crews in play, by name."};
    Json base = Json(Json::Array{});
    for (const auto& c : builtin_card_table().at("crews", "cards").as_array("crews")) {
      if (!c.at("implemented", "crew").as_bool("implemented")) continue;
      crews.choices.push_back(c.at("name", "crew").as_string("name"));
      if (base.as_array("crews").size() < 7) base.push_back(c.at("name", "crew"));
    }
    crews.default_value = base;
    OptionSpec turns{"max_turns", OptionSpec::Kind::Int, Json(200), 10, 2000, {}, "Designed: a stalled game ends after this many turns (most Supervillains, then most reputation, wins)."};
    OptionSpec data{"card_data", OptionSpec::Kind::Text, Json(""), 0, 0, {}, "A replacement card table as JSON text (same shape as the built-in one); empty for the built-in table."};
    g.options = {players, crews, turns, data};
    return g;
  }();
  return info;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::sss
