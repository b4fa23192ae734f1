// libFuzzer target: arbitrary bytes as a user-supplied card table. The first
// byte picks the player count and the seed; the rest is the `card_data` text,
// given to every game that takes one. A table must either be refused with a
// henchmen::Error at construction, or make games that play (random moves,
// chance by a seeded generator) with validate() after every step. Anything
// else is a finding: another exception, a broken invariant in play (every card
// conserved, counters in range), or a sanitizer report.
#include "fuzz_common.h"

using namespace henchmen;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t head = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  for (const auto& entry : registered_games()) {
    const GameInfo& info = entry.info();
    bool takes_table = false;
    for (const auto& o : info.options) takes_table = takes_table || o.name == "card_data";
    if (!takes_table) continue;
    Json options;
    options["players"] = info.min_players + head % (info.max_players - info.min_players + 1);
    options["card_data"] = text;
    std::shared_ptr<Game> game;
    try {
      game = make_game(info.name, options);
    } catch (const Error&) {
      continue;  // refused, with a message: fine
    }
    // Accepted: it must play like the built-in table does.
    for (uint64_t g = 0; g < 2; ++g) {
      auto s = game->new_initial_state();
      s->validate();
      Rng rng(head * 7919u + g);
      fuzz::play_on(*s, rng, 400);
      const std::string saved = s->serialize();
      if (game->deserialize(saved)->serialize() != saved) throw std::logic_error("serialization does not round-trip");
    }
  }
  return 0;
}
