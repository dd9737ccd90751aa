#pragma once
// Notices edits to a ruleset's files by polling their modification times
// and sizes: portable, no inotify, and cheap for a folder of scripts.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ratify::gui {

class FileWatch {
 public:
  // Every .lua file under each of `dirs` (tests/ excluded: editing a test
  // does not change the rules), and each extra file (a variant elsewhere).
  void watch(std::vector<std::filesystem::path> dirs,
             std::vector<std::filesystem::path> extra = {});
  // Call often; looks at the disk every `interval_ms`. True once after the
  // files changed and then stayed the same for one look, so an editor's
  // save in several writes gives one reload.
  bool poll(uint64_t now_ms, uint64_t interval_ms = 300);
  // Names of the files changed since the last call.
  std::vector<std::string> take_changed() { return std::exchange(changed_, {}); }
  size_t files() const { return seen_.size(); }

 private:
  using Stamp = std::pair<std::filesystem::file_time_type, uintmax_t>;
  std::map<std::filesystem::path, Stamp> scan() const;
  std::vector<std::filesystem::path> dirs_;
  std::vector<std::filesystem::path> extra_;
  std::map<std::filesystem::path, Stamp> seen_;
  std::vector<std::string> changed_;
  uint64_t last_poll_ = 0;
  bool pending_ = false;
};

}  // namespace ratify::gui
