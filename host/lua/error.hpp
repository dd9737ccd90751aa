#pragma once
// Errors raised by scripts, as the host reports them: the message starts
// with file:line, the traceback is kept apart for verbose output.
#include <cstddef>
#include <stdexcept>
#include <string>

#include "core/game_types.hpp"

namespace ratify::lua {

using core::ScriptError;

// What one ruleset may spend. Time is wall time per call from the host
// (nested calls share their outermost call's limit); see
// docs/architecture.md "The sandbox".
struct Limits {
  double seconds = 1.0;             // per call from the host
  double test_seconds = 60.0;       // per scenario test (a test may play whole games)
  size_t memory = size_t(1) << 30;  // per VM, bytes
};

// Fixed bounds of what one game may make the host hold or do in one call;
// past each, a clear error (docs/architecture.md "The sandbox"). No real
// game comes near them.
inline constexpr size_t kMaxZones = 10000;        // zones in one game
inline constexpr size_t kMaxZoneName = 256;       // bytes of a zone's name
inline constexpr size_t kMaxZoneText = 4096;      // bytes of its kind or label
inline constexpr long long kMaxActions = 100000;  // actions at one decision
inline constexpr long long kMaxCards = 100000;    // card instances of a ruleset

}  // namespace ratify::lua
