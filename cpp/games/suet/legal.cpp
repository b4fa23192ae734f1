// S.U.E.T.: the legal moves of whoever decides now.
#include "core/action_list.h"
#include "core/bits.h"
#include "games/suet/state.h"

namespace henchmen::suet {

namespace {
Action play_at(int k, int target) { return kPlay + k * kTargets + target; }
}  // namespace

// A decision's legal actions, listed on the stack (core/action_list.h): a
// legal list holds each action at most once. A struct of its own, so that
// state.h can name it before the action count is known.
struct ActionList : henchmen::ActionList<kNumActions> {};

void State::legal_actions(std::vector<Action>& out) const { copy_listed<ActionList>(*this, out); }

// The same list, and one pick from it as below(size) picks from a vector.
Action State::random_action(Rng& rng) const { return pick_listed<ActionList>(*this, rng); }

void State::legal(ActionList& out) const {
  const int cp = current_player();
  if (cp < 0) return;
  const int n = cfg->players;
  if (choice != kNoChoice) {
    const int v = strike_victim;
    switch (choice) {
      case kTakeFromDiscard:
        for_each_bit(nonzero_bits(discard), [&](int k) { out.push_back(kChoose + k); });
        break;
      case kTakeFromMarket:
      case kTradeFromMarket: {
        uint64_t seen = 0;
        // A trade cannot take back the Component it just gave (on top).
        const int upto = choice == kTradeFromMarket ? market_n - 1 : market_n;
        for (int i = 0; i < upto; ++i) seen |= uint64_t{1} << market[i];
        for_each_bit(seen, [&](int k) { out.push_back(kChoose + k); });
        break;
      }
      case kSlotBreak:
        for (int c = 0; c < kColours; ++c) {
          if (comp[v][c] != kNone && !((broken[v] >> c) & 1)) out.push_back(kChooseSlot + c);
        }
        break;
      case kSlotBack:
        for (int c = 0; c < kColours; ++c) {
          if (comp[v][c] != kNone) out.push_back(kChooseSlot + c);
        }
        break;
      default:
        for_each_bit(nonzero_bits(hand[cp]), [&](int k) { out.push_back(kChoose + k); });
        break;
    }
    return;
  }
  if (reactions.open()) {
    if (reactions.top().trigger == kOnSetback) {
      out.push_back(kSacrifice);
    } else if (reactions.top().trigger == kBetweenTurns) {
      for_each_bit(nonzero_bits(hand[cp]), [&](int k) {
        if (cfg->kind[k] == kInstant && playable_off_turn(cp, k)) out.push_back(play_at(k, 0));
      });
    } else if (cfg->block_card >= 0 && hand[cp][cfg->block_card]) {
      out.push_back(kBlockAction);
    }
    out.push_back(kPass);
    return;
  }
  // The turn player's moves.
  const int p = cp;
  out.push_back(kEndTurn);
  const bool action = actions_left > 0;
  const bool shielded_self = hindered(p, kProtection);  // no Actions against others' Components
  auto protectedp = [&](int q) { return enhanced(q, kProtection); };
  const uint64_t held = nonzero_bits(hand[p]);  // the kinds in hand, walked in ascending order
  for (uint64_t rest = held; rest; rest &= rest - 1) {
    const int k = __builtin_ctzll(rest);
    const int kind = cfg->kind[k];
    const int e = cfg->effect[k];
    if (kind == kInstant) {
      switch (e) {
        case kDraw:
          if (deck_n + discard_n > 0) out.push_back(play_at(k, 0));
          break;
        case kExtraActions:
          if (has_hand_card_besides(p, k, true)) out.push_back(play_at(k, 0));
          break;
        case kExtraTurn:
          if (!extra_turn) out.push_back(play_at(k, 0));
          break;
        case kMarketTop:
          if (market_n > 0) out.push_back(play_at(k, 0));
          break;
        default:
          break;  // a Block answers others; a Cheat Card goes with a Component
      }
      continue;
    }
    if (kind == kComponent) {
      if (!can_place(p) || !colour_open(cfg->colour[k])) continue;
      if (usable(p, k)) {
        out.push_back(play_at(k, 0));
      } else if (cfg->cheat_card >= 0 && hand[p][cfg->cheat_card] && in_game(cfg->genius[k])) {
        out.push_back(play_at(k, kTargetCheat));
      }
      continue;
    }
    if (!action) continue;
    if (kind == kEnhancement) {
      out.push_back(play_at(k, 0));
      for (int q = 0; q < n; ++q) {
        if (q != p && enh[q] == kNone) out.push_back(play_at(k, kTargetPlayer + q));
      }
      for (int q = 0; q < n; ++q) {
        if (q != p && enh[q] == kNone) out.push_back(play_at(k, kTargetHindrance + q));
      }
      continue;
    }
    // Asked only by the repairs that may cost a card (not for every kind held).
    auto cost_ok = [&] { return !needs_cost(p, k) || has_hand_card_besides(p, k, false); };
    switch (e) {
      case kStealComponent:
      case kBreakComponent:
      case kDiscardComponent:
      case kComponentBreaks:
      case kPutOneBack:
        if ((kind == kAction && shielded_self)) break;
        for (int q = 0; q < n; ++q) {
          if (q == p || (kind == kAction && protectedp(q))) continue;
          for (int c = 0; c < kColours; ++c) {
            if (comp[q][c] == kNone) continue;
            if ((e == kBreakComponent || e == kComponentBreaks) && ((broken[q] >> c) & 1)) continue;
            out.push_back(play_at(k, kTargetSlot + q * kColours + c));
          }
        }
        break;
      case kRepairComponent:
        if (!cost_ok()) break;
        for (int c = 0; c < kColours; ++c) {
          if (comp[p][c] != kNone && ((broken[p] >> c) & 1)) out.push_back(play_at(k, kTargetSlot + p * kColours + c));
        }
        break;
      case kTakeDiscard:
      case kDiscardToDeck:
        if (discard_n > 0) out.push_back(play_at(k, 0));
        break;
      case kStealCard:
      case kDiscardFromHand:
        for (int q = 0; q < n; ++q) {
          if (q != p && hand_n[q] > 0 && !protectedp(q)) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      case kTradeHands:
        for (int q = 0; q < n; ++q) {
          if (q != p && !protectedp(q)) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      case kDiscardHand:
        for (int q = 0; q < n; ++q) {
          if (q == p || (hand_n[q] > 0 && !protectedp(q))) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      case kConvertEnhancement:
        for (int q = 0; q < n; ++q) {
          if (q != p && enh[q] != kNone && !((hindrance >> q) & 1)) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      case kRemoveEnhancement:
        for (int q = 0; q < n; ++q) {
          if (q != p && enh[q] != kNone) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      case kRepairEnhancement:
        if (enh[p] != kNone && ((hindrance >> p) & 1) && cost_ok()) out.push_back(play_at(k, 0));
        break;
      case kRepairAll:
        if (broken[p] && cost_ok()) out.push_back(play_at(k, 0));
        break;
      case kEveryoneDraws:
      case kEveryoneDiscards:
        out.push_back(play_at(k, 0));
        break;
      case kTakeMarket:
        if (market_n > 0 && market_open()) out.push_back(play_at(k, 0));
        break;
      case kLoseTurn:
      case kBreakAll:
      case kLoseEnhancement:
      case kBusted:
      case kReturnComponents:
        for (int q = 0; q < n; ++q) {
          if (q != p) out.push_back(play_at(k, kTargetPlayer + q));
        }
        break;
      default:
        break;
    }
  }
  if (action) {
    for_each_bit(held, [&](int k) { out.push_back(kDiscardCard + k); });
  }
  if (enhanced(p, kCashFlow) && !free_repair_used) {
    for (int c = 0; c < kColours; ++c) {
      if (comp[p][c] != kNone && ((broken[p] >> c) & 1)) out.push_back(kFreeRepair + c);
    }
  }
  if (action && market_n > 0 && market_open()) {
    for_each_bit(held, [&](int k) {
      if (cfg->kind[k] == kComponent) out.push_back(kMarketGive + k);
    });
  }
}

}  // namespace henchmen::suet
