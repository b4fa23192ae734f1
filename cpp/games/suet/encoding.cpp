// S.U.E.T.: the compact observation (core/compact.h), from the same writer
// as the dense tensor (tensor.h).
#include "core/compact.h"
#include "games/suet/tensor.h"

namespace henchmen::suet {

void encode_compact(const void* state, int viewer, CompactWriter& out) {
  auto add = [&out](int i, float v) { out.add(i, v); };
  write_tensor(*static_cast<const State*>(state), viewer, add);
}

}  // namespace henchmen::suet
