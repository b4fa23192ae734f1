// Seven Secret Supervillains: legal actions, effects and chance.
#include <algorithm>

#include "core/action_list.h"
#include "core/chance.h"
#include "core/error.h"
#include "games/sss/deck_top.h"
#include "games/sss/set_aside.h"
#include "games/sss/state.h"
#include "games/sss/story.h"

namespace henchmen::sss {

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  for (int c = 0; c < cfg.crews && cfg.supervillains; ++c) s.supervillain_deck |= static_cast<uint16_t>(1u << c);
  for (int c = 0; c < cfg.crews; ++c) {
    for (int r = 1; r <= kMinionsPerCrew; ++r) s.minion_deck.add_unknown(static_cast<uint8_t>(minion_id(c, r)));
    s.upgrade_deck.add_unknown(static_cast<uint8_t>(kUpgradeBase + c));
  }
  s.scaredy_left = static_cast<uint8_t>(cfg.scaredy_bots);
  s.explodey_left = static_cast<uint8_t>(cfg.explodey_pile);
  for (int i = 0; i < kChaosSpells && cfg.chaos_spells; ++i) s.chaos_deck.add_unknown(static_cast<uint8_t>(kChaosSpellBase + i));
  for (int p = 0; p < cfg.players; ++p) {
    PlayerState& ps = s.players[p];
    for (int i = 0; i < 8; ++i) ps.deck.add_unknown(kTinyBot);
    for (int i = 0; i < 2; ++i) ps.deck.add_unknown(kJunkyBot);
  }
  // The Explodey Bots (the second player's in the duel; the third's and
  // fourth's in the Brawl) start in hand, where everyone sees them.
  for (int p = 0; p < cfg.players; ++p) {
    for (int i = 0; i < cfg.explodey[p]; ++i) {
      s.players[p].hand.add(kExplodeyBot);
      s.players[p].hand_public.add(kExplodeyBot);
    }
  }
  if (Events* ev = events()) story::setup(*ev, s);
  for (int slot = 0; slot < kSupervillainSlots && cfg.supervillains; ++slot) s.push_task(TaskKind::kRevealSupervillain, 0, slot, 1);
  for (int slot = 0; slot < kRowSlots; ++slot) s.push_task(TaskKind::kRefillRow, 0, slot, 1);
  s.push_task(TaskKind::kRefillUpgrade, 0, 0, 1);
  for (int p = 0; p < cfg.players; ++p) s.push_task(TaskKind::kDrawHand, p, 0, cfg.opening_hand[p]);
  s.settle();
  return s;
}

// ---------------------------------------------------------------------------
// Queries

bool State::supervillain_revealed(int crew) const {
  if (danger_zone & (1u << crew)) return true;
  for (const int8_t s : supervillain_slot) {
    if (s == crew) return true;
  }
  return false;
}

int State::reputation(int crew, int player) const {
  int total = 0;
  for (const uint8_t c : attached[crew][player]) total += cfg->reputation[c];
  return total;
}

int State::side_won(int side) const {
  int n = 0;
  for (int p = side; p < cfg->players; p += cfg->teams ? 2 : cfg->players) n += players[p].won;
  return n;
}

int State::row_slot_of(int card) const {
  for (int i = 0; i < kRowSlots; ++i) {
    if (row[i] == card) return i;
  }
  return -1;
}

