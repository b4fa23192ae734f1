// Legendary: the effect primitives and the decisions they ask for.
#include <algorithm>

#include "games/legendary/state.h"
#include "games/legendary/story.h"

namespace henchmen::legendary {

namespace {

const std::vector<Effect>& effect_list(const Config& c, int card, int trigger) {
  static const std::vector<Effect> none;
  if (card < 0 || card >= kCardIds) return none;
  switch (trigger) {
    case 0: return c.on_play[static_cast<size_t>(card)];
    case 1:
    case 5: return c.on_fight[static_cast<size_t>(card)];
    case 2: return c.on_escape[static_cast<size_t>(card)];
    case 3:
    case 4: return c.on_ambush[static_cast<size_t>(card)];
    default: return none;
  }
}

const Effect* effect_at(const Config& c, int card, int index, int trigger) {
  const auto& list = effect_list(c, card, trigger);
  if (index < 0 || index >= static_cast<int>(list.size())) return nullptr;
  return &list[static_cast<size_t>(index)];
}

bool matches(const Config& c, uint8_t card, Filter f, uint16_t tags) {
  switch (f) {
    case Filter::kAny: return true;
    case Filter::kWounds: return card == kWound;
    case Filter::kTags: return is_hero(card) && (c.tags[card] & tags);
  }
  return false;
}

int tag_bit(uint16_t tags) {
  for (int i = 0; i < 16; ++i) {
    if (tags & (1u << i)) return i;
  }
  return 0;
}

// Insertion sort: the lists are a handful of actions.
void sort_small(Action* a, int n) {
  for (int i = 1; i < n; ++i) {
    const Action x = a[i];
    int j = i;
    while (j > 0 && a[j - 1] > x) {
      a[j] = a[j - 1];
      --j;
    }
    a[j] = x;
  }
}

struct Out {
  Action* a;
  int n = 0;
  void add(Action x) {
    if (n < 256) a[n++] = x;
  }
};

}  // namespace

// ---------------------------------------------------------------------------
// Effects

void State::run_effect(const Task& t) {
  const Config& c = *cfg;
  const Effect* ep = effect_at(c, t.card, t.a, t.c);
  if (!ep) return;
  const Effect& e = *ep;
  const int p = t.p;
  const int n = c.players;
  const int idx = t.b;  // the played entry (play), the space fought in (fight)
  const bool playing = t.c == 0;
  switch (e.cond) {
    case Cond::kNone: break;
    case Cond::kSuperpower: {
      if (!playing) break;
      bool ok = false;
      for (int i = 0; i < idx && i < n_played; ++i) ok = ok || (played[i].tags & e.cond_tags);
      if (!ok) return;
      break;
    }
    case Cond::kFoughtIn:
      if (idx < 0 || idx >= kCity || !(e.cond_spaces & (1u << idx))) return;
      break;
    case Cond::kFirstHero:
      if (idx != 0) return;
      break;
  }
  PlayerState& me = players[p];
  auto count = [&]() -> int {
    switch (e.per) {
      case Per::kNone: return 0;
      case Per::kVpBystanders: return me.victory.count(kBystander);
      case Per::kColors: return __builtin_popcount(hand_and_played_tags(p) & kClassMask);
      case Per::kOtherPlayed: {
        int k = 0;
        for (int i = 0; i < n_played; ++i) k += (i != idx && (played[i].tags & e.tags)) ? 1 : 0;
        return k;
      }
      case Per::kOtherPlayedOddCost: {
        int k = 0;
        for (int i = 0; i < n_played; ++i) k += (i != idx && is_hero(played[i].as) && (c.cost[played[i].as] % 2 == 1)) ? 1 : 0;
        return k;
      }
      case Per::kExtraDraws: return extra_draws;
      case Per::kYour: return count_your(p, e.tags);
      case Per::kVpGroup: {
        int k = 0;
        for (const uint8_t v : me.victory) k += (is_villain(v) && group_of(v) == e.group) ? 1 : 0;
        return k;
      }
    }
    return 0;
  };
  const bool extra = p == turn_player_;
  switch (e.op) {
    case Op::kNone:
    case Op::kCount: return;
    case Op::kAttack: add_attack(e.n); return;
    case Op::kRecruit: add_recruit(e.n); return;
    case Op::kDraw: push(tDraw, p, kNoCard, e.n, extra ? 1 : 0); return;
    case Op::kRescue: rescue(p, e.n); return;
    case Op::kAttackPer: add_attack(e.n * count()); return;
    case Op::kRecruitPer: add_recruit(e.n * count()); return;
    case Op::kRescuePer: rescue(p, e.n * count()); return;
    case Op::kDrawPer: {
      const int k = e.n * count();
      if (k > 0) push(tDraw, p, kNoCard, std::min(k, 60), extra ? 1 : 0);
      return;
    }
    case Op::kKoThen: push(dKoThen, p, t.card, t.a, t.c); return;
    case Op::kRevealTop: {
      int arg = e.n;
      if (e.mode == Mode::kDrawIf) arg = tag_bit(e.tags);
      push(tReveal, p, kNoCard, static_cast<int>(e.mode), arg, p);
      return;
    }
    case Op::kRevealOthersDiscardOrBack:
      for (int k = n - 1; k >= 1; --k) push(tReveal, (p + k) % n, kNoCard, static_cast<int>(Mode::kDiscardOrBack), 0, p);
      return;
    case Op::kLookTopTakeCostLe:
      look_private = false;
      push(tLook, p, kNoCard, e.n, lkSpiderMan, e.cost);
      return;
    case Op::kPutHandOnTop: push(dPutOnTop, p, kNoCard, e.n); return;
    case Op::kVillainCapturesChoice:
      if (bystanders_left > 0) push(dCaptureChoice, p);
      return;
    case Op::kDoOver: push(dYesNo, p, kNoCard, ynDoOver); return;
    case Op::kGainWoundToHandMay:
      if (wounds_left > 0) push(dYesNo, p, kNoCard, ynWoundToHand);
      return;
    case Op::kPassLeft:
      push(tPassResolve, p);
      each_player(p, true, dPass, kNoCard, 0, 0, 0);
      return;
    case Op::kMayPlayVillainCard:
      if (!villain_deck.empty() && !showdown) push(dYesNo, p, kNoCard, ynPlayVillain, e.then_n);
      return;
    case Op::kPsychicLink:
      for (int k = n - 1; k >= 0; --k) {
        const int q = (p + k) % n;
        bool by_played = false;
        if (q == turn_player_) {
          for (int i = 0; i < n_played; ++i) by_played = by_played || (i != idx && (played[i].tags & kXMen));
        }
        // Psychic Link itself is played, not revealed: the others played count.
        const bool has = by_played ? (reveal_tags(q, kXMen, true), true) : reveal_tags(q, kXMen, false);
        if (has) push(tDraw, q, kNoCard, 1, q == turn_player_ ? 1 : 0);
      }
      return;
    case Op::kOnDefeatRecruit: on_defeat_recruit = saturated<uint8_t>(on_defeat_recruit + e.n, kMaxTurnCounter); return;
    case Op::kOnDefeatRescue: on_defeat_rescue = saturated<uint8_t>(on_defeat_rescue + e.n, kMaxTurnCounter); return;
    case Op::kOthersDrawOrDiscard:
      if (n > 1) push(dOthersDrawOrDiscard, p);
      return;
    case Op::kEachGainWound:
      for (int k = e.all ? 0 : 1; k < n; ++k) {
        for (int w = 0; w < std::max<int>(e.n, 1); ++w) gain_wound((p + k) % n, false);
      }
      return;
    case Op::kDefeatWithBystander:
      if (!showdown) push(dDefeatTarget, p, kNoCard, dkWithBystander);
      return;
    case Op::kDefeatBelowKoCount: {
      if (showdown) return;
      int k = 0;
      for (int x = 0; x < kCardIds; ++x) {
        if (is_hero(x) && (c.tags[x] & e.tags)) k += ko[x];
      }
      push(dDefeatTarget, p, kNoCard, dkBelowKo, std::min(k, 127));
      return;
    }
    case Op::kCopyPlayed:
      if (playing && idx >= 0 && idx < n_played) push(dCopyPlayed, p, kNoCard, idx);
      return;
    case Op::kStealAbilities:
      push(tStealPlay, p);
      for (int k = n - 1; k >= 0; --k) push(tStealReveal, (p + k) % n);
      return;
    case Op::kSpaceMinus:
      if (e.space >= 0 && e.space < kCity) space_minus[e.space] = saturated<int8_t>(space_minus[e.space] + e.n, kMaxMinus);
      return;
    case Op::kMastermindMinus: mastermind_minus = saturated<int8_t>(mastermind_minus + e.n, kMaxMinus); return;
    case Op::kMoveVillain: push(dMoveVillain, p); return;
    case Op::kAttackIfRecruitMade:
      if (recruit_made >= e.cost) add_attack(e.n);
      return;
    case Op::kRecruitAsAttack: recruit_as_attack = true; return;
    case Op::kGainOfficerToHand:
      for (int k = 0; k < std::max<int>(e.n, 1) && officers_left > 0; ++k) {
        --officers_left;
        gain_to_hand(p, kOfficer);
      }
      return;
    case Op::kEachRevealOrWound:
      for (int k = e.all ? 0 : 1; k < n; ++k) {
        const int q = (p + k) % n;
        if (!reveal_tags(q, e.tags, true)) {
          for (int w = 0; w < std::max<int>(e.n, 1); ++w) gain_wound(q, false);
        }
      }
      return;
    case Op::kEachKoHeroes: each_player(p, true, dKoHeroes, kNoCard, e.n, static_cast<int>(e.from), 0); return;
    case Op::kKoYourAll: {
      Multiset<kHandCap> keep;
      Events* ev = events();
      for (const uint8_t x : me.hand) {
        if (is_hero(x) && (c.tags[x] & e.tags)) {
          if (ev) ev->add(story::about(*this, "ko", "{P} {KO|KOs} {card} from {your|their} hand", p, x, seat_zone(p, kHandZone), story::kOutside));
          ko_card(x);
        } else {
          keep.add(x);
        }
      }
      me.hand = keep;
      if (p == turn_player_) {
        for (int i = 0; i < n_played; ++i) {
          if (played[i].card != kNoCard && (c.tags[played[i].card] & e.tags)) {
            if (ev) ev->add(story::about(*this, "ko", "{P} {KO|KOs} {card} from the cards {you|they} played", p, played[i].card, kPlayedZone, story::kOutside));
            ko_card(played[i].card);
            played[i].card = kNoCard;
          }
        }
      }
      return;
    }
    case Op::kKoYourHeroes: push(dKoHeroes, p, kNoCard, e.n, static_cast<int>(From::kYourHeroes)); return;
    case Op::kKoYourHeroesPer: {
      const int k = count_your(p, e.tags);
      if (k > 0) push(dKoHeroes, p, kNoCard, std::min(k, 100), static_cast<int>(From::kYourHeroes));
      return;
    }
    case Op::kBecomesTwist: {
      ++twists_played;
      const Rule rule = c.scheme[static_cast<size_t>(scheme)].rule;
      if (rule == Rule::kKillbots || rule == Rule::kCosmicCube) {
        ++twists_beside;
        ++mystique_twists;
      }
      push(tTwist, turn_player_, kNoCard, twists_played, 1);
      return;
    }
    case Op::kChoosePlayerKoWounds: push(dPickPlayerWounds, p); return;
    case Op::kPlayVillainCards:
      if (!showdown) push(tVillainCard, p, kNoCard, e.n);
      return;
    case Op::kGainOfficerMay:
      if (officers_left > 0) push(dYesNo, p, kNoCard, ynGainOfficer);
      return;
    case Op::kEachWithoutGroupGainsWound: {
      if (!is_villain(t.card)) return;
      const int g = group_of(t.card);
      for (int k = 0; k < n; ++k) {
        const int q = (p + k) % n;
        int others = 0;
        for (const uint8_t v : players[q].victory) others += (is_villain(v) && group_of(v) == g) ? 1 : 0;
        if (t.c == 1 && q == p) --others;  // the Viper just defeated is not "another"
        if (others <= 0) gain_wound(q, false);
      }
      return;
    }
    case Op::kEachRevealTopKoOrBack:
      // Every top card is revealed first (it stays on its deck, face up), then
      // the decider chooses for each card, seeing them all.
      for (int k = n - 1; k >= 0; --k) push(dKoOrBack, p, kNoCard, (p + k) % n);
      for (int k = n - 1; k >= 0; --k) push(tReveal, (p + k) % n, kNoCard, static_cast<int>(Mode::kVillain), 0, p);
      return;
    case Op::kPaibok:
      // Every choice is made from the HQ as it stands; the HQ refills only
      // once each player has been given a Hero (the refills wait below).
      for (int s = kHQ - 1; s >= 0; --s) push(tRefillHQ, turn_player_, kNoCard, s);
      for (int k = n - 1; k >= 0; --k) push(dPaibok, p, kNoCard, (p + k) % n);
      return;
    case Op::kTakeHqUnder: {
      const int space = find_entered(t.card, idx);
      if (space < 0 || city[space].under != kNoCard) return;
      int best = -1;
      int ties = 0;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == kNoCard) continue;
        if (e.mode == Mode::kRightmost) {
          best = i;  // the last filled slot is the rightmost
          ties = 1;
        } else if (best < 0 || c.cost[hq[i]] > c.cost[hq[best]]) {
          best = i;
          ties = 1;
        } else if (c.cost[hq[i]] == c.cost[hq[best]] && hq[i] != hq[best]) {
          ++ties;
        }
      }
      if (best < 0) return;
      if (ties > 1) {
        push(dTakeHqUnder, p, t.card, space);
        return;
      }
      if (Events* ev = events()) ev->add(story::about(*this, "under", "{card} is taken from the HQ and put under {villain}", -1, hq[best], kHQZone, kUnderZone).with("villain", story::villain_name(*this, t.card)));
      city[space].under = hq[best];
      take_hq(best);
      return;
    }
    case Op::kGainUnder:
      if (limbo != kNoCard) {
        if (Events* ev = events()) ev->add(story::about(*this, "gain", "{P} {gain|gains} {card}, freed from under the Skrull", p, limbo, kAsideZone, seat_zone(p, kDiscardZone)));
        gain(p, limbo);
        limbo = kNoCard;
      }
      return;
    case Op::kCapture: {
      const int space = find_entered(t.card, idx);
      if (space >= 0) capture(space, e.n);
      return;
    }
    case Op::kExtraDraw: extra_draw = saturated<uint8_t>(extra_draw + e.n, kMaxTurnCounter); return;
    // "Draw eight cards instead of six": a replacement, so two of them still give eight.
    case Op::kNewHandSize: new_hand = std::max<uint8_t>(new_hand, static_cast<uint8_t>(e.n)); return;
    case Op::kLookTopKoOne:
      look_private = true;
      push(tLook, p, kNoCard, e.n, lkDoombot, 0);
      return;
    case Op::kEachRevealOrDiscardTo:
      for (int k = n - 1; k >= 0; --k) {
        const int q = (p + k) % n;
        if (!reveal_tags(q, e.tags, true)) push(dDiscardTo, q, kNoCard, e.n);
      }
      return;
    case Op::kEachSixRevealOrTop2:
      for (int k = n - 1; k >= 0; --k) {
        const int q = (p + k) % n;
        if (players[q].hand.size() == 6 && !reveal_tags(q, e.tags, true)) push(dPutOnTop, q, kNoCard, 2);
      }
      return;
    case Op::kFreeRecruit: push(dFreeRecruit, p, t.card, t.a, t.c); return;
    case Op::kBubble: push(dBubble, p, t.card, t.a, t.c); return;
    case Op::kExtraTurn: extra_turn = true; return;
    case Op::kDefeatCityFree:
      if (!showdown) push(dDefeatTarget, p, kNoCard, dkCityFree);
      return;
    case Op::kKoUpToFromDiscard: push(dKoUpTo, p, kNoCard, e.n); return;
    case Op::kEachOtherKoVp:
      for (int k = n - 1; k >= 1; --k) push(dKoVictory, (p + k) % n, kNoCard, e.n, e.mode == Mode::kBystanders ? 1 : 0);
      return;
    case Op::kRuthlessDictator:
      look_private = true;
      push(tLook, p, kNoCard, 3, lkRuthless, 0);
      return;
  }
}

