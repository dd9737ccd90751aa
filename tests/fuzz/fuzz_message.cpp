// libFuzzer target: what a network client sends `ratify serve`. Every
// message goes through net::read_client_message before the server looks
// at it, and a join link through net::parse_link; neither may throw, crash
// or accept a message outside the protocol's shapes (docs/protocol.md).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "core/utf8.hpp"
#include "net/protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto read = ratify::net::read_client_message(text);  // noexcept by contract: no try here
  if (auto* m = std::get_if<ratify::net::ClientMessage>(&read)) {
    // What it accepts is within the limits the server relies on.
    if (size > ratify::net::kMaxClientMessage) std::abort();
    if (auto* c = std::get_if<ratify::net::Chat>(m))
      if (c->text.empty() || c->text.size() > ratify::net::kMaxChatText ||
          !ratify::core::valid_utf8(c->text))
        std::abort();
    if (auto* h = std::get_if<ratify::net::Hello>(m))
      if (h->token.size() > ratify::net::kMaxToken || h->watch == !h->token.empty()) std::abort();
    if (auto* a = std::get_if<ratify::net::Act>(m))
      if (a->id < 0 || a->seq < 0) std::abort();
    // A lobby's create names a ruleset, never a path, and bounded seats.
    if (auto* c = std::get_if<ratify::net::Create>(m))
      if (c->ruleset.empty() || c->ruleset.find_first_of("/.") != std::string::npos ||
          c->seats.empty() || c->seats.size() > ratify::net::kMaxSeats ||
          c->options.size() > ratify::net::kMaxOptions)
        std::abort();
    if (auto* j = std::get_if<ratify::net::Join>(m))
      if (j->game.empty() || j->game.size() > ratify::net::kMaxGameId) std::abort();
  }
  try {
    ratify::net::parse_link(std::string(text));
    ratify::net::parse_lobby_link(std::string(text));
  } catch (...) {
    std::abort();  // a link from the command line must not throw either
  }
  return 0;
}