// The turn player's main decision, but for the expansion crews' actions
// (legal_actions adds those after it): a template, so that the playout's
// random_action lists into an ActionList on the stack and legal_actions
// into its vector, from one body.
template <class Out>
void State::main_legal(Out& out) const {
  const PlayerState& me = players[turn_player_];
  // Kinds of action occupy ascending ranges of ids, so emitting kind by kind,
  // each in ascending order, gives a sorted list.
  uint16_t revealed = danger_zone;
  for (const int8_t slot : supervillain_slot) {
    if (slot >= 0) revealed = static_cast<uint16_t>(revealed | (1u << slot));
  }
  // Branch-free (a hand card is any id below kCardIds): whether it is attachable
  // goes either way about as often, so a test mispredicts.
  auto attachable = [&](uint8_t c) { return (c < kMaxCrews * kMinionsPerCrew) & ((revealed >> (c / kMinionsPerCrew)) & 1); };
  // The distinct cards of the hand (and, when an ability needs it, of the
  // discard pile), gathered once: several kinds of action range over them.
  uint8_t hand[kSmallPile];
  const int n_hand = me.hand.distinct_into(hand);
  for (int i = 0; i < n_hand; ++i) out.push_back(kPlay + hand[i]);
  for (int i = 0; i < n_hand; ++i) push_if(out, kAttach + hand[i], attachable(hand[i]));
  if (!me.bought.full()) {
    // The buyable cards as a set of ids (each card is in one place: the row,
    // the stash, the Scaredy Bots' pile or the Upgrade row), read back
    // ascending: no sort.
    uint64_t low = 0, high = 0;  // ids below 64, and the rest less 64
    auto offer = [&](uint8_t c, bool ok) {
      const uint64_t bit = uint64_t{ok} << (c & 63);
      low |= c < 64 ? bit : 0;
      high |= c < 64 ? 0 : bit;
    };
    const int power = me.power;
    for (const uint8_t c : row) offer(c, c != kNoCard && cost(c & (kCardIds - 1)) <= power);
    for (const uint8_t c : me.stash) offer(c, cost(c) <= power);
    offer(kScaredyBot, scaredy_left > 0 && cfg->health[kScaredyBot] <= power);
    if (upgrade_row != kNoCard) offer(upgrade_row, cfg->health[upgrade_row] <= power_for(upgrade_row) && !me.upgrades_pending.full());
    push_bits(out, low, kBuy);
    push_bits(out, high, kBuy + 64);
  }
  if (me.tokens[kTransfer] > 0 || me.tokens[kHarvest] > 0 || me.tokens[kIncinerate] > 0) {
    uint8_t discard[kPileCap];
    const int n_discard = me.discard.distinct_into(discard);
    if (me.tokens[kTransfer] > 0) {
      for (int i = 0; i < n_discard; ++i) {
        if (attachable(discard[i])) out.push_back(kTransfer_ + discard[i]);
      }
    }
    if (me.tokens[kHarvest] > 0) {
      for (int i = 0; i < n_discard; ++i) out.push_back(kHarvest_ + discard[i]);
    }
    if (me.tokens[kIncinerate] > 0) {
      for (int i = 0; i < n_hand; ++i) out.push_back(kIncinerateHand + hand[i]);
      for (int i = 0; i < n_discard; ++i) out.push_back(kIncinerateDiscard + discard[i]);
    }
  }
  if (me.tokens[kBounty] > 0) {
    if (!me.stash.full()) {
      const size_t first = out.size();
      for (const uint8_t c : row) {
        if (c != kNoCard) out.push_back(kBounty_ + c);
      }
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
    } else {
      for (int i = 0; i < kRowSlots; ++i) {
        if (row[i] == kNoCard) continue;
        for (int j = 0; j < me.stash.size(); ++j) out.push_back(kBountySwap + i * kStashSize + j);
      }
    }
  }
  if (me.tokens[kReplicate] > 0) {
    bool seen[kNumAbilities] = {};
    for (const uint8_t c : me.in_play) {
      if (is_minion(c)) seen[cfg->ability[c]] = true;
    }
    for (int a = kNoAbility + 1; a < kNumAbilities; ++a) {
      // Nor Repeat (designed): a Replicate and a Repeat would copy each other without end.
      if (seen[a] && a != kReplicate && a != kRepeat) out.push_back(kReplicateCopy + a);
    }
    bool any_row = false;
    for (const uint8_t c : row) any_row = any_row || c != kNoCard;
    if (any_row) out.push_back(kReplicateLeftmost);
  }
  if (me.tokens[kFreeze] > 0 && can_set_aside(me) && (!me.deck.empty() || !me.discard.empty())) out.push_back(kFreeze_);
  if (me.tokens[kFetch] > 0) out.push_back(kFetch_);
  out.push_back(kEndTurn);
  for (const uint8_t u : me.upgrades) {
    push_if(out, kActivate + crew_of(u), !(me.upgrades_used & (1u << crew_of(u))));
  }
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over || n_tasks > 0) return;
  if (reactions.open()) {  // the opponent guesses the face-down card's parity
    out.push_back(kGambleOdd);
    out.push_back(kGambleEven);
    return;
  }
  const PlayerState& me = players[turn_player_];
  if (pending == Pending::kFetchDiscard) {
    me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kDiscardForFetch + c); });
    return;
  }
  if (pending == Pending::kPullChoice) return pull_choice_legal(out);
  if (pending == Pending::kRewriteChoice || pending == Pending::kSellChoice || pending == Pending::kTrendsetChoice) return look_legal(out);
  if (remix_discards_left() > 0) return remix_legal(out);
  if (pending == Pending::kReturnUpgrade) {
    for (const uint8_t u : me.upgrades) out.push_back(kReturnUpgrade + crew_of(u));
    for (const uint8_t u : me.upgrades_pending) out.push_back(kReturnUpgrade + crew_of(u));
    std::sort(out.begin(), out.end());
    return;
  }
  main_legal(out);
  // The expansion crews' abilities, each only when a card of this game can
  // give it (a token needs one): the duel's seven crews call none of them.
  if (!expansion_in_game()) return;  // one test for the duel's crews, not eighteen
  const uint32_t in_game = cfg->abilities;
  auto has = [in_game](int a) { return (in_game >> a) & 1u; };
  if (has(kFroth) || has(kConsume)) expel_legal(out);
  if (has(kPupate)) pupate_legal(out);
  if (has(kSnooze)) snooze_legal(out);
  if (has(kPull)) pull_legal(out);
  if (has(kProphecize)) prophecize_legal(out);
  if (has(kGust)) gust_legal(out);
  if (has(kRemix)) remix_legal(out);
  if (has(kHaggle)) haggle_legal(out);
  if (has(kExpedite)) expedite_legal(out);
  if (has(kEngineer)) engineer_legal(out);
  if (has(kHack)) hack_legal(out);
  if (has(kExperiment)) experiment_legal(out);
  if (has(kRepeat)) repeat_legal(out);
  if (has(kGamble)) gamble_legal(out);
  if (has(kRewrite)) rewrite_legal(out);
  if (has(kSell)) sell_legal(out);
  if (has(kTrendset)) trendset_legal(out);
  if (cfg->chaos_spells) gizzard_legal(out);
}

