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

}  // namespace henchmen
