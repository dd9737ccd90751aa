#pragma once
// Errors raised by scripts, as the host reports them: the message starts
// with file:line, the traceback is kept apart for verbose output.
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

struct Limits {
  uint64_t instructions = 500'000'000;  // per call from the host
  size_t memory = size_t(1) << 30;      // per VM, bytes
};

}  // namespace ratify::lua