// The same list and one pick from it, as below(size) picks from legal_actions'
// vector: the main decision (most of a playout's) listed on the stack; the
// rest (a reaction, a pending choice, the expansion crews) into scratch.
Action State::random_action(Rng& rng, std::vector<Action>& scratch) const {
  if (over || n_tasks > 0 || reactions.open() || pending != Pending::kNone || expansion_in_game()) {
    legal_actions(scratch);
    return scratch[rng.below(static_cast<uint32_t>(scratch.size()))];
  }
  // A legal list is strictly ascending, and the main decision's ids are below
  // kReturnUpgrade: that many bounds it.
  ActionList<kReturnUpgrade> list;
  main_legal(list);
  return list.pick(rng);
}

// ---------------------------------------------------------------------------
// Chance


// Whether a step waits on chance depends on public counts alone: a player's
// deck may hold only Tiny Bots, but their opponent cannot know it (the split
// between hand and deck is hidden), so such a draw is still a chance node
// (with one outcome). Only the last unknown card, or a draw that takes every
// unknown card (into a hand, where order does not matter), is certain. A
// draw from an empty deck waits on chance too, the discard pile still in
// view: the chance step shuffles it into the new deck and draws, so a step
// that shows cards (the cleanup's discards) never also hides them.
bool State::task_needs_chance(const Task& t) const {
  switch (t.kind) {
    case TaskKind::kDrawHand:
    case TaskKind::kDrawFreeze:
    case TaskKind::kDrawFetch:
    case TaskKind::kLookBottom:
    case TaskKind::kLookTop:
    case TaskKind::kDrawRemix:
    case TaskKind::kDrawGamble:
    case TaskKind::kLookRewrite:
    case TaskKind::kLookSell: {
      const PlayerState& p = players[t.player];
      if (t.count == 0) return false;
      // A look takes the cards in order (the top one first): every unknown
      // card but the last is chance, however many are looked at.
      if (look_task(t.kind)) return p.deck.n_top == 0 && (p.deck.empty() ? !p.discard.empty() : p.deck.n_unknown > 1);
      if (t.kind == TaskKind::kLookBottom) return p.deck.empty() ? !p.discard.empty() : p.deck.n_unknown > 1;
      if (t.kind == TaskKind::kLookTop) return p.deck.n_top == 0 && (p.deck.empty() ? !p.discard.empty() : p.deck.n_unknown > 1);
      if (p.deck.n_top > 0) return false;  // its top card is known: the draw is certain
      if (p.deck.empty()) return !p.discard.empty();
      return p.deck.n_unknown > 1 && t.count < p.deck.n_unknown;
    }
    // Everyone saw every card leave these decks, so their unknown parts are
    // public; their cards are all distinct anyway.
    case TaskKind::kRefillRow:
    case TaskKind::kGainMinion:
    case TaskKind::kLookTrendset: return minion_deck.n_top == 0 && minion_deck.uncertain();  // a known top card is drawn for certain
    // Nobody knows the Chaos Spell deck's order (its unknown part is not
    // public either: a spell book is private, but the true pile is dealt).
    case TaskKind::kDrawSpell: return chaos_deck.uncertain();
    case TaskKind::kRefillUpgrade: return upgrade_deck.uncertain();
    case TaskKind::kRevealSupervillain: return __builtin_popcount(supervillain_deck) > 1;
    case TaskKind::kFinishCleanup: return false;
    case TaskKind::kChaosTurn:  // certain only when the row is empty: nothing to take
      return t.count > 0 && !(row[0] == kNoCard && row[1] == kNoCard && row[2] == kNoCard && row[3] == kNoCard && row[4] == kNoCard);
  }
  return false;
}

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (n_tasks == 0) return;
  const Task& t = tasks[0];
  if (t.kind == TaskKind::kChaosTurn) return chaos_outcomes(out);
  if (t.kind == TaskKind::kRevealSupervillain) {
    const int k = __builtin_popcount(supervillain_deck);
    for (int c = 0; c < cfg->crews; ++c) {
      if (supervillain_deck & (1u << c)) out.emplace_back(kChanceSupervillain + c, 1.0 / k);
    }
    return;
  }
  auto emit = [&](const uint8_t* cards, int n_unknown) { draw_outcomes(cards, n_unknown, kChanceCard, out); };
  if (t.kind == TaskKind::kRefillRow || t.kind == TaskKind::kGainMinion || t.kind == TaskKind::kLookTrendset) return emit(minion_deck.c, minion_deck.n_unknown);
  if (t.kind == TaskKind::kDrawSpell) return emit(chaos_deck.c, chaos_deck.n_unknown);
  if (t.kind == TaskKind::kRefillUpgrade) return emit(upgrade_deck.c, upgrade_deck.n_unknown);
  const PlayerState& p = players[t.player];
  if (p.deck.empty()) {
    // The pile about to be shuffled in. Drawn whole, its order cannot matter:
    // one outcome, so what the drawer reads does not depend on it (a look's
    // order does).
    if (t.count < p.discard.n || look_task(t.kind)) return emit(p.discard.c, p.discard.n);
    out.emplace_back(kChanceCard + p.discard.c[0], 1.0);
    return;
  }
  emit(p.deck.c, p.deck.n_unknown);
}

