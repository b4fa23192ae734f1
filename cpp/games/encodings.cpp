// Each game's compact observation encoder (core/compact.h), by registry name.
#include <string>

#include "core/compact.h"

namespace henchmen {

namespace sss {
void encode_compact(const void* state, int viewer, CompactWriter& out);
}
namespace legendary {
void encode_compact(const void* state, int viewer, CompactWriter& out);
}
namespace suet {
void encode_compact(const void* state, int viewer, CompactWriter& out);
}

CompactEncoder compact_encoder(const std::string& game) {
  if (game == "seven-secret-supervillains") return &sss::encode_compact;
  if (game == "legendary") return &legendary::encode_compact;
  if (game == "suet") return &suet::encode_compact;
  return nullptr;
}

}  // namespace henchmen
