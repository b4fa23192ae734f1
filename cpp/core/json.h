// A small JSON value, parser and writer.
//
// The core speaks JSON at its edges (options, card tables, observations,
// serialized states) so any frontend can use it without Python. Parsing is
// strict, bounded in depth and size, and throws SerializationError with the
// offset of the first problem; it never crashes on hostile input.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace henchmen {

class Json {
 public:
  enum class Kind { Null, Bool, Int, Double, String, Array, Object };
  using Array = std::vector<Json>;
  using Object = std::map<std::string, Json>;

  Json() = default;
  Json(bool b) : kind_(Kind::Bool), int_(b) {}  // NOLINT(google-explicit-constructor)
  Json(int v) : kind_(Kind::Int), int_(v) {}    // NOLINT
  Json(int64_t v) : kind_(Kind::Int), int_(v) {}  // NOLINT
  Json(double v) : kind_(Kind::Double), double_(v) {}  // NOLINT
  Json(const char* s) : kind_(Kind::String), str_(s) {}  // NOLINT
  Json(std::string s) : kind_(Kind::String), str_(std::move(s)) {}  // NOLINT
  Json(Array a) : kind_(Kind::Array), arr_(std::make_shared<Array>(std::move(a))) {}  // NOLINT
  Json(Object o) : kind_(Kind::Object), obj_(std::make_shared<Object>(std::move(o))) {}  // NOLINT

  static Json parse(const std::string& text);
  std::string dump() const;  // compact, keys sorted: canonical

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_number() const { return kind_ == Kind::Int || kind_ == Kind::Double; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_array() const { return kind_ == Kind::Array; }
  bool is_object() const { return kind_ == Kind::Object; }
  const char* kind_name() const;

  // Typed access; each throws SerializationError naming `what` on a mismatch.
  bool as_bool(const std::string& what) const;
  int64_t as_int(const std::string& what) const;
  int64_t as_int(const std::string& what, int64_t lo, int64_t hi) const;
  double as_number(const std::string& what) const;
  const std::string& as_string(const std::string& what) const;
  const Array& as_array(const std::string& what) const;
  const Object& as_object(const std::string& what) const;

  // Object helpers.
  bool has(const std::string& key) const;
  const Json& at(const std::string& key, const std::string& what) const;  // throws if missing
  const Json* find(const std::string& key) const;
  Json& operator[](const std::string& key);  // makes this an object if null

  void push_back(Json v);  // makes this an array if null

 private:
  void dump_to(std::string& out) const;
  Kind kind_ = Kind::Null;
  int64_t int_ = 0;
  double double_ = 0.0;
  std::string str_;
  std::shared_ptr<Array> arr_;
  std::shared_ptr<Object> obj_;
};

void json_escape(const std::string& s, std::string& out);

// Checks that an object has only the given keys (tampered files often add some).
void json_expect_keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& what);

}  // namespace henchmen