Action State::sample_chance(Rng& rng) const {
  const Task& t = tasks[0];
  if (t.kind == TaskKind::kChaosTurn) return sample_chaos(rng);
  if (t.kind == TaskKind::kRevealSupervillain) {
    uint32_t pick = rng.below(static_cast<uint32_t>(__builtin_popcount(supervillain_deck)));
    for (int c = 0; c < cfg->crews; ++c) {
      if ((supervillain_deck & (1u << c)) && pick-- == 0) return kChanceSupervillain + c;
    }
  }
  // Each unknown card is equally likely to be on top: pick one uniformly.
  if (t.kind == TaskKind::kRefillRow || t.kind == TaskKind::kGainMinion || t.kind == TaskKind::kLookTrendset) return kChanceCard + minion_deck.c[rng.below(minion_deck.n_unknown)];
  if (t.kind == TaskKind::kDrawSpell) return kChanceCard + chaos_deck.c[rng.below(chaos_deck.n_unknown)];
  if (t.kind == TaskKind::kRefillUpgrade) return kChanceCard + upgrade_deck.c[rng.below(upgrade_deck.n_unknown)];
  const PlayerState& p = players[t.player];
  if (p.deck.empty()) return kChanceCard + p.discard.c[t.count >= p.discard.n && !look_task(t.kind) ? 0 : rng.below(p.discard.n)];
  return kChanceCard + p.deck.c[rng.below(p.deck.n_unknown)];
}

void State::push_task(TaskKind kind, int player, int slot, int count) {
  if (n_tasks >= kMaxTasks) return;  // unreachable: at most a handful are ever queued
  tasks[n_tasks++] = Task{kind, static_cast<uint8_t>(player), static_cast<uint8_t>(slot), static_cast<uint8_t>(count)};
}

// Every taker of the Minion deck's top (row refills, Chance's gain) draws a
// known top card first, for certain; then the unknown part as before.
uint8_t State::take_minion(int outcome) {
  if (minion_deck.n_top > 0) return minion_deck.take_top();
  if (outcome < 0 && minion_deck.n_unknown == 0) {  // the topmost known card: its mark goes with it
    std::memmove(minion_bottom_seen, minion_bottom_seen + 1, sizeof(minion_bottom_seen) - 1);
    minion_bottom_seen[MinionDeck::capacity() - 1] = 0;
  }
  return minion_deck.take_next(outcome);
}

// Does one step of `t` with the given card (or crew) if it was a chance
// outcome, or the certain card otherwise (outcome < 0).
void State::run_task_step(Task& t, int outcome) {
  switch (t.kind) {
    case TaskKind::kDrawHand:
    case TaskKind::kDrawFreeze:
    case TaskKind::kDrawFetch:
    case TaskKind::kDrawRemix:
    case TaskKind::kDrawGamble: {
      PlayerState& p = players[t.player];
      if (p.deck.empty()) reshuffle(t.player);
      bool from_known = false;
      uint8_t card;
      if (p.deck.n_top > 0) {
        // The known top segment is drawn first; everyone knows the card only
        // if everyone saw it put there.
        from_known = top_card_public(p.deck, 0, cfg->players);
        card = p.deck.take_top();
      } else {
        // A card from a known place: everyone knows what was drawn.
        if (outcome < 0 && p.deck.n_unknown == 0) from_known = !p.deck.bottom_is_private(0);
        card = p.deck.take_next(outcome);
      }
      return drawn(t, card, from_known);
    }
    case TaskKind::kRefillRow:
    case TaskKind::kRefillUpgrade: {
      uint8_t card;
      if (t.kind == TaskKind::kRefillRow) {
        card = take_minion(outcome);
        row[t.slot] = card;
        if (haggle_slots) haggle_refilled(t.slot, card);
        if (Events* ev = events()) story::row_refilled(*ev, *this, t.slot, card);
      } else {
        card = upgrade_deck.take_next(outcome);
        upgrade_row = card;
        if (Events* ev = events()) story::upgrade_refilled(*ev, *this, card);
      }
      t.count = 0;
      return;
    }
    case TaskKind::kRevealSupervillain: {
      int crew = outcome;
      if (crew < 0) crew = __builtin_ctz(supervillain_deck);
      supervillain_deck = static_cast<uint16_t>(supervillain_deck & ~(1u << crew));
      supervillain_slot[t.slot] = static_cast<int8_t>(crew);
      t.count = 0;
      if (Events* ev = events()) story::supervillain_revealed(*ev, *this, t.slot, crew);
      return;
    }
    case TaskKind::kFinishCleanup:
      t.count = 0;
      finish_cleanup(t.player);
      return;
    case TaskKind::kChaosTurn:
      t.count = 0;
      chaos_takes(outcome < 0 ? 0 : outcome);
      return;
    case TaskKind::kLookBottom:
      t.count = 0;
      look_at_bottom(t.player, outcome);
      return;
    case TaskKind::kLookTop:
      t.count = 0;
      look_at_top(t.player, t.slot, outcome);
      return;
    case TaskKind::kLookRewrite:
    case TaskKind::kLookSell:
      --t.count;
      look_at_next(t.player, t.kind, outcome);
      return;
    case TaskKind::kDrawSpell:
      t.count = 0;
      take_spell(t.player, outcome);
      return;
    case TaskKind::kGainMinion:
      t.count = 0;
      gain_top_minion(t.player, outcome);
      return;
    case TaskKind::kLookTrendset:
      --t.count;
      look_at_minion(t.player, outcome);
      return;
  }
}

