#pragma once
// What a ruleset may read: regular files inside its own folder (and the
// shared scripts/ or assets/ folders), after following every link. A
// shared ruleset is a stranger's: a module, cards file or image that is a
// link to /etc/passwd must not be read, and no message may show any of it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ratify::core {

// "" when `file` is a regular file whose real path (links followed) lies
// inside one of `roots`; else why not, in a few words that say nothing of
// the target ("is a link to a file outside the ruleset's folder", ...).
std::string outside_roots(const std::filesystem::path& file,
                          const std::vector<std::filesystem::path>& roots);

// A file as it is now (its path, time written and size): an index read
// from a file is kept while the file's version is the same. Empty when
// the file cannot be read.
struct FileVersion {
  std::filesystem::path file;
  std::filesystem::file_time_type written;
  uintmax_t size = 0;
  bool operator==(const FileVersion&) const = default;
};
std::optional<FileVersion> version_of(const std::filesystem::path& file);

}  // namespace ratify::core
