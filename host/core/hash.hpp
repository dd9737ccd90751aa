#pragma once
// A 64-bit running hash for game states. Not cryptographic: it tells two
// states apart in replays and transposition tables.
#include <cstdint>
#include <cstring>
#include <string_view>

namespace ratify::core {

class Hasher {
 public:
  void add(uint64_t v) {
    h_ ^= v + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2);
    h_ *= 0xff51afd7ed558ccdULL;
    h_ ^= h_ >> 33;
  }
  void add(std::string_view s) {
    add(static_cast<uint64_t>(s.size()));
    uint64_t w = 0;
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      std::memcpy(&w, s.data() + i, 8);
      add(w);
    }
    w = 0;
    std::memcpy(&w, s.data() + i, s.size() - i);
    add(w);
  }
  void add_double(double d) {
    uint64_t w;
    std::memcpy(&w, &d, 8);
    add(w);
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace ratify::core