// A draw task's card, taken from the deck, goes where the task sends it.
void State::drawn(Task& t, uint8_t card, bool from_known) {
  PlayerState& p = players[t.player];
  if (t.kind == TaskKind::kDrawFreeze) {
    set_aside(p, card, from_known);
  } else {
    p.hand.add(card);
    if (from_known) p.hand_public.add(card);
  }
  --t.count;
  if (Events* ev = events()) story::drawn(*ev, *this, t.kind, t.player, card, from_known);
}

// apply(sample_chance(rng)) in one step (core/random_action.h). A card drawn
// from the unknown part of a deck, most of a playout's chance steps, is
// taken at the place the generator picked (sample_chance's draw), not looked
// for again by its id as apply's take_next must; any copy of it leaves the
// same sorted pile. Every other step goes the long way.
void State::apply_random_chance(Rng& rng) {
  Task& t = tasks[0];
  const bool draw = t.kind == TaskKind::kDrawHand || t.kind == TaskKind::kDrawFreeze || t.kind == TaskKind::kDrawFetch || t.kind == TaskKind::kDrawRemix ||
                    t.kind == TaskKind::kDrawGamble;
  PlayerState& p = players[t.player];
  if (!draw || p.deck.n_top > 0 || p.deck.n_unknown == 0) return apply(sample_chance(rng));
  drawn(t, p.deck.take_unknown_at(static_cast<int>(rng.below(p.deck.n_unknown))), false);
  settle();
}

// Runs queued work until it is done or needs a chance outcome.
void State::settle() {
  while (n_tasks > 0 && !over) {
    Task& t = tasks[0];
    bool done = false;
    switch (t.kind) {
      case TaskKind::kDrawHand:
      case TaskKind::kDrawFreeze:
      case TaskKind::kDrawFetch:
      case TaskKind::kDrawRemix:
      case TaskKind::kDrawGamble: {
        PlayerState& p = players[t.player];
        if (t.count > 0 && ((p.deck.empty() && p.discard.empty()) || (t.kind == TaskKind::kDrawFreeze && !can_set_aside(p)) || p.hand.full())) t.count = 0;
        done = t.count == 0;
        if (done && t.kind == TaskKind::kDrawFetch && !p.hand.empty()) pending = Pending::kFetchDiscard;
        break;
      }
      case TaskKind::kRefillRow:
        done = t.count == 0 || minion_deck.empty() || row[t.slot] != kNoCard;
        if (t.count > 0 && minion_deck.empty() && row[t.slot] == kNoCard && cfg->minion_deck_ends) return end_by_crews(false);
        break;
      case TaskKind::kRefillUpgrade:
        done = t.count == 0 || upgrade_deck.empty() || upgrade_row != kNoCard;
        break;
      case TaskKind::kRevealSupervillain:
        done = t.count == 0 || supervillain_deck == 0 || supervillain_slot[t.slot] != -1;
        break;
      case TaskKind::kFinishCleanup:
      case TaskKind::kChaosTurn:
        done = t.count == 0;
        break;
      case TaskKind::kLookBottom:
        done = t.count == 0;
        if (done && !players[t.player].deck.empty()) pending = Pending::kPullChoice;
        break;
      case TaskKind::kLookTop:
        done = t.count == 0 || (players[t.player].deck.empty() && players[t.player].discard.empty());
        break;
      case TaskKind::kLookRewrite:
      case TaskKind::kLookSell:
        // Fewer cards than that in the deck and the discard pile: all of them.
        done = t.count == 0 || (players[t.player].deck.empty() && players[t.player].discard.empty());
        if (done && n_looked > 0) pending = t.kind == TaskKind::kLookRewrite ? Pending::kRewriteChoice : Pending::kSellChoice;
        break;
      case TaskKind::kDrawSpell:
        done = t.count == 0 || chaos_deck.empty() || !can_set_aside_spell(players[t.player]);
        break;
      case TaskKind::kGainMinion:
        done = t.count == 0 || minion_deck.empty();
        break;
      case TaskKind::kLookTrendset:
        done = t.count == 0 || minion_deck.empty();
        if (done && n_looked > 0) pending = Pending::kTrendsetChoice;
        break;
    }
    if (done) {
      // The last of the setup's draws (only the setup draws a hand for the
      // last seat on turn 1): the first turn begins.
      const bool setup_done = n_tasks == 1 && t.kind == TaskKind::kDrawHand && turn == 1 && t.player == cfg->players - 1;
      for (int i = 1; i < n_tasks; ++i) tasks[i - 1] = tasks[i];
      tasks[--n_tasks] = Task{};
      if (setup_done) {
        if (Events* ev = events()) story::turn_started(*ev, *this);
      }
      continue;
    }
    if (task_needs_chance(t)) return;
    run_task_step(t, -1);
  }
  if (cfg->solo_score && !over && no_minion_to_buy()) end_solo(false);
  // The Climb: once the queued work is done (a bought card's slot refilled),
  // so the position is whole where the game ends.
  if (climb_goal_met()) end_climb(false);
}

