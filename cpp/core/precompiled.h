// The headers nearly every unit of the core, the games and the search
// includes, compiled once a build into a precompiled header (cpp/CMakeLists.txt)
// rather than parsed again by each of some thirty units: the standard library
// and the engine contract's native state, about a CPU-second of parsing a unit.
// Only what every game shares belongs here: a game's own headers change often,
// and each change would rebuild the whole core.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/native.h"
