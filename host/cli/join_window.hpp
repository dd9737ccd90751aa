#pragma once
// `ratify join LINK` in the window: the seat's link to the server, behind
// the window's gui::Remote (docs/network.md, docs/protocol.md).
#include <chrono>
#include <memory>
#include <string>

#include "cli/net_commands.hpp"
#include "gui/remote.hpp"
#include "net/protocol.hpp"

namespace ratify::cli {

// Joins the game of `link` (a seat's or the watch link) on a thread of its
// own, and returns once the server has welcomed the seat and sent its first
// view. Throws std::runtime_error saying why not (no server, a wrong
// token...). After that a dropped connection is joined again with the
// token, until the game is over.
std::shared_ptr<gui::Remote> join_remote(const std::string& link,
                                         const std::string& trust_cert = {},
                                         std::chrono::milliseconds wait = std::chrono::seconds(20));

// The window on the seat of `link` (a seat's link, or a lobby seat's once
// the lobby gave it a token): an exit code, or -1 when no display can be
// opened (the caller falls back to the text UI).
int join_window(const JoinArgs& a, const net::Link& link);

}  // namespace ratify::cli