// Out of cards: the discard pile becomes the new deck, in no known order.
void State::reshuffle(int player) {
  PlayerState& p = players[player];
  if (Events* ev = events()) story::reshuffled(*ev, *this, player);
  p.deck.add_unknown_sorted(p.discard.c, p.discard.n);  // the discard pile is sorted
  p.discard.clear();
}

void State::apply_chance(Action action) {
  Task& t = tasks[0];
  const int outcome = action >= kChanceChaos ? action - kChanceChaos : action >= kChanceSupervillain ? action - kChanceSupervillain : action - kChanceCard;
  run_task_step(t, outcome);
  settle();
}

// ---------------------------------------------------------------------------
// Effects

void State::remove_from_hand(PlayerState& p, int card) {
  p.hand.remove(static_cast<uint8_t>(card));
  // If a card of a publicly known kind leaves, nobody can be sure which one
  // did, so the known part shrinks (never grows) with it.
  if (p.hand_public.count(static_cast<uint8_t>(card)) > 0) p.hand_public.remove(static_cast<uint8_t>(card));
}

void State::attach_minion(int player, int card, int from) {
  const int crew = crew_of(card);
  attached[crew][side(player)].add(static_cast<uint8_t>(card));
  const int rep = reputation(crew, side(player));
  const bool wins = rep >= cfg->win_reputation;
  if (Events* ev = events()) story::attached(*ev, *this, player, card, from, rep, wins);
  if (wins) {
    win_supervillain(player, crew);
  } else if (rep >= cfg->danger_reputation && !(danger_zone & (1u << crew))) {
    // The Danger Zone: the Supervillain moves aside and a new one is revealed.
    if (Events* ev = events()) story::danger_zone(*ev, *this, player, crew, rep);
    for (int slot = 0; slot < kSupervillainSlots; ++slot) {
      if (supervillain_slot[slot] == crew) {
        supervillain_slot[slot] = -1;
        danger_zone = static_cast<uint16_t>(danger_zone | (1u << crew));
        push_task(TaskKind::kRevealSupervillain, player, slot, 1);
      }
    }
  }
}

void State::win_supervillain(int player, int crew) {
  if (Events* ev = events()) story::won(*ev, *this, player, crew);
  for (int p = 0; p < cfg->players; ++p) {
    for (const uint8_t c : attached[crew][p]) expelled.add(c);
    attached[crew][p].clear();
  }
  won_by[crew] = static_cast<int8_t>(player);
  ++players[player].won;
  if (danger_zone & (1u << crew)) {
    danger_zone = static_cast<uint16_t>(danger_zone & ~(1u << crew));  // not replaced
  } else {
    for (int slot = 0; slot < kSupervillainSlots; ++slot) {
      if (supervillain_slot[slot] == crew) {
        supervillain_slot[slot] = -1;
        push_task(TaskKind::kRevealSupervillain, player, slot, 1);
      }
    }
  }
  if (cfg->climb_goal != ClimbGoal::kNone && side_won(side(player)) >= cfg->supervillains_to_win) return end_climb(false);
  if (side_won(side(player)) >= cfg->supervillains_to_win) {
    over = true;
    winner = static_cast<int8_t>(player);
    n_tasks = 0;
    for (auto& t : tasks) t = Task{};
    pending = Pending::kNone;
    if (Events* ev = events()) story::game_won(*ev, *this, player);
  }
}

void State::start_cleanup(int player) {
  if (Events* ev = events()) story::cleanup(*ev, *this, player);
  PlayerState& p = players[player];
  p.discard.add_all(p.in_play);
  p.in_play.clear();
  p.discard.add_all(p.bought);
  p.bought.clear();
  // Unplayed cards go to the discard pile, except the Explodey Bot, which
  // stays in hand; keeping it there shows everyone it is there.
  Multiset<kSmallPile> keep;
  for (const uint8_t c : p.hand) {
    if (c == kExplodeyBot) keep.add(c);
    else p.discard.add(c);
  }
  p.hand = keep;
  p.hand_public = keep;
  for (const uint8_t u : p.upgrades_pending) p.upgrades.add(u);
  p.upgrades_pending.clear();
  p.upgrades_used = 0;
  p.power = 0;
  for (auto& t : p.tokens) t = 0;
  haggled[0] = haggled[1] = 0;  // "this turn"
  hack_power = 0;
  repeatable = kNoAbility;
  for (auto& t : minion_tokens) t = 0;

  push_task(TaskKind::kDrawHand, player, 0, cfg->hand_size);
  if (cfg->chaos_dice > 0) push_task(TaskKind::kChaosTurn, player, 0, 1);  // the Gambler: between your turns
  push_task(TaskKind::kFinishCleanup, player, 0, 1);
}

