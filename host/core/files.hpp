#pragma once
// What a ruleset may read: regular files inside its own folder (and the
// shared scripts/ or assets/ folders), after following every link. A
// shared ruleset is a stranger's: a module, cards file or image that is a
// link to /etc/passwd must not be read, and no message may show any of it.
#include <filesystem>
#include <string>
#include <vector>

namespace ratify::core {

// "" when `file` is a regular file whose real path (links followed) lies
// inside one of `roots`; else why not, in a few words that say nothing of
// the target ("is a link to a file outside the ruleset's folder", ...).
std::string outside_roots(const std::filesystem::path& file,
                          const std::vector<std::filesystem::path>& roots);

}  // namespace ratify::core
