// Cards as JSON, by name: the helpers every game's observations and position
// JSON share. A game's Config holds `name`, indexable by card id.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/json.h"

namespace henchmen {

// A pile as a list of card names, in the pile's order.
template <class Config, class Pile>
Json card_names(const Config& cfg, const Pile& pile) {
  Json out = Json(Json::Array{});
  for (const uint8_t c : pile) out.push_back(cfg.name[c]);
  return out;
}

// A table of counts by card id as {name: count}, leaving out the zeros.
template <class Config>
Json card_counts(const Config& cfg, const uint8_t* counts, int ids) {
  Json out = Json(Json::Object{});
  for (int c = 0; c < ids; ++c) {
    if (counts[c]) out[cfg.name[static_cast<size_t>(c)]] = static_cast<int>(counts[c]);
  }
  return out;
}

// A set of card ids kept as bits (a word of 64 ids each) as the names of its
// cards, in id order.
template <class Config, size_t Words>
Json card_set_names(const Config& cfg, const uint64_t (&bits)[Words], int ids) {
  Json out = Json(Json::Array{});
  for (int c = 0; c < ids; ++c) {
    if ((bits[c >> 6] >> (c & 63)) & 1u) out.push_back(cfg.name[static_cast<size_t>(c)]);
  }
  return out;
}

}  // namespace henchmen