void State::finish_cleanup(int player) {
  // The Gambler: a turn that ends with the row and the Minion deck empty is
  // the last (what is left in the Stash is not bought).
  if (cfg->solo_score && minion_deck.empty() && no_minion_in_row()) return end_solo(false);
  if (Events* ev = events()) story::thawed(*ev, *this, player);
  PlayerState& p = players[player];
  join_hand_from_set_aside(p);
  turn_player_ = static_cast<uint8_t>((player + 1) % cfg->players);
  ++turn;
  if (turn > cfg->max_turns) {
    end_by_turn_limit();
  } else if (Events* ev = events()) {
    story::turn_started(*ev, *this);
  }
}

// Designed: the rulebook has no end but the fourth Supervillain. A game that
// stalls ends at the turn limit: most Supervillains won, then most reputation
// attached, wins; otherwise a draw.
void State::end_by_turn_limit() {
  if (cfg->score_crews) return end_by_crews(true);
  if (cfg->solo_score) return end_solo(true);
  if (cfg->climb_goal != ClimbGoal::kNone) return end_climb(true);
  over = true;
  n_tasks = 0;
  for (auto& t : tasks) t = Task{};
  winner = static_cast<int8_t>(turn_limit_result());
  if (Events* ev = events()) story::turn_limit(*ev, *this);
}

int State::turn_limit_result() const {
  if (cfg->score_crews) return crew_result();
  if (cfg->solo_score || cfg->climb_goal != ClimbGoal::kNone) return -1;  // solo: a score, no winner
  int best = -1;
  bool tie = false;
  // By side: in the Classic the two teams (seats 0 and 1 stand for them).
  auto score = [&](int p) {
    int rep = 0;
    for (int c = 0; c < cfg->crews; ++c) rep += reputation(c, p);
    return side_won(p) * 1000 + rep;
  };
  const int sides = cfg->teams ? 2 : cfg->players;
  for (int p = 0; p < sides; ++p) {
    if (best < 0 || score(p) > score(best)) {
      best = p;
      tie = false;
    } else if (score(p) == score(best)) {
      tie = true;
    }
  }
  return tie ? -2 : best;
}

