// Super!: the position as JSON (both ways); the redraw of what an observer
// cannot see is resample.cpp.
#include <algorithm>

#include "core/card_json.h"
#include "core/error.h"
#include "core/piles.h"
#include "games/super/state.h"

namespace henchmen::super {

namespace {
// A hit's target alone is asked: no trigger word, no argument.
using Window = Reactions<2, P>::Window;
const WindowFormat<Config, Window> kWindows{nullptr, 1, nullptr, nullptr, nullptr, 1, 1};
}  // namespace

Json State::to_json() const {
  const int n = cfg->players;
  Json j;
  write_fields(*this, *cfg, j);
  Json pw = Json(Json::Array{});
  for (int p = 0; p < n; ++p) pw.push_back(power[p] == kNoCard ? Json() : Json(cfg->powers[power[p]].name));
  j["powers"] = pw;
  Json hs = Json(Json::Array{});
  for (int i = 0; i < n_hits; ++i) {
    const Hit& h = hits[i];
    Json o;
    o["target"] = static_cast<int>(h.target);
    o["sender"] = static_cast<int>(h.sender);
    o["damage"] = static_cast<int>(h.damage);
    o["card"] = h.card == kPowerSource ? Json() : Json(cfg->name[h.card]);
    o["drain"] = h.drain;
    o["deflected"] = seat_list(h.deflected, n);
    hs.push_back(o);
  }
  j["hits"] = hs;
  j["windows"] = windows_json(*cfg, reactions, kWindows);
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken_position("a position must be a JSON object");
  json_expect_keys(doc, field_keys<State>({"powers", "hits", "windows"}), "position");
  const int n = cfg.players;
  State s;
  s.cfg = &cfg;
  read_fields(doc, cfg, s);
  for (int p = 0; p < n; ++p) {
    for (int k = 0; k < cfg.kinds; ++k) s.hand_n[p] = static_cast<uint8_t>(s.hand_n[p] + s.hand[p][k]);
  }
  for (int k = 0; k < cfg.kinds; ++k) {
    s.deck_n = static_cast<uint8_t>(s.deck_n + s.deck[k]);
    s.discard_n = static_cast<uint8_t>(s.discard_n + s.discard[k]);
  }
  const auto& pw = per_player(doc, "powers", n);
  for (int p = 0; p < n; ++p) {
    const Json& w = pw[static_cast<size_t>(p)];
    s.power[p] = kNoCard;
    if (!w.is_null()) {
      for (size_t i = 0; i < cfg.powers.size(); ++i) {
        if (cfg.powers[i].name == w.as_string("powers")) s.power[p] = static_cast<uint8_t>(i);
      }
      if (s.power[p] == kNoCard) broken_position("powers names no Super Power '" + w.as_string("powers") + "'");
    }
  }
  const auto& hs = doc.at("hits", "position").as_array("hits");
  if (hs.size() > static_cast<size_t>(kMaxHits)) broken_position("at most " + std::to_string(kMaxHits) + " hits wait at once");
  for (const Json& hj : hs) {
    json_expect_keys(hj, {"target", "sender", "damage", "card", "drain", "deflected"}, "hit");
    Hit& h = s.hits[s.n_hits++];
    h.target = static_cast<int8_t>(hj.at("target", "hit").as_int("target", 0, n - 1));
    h.sender = static_cast<int8_t>(hj.at("sender", "hit").as_int("sender", 0, n - 1));
    h.damage = static_cast<uint8_t>(hj.at("damage", "hit").as_int("damage", 0, 99));
    const Json& c = hj.at("card", "hit");
    h.card = c.is_null() ? kPowerSource : static_cast<uint8_t>(card_named(cfg, c.as_string("card"), "hit card"));
    h.drain = hj.at("drain", "hit").as_bool("drain");
    h.deflected = static_cast<uint16_t>(read_seat_list(hj.at("deflected", "hit"), n, "deflected"));
  }
  read_windows(cfg, doc.at("windows", "position"), s.reactions, kWindows);
  return s;
}

}  // namespace henchmen::super