// Where a villain that just entered is now (effects in between may have pushed it on).
int State::find_entered(uint8_t card, int space) const {
  if (space >= 0 && space < kCity && city[space].card == card) return space;
  for (int s = 0; s < kCity; ++s) {
    if (city[s].card == card) return s;
  }
  return -1;
}

void State::look_done(int p, int next, int arg) {
  look_owner = static_cast<uint8_t>(p);
  switch (next) {
    case lkSpiderMan: {
      // Cards costing `arg` or less go to the hand; the rest go back (in a
      // fixed order: the rulebook lets the player order them; see the docs).
      Multiset<8> back;
      for (const uint8_t x : look) {
        if (cfg->cost[x] <= arg) {
          if (Events* ev = events()) ev->add(story::about(*this, "take", "{P} {put|puts} {card} into {your|their} hand", p, x, kLookZone, players[p].hand.full() ? seat_zone(p, kDiscardZone) : seat_zone(p, kHandZone)));
          to_hand(p, x);
          if (p == turn_player_) count_extra_draw();
        } else {
          back.add(x);
        }
      }
      look = back;
      look_private = false;
      push(dPutBack, p);  // the player orders the rest (one kind left: no choice)
      return;
    }
    case lkDoombot:
      if (look.empty()) return;
      push(dLookKo, p);
      return;
    case lkRuthless:
      if (look.empty()) return;
      push(dRuthless, p, kNoCard, 0);
      return;
    default: return;
  }
}

