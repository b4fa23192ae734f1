// libFuzzer target: arbitrary bytes as move notation (and as an action id) in
// positions of every game. The text either names a legal action, whose own
// notation it matches ignoring case and spaces, or raises NotationError; an
// id either is legal or raises IllegalActionError and leaves the state as it was.
#include <cstring>

#include "core/native.h"
#include "fuzz_common.h"

using namespace henchmen;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto& states = fuzz::positions();
  const State& s = *states[data[0] % states.size()];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const Action a = s.string_to_action(text);
    const std::vector<Action> legal = s.legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), a)) throw std::logic_error("notation named an illegal action");
    if (normalize_move(s.action_to_string(a)) != normalize_move(text)) throw std::logic_error("notation matched another move");
  } catch (const NotationError&) {
  }
  int32_t id = 0;
  std::memcpy(&id, text.data(), std::min(sizeof id, text.size()));
  auto copy = s.clone();
  const std::string before = copy->serialize();
  try {
    copy->apply(id);
    copy->validate();
  } catch (const IllegalActionError&) {
    if (copy->serialize() != before) throw std::logic_error("a refused action changed the state");
  }
  try {
    (void)s.action_to_string(id);
  } catch (const IllegalActionError&) {
  }
  return 0;
}
