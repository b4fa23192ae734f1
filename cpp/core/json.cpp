#include "core/json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/error.h"

namespace henchmen {
namespace {

constexpr int kMaxDepth = 64;
constexpr size_t kMaxText = 64u << 20;
// Parsed values cost far more memory than their text ("1," becomes a whole
// value): bounding their number keeps a hostile document to a few hundred MB.
constexpr size_t kMaxValues = 2u << 20;

class Parser {
 public:
  explicit Parser(const std::string& t) : text_(t) {}

  Json parse_document() {
    if (text_.size() > kMaxText) fail("document larger than 64 MiB");
    skip_ws();
    Json v = parse_value(0);
    skip_ws();
    if (pos_ != text_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw SerializationError("invalid JSON at offset " + std::to_string(pos_) + ": " + why);
  }
  void skip_ws() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' || text_[pos_] == '\r')) ++pos_;
  }
  bool consume(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect_word(const char* w) {
    for (const char* p = w; *p; ++p) {
      if (!consume(*p)) fail(std::string("expected '") + w + "'");
    }
  }

  Json parse_value(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than 64");
    if (++values_ > kMaxValues) fail("more than 2097152 values in one document");
    if (pos_ >= text_.size()) fail("unexpected end of text");
    const char c = text_[pos_];
    if (c == '{') return parse_object(depth);
    if (c == '[') return parse_array(depth);
    if (c == '"') return Json(parse_string());
    if (c == 't') { expect_word("true"); return Json(true); }
    if (c == 'f') { expect_word("false"); return Json(false); }
    if (c == 'n') { expect_word("null"); return Json(); }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number();
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      fail(std::string("unexpected byte ") + buf);
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  Json parse_object(int depth) {
    ++pos_;
    Json::Object obj;
    skip_ws();
    if (consume('}')) return Json(std::move(obj));
    while (true) {
      skip_ws();
      if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string key");
      std::string key = parse_string();
      skip_ws();
      if (!consume(':')) fail("expected ':'");
      skip_ws();
      if (obj.count(key)) fail("duplicate key \"" + key + "\"");
      obj.emplace(std::move(key), parse_value(depth + 1));
      skip_ws();
      if (consume('}')) break;
      if (!consume(',')) fail("expected ',' or '}'");
    }
    return Json(std::move(obj));
  }

  Json parse_array(int depth) {
    ++pos_;
    Json::Array arr;
    skip_ws();
    if (consume(']')) return Json(std::move(arr));
    while (true) {
      skip_ws();
      arr.push_back(parse_value(depth + 1));
      skip_ws();
      if (consume(']')) break;
      if (!consume(',')) fail("expected ',' or ']'");
    }
    return Json(std::move(arr));
  }

  static void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  uint32_t parse_hex4() {
    if (pos_ + 4 > text_.size()) fail("truncated \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      v <<= 4;
      if (h >= '0' && h <= '9') v |= static_cast<uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f') v |= static_cast<uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') v |= static_cast<uint32_t>(h - 'A' + 10);
      else fail("bad hex digit in \\u escape");
    }
    return v;
  }

  std::string parse_string() {
    ++pos_;
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '"') break;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = parse_hex4();
          if (cp >= 0xD800 && cp < 0xDC00) {
            if (!consume('\\') || !consume('u')) fail("unpaired surrogate");
            const uint32_t lo = parse_hex4();
            if (lo < 0xDC00 || lo >= 0xE000) fail("unpaired surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp < 0xE000) {
            fail("unpaired surrogate");
          }
          append_utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
    return out;
  }

  Json parse_number() {
    const size_t start = pos_;
    bool is_double = false;
    consume('-');
    if (pos_ >= text_.size() || !(text_[pos_] >= '0' && text_[pos_] <= '9')) fail("bad number");
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    if (consume('.')) {
      is_double = true;
      if (pos_ >= text_.size() || !(text_[pos_] >= '0' && text_[pos_] <= '9')) fail("bad fraction");
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      is_double = true;
      ++pos_;
      if (!consume('+')) consume('-');
      if (pos_ >= text_.size() || !(text_[pos_] >= '0' && text_[pos_] <= '9')) fail("bad exponent");
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    }
    const std::string num = text_.substr(start, pos_ - start);
    if (!is_double) {
      // The whole int64 range: 19 digits and a sign at most, overflow checked.
      if (num.size() > 20) fail("integer out of range");
      errno = 0;
      const long long v = std::strtoll(num.c_str(), nullptr, 10);
      if (errno == ERANGE) fail("integer out of range");
      return Json(static_cast<int64_t>(v));
    }
    const double d = std::strtod(num.c_str(), nullptr);
    if (!std::isfinite(d)) fail("number out of range");
    return Json(d);
  }

  const std::string& text_;
  size_t pos_ = 0;
  size_t values_ = 0;
};

[[noreturn]] void type_error(const std::string& what, const char* expected, const Json& got) {
  throw SerializationError(what + " must be " + expected + ", got " + got.kind_name());
}

}  // namespace

Json Json::parse(const std::string& text) { return Parser(text).parse_document(); }

const char* Json::kind_name() const {
  switch (kind_) {
    case Kind::Null: return "null";
    case Kind::Bool: return "a boolean";
    case Kind::Int: return "an integer";
    case Kind::Double: return "a number";
    case Kind::String: return "a string";
    case Kind::Array: return "a list";
    case Kind::Object: return "an object";
  }
  return "?";
}

bool Json::as_bool(const std::string& what) const {
  if (kind_ != Kind::Bool) type_error(what, "a boolean", *this);
  return int_ != 0;
}
int64_t Json::as_int(const std::string& what) const {
  if (kind_ != Kind::Int) type_error(what, "an integer", *this);
  return int_;
}
int64_t Json::as_int(const std::string& what, int64_t lo, int64_t hi) const {
  const int64_t v = as_int(what);
  if (v < lo || v > hi) {
    throw SerializationError(what + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + std::to_string(v));
  }
  return v;
}
double Json::as_number(const std::string& what) const {
  if (kind_ == Kind::Int) return static_cast<double>(int_);
  if (kind_ != Kind::Double) type_error(what, "a number", *this);
  return double_;
}
const std::string& Json::as_string(const std::string& what) const {
  if (kind_ != Kind::String) type_error(what, "a string", *this);
  return str_;
}
const Json::Array& Json::as_array(const std::string& what) const {
  if (kind_ != Kind::Array) type_error(what, "a list", *this);
  return *arr_;
}
const Json::Object& Json::as_object(const std::string& what) const {
  if (kind_ != Kind::Object) type_error(what, "an object", *this);
  return *obj_;
}
bool Json::has(const std::string& key) const { return find(key) != nullptr; }
const Json* Json::find(const std::string& key) const {
  if (kind_ != Kind::Object) return nullptr;
  auto it = obj_->find(key);
  return it == obj_->end() ? nullptr : &it->second;
}
const Json& Json::at(const std::string& key, const std::string& what) const {
  const Json* v = find(key);
  if (!v) throw SerializationError(what + " is missing the field \"" + key + "\"");
  return *v;
}
// Copies share their array or object until one of them is written to: the
// writer takes a private copy first, so a Json behaves as a value (a copy of
// a game's default options can be extended without changing the defaults).
Json& Json::operator[](const std::string& key) {
  if (kind_ == Kind::Null) {
    kind_ = Kind::Object;
    obj_ = std::make_shared<Object>();
  } else if (kind_ != Kind::Object) {
    throw SerializationError(std::string("cannot set the field \"") + key + "\" of a JSON " + kind_name());
  } else if (obj_.use_count() > 1) {
    obj_ = std::make_shared<Object>(*obj_);
  }
  return (*obj_)[key];
}
void Json::push_back(Json v) {
  if (kind_ == Kind::Null) {
    kind_ = Kind::Array;
    arr_ = std::make_shared<Array>();
  } else if (kind_ != Kind::Array) {
    throw SerializationError(std::string("cannot append to a JSON ") + kind_name());
  } else if (arr_.use_count() > 1) {
    arr_ = std::make_shared<Array>(*arr_);
  }
  arr_->push_back(std::move(v));
}

void json_escape(const std::string& s, std::string& out) {
  // Runs of characters that need no escape are appended whole: a saved
  // state's knowledge is tens of kilobytes of plain text.
  out += '"';
  size_t run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s, run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        out += buf;
      }
    }
  }
  out.append(s, run, s.size() - run);
  out += '"';
}