// ---------------------------------------------------------------------------
// Decisions

int State::decision_options(const Task& t, Action* buf) const {
  const Config& c = *cfg;
  Out out{buf};
  if (t.p >= c.players) return 0;
  const PlayerState& pl = players[t.p];
  auto hand_all = [&](auto pred) {
    pl.hand.for_each_distinct([&](uint8_t x, int) {
      if (pred(x)) out.add(kPickHand + x);
    });
  };
  auto discard_all = [&](auto pred) {
    pl.discard.for_each_distinct([&](uint8_t x, int) {
      if (pred(x)) out.add(kPickDiscard + x);
    });
  };
  // Distinct cards of a short list, ascending (a sorted insert that skips repeats).
  // (Swaps, not a shifting loop: the compiler makes a loop into a memmove
  // call, dearer than the few swaps these lists need.)
  auto insert_distinct = [](Action* tmp, int& k, Action a) {
    for (int j = 0; j < k; ++j) {
      if (tmp[j] == a) return;
    }
    tmp[k] = a;
    for (int j = k; j > 0 && tmp[j - 1] > tmp[j]; --j) std::swap(tmp[j - 1], tmp[j]);
    ++k;
  };
  auto played_all = [&](auto pred) {
    if (t.p != turn_player_) return;
    Action tmp[kPlayedCap];
    int k = 0;
    for (int i = 0; i < n_played; ++i) {
      const uint8_t x = played[i].card;
      if (x != kNoCard && pred(x)) insert_distinct(tmp, k, kPickPlayed + x);
    }
    for (int i = 0; i < k; ++i) out.add(tmp[i]);
  };
  auto hq_all = [&](auto pred) {
    Action tmp[kHQ];
    int k = 0;
    for (int i = 0; i < kHQ; ++i) {
      const uint8_t x = hq[i];
      if (x != kNoCard && pred(x)) insert_distinct(tmp, k, kPickCard + x);
    }
    for (int i = 0; i < k; ++i) out.add(tmp[i]);
  };
  auto any = [](uint8_t) { return true; };
  auto hero = [](uint8_t x) { return is_hero(x); };
  switch (t.op) {
    case dDiscardCost:
    case dPutOnTop:
    case dPass:
    case dEachDiscard:
      hand_all(any);
      break;
    case dDiscardTo:
      if (pl.hand.size() > t.a) hand_all(any);
      break;
    case dKoThen: {
      const Effect* e = effect_at(c, t.card, t.a, t.b);
      if (!e) break;
      auto pred = [&](uint8_t x) { return matches(c, x, e->filter, e->tags); };
      if (e->from == From::kHand || e->from == From::kHandOrDiscard) hand_all(pred);
      if (e->from == From::kDiscard || e->from == From::kHandOrDiscard) discard_all(pred);
      if (out.n > 0) out.add(kNo);
      break;
    }
    case dRevealed:
      out.add(kOption + 0);
      out.add(kOption + 1);
      break;
    case dKoOrBack:
      if (t.a >= 0 && t.a < c.players && players[t.a].deck.n_top > 0) {
        out.add(kOption + 0);
        out.add(kOption + 1);
      }
      break;
    case dCaptureChoice:
      for (int s = 0; s < kCity; ++s) {
        if (city[s].card != kNoCard) out.add(kPickSpace + s);
      }
      break;
    case dYesNo:
    case dOthersDrawOrDiscard:
      if (t.op == dOthersDrawOrDiscard) {
        out.add(kOption + 0);
        out.add(kOption + 1);
      } else {
        out.add(kYes);
        out.add(kNo);
      }
      break;
    case dDefeatTarget: {
      for (int s = 0; s < kCity; ++s) {
        const CitySpace& v = city[s];
        if (v.card == kNoCard || !can_defeat(v.card)) continue;
        bool ok = false;
        if (t.a == dkWithBystander) ok = v.bystanders > 0;
        else if (t.a == dkBelowKo) ok = villain_attack(s) < t.b;
        else ok = true;
        if (ok) out.add(kPickSpace + s);
      }
      if (!tactics.empty() && !mm_defeated) {
        if ((t.a == dkWithBystander && mm_bystanders > 0) || (t.a == dkBelowKo && mastermind_attack() < t.b)) out.add(kPickMastermind);
      }
      break;
    }
    case dCopyPlayed: {
      bool seen[kCardIds] = {};
      Action tmp[kPlayedCap];
      int k = 0;
      for (int i = 0; i < n_played; ++i) {
        const uint8_t x = played[i].as;
        if (i == t.a || x == kNoCard || !is_hero(x) || seen[x]) continue;
        // Not a Copy Powers that copied nothing (it would copy itself forever), nor
        // Steal Abilities while one is resolving.
        bool skip = false;
        for (const Effect& e : c.on_play[x]) skip = skip || e.op == Op::kCopyPlayed || (!steal.empty() && e.op == Op::kStealAbilities);
        if (skip) continue;
        seen[x] = true;
        tmp[k++] = kPickPlayed + x;
      }
      sort_small(tmp, k);
      for (int i = 0; i < k; ++i) out.add(tmp[i]);
      break;
    }
    case dMoveVillain: {
      bool any_villain = false;
      for (int s = 0; s < kCity; ++s) {
        if (city[s].card == kNoCard) continue;
        any_villain = true;
        for (int to = 0; to < kCity; ++to) {
          // Not a move that changes nothing: a villain swapped with its twin,
          // neither holding a Bystander (one held would be rescued or moved).
          const CitySpace& a = city[s];
          const CitySpace& b = city[to];
          const bool twins = a.card == b.card && a.under == b.under && a.bystanders == 0 && b.bystanders == 0;
          if (to != s && !twins) out.add(kMoveVillain + s * kCity + to);
        }
      }
      if (any_villain) out.add(kNo);
      break;
    }
    case dKoHeroes: {
      if (t.a <= 0) break;
      const From from = static_cast<From>(t.b);
      if (from == From::kHand || from == From::kYourHeroes || from == From::kHandOrDiscard) hand_all(hero);
      if (from == From::kDiscard || from == From::kHandOrDiscard) discard_all(hero);
      if (from == From::kYourHeroes) played_all(hero);
      break;
    }
    case dPickPlayerWounds:
      for (int q = 0; q < c.players; ++q) out.add(kPickPlayer + q);
      break;
    case dPaibok:
    case dKoHq:
    case dSkrullTwist:
    case dTakeHqUnder: {
      int top_cost = -1;
      for (const uint8_t x : hq) {
        if (x != kNoCard) top_cost = std::max<int>(top_cost, c.cost[x]);
      }
      if (t.op == dPaibok) hq_all(any);
      else if (t.op == dKoHq) hq_all([&](uint8_t x) { return c.cost[x] <= 6; });
      else hq_all([&](uint8_t x) { return c.cost[x] == top_cost; });
      break;
    }
    case dLookKo:
    case dRuthless:
    case dPutBack:
      look.for_each_distinct([&](uint8_t x, int) { out.add(kPickCard + x); });
      break;
    case dFreeRecruit: {
      const Effect* e = effect_at(c, t.card, t.a, t.b);
      if (!e) break;
      hq_all([&](uint8_t x) { return (c.tags[x] & e->tags) != 0; });
      if (out.n > 0 && e->may) out.add(kNo);
      break;
    }
    case dBubble: {
      const Effect* e = effect_at(c, t.card, t.a, t.b);
      if (!e || bubble != kNoCard) break;  // one card set aside at a time: a second Bubble does nothing
      auto pred = [&](uint8_t x) { return is_hero(x) && (c.tags[x] & e->tags); };
      hand_all(pred);
      played_all(pred);
      break;
    }
    case dKoUpTo:
      if (t.a <= 0) break;
      discard_all(any);
      if (out.n > 0) out.add(kNo);
      break;
    case dKoVictory:
      if (t.a <= 0) break;
      pl.victory.for_each_distinct([&](uint8_t x, int) {
        if (t.b == 1 ? x == kBystander : is_villain_card(x)) out.add(kPickCard + x);
      });
      break;
    default:
      break;
  }
  // A decision left with nothing to choose (only after a resample redrew the
  // decider's hand) is passed with "no"; play itself skips such decisions.
  if (out.n == 0) out.add(kNo);
  sort_small(buf, out.n);
  return out.n;
}

