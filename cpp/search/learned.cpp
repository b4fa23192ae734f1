// Reading and checking a learned evaluator's weights file (learned.h).
#include "search/learned.h"

#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "core/error.h"

namespace henchmen {

namespace {

constexpr int kMaxInputs = 100000;
constexpr int kMaxHidden = 1024;
constexpr double kMaxWeight = 1e6;

std::vector<double> numbers(const Json& doc, const std::string& key, size_t size, const std::string& source) {
  const Json::Array& arr = doc.at(key, source).as_array(source + ": " + key);
  if (arr.size() != size) {
    throw SerializationError(source + ": '" + key + "' has " + std::to_string(arr.size()) + " numbers, the shape asks for " + std::to_string(size));
  }
  std::vector<double> out;
  out.reserve(size);
  for (const Json& v : arr) {
    const double x = v.as_number(source + ": " + key);
    if (!std::isfinite(x) || std::fabs(x) > kMaxWeight) {
      throw SerializationError(source + ": '" + key + "' holds " + std::to_string(x) + "; weights must be finite numbers within +-1e6");
    }
    out.push_back(x);
  }
  return out;
}

}  // namespace

std::shared_ptr<const LearnedValue> LearnedValue::from_json(const Json& doc, const std::string& source) {
  if (!doc.is_object()) throw SerializationError(source + ": a learned evaluator is a JSON object, got " + doc.kind_name());
  json_expect_keys(doc, {"format", "version", "game", "players", "zero_sum", "heuristic_input", "inputs", "hidden", "mean", "scale", "w1", "b1", "w2", "b2", "training"}, source);
  const std::string& format = doc.at("format", source).as_string(source + ": format");
  if (format != "henchmen-evaluator") throw SerializationError(source + ": format is '" + format + "', expected 'henchmen-evaluator'");
  const int64_t version = doc.at("version", source).as_int(source + ": version");
  if (version != 1) throw SerializationError(source + ": version " + std::to_string(version) + " is not known; this engine reads version 1");
  auto out = std::make_shared<LearnedValue>();
  out->game_ = doc.at("game", source).as_string(source + ": game");
  out->players_ = static_cast<int>(doc.at("players", source).as_int(source + ": players", 1, 64));
  if (const Json* z = doc.find("zero_sum")) out->zero_sum_ = z->as_bool(source + ": zero_sum");
  if (const Json* h = doc.find("heuristic_input")) out->heuristic_input_ = h->as_bool(source + ": heuristic_input");
  out->inputs_ = static_cast<int>(doc.at("inputs", source).as_int(source + ": inputs", 1, kMaxInputs));
  out->hidden_ = static_cast<int>(doc.at("hidden", source).as_int(source + ": hidden", 1, kMaxHidden));
  const size_t n = static_cast<size_t>(out->inputs_);
  const size_t h = static_cast<size_t>(out->hidden_);
  const std::vector<double> mean = numbers(doc, "mean", n, source);
  const std::vector<double> scale = numbers(doc, "scale", n, source);
  std::vector<double> w1 = numbers(doc, "w1", n * h, source);
  std::vector<double> b1 = numbers(doc, "b1", h, source);
  out->w2_ = numbers(doc, "w2", h, source);
  out->b2_ = doc.at("b2", source).as_number(source + ": b2");
  if (!std::isfinite(out->b2_) || std::fabs(out->b2_) > kMaxWeight) throw SerializationError(source + ": b2 must be a finite number within +-1e6");
  // Fold (x - mean) * scale into the first layer.
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < h; ++j) {
      double& w = w1[i * h + j];
      w *= scale[i];
      b1[j] -= mean[i] * w;
    }
  }
  out->w1_ = std::move(w1);
  out->b1_ = std::move(b1);
  return out;
}

std::shared_ptr<const LearnedValue> LearnedValue::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OptionError("cannot read the learned evaluator '" + path + "' (no such file, or not readable)");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string content = text.str();
  // Kept by content: a search each move (the Python bot) reads the file
  // again but parses it once; a retrained file is read afresh.
  static std::mutex lock;
  static std::map<std::string, std::shared_ptr<const LearnedValue>> kept;
  {
    const std::lock_guard<std::mutex> hold(lock);
    if (auto it = kept.find(content); it != kept.end()) return it->second;
  }
  std::shared_ptr<const LearnedValue> made = from_json(Json::parse(content), path);
  const std::lock_guard<std::mutex> hold(lock);
  if (kept.size() >= 8) kept.clear();
  kept.emplace(content, made);
  return made;
}

}  // namespace henchmen
