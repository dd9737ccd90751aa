#pragma once
// The game's random number generator: PCG32 (XSH-RR, 64-bit state).
// Written out here, with its own bounded integers and shuffle, because
// std::uniform_int_distribution and std::shuffle differ between standard
// libraries: a seed must give the same game on every machine.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ratify::core {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0, uint64_t stream = 0x5eed);

  uint32_t next();
  // 64 bits: the next draw high, the one after low.
  uint64_t next64();
  // A generator of its own, seeded by the next four draws: the searches
  // of a bot's threads, each world of a search.
  Rng split();
  // Uniform in [0, bound), bound > 0, without modulo bias (rejection).
  uint32_t below(uint32_t bound);
  // Uniform in [lo, hi], inclusive.
  int64_t between(int64_t lo, int64_t hi);
  // Uniform in [0, 1) with 53 random bits.
  double unit();

  template <class T>
  void shuffle(std::vector<T>& v) {
    // Fisher-Yates, from the top down.
    for (std::size_t i = v.size(); i > 1; --i) {
      std::size_t j = below(static_cast<uint32_t>(i));
      std::swap(v[i - 1], v[j]);
    }
  }

  uint64_t state() const { return state_; }
  uint64_t increment() const { return inc_; }
  void restore(uint64_t state, uint64_t inc) { state_ = state, inc_ = inc | 1u; }
  bool operator==(const Rng&) const = default;

 private:
  uint64_t state_ = 0;
  uint64_t inc_ = 1;
};

// SplitMix64: derives independent seeds (one per game, per bot) from one.
uint64_t mix_seed(uint64_t seed, uint64_t salt);

}  // namespace ratify::core
