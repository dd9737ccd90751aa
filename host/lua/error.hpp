#pragma once
// Errors raised by scripts, as the host reports them: the message starts
// with file:line, the traceback is kept apart for verbose output.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace ratify::lua {

class ScriptError : public std::runtime_error {
 public:
  ScriptError(std::string message, std::string traceback = {})
      : std::runtime_error(std::move(message)), traceback_(std::move(traceback)) {}
  const std::string& traceback() const { return traceback_; }

 private:
  std::string traceback_;
};

// What one ruleset may spend. Time is wall time per call from the host
// (nested calls share their outermost call's limit); see
// docs/architecture.md "The sandbox".
struct Limits {
  double seconds = 1.0;             // per call from the host
  double test_seconds = 60.0;       // per scenario test (a test may play whole games)
  size_t memory = size_t(1) << 30;  // per VM, bytes
};

}  // namespace ratify::lua
