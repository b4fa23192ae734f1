// libFuzzer target: arbitrary bytes as a serialized state, read by every game
// at every player count and by the game the document names. Any outcome but
// a henchmen::Error or a valid state is a finding: another exception, a
// sanitizer report, or an accepted state that breaks an invariant in play.
#include "fuzz_common.h"

using namespace henchmen;

namespace {

void check_accepted(const State& s) {
  s.validate();
  const std::string text = s.serialize();
  const auto again = s.game().deserialize(text);
  if (again->serialize() != text || !again->same_position(s)) throw std::logic_error("serialization does not round-trip");
  for (int p = 0; p < s.game().num_players(); ++p) (void)s.observation(p).dump();
  (void)s.to_string();
  auto play = s.clone();
  Rng rng(text.size());
  fuzz::play_on(*play, rng, 100);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const auto& game : fuzz::all_games()) {
    std::unique_ptr<State> s;
    try {
      s = game->deserialize(text);
    } catch (const Error&) {
      continue;
    }
    check_accepted(*s);
  }
  // The module-level path: the document names its game and options.
  std::unique_ptr<State> s;
  try {
    const Json doc = Json::parse(text);
    if (!doc.is_object()) return 0;
    const std::string name = doc.at("game", "state").as_string("game");
    auto game = make_game(name, doc.at("options", "state"));
    s = game->deserialize(text);
  } catch (const Error&) {
    return 0;
  }
  check_accepted(*s);
  return 0;
}
