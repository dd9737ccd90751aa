#include "core/rng.hpp"

namespace ratify::core {

Rng::Rng(uint64_t seed, uint64_t stream) {
  // The PCG reference seeding procedure.
  state_ = 0;
  inc_ = (stream << 1u) | 1u;
  next();
  state_ += seed;
  next();
}

uint32_t Rng::next() {
  uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  uint32_t xorshifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
  uint32_t rot = static_cast<uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

// The draws in statements of their own: the two sides of `|`, or two
// arguments of a call, may be evaluated in either order.
uint64_t Rng::next64() {
  uint64_t hi = next();
  return hi << 32 | next();
}

Rng Rng::split() {
  uint64_t seed = next64();
  uint64_t stream = next64();
  return Rng(seed, stream);
}

uint32_t Rng::below(uint32_t bound) {
  if (bound <= 1) return 0;
  // Reject the low values that would make some results more likely.
  uint32_t threshold = (0u - bound) % bound;
  for (;;) {
    uint32_t r = next();
    if (r >= threshold) return r % bound;
  }
}

int64_t Rng::between(int64_t lo, int64_t hi) {
  if (hi <= lo) return lo;
  uint64_t span = static_cast<uint64_t>(hi - lo) + 1u;
  if (span <= 0xffffffffu) return lo + below(static_cast<uint32_t>(span));
  // Wide ranges: 64 bits, rejection on the top.
  uint64_t limit = span == 0 ? 0 : (0 - span) % span;
  for (;;) {
    uint64_t r = next64();
    if (r >= limit) return lo + static_cast<int64_t>(span == 0 ? r : r % span);
  }
}

double Rng::unit() {
  uint64_t hi = next() >> 5, lo = next() >> 6;  // 27 + 26 bits
  return (static_cast<double>(hi) * 67108864.0 + static_cast<double>(lo)) / 9007199254740992.0;
}

uint64_t mix_seed(uint64_t seed, uint64_t salt) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (salt + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace ratify::core
