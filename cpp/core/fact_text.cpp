#include "core/fact_text.h"

#include "core/error.h"

namespace henchmen {

namespace {
char letter(CardFact::Kind k) {
  switch (k) {
    case CardFact::Kind::kPlace: return 'p';
    case CardFact::Kind::kMove: return 'm';
    case CardFact::Kind::kShuffle: return 's';
    case CardFact::Kind::kSee: return 'v';
    case CardFact::Kind::kNoneOf: return 'n';
    case CardFact::Kind::kRemove: return 'r';
    case CardFact::Kind::kMoveAll: return 'a';
  }
  return 'm';
}

void number(std::string& out, int v, bool first = false) {
  if (!first) out += ',';
  out += std::to_string(v);
}

int pos_number(Pos p) { return static_cast<int>(p); }
}  // namespace

void append_fact_text(std::string& out, const CardFact& f) {
  if (!out.empty()) out += ' ';
  out += letter(f.kind);
  number(out, f.zone, true);
  switch (f.kind) {
    case CardFact::Kind::kPlace:
    case CardFact::Kind::kSee:
    case CardFact::Kind::kRemove:
      number(out, pos_number(f.pos));
      number(out, f.card);
      return;
    case CardFact::Kind::kMove:
      number(out, f.to);
      number(out, pos_number(f.pos));
      number(out, pos_number(f.to_pos));
      number(out, f.card);
      return;
    case CardFact::Kind::kShuffle:
      return;
    case CardFact::Kind::kNoneOf:
      for (int id = 0; id < 256; ++id) {
        if (f.has(id)) number(out, id);
      }
      return;
    case CardFact::Kind::kMoveAll:
      number(out, f.to);
      number(out, pos_number(f.to_pos));
      return;
  }
}

std::string facts_to_text(const std::vector<CardFact>& facts) {
  std::string out;
  for (const CardFact& f : facts) append_fact_text(out, f);
  return out;
}

std::vector<CardFact> facts_from_text(const std::string& text, int zones, const std::string& what) {
  std::vector<CardFact> out;
  size_t i = 0;
  const size_t n = text.size();
  auto fail = [&](const std::string& why) -> SerializationError {
    return SerializationError(what + ": fact " + std::to_string(out.size() + 1) + " " + why +
                              " (a fact is a letter p, m, s, v, n, r or a and its numbers, facts apart by single spaces)");
  };
  while (i < n) {
    if (!out.empty()) {
      if (text[i] != ' ') throw fail("does not follow a space");
      if (++i >= n) throw fail("is missing after a space");
    }
    const char k = text[i++];
    std::vector<int> nums;
    // Numbers: an optional '-' and at most 3 digits each, apart by commas.
    while (true) {
      bool neg = false;
      if (i < n && text[i] == '-') neg = true, ++i;
      int v = 0;
      int digits = 0;
      while (i < n && text[i] >= '0' && text[i] <= '9' && digits < 4) v = v * 10 + (text[i++] - '0'), ++digits;
      if (digits == 0 || digits > 3) throw fail("has a malformed number");
      nums.push_back(neg ? -v : v);
      if (nums.size() > 257) throw fail("has too many numbers");
      if (i < n && text[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    auto zone = [&](size_t at) {
      if (nums[at] < 0 || nums[at] >= zones) throw fail("names zone " + std::to_string(nums[at]) + "; zones are 0 to " + std::to_string(zones - 1));
      return nums[at];
    };
    auto pos = [&](size_t at) {
      if (nums[at] < 0 || nums[at] > 2) throw fail("has place " + std::to_string(nums[at]) + "; places are 0 (anywhere), 1 (top) and 2 (bottom)");
      return static_cast<Pos>(nums[at]);
    };
    auto card = [&](size_t at, bool unseen_ok) {
      if (nums[at] < (unseen_ok ? -1 : 0) || nums[at] > 255) throw fail("names card " + std::to_string(nums[at]) + "; cards are " + (unseen_ok ? "-1 (unseen) or " : "") + "0 to 255");
      return nums[at];
    };
    auto arity = [&](size_t want) {
      if (nums.size() != want) throw fail(std::string("'") + k + "' needs " + std::to_string(want) + " numbers, got " + std::to_string(nums.size()));
    };
    switch (k) {
      case 'p': arity(3); out.push_back(CardFact::place(zone(0), card(2, true), pos(1))); break;
      case 'm': arity(5); out.push_back(CardFact::move(zone(0), zone(1), card(4, true), pos(2), pos(3))); break;
      case 's': arity(1); out.push_back(CardFact::shuffle(zone(0))); break;
      case 'v': arity(3); out.push_back(CardFact::see(zone(0), card(2, true), pos(1))); break;
      case 'r': arity(3); out.push_back(CardFact::remove(zone(0), card(2, true), pos(1))); break;
      case 'a': arity(3); out.push_back(CardFact::move_all(zone(0), zone(1), pos(2))); break;
      case 'n': {
        std::vector<int> ids;
        for (size_t j = 1; j < nums.size(); ++j) ids.push_back(card(j, false));
        out.push_back(CardFact::none_of(zone(0), ids));
        break;
      }
      default: throw fail(std::string("starts with '") + k + "'");
    }
  }
  return out;
}

}  // namespace henchmen