std::string Json::dump() const {
  std::string out;
  dump_to(out);
  return out;
}

void Json::dump_to(std::string& out) const {
  switch (kind_) {
    case Kind::Null: out += "null"; break;
    case Kind::Bool: out += int_ ? "true" : "false"; break;
    case Kind::Int: out += std::to_string(int_); break;
    case Kind::Double: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", double_);
      out += buf;
      if (out.find_first_of(".eE", out.size() - std::char_traits<char>::length(buf)) == std::string::npos) out += ".0";
      break;
    }
    case Kind::String: json_escape(str_, out); break;
    case Kind::Array: {
      out += '[';
      bool first = true;
      for (const auto& v : *arr_) {
        if (!first) out += ',';
        first = false;
        v.dump_to(out);
      }
      out += ']';
      break;
    }
    case Kind::Object: {
      out += '{';
      bool first = true;
      for (const auto& [k, v] : *obj_) {
        if (!first) out += ',';
        first = false;
        json_escape(k, out);
        out += ':';
        v.dump_to(out);
      }
      out += '}';
      break;
    }
  }
}

void json_expect_keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& what) {
  for (const auto& kv : obj.as_object(what)) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == kv.first;
    if (!ok) throw SerializationError(what + " has an unknown field \"" + kv.first + "\"");
  }
}

}  // namespace henchmen
