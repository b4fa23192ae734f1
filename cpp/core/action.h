// The basic vocabulary shared by every layer.
#pragma once
#include <cstdint>

namespace henchmen {

using Action = int32_t;
constexpr int kChance = -1;    // the current player when chance decides
constexpr int kTerminal = -4;  // the current player when the game is over

}  // namespace henchmen