void State::apply(Action action) {
  if (action >= kChanceCard) return apply_chance(action);
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  // Told before the change, while the cards are where they were.
  if (Events* ev = events()) {
    // Gamble tells its own steps (a card only its owner sees, then the guess
    // and the reveal), and so do the looks and the Chaos Spells (cards only
    // their owner sees).
    if (action >= kGamble_ && action < kChanceCard) {
    } else if (action >= kTransfer_) {
      story::ability_step(*ev, *this, action);
    } else if (action >= kBuy) {
      story::bought(*ev, *this, action - kBuy);
    } else if (action < kAttach) {
      story::played(*ev, *this, action - kPlay);
    }
  }
  // Repeat needs to know which tokens each action spent and gained.
  const bool track_tokens = ((cfg->abilities >> kRepeat) & 1u) && action != kEndTurn;
  uint8_t tokens_before[kNumAbilities];
  if (track_tokens) std::copy(me.tokens, me.tokens + kNumAbilities, tokens_before);
  // The three kinds of every turn first (the lowest ids): most actions are
  // plays and buys, and each test below costs them a branch.
  if (action < kAttach) {
    const uint8_t card = static_cast<uint8_t>(action - kPlay);
    remove_from_hand(me, card);
    me.power = static_cast<int16_t>(me.power + modified_power(me_idx, card));
    const int a = cfg->ability[card];
    if (a != kNoAbility) ++me.tokens[a];
    if (card == kExplodeyBot) expelled.add(card);  // it explodes: gone for good
    else me.in_play.add(card);
  } else if (action < kBuy) {
    remove_from_hand(me, action - kAttach);
    attach_minion(me_idx, action - kAttach, seat_zone(me_idx, kHandZone));
  } else if (action < kTransfer_) {
    const uint8_t card = static_cast<uint8_t>(action - kBuy);
    pay(card);
    if (card == kScaredyBot) {
      --scaredy_left;
      me.bought.add(card);
    } else if (is_upgrade(card)) {
      upgrade_row = kNoCard;
      me.upgrades_pending.add(card);
      push_task(TaskKind::kRefillUpgrade, me_idx, 0, 1);
      if (me.upgrades.size() + me.upgrades_pending.size() > cfg->upgrade_slots) pending = Pending::kReturnUpgrade;
    } else if (me.stash.remove(card)) {
      me.bought.add(card);
    } else {
      const int slot = row_slot_of(card);
      row[slot] = kNoCard;
      me.bought.add(card);
      push_task(TaskKind::kRefillRow, me_idx, slot, 1);
    }
  } else if (action == kEndTurn) {
    start_cleanup(me_idx);
  } else if (action >= kDiscombobulate_) {
    apply_gizzard(action);  // tells its own events (a spell only its owner sees)
  } else if (action >= kLook_) {
    apply_look(action);
  } else if (action >= kGamble_) {
    apply_gamble(action);
  } else if (action >= kRepeat_) {
    apply_repeat(action);
  } else if (action == kExperiment_) {
    apply_experiment();
  } else if (action >= kHackPower) {
    apply_hack(action);
  } else if (action >= kEngineer_) {
    apply_engineer(action);
  } else if (action >= kExpedite_) {
    apply_expedite(action);
  } else if (action >= kHaggle_) {
    apply_haggle(action);
  } else if (action >= kRemix_) {
    apply_remix(action);
  } else if (action >= kGust_) {
    apply_gust(action);
  } else if (action >= kProphecize_) {
    apply_prophecize(action);
  } else if (action >= kCrewsD_) {
    apply_pull(action);
  } else if (action >= kSnooze_) {
    apply_snooze(action);
  } else if (action >= kPupate_) {
    apply_pupate(action);
  } else if (action >= kFroth_) {
    apply_expel(action);
  } else if (action >= kReturnUpgrade) {
    const uint8_t u = static_cast<uint8_t>(kUpgradeBase + action - kReturnUpgrade);
    if (!me.upgrades.remove(u)) me.upgrades_pending.remove(u);
    upgrade_deck.put_bottom(u);
    pending = Pending::kNone;
    // The purchase found the Upgrade deck empty: the returned card is now its
    // top, and a bought card is always replaced when a card can replace it.
    if (upgrade_row == kNoCard) push_task(TaskKind::kRefillUpgrade, me_idx, 0, 1);
  } else if (action >= kActivate) {
    const int crew = action - kActivate;
    me.upgrades_used = static_cast<uint16_t>(me.upgrades_used | (1u << crew));
    const int a = cfg->ability[static_cast<size_t>(kUpgradeBase + crew)];
    if (a == kPowerBoost) me.power = static_cast<int16_t>(me.power + 1);
    else ++me.tokens[a];
  } else if (action == kFetch_) {
    --me.tokens[kFetch];
    push_task(TaskKind::kDrawFetch, me_idx, 0, 1);
  } else if (action == kFreeze_) {
    --me.tokens[kFreeze];
    push_task(TaskKind::kDrawFreeze, me_idx, 0, 1);
  } else if (action == kReplicateLeftmost) {
    --me.tokens[kReplicate];
    for (int i = 0; i < kRowSlots; ++i) {
      if (row[i] == kNoCard) continue;
      minion_deck.put_bottom(row[i]);
      row[i] = kNoCard;
      push_task(TaskKind::kRefillRow, me_idx, i, 1);
      break;
    }
  } else if (action >= kReplicateCopy) {
    --me.tokens[kReplicate];
    ++me.tokens[action - kReplicateCopy];
  } else if (action >= kBountySwap) {
    --me.tokens[kBounty];
    const int slot = (action - kBountySwap) / kStashSize;
    const int j = (action - kBountySwap) % kStashSize;
    const uint8_t stashed = me.stash.c[j];
    const uint8_t taken = row[slot];
    me.stash.remove(stashed);
    me.stash.add(taken);
    row[slot] = stashed;
  } else if (action >= kBounty_) {
    --me.tokens[kBounty];
    const int slot = row_slot_of(action - kBounty_);
    me.stash.add(row[slot]);
    row[slot] = kNoCard;
    push_task(TaskKind::kRefillRow, me_idx, slot, 1);
  } else if (action >= kDiscardForFetch) {
    remove_from_hand(me, action - kDiscardForFetch);
    me.discard.add(static_cast<uint8_t>(action - kDiscardForFetch));
    pending = Pending::kNone;
  } else if (action >= kIncinerateDiscard) {
    --me.tokens[kIncinerate];
    me.discard.remove(static_cast<uint8_t>(action - kIncinerateDiscard));
    expelled.add(static_cast<uint8_t>(action - kIncinerateDiscard));
  } else if (action >= kIncinerateHand) {
    --me.tokens[kIncinerate];
    remove_from_hand(me, action - kIncinerateHand);
    expelled.add(static_cast<uint8_t>(action - kIncinerateHand));
  } else if (action >= kHarvest_) {
    --me.tokens[kHarvest];
    me.discard.remove(static_cast<uint8_t>(action - kHarvest_));
    me.deck.put_bottom(static_cast<uint8_t>(action - kHarvest_));
  } else {  // kTransfer_
    // The Scaredy Bot is expelled; its power stays in the pool.
    --me.tokens[kTransfer];
    me.in_play.remove(kScaredyBot);
    expelled.add(kScaredyBot);
    me.discard.remove(static_cast<uint8_t>(action - kTransfer_));
    attach_minion(me_idx, action - kTransfer_, seat_zone(me_idx, kDiscardZone));
  }
  if (track_tokens) note_tokens(action, tokens_before);
  if (pupated[0] | pupated[1]) drop_lost_pupate_marks();
  settle();
}

double State::returns(int player) const {
  if (over && cfg->score_crews) return crew_return(player);
  // The Gambler: the share of all the game's reputation in your cards, 0 to 1.
  if (over && cfg->solo_score) return static_cast<double>(solo_score()) / (cfg->crews * 45);
  if (over && cfg->climb_goal != ClimbGoal::kNone) return climb_return();
  if (!over || winner < 0) return 0.0;
  if (cfg->teams) return side(player) == side(winner) ? 1.0 : -1.0;  // team results, zero-sum
  if (winner == player) return 1.0;
  return -1.0 / (cfg->players - 1);
}

}  // namespace henchmen::sss
