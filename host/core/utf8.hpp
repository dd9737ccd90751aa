#pragma once
// UTF-8 checks for text that comes from scripts: what ratify keeps, saves
// or prints as JSON must be UTF-8 (nlohmann::json refuses anything else
// when it writes, long after the script that made it has returned).
#include <string>
#include <string_view>

namespace ratify::core {

// Whether `s` is UTF-8: no stray or missing continuation bytes, no
// overlong forms, no surrogates, nothing past U+10FFFF.
bool valid_utf8(std::string_view s);
// `s` with every byte that is not part of UTF-8 replaced by U+FFFD, for
// messages (a script's error text) that are shown, not refused.
std::string lossy_utf8(std::string_view s);

}  // namespace ratify::core
