#include "games/legendary/game.h"

namespace henchmen::legendary {

const GameInfo& Traits::info() {
  static const GameInfo info = [] {
    GameInfo g;
    g.name = "legendary";
    g.title = "Legendary: A Marvel Deck Building Game (core set)";
    g.summary = "Cooperative deck builder for 1 to 5 players: recruit heroes, fight the villains in the city and defeat the Mastermind before its Scheme wins.";
    g.min_players = 1;
    g.max_players = kMaxPlayers;
    g.zero_sum = false;  // cooperative: everyone can win or lose together
    const Json& t = builtin_card_table();
    OptionSpec players{"players", OptionSpec::Kind::Int, Json(2), 1, kMaxPlayers, {}, "Number of players (1 is the solo game)."};
    OptionSpec scheme{"scheme", OptionSpec::Kind::Choice, Json("random"), 0, 0, {"random"}, "The Scheme; \"random\" draws one by chance at setup."};
    for (const auto& s : t.at("schemes", "cards").as_array("schemes")) scheme.choices.push_back(s.at("name", "scheme").as_string("name"));
    OptionSpec mm{"mastermind", OptionSpec::Kind::Choice, Json("random"), 0, 0, {"random"}, "The Mastermind; \"random\" draws one by chance at setup."};
    for (const auto& m : t.at("masterminds", "cards").as_array("masterminds")) mm.choices.push_back(m.at("name", "mastermind").as_string("name"));
    OptionSpec villains{"villains", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {},
                        "Villain groups (as many as the setup table says); empty: drawn by chance, the Mastermind's Always Leads group first."};
    for (const auto& v : t.at("villains", "cards").as_array("villains")) villains.choices.push_back(v.at("name", "group").as_string("name"));
    OptionSpec hench{"henchmen", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {}, "Henchmen groups (needs a fixed scheme); empty: drawn by chance."};
    for (const auto& v : t.at("henchmen", "cards").as_array("henchmen")) hench.choices.push_back(v.at("name", "group").as_string("name"));
    OptionSpec heroes{"heroes", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {}, "Heroes in the Hero Deck (needs a fixed scheme); empty: drawn by chance."};
    for (const auto& v : t.at("heroes", "cards").as_array("heroes")) heroes.choices.push_back(v.at("name", "hero").as_string("name"));
    OptionSpec diff{"difficulty", OptionSpec::Kind::Choice, Json("normal"), 0, 0, {"normal", "heroic", "champion", "legendary"},
                    "Extra Scheme Twists in the Villain Deck: 0, 1, 2 or 3."};
    OptionSpec bonus{"mastermind_bonus", OptionSpec::Kind::Int, Json(0), -1, 5, {}, "Added to the Mastermind's Attack (difficulty)."};
    OptionSpec officers{"starting_officers", OptionSpec::Kind::Int, Json(0), 0, 4, {}, "Easier start: each player swaps this many Agents for Officers."};
    OptionSpec showdown{"final_showdown", OptionSpec::Kind::Bool, Json(false), 0, 0, {}, "Play the optional Final Showdown for the Mastermind card."};
    OptionSpec data{"card_data", OptionSpec::Kind::Text, Json(""), 0, 0, {}, "A replacement card table as JSON text (same shape as the built-in one); empty for the built-in table."};
    g.options = {players, scheme, mm, villains, hench, heroes, diff, bonus, officers, showdown, data};
    return g;
  }();
  return info;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::legendary
