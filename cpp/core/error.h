// Every failure a user can cause is one of these; the bindings translate each
// to the Python exception of the same name in henchmen.errors.
#pragma once
#include <stdexcept>
#include <string>

namespace henchmen {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// An option is unknown, of the wrong type or out of range.
struct OptionError : Error {
  using Error::Error;
};
// No game by that name.
struct UnknownGameError : Error {
  using Error::Error;
};
// The action is not legal in this state.
struct IllegalActionError : Error {
  using Error::Error;
};
// A move string does not name a legal action.
struct NotationError : Error {
  using Error::Error;
};
// A serialized state or a replay is malformed or inconsistent.
struct SerializationError : Error {
  using Error::Error;
};
// A position (read from JSON, or checked by validate()) that breaks the
// game's invariants: "invalid position: " and why.
[[noreturn]] inline void broken_position(const std::string& why) { throw SerializationError("invalid position: " + why); }
// A player index out of range, or a question that needs a live (non-terminal,
// non-chance) state asked of another.
struct PlayerError : Error {
  using Error::Error;
};
// A call made in the wrong order (a batch stepped before its reset) or on an
// object another thread is using.
struct UsageError : Error {
  using Error::Error;
};
// Work was cancelled through a CancelToken or ran past its deadline.
struct CancelledError : Error {
  using Error::Error;
};

// How a message shows text the user gave (a move, a name, an option value):
// whole up to 80 characters, else the first 80 and how many more there were,
// so a 10 MB string makes a short message. Never cuts a UTF-8 character.
inline std::string clip(const std::string& text) {
  constexpr size_t kShown = 80;
  size_t cut = 0, shown = 0;
  while (cut < text.size() && shown < kShown) {
    ++cut;
    while (cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) ++cut;
    ++shown;
  }
  if (cut >= text.size()) return text;
  size_t more = 0;
  for (size_t i = cut; i < text.size(); ++i) more += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return text.substr(0, cut) + "... (" + std::to_string(more) + " more characters)";
}
// The same in single quotes: 'text' or 'first 80'... (N more characters).
inline std::string quote(const std::string& text) {
  const std::string shown = clip(text);
  if (shown.size() == text.size()) return "'" + text + "'";
  const size_t dots = shown.rfind("... (");
  return "'" + shown.substr(0, dots) + "'" + shown.substr(dots);
}

}  // namespace henchmen
