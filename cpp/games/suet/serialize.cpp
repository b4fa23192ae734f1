// S.U.E.T.: the position as JSON (both ways); the redraw of what an observer
// cannot see is resample.cpp.
#include "core/card_json.h"
#include "core/error.h"
#include "core/piles.h"
#include "games/suet/state.h"

namespace henchmen::suet {

namespace {
const char* const kTriggerWords[kTriggers] = {"play", "block", "setback", "between-turns"};
const char* const kPickWords[] = {"steal", "discard"};

// A window names the card it answers; between turns it answers none.
using Window = Reactions<8, P>::Window;
const WindowFormat<Config, Window> kWindows{
    kTriggerWords, kTriggers, "card", [](const Config& cfg, const Window& w) { return w.trigger == kBetweenTurns ? Json() : Json(cfg.name[w.arg]); },
    [](const Config& cfg, const Json& card, uint8_t trigger) {
      if (card.is_null() != (trigger == kBetweenTurns)) broken_position("a window names the card it answers (null between turns)");
      return card.is_null() ? uint8_t{0} : static_cast<uint8_t>(card_named(cfg, card.as_string("card"), "window"));
    },
    8, 0};

// The colours of a Lab, a bit each, as their names.
Json colours_json(uint8_t mask) {
  Json a = Json(Json::Array{});
  for (int c = 0; c < kColours; ++c) {
    if ((mask >> c) & 1) a.push_back(kColourNames[c]);
  }
  return a;
}
uint8_t read_colours(const Json& v, const std::string& what) {
  uint8_t mask = 0;
  for (const Json& c : v.as_array(what)) mask = static_cast<uint8_t>(mask | (1u << word(c, kColourNames, what)));
  return mask;
}
}  // namespace

Json State::to_json() const {
  const int n = cfg->players;
  Json j;
  write_fields(*this, *cfg, j);
  Json players = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    Json o;
    o["genius"] = genius[p] == kNone ? Json() : Json(cfg->genius_name[genius[p]]);
    o["hand"] = card_counts(*cfg, hand[p], cfg->kinds);
    Json lab = Json(Json::Array{});
    for (int c = 0; c < kColours; ++c) lab.push_back(card_or_null(*cfg, comp[p][c], kNone));
    o["lab"] = lab;
    o["broken"] = colours_json(broken[p]);
    o["cheat"] = colours_json(cheat[p]);
    o["enhancement"] = card_or_null(*cfg, enh[p], kNone);
    o["hindrance"] = static_cast<bool>((hindrance >> p) & 1);
    o["waiting"] = card_counts(*cfg, front[p], cfg->kinds);
    o["owed"] = static_cast<int>(owed[p]);
    players.push_back(o);
  }
  j["players"] = players;
  Json m = Json(Json::Array{});
  for (int i = 0; i < market_n; ++i) m.push_back(cfg->name[market[i]]);
  j["black_market"] = m;
  j["round_colour"] = round_colour == kNone ? Json() : Json(round_colour == kBlackMarketRound ? std::string("Black Market") : std::string(kColourNames[round_colour]));
  if (extra_later) j["extra_turn_later"] = seat_list(extra_later, n);  // written only when set: positions without one read and write as before
  Json pl;
  if (play_card != kNone) {
    pl["card"] = cfg->name[play_card];
    pl["by"] = static_cast<int>(play_by);
    pl["target"] = static_cast<int>(play_target);
    pl["blocks"] = static_cast<int>(chain);
  }
  j["play"] = pl;
  j["windows"] = windows_json(*cfg, reactions, kWindows);
  Json st;
  if (strike_card != kNone) {
    st["card"] = cfg->name[strike_card];
    st["victim"] = static_cast<int>(strike_victim);
    st["by"] = static_cast<int>(strike_by);
    st["slot"] = strike_slot == kNone ? Json() : Json(kColourNames[strike_slot]);
    st["asked"] = strike_asked;
  }
  j["setback"] = st;
  Json pk;
  if (pick_from != kNone) {
    pk["from"] = static_cast<int>(pick_from);
    pk["for"] = static_cast<int>(pick_for);
    pk["mode"] = kPickWords[pick_mode];
  }
  j["pick"] = pk;
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken_position("a position must be a JSON object");
  json_expect_keys(doc, field_keys<State>({"players", "black_market", "round_colour", "extra_turn_later", "play", "windows", "setback", "pick"}), "position");
  const int n = cfg.players;
  State s = State::initial(cfg);
  read_fields(doc, cfg, s);
  const auto& players = per_player(doc, "players", n);
  for (int p = 0; p < n; ++p) {
    const Json& o = players[static_cast<size_t>(p)];
    json_expect_keys(o, {"genius", "hand", "lab", "broken", "cheat", "enhancement", "hindrance", "waiting", "owed"}, "player");
    const Json& g = o.at("genius", "player");
    if (!g.is_null()) {
      for (int i = 0; i < kGeniuses; ++i) {
        if (cfg.genius_name[i] == g.as_string("genius")) s.genius[p] = static_cast<uint8_t>(i);
      }
      if (s.genius[p] == kNone) broken_position("genius names no evil genius '" + g.as_string("genius") + "'");
    }
    read_card_counts(cfg, o.at("hand", "player"), s.hand[p], K, "hand");
    int t = 0;
    for (int k = 0; k < cfg.kinds; ++k) t += s.hand[p][k];
    s.hand_n[p] = static_cast<uint8_t>(t);
    const auto& lab = o.at("lab", "player").as_array("lab");
    if (lab.size() != kColours) broken_position("a lab lists its four places, Red, Blue, Purple, Green (null for empty)");
    for (int c = 0; c < kColours; ++c) s.comp[p][c] = read_card_or_none(cfg, lab[static_cast<size_t>(c)], kNone, "lab");
    s.broken[p] = read_colours(o.at("broken", "player"), "broken");
    s.cheat[p] = read_colours(o.at("cheat", "player"), "cheat");
    s.enh[p] = read_card_or_none(cfg, o.at("enhancement", "player"), kNone, "enhancement");
    if (o.at("hindrance", "player").as_bool("hindrance")) s.hindrance = static_cast<uint8_t>(s.hindrance | (1u << p));
    read_card_counts(cfg, o.at("waiting", "player"), s.front[p], K, "waiting");
    s.owed[p] = static_cast<uint8_t>(o.at("owed", "player").as_int("owed", 0, 60));
  }
  for (int k = 0; k < cfg.kinds; ++k) {
    s.deck_n = static_cast<uint8_t>(s.deck_n + s.deck[k]);
    s.discard_n = static_cast<uint8_t>(s.discard_n + s.discard[k]);
  }
  const auto& m = doc.at("black_market", "position").as_array("black_market");
  if (m.size() > kMaxMarket) broken_position("the Black Market holds at most " + std::to_string(kMaxMarket) + " cards");
  for (const Json& x : m) s.market[s.market_n++] = static_cast<uint8_t>(card_named(cfg, x.as_string("black_market"), "black_market"));
  const Json& rc = doc.at("round_colour", "position");
  if (!rc.is_null()) s.round_colour = rc.as_string("round_colour") == "Black Market" ? static_cast<uint8_t>(kBlackMarketRound) : word(rc, kColourNames, "round_colour");
  if (const Json* later = doc.find("extra_turn_later")) s.extra_later = static_cast<uint8_t>(read_seat_list(*later, n, "extra_turn_later"));
  const Json& pl = doc.at("play", "position");
  if (!pl.is_null()) {
    json_expect_keys(pl, {"card", "by", "target", "blocks"}, "play");
    s.play_card = static_cast<uint8_t>(card_named(cfg, pl.at("card", "play").as_string("card"), "play"));
    s.play_by = static_cast<uint8_t>(pl.at("by", "play").as_int("by", 0, n - 1));
    s.play_target = static_cast<uint8_t>(pl.at("target", "play").as_int("target", 0, kTargets - 1));
    s.chain = static_cast<uint8_t>(pl.at("blocks", "play").as_int("blocks", 0, kMaxCopies));
  }
  read_windows(cfg, doc.at("windows", "position"), s.reactions, kWindows);
  const Json& st = doc.at("setback", "position");
  if (!st.is_null()) {
    json_expect_keys(st, {"card", "victim", "by", "slot", "asked"}, "setback");
    s.strike_card = static_cast<uint8_t>(card_named(cfg, st.at("card", "setback").as_string("card"), "setback"));
    s.strike_victim = static_cast<uint8_t>(st.at("victim", "setback").as_int("victim", 0, n - 1));
    s.strike_by = static_cast<int8_t>(st.at("by", "setback").as_int("by", -1, n - 1));
    const Json& sl = st.at("slot", "setback");
    s.strike_slot = sl.is_null() ? kNone : word(sl, kColourNames, "slot");
    s.strike_asked = st.at("asked", "setback").as_bool("asked");
  }
  const Json& pk = doc.at("pick", "position");
  if (!pk.is_null()) {
    json_expect_keys(pk, {"from", "for", "mode"}, "pick");
    s.pick_from = static_cast<uint8_t>(pk.at("from", "pick").as_int("from", 0, n - 1));
    s.pick_for = static_cast<uint8_t>(pk.at("for", "pick").as_int("for", 0, n - 1));
    s.pick_mode = word(pk.at("mode", "pick"), kPickWords, "mode");
  }
  return s;
}

}  // namespace henchmen::suet
