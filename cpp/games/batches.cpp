// Every game's Batch (VectorGame's games stepped natively), instantiated
// here with the hot path at -O3: each game's game.cpp, built at -O1 with the
// game's other wrappers, sees only make_native_batch's declaration
// (core/native.h; cpp/CMakeLists.txt says why).
#include "core/native_batch.h"
#include "games/legendary/game.h"
#include "games/parry/game.h"
#include "games/sss/game.h"
#include "games/super/game.h"
#include "games/suet/game.h"
#include "games/villainy/game.h"

namespace henchmen {

template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<sss::Traits>>, int64_t, uint64_t, int, StateOf<sss::Traits>);
template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<legendary::Traits>>, int64_t, uint64_t, int, StateOf<legendary::Traits>);
template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<parry::Traits>>, int64_t, uint64_t, int, StateOf<parry::Traits>);
template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<super::Traits>>, int64_t, uint64_t, int, StateOf<super::Traits>);
template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<suet::Traits>>, int64_t, uint64_t, int, StateOf<suet::Traits>);
template std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<villainy::Traits>>, int64_t, uint64_t, int, StateOf<villainy::Traits>);

}  // namespace henchmen