void State::run_decision(Task t, Action action) {
  const Config& c = *cfg;
  const int p = t.p;
  PlayerState& pl = players[p];
  const int hand_card = action >= kPickHand && action < kPickHand + kCardIds ? action - kPickHand : -1;
  const int discard_card = action >= kPickDiscard && action < kPickDiscard + kCardIds ? action - kPickDiscard : -1;
  const int played_card = action >= kPickPlayed && action < kPickPlayed + kCardIds ? action - kPickPlayed : -1;
  const int pick = action >= kPickCard && action < kPickCard + kCardIds ? action - kPickCard : -1;
  const int space = action >= kPickSpace && action < kPickSpace + kCity ? action - kPickSpace : -1;
  Events* ev = events();
  const int hand_z = seat_zone(p, kHandZone);
  const int discard_z = seat_zone(p, kDiscardZone);
  auto tell = [&](const char* kind, const char* text, int card, int from, int to, Pos from_pos = Pos::kAny, Pos to_pos = Pos::kAny) {
    if (ev) ev->add(story::about(*this, kind, text, p, card, from, to, from_pos, to_pos));
  };
  if (ev && action == kNo) ev->add(Event("decline", "{P} {decline|declines}", p));
  auto push_effects = [&](int as, int idx) {
    const auto& list = c.on_play[static_cast<size_t>(as)];
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, turn_player_, as, i, idx, 0);
  };
  switch (t.op) {
    case dDiscardCost:
      if (hand_card >= 0) discard_from_hand(p, static_cast<uint8_t>(hand_card), true);
      if (t.a >= 0 && t.a < n_played && t.card != kNoCard) push_effects(t.card, t.a);
      return;
    case dKoThen: {
      if (action == kNo) return;
      if (hand_card >= 0) {
        tell("ko", "{P} {KO|KOs} {card} from {your|their} hand", hand_card, hand_z, story::kOutside);
        pl.hand.remove(static_cast<uint8_t>(hand_card));
        ko_card(static_cast<uint8_t>(hand_card));
      } else if (discard_card >= 0) {
        tell("ko", "{P} {KO|KOs} {card} from {your|their} discard pile", discard_card, discard_z, story::kOutside);
        pl.discard.remove(static_cast<uint8_t>(discard_card));
        ko_card(static_cast<uint8_t>(discard_card));
      }
      const Effect* e = effect_at(c, t.card, t.a, t.b);
      if (!e) return;
      switch (e->then_op) {
        case Op::kRescue: rescue(p, e->then_n); break;
        case Op::kRecruit: add_recruit(e->then_n); break;
        case Op::kAttack: add_attack(e->then_n); break;
        case Op::kDraw: push(tDraw, p, kNoCard, e->then_n, p == turn_player_ ? 1 : 0); break;
        case Op::kGainOfficerToHand:
          for (int k = 0; k < e->then_n && officers_left > 0; ++k) {
            --officers_left;
            gain_to_hand(p, kOfficer);
          }
          break;
        default: break;
      }
      return;
    }
    case dRevealed: {
      const int owner = t.a;
      if (owner < 0 || owner >= c.players || t.card == kNoCard) return;
      if (ev) {
        Event e;
        if (action == kOption + 1) e = story::about(*this, "back", "{P} {put|puts} {card} back on top of {q's} deck", p, t.card, kAsideZone, seat_zone(owner, kDeckZone), Pos::kAny, top_pos(owner));
        else if (t.b == 1) e = story::about(*this, "ko", "{P} {KO|KOs} {q's} {card}", p, t.card, kAsideZone, story::kOutside);
        else e = story::about(*this, "discard", "{P} {discard|discards} {q's} {card}", p, t.card, kAsideZone, seat_zone(owner, kDiscardZone));
        e.other = owner;
        ev->add(e);
      }
      if (action == kOption + 1) {
        players[owner].deck.put_top(t.card, false);
      } else if (t.b == 1) {
        ko_card(t.card);
      } else {
        players[owner].discard.add(t.card);
      }
      return;
    }
    case dKoOrBack: {
      if (t.a < 0 || t.a >= c.players) return;
      PlayerDeck& d = players[t.a].deck;
      if (action != kOption + 0 || d.n_top == 0) {
        if (ev && d.n_top > 0) ev->add(Event("back", "{P} {leave|leaves} {card} on top of {q's} deck", p, t.a).with("card", c.name[d.top[0]]));
        return;
      }
      if (ev) {
        Event e = story::about(*this, "ko", "{P} {KO|KOs} {card} from the top of {q's} deck", p, d.top[0], seat_zone(t.a, kDeckZone), story::kOutside, Pos::kTop);
        e.other = t.a;
        ev->add(e);
      }
      ko_card(d.take_top());
      return;
    }
    case dPutOnTop:
      if (hand_card >= 0) {
        if (ev) {
          story::private_move(*ev, *this, 1u << p, "put-on-top", "{P} {put|puts} {card} from {your|their} hand on top of {your|their} deck",
                              "{P} {put|puts} a card from {your|their} hand on top of {your|their} deck", p, -1, hand_card, hand_z, seat_zone(p, kDeckZone), Pos::kAny, top_pos(p));
        }
        pl.hand.remove(static_cast<uint8_t>(hand_card));
        pl.deck.put_top(static_cast<uint8_t>(hand_card), true);
      }
      if (t.a > 1) push(dPutOnTop, p, kNoCard, t.a - 1);
      return;
    case dCaptureChoice:
      if (space >= 0) capture(space, 1);
      return;
    case dYesNo:
      if (action != kYes) return;
      switch (t.a) {
        case ynDoOver: {
          const int k = pl.hand.size();
          Multiset<kHandCap> hand = pl.hand;
          for (const uint8_t x : hand) discard_from_hand(p, x, true);
          (void)k;
          push(tDraw, p, kNoCard, 4, 1);
          return;
        }
        case ynWoundToHand: gain_wound(p, true); return;
        case ynPlayVillain:
          if (ev) ev->add(Event("villain-deck", "{P} {play|plays} the top card of the Villain Deck", p));
          add_attack(t.b);
          push(tVillainCard, p, kNoCard, 1);
          return;
        case ynGainOfficer:
          if (officers_left > 0) {
            --officers_left;
            tell("gain", "{P} {gain|gains} {card}", kOfficer, story::kOutside, discard_z);
            gain(p, kOfficer);
          }
          return;
        default: return;
      }
    case dPass:
      if (hand_card >= 0) {
        if (ev) story::private_move(*ev, *this, 1u << p, "pass", "{P} {choose|chooses} {card} to pass", "{P} {choose|chooses} a card to pass", p, -1, hand_card, hand_z, seat_zone(p, kPassZone), Pos::kAny, Pos::kAny);
        pl.hand.remove(static_cast<uint8_t>(hand_card));
        pl.pass = static_cast<uint8_t>(hand_card);
      }
      return;
    case dOthersDrawOrDiscard: {
      const int n = c.players;
      if (ev) ev->add(Event("choose", action == kOption + 0 ? "{P} {choose|chooses}: each other player draws a card" : "{P} {choose|chooses}: each other player discards a card", p));
      if (action == kOption + 0) {
        for (int k = n - 1; k >= 1; --k) push(tDraw, (p + k) % n, kNoCard, 1, 0);
      } else {
        each_player(p, false, dEachDiscard, kNoCard, 0, 0, 0);
      }
      return;
    }
    case dEachDiscard:
      if (hand_card >= 0) discard_from_hand(p, static_cast<uint8_t>(hand_card), true);
      return;
    case dDiscardTo:
      // Not "by an effect" for Unending Energy: returning it would never get
      // the hand down to the number.
      if (hand_card >= 0) discard_from_hand(p, static_cast<uint8_t>(hand_card), false);
      if (hand_card >= 0 && pl.hand.size() > t.a) push(dDiscardTo, p, kNoCard, t.a);
      return;
    case dDefeatTarget:
      if (ev && action == kPickMastermind) ev->add(Event("fight", "{P} {defeat|defeats} the Mastermind once, for free", p));
      if (action == kPickMastermind) fight_mastermind(false);
      else if (space >= 0) fight_space(space, false);
      return;
    case dCopyPlayed:
      if (ev && played_card >= 0) ev->add(Event("copy", "{P} {copy|copies} {card}", p).with("card", c.name[static_cast<size_t>(played_card)]));
      if (played_card >= 0 && t.a >= 0 && t.a < n_played) play_copy(static_cast<uint8_t>(played_card), played[t.a].card, t.a);
      return;
    case dMoveVillain: {
      if (action == kNo || action < kMoveVillain || action >= kMoveVillain + kCity * kCity) return;
      const int from = (action - kMoveVillain) / kCity;
      const int to = (action - kMoveVillain) % kCity;
      CitySpace moving = city[from];
      if (ev) {
        std::string text = "{P} {move|moves} {villain} from the {from} to the {to}";
        if (city[to].card != kNoCard) text += ", swapping it with {other_villain}";
        if (moving.bystanders) text += " and {rescue|rescues} " + std::to_string(moving.bystanders) + (moving.bystanders == 1 ? " Bystander" : " Bystanders");
        Event e("move-villain", text, p);
        e.with("villain", story::villain_name(*this, moving.card)).with("from", story::space_name(*this, from)).with("to", story::space_name(*this, to));
        if (city[to].card != kNoCard) e.with("other_villain", story::villain_name(*this, city[to].card));
        for (int i = 0; i < moving.bystanders; ++i) e.fact(CardFact::place(seat_zone(p, kVictoryZone), kBystander));
        ev->add(e);
      }
      for (int i = 0; i < moving.bystanders; ++i) pl.victory.add(kBystander);
      moving.bystanders = 0;
      city[from] = city[to];
      city[to] = moving;
      return;
    }
    case dKoHeroes: {
      // The picks that follow with one option are made here too, and all are
      // told in card order: the order of the choices is not seen (the same
      // cards KO'd in another order tell the same).
      struct Gone {
        int card, zone;
      };
      Gone gone[kHandCap + kPlayedCap];
      int n_gone = 0;
      Action act = action;
      int left = t.a;
      while (left > 0) {
        const int h = act >= kPickHand && act < kPickHand + kCardIds ? act - kPickHand : -1;
        const int d = act >= kPickDiscard && act < kPickDiscard + kCardIds ? act - kPickDiscard : -1;
        const int pl_card = act >= kPickPlayed && act < kPickPlayed + kCardIds ? act - kPickPlayed : -1;
        if (h >= 0 && pl.hand.remove(static_cast<uint8_t>(h))) {
          gone[n_gone++] = {h, hand_z};
          ko_card(static_cast<uint8_t>(h));
        } else if (d >= 0 && pl.discard.remove(static_cast<uint8_t>(d))) {
          gone[n_gone++] = {d, discard_z};
          ko_card(static_cast<uint8_t>(d));
        } else if (pl_card >= 0) {
          for (int i = 0; i < n_played; ++i) {
            if (played[i].card == pl_card) {
              played[i].card = kNoCard;
              ko_card(static_cast<uint8_t>(pl_card));
              gone[n_gone++] = {pl_card, kPlayedZone};
              break;
            }
          }
        } else {
          break;
        }
        if (--left <= 0) break;
        Task next = t;
        next.a = static_cast<int8_t>(left);
        Action opts[256];
        if (decision_options(next, opts) != 1) {
          push(dKoHeroes, p, kNoCard, left, t.b);
          break;
        }
        act = opts[0];
      }
      if (ev) {
        std::sort(gone, gone + n_gone, [](const Gone& x, const Gone& y) { return x.zone != y.zone ? x.zone < y.zone : x.card < y.card; });
        for (int i = 0; i < n_gone; ++i) {
          const char* text = gone[i].zone == hand_z ? "{P} {KO|KOs} {card} from {your|their} hand"
                             : gone[i].zone == discard_z ? "{P} {KO|KOs} {card} from {your|their} discard pile"
                                                         : "{P} {KO|KOs} {card} from the cards {you|they} played";
          tell("ko", text, gone[i].card, gone[i].zone, story::kOutside);
        }
      }
      return;
    }
    case dPickPlayerWounds: {
      const int q = action - kPickPlayer;
      if (q < 0 || q >= c.players) return;
      PlayerState& target = players[q];
      const int in_hand = target.hand.count(kWound);
      const int in_discard = target.discard.count(kWound);
      if (ev) {
        Event e("ko", "{P} {choose|chooses} {q}: {count} KO'd", p, q);
        e.with("count", std::to_string(in_hand + in_discard) + (in_hand + in_discard == 1 ? " Wound" : " Wounds"));
        for (int i = 0; i < in_hand; ++i) e.fact(CardFact::remove(seat_zone(q, kHandZone), kWound));
        for (int i = 0; i < in_discard; ++i) e.fact(CardFact::remove(seat_zone(q, kDiscardZone), kWound));
        ev->add(e);
      }
      for (int i = 0; i < in_hand; ++i) target.hand.remove(kWound);
      for (int i = 0; i < in_discard; ++i) target.discard.remove(kWound);
      ko[kWound] = static_cast<uint8_t>(ko[kWound] + in_hand + in_discard);
      return;
    }
    case dPaibok: {
      if (pick < 0 || t.a < 0 || t.a >= c.players) return;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == pick) {
          if (ev) {
            Event e = story::about(*this, "gain", "{P} {give|gives} {card} from the HQ to {q}", p, pick, kHQZone, seat_zone(t.a, kDiscardZone));
            e.other = t.a;
            ev->add(e);
          }
          gain(t.a, static_cast<uint8_t>(pick));
          hq[i] = kNoCard;  // refilled after the last choice (see Op::kPaibok)
          return;
        }
      }
      return;
    }
    case dTakeHqUnder: {
      const int sp = t.a;
      if (pick < 0 || sp < 0 || sp >= kCity || city[sp].card == kNoCard || city[sp].under != kNoCard) return;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == pick) {
          if (ev) ev->add(story::about(*this, "under", "{P} {put|puts} {card} from the HQ under {villain}", p, pick, kHQZone, kUnderZone).with("villain", story::villain_name(*this, city[sp].card)));
          city[sp].under = static_cast<uint8_t>(pick);
          take_hq(i);
          return;
        }
      }
      return;
    }
    case dSkrullTwist:
    case dKoHq:
      if (pick < 0) return;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == pick) {
          if (t.op == dKoHq) tell("ko", "{P} {KO|KOs} {card} from the HQ", pick, kHQZone, story::kOutside);
          else tell("skrull", "{P} {choose|chooses} {card}: it becomes a Skrull", pick, story::kOutside, story::kOutside);
          take_hq(i);
          if (t.op == dKoHq) ko_card(static_cast<uint8_t>(pick));
          else push(tEnterCity, turn_player_, pick, -1);
          return;
        }
      }
      return;
    case dLookKo: {
      if (pick < 0) return;
      tell("ko", "{P} {KO|KOs} {card}", pick, kLookZone, story::kOutside);
      look.remove(static_cast<uint8_t>(pick));
      ko_card(static_cast<uint8_t>(pick));
      put_look_back(look_owner);
      look.clear();
      look_private = false;
      return;
    }
    case dPutBack: {
      // Each card chosen goes back on top of the deck: the last one ends on top.
      if (pick < 0 || !look.contains(static_cast<uint8_t>(pick))) return;
      tell("back", "{P} {put|puts} {card} back on top of {your|their} deck", pick, kLookZone, seat_zone(look_owner, kDeckZone), Pos::kAny, top_pos(look_owner));
      look.remove(static_cast<uint8_t>(pick));
      players[look_owner].deck.put_top(static_cast<uint8_t>(pick), false);
      if (!look.empty()) push(dPutBack, p);
      return;
    }
    case dRuthless: {
      if (pick < 0) return;
      if (t.a == 0) tell("ko", "{P} {KO|KOs} {card}", pick, kLookZone, story::kOutside);
      else tell("discard", "{P} {discard|discards} {card}", pick, kLookZone, seat_zone(look_owner, kDiscardZone));
      look.remove(static_cast<uint8_t>(pick));
      if (t.a == 0) {  // KO one, then discard one, then the last goes back
        ko_card(static_cast<uint8_t>(pick));
        if (!look.empty()) {
          push(dRuthless, p, kNoCard, 1);
          return;
        }
      } else {
        players[look_owner].discard.add(static_cast<uint8_t>(pick));
        if (look.size() == 1) put_look_back(look_owner);
      }
      look.clear();
      look_private = false;
      return;
    }
    case dFreeRecruit:
      if (action == kNo || pick < 0) return;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == pick) {
          tell("recruit", "{P} {recruit|recruits} {card} for free", pick, kHQZone, discard_z);
          take_hq(i);
          gain(p, static_cast<uint8_t>(pick));
          acted = true;
          return;
        }
      }
      return;
    case dBubble:
      if (bubble != kNoCard) return;
      if (hand_card >= 0) {
        tell("bubble", "{P} {set|sets} {card} aside in the Electromagnetic Bubble", hand_card, hand_z, kBubbleZone);
        pl.hand.remove(static_cast<uint8_t>(hand_card));
        bubble = static_cast<uint8_t>(hand_card);
      } else if (played_card >= 0) {
        for (int i = 0; i < n_played; ++i) {
          if (played[i].card == played_card) {
            tell("bubble", "{P} {set|sets} {card} aside in the Electromagnetic Bubble", played_card, kPlayedZone, kBubbleZone);
            played[i].card = kNoCard;
            bubble = static_cast<uint8_t>(played_card);
            break;
          }
        }
      }
      return;
    case dKoUpTo:
      if (action == kNo || discard_card < 0) return;
      tell("ko", "{P} {KO|KOs} {card} from {your|their} discard pile", discard_card, discard_z, story::kOutside);
      pl.discard.remove(static_cast<uint8_t>(discard_card));
      ko_card(static_cast<uint8_t>(discard_card));
      if (t.a > 1) push(dKoUpTo, p, kNoCard, t.a - 1);
      return;
    case dKoVictory: {
      // As for dKoHeroes: the picks with one option follow here, told in card order.
      int gone[kVictoryCap];
      int n_gone = 0;
      int x = pick;
      int left = t.a;
      while (left > 0 && x >= 0 && pl.victory.remove(static_cast<uint8_t>(x))) {
        ko_card(static_cast<uint8_t>(x));
        gone[n_gone++] = x;
        if (--left <= 0) break;
        Task next = t;
        next.a = static_cast<int8_t>(left);
        Action opts[256];
        if (decision_options(next, opts) != 1 || opts[0] < kPickCard || opts[0] >= kPickSpace) {
          if (opts[0] != kNo) push(dKoVictory, p, kNoCard, left, t.b);
          break;
        }
        x = opts[0] - kPickCard;
      }
      std::sort(gone, gone + n_gone);
      for (int i = 0; i < n_gone; ++i) tell("ko", "{P} {KO|KOs} {card} from {your|their} Victory Pile", gone[i], seat_zone(p, kVictoryZone), story::kOutside);
      return;
    }
    default:
      return;
  }
}

}  // namespace henchmen::legendary
