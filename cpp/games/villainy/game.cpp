#include "games/villainy/game.h"

namespace henchmen::villainy {

const GameInfo& Traits::info() {
  static const GameInfo info = [] {
    GameInfo g;
    g.name = "villainy";
    g.title = "Villainy: The Supervillainous Card Game";
    g.summary = "Tactical card combat: Minions in two ranks before a Master hidden in a Hideout, Gear, four-part Monsters, Setup chains and Segues that steal the turn.";
    g.min_players = 2;
    g.max_players = kMaxPlayers;
    g.options = {
        OptionSpec{"players", OptionSpec::Kind::Int, Json(2), 2, kMaxPlayers, {}, "Number of players (each with their own deck)."},
        OptionSpec{"first_player", OptionSpec::Kind::Int, Json(0), 0, kMaxPlayers, {}, "The seat that goes first (\"the youngest player\"), from 1; 0 draws it by chance."},
        OptionSpec{"max_rounds", OptionSpec::Kind::Int, Json(0), 0, 500, {}, "Designed: a stalled game ends after this many rounds, the Masters still standing sharing it; 0: by player count (15 rounds for 2 players, 10 for 3, 8 for 4, 6 for 5 or 6)."},
        OptionSpec{"card_data", OptionSpec::Kind::Text, Json(""), 0, 0, {}, "A replacement card table as JSON text (same shape as the built-in one); empty for the built-in table."},
    };
    for (int p = 1; p <= kMaxPlayers; ++p) {
      g.options.push_back(OptionSpec{"deck_" + std::to_string(p), OptionSpec::Kind::Text, Json(""), 0, 0, {},
                                     "The deck seat " + std::to_string(p) + " plays, by its villain's name (players may pick the same deck); empty: the card table's decks in turn (Mugga Mugga, Mallory Maleficarum, Dr. Oblongata, ...)."});
    }
    return g;
  }();
  return info;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::villainy
