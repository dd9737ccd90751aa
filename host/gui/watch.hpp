#pragma once
// Notices edits to a ruleset's files. On Linux the kernel tells us
// (inotify), so a save is seen within a frame; elsewhere, or when inotify
// is unavailable (out of watches, RATIFY_WATCH=poll), the files' times and
// sizes are compared every 100 ms. Either way the truth is a comparison of
// the files' stamps, so an event that changed nothing gives no reload.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ratify::gui {

class FileWatch {
 public:
  enum class Method { Auto, Polling };
  // Auto: inotify where there is one, unless RATIFY_WATCH=poll.
  explicit FileWatch(Method m = Method::Auto) : method_(m) {}
  ~FileWatch();
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;

  // Every .lua file under each of `dirs` (tests/ excluded: editing a test
  // does not change the rules), and each extra file (a variant elsewhere).
  void watch(std::vector<std::filesystem::path> dirs,
             std::vector<std::filesystem::path> extra = {});
  // Call often (every frame). True once after the files changed and then
  // stayed the same for a moment (50 ms with inotify; one more look when
  // polling every `interval_ms`), so an editor's save in several writes
  // gives one reload.
  bool poll(uint64_t now_ms, uint64_t interval_ms = 100);
  // Names of the files changed since the last call.
  std::vector<std::string> take_changed() { return std::exchange(changed_, {}); }
  size_t files() const { return seen_.size(); }
  // True when the kernel reports changes (inotify), false when polling.
  bool notified() const { return fd_ >= 0; }

 private:
  using Stamp = std::pair<std::filesystem::file_time_type, uintmax_t>;
  std::map<std::filesystem::path, Stamp> scan() const;
  bool compare();  // stamps now against seen_: true and changed_ filled when they differ
  void open_notify();
  void add_notify_watches();
  bool drain_notify();  // true when a relevant event came
  void close_notify();

  Method method_;
  std::vector<std::filesystem::path> dirs_;
  std::vector<std::filesystem::path> extra_;
  std::map<std::filesystem::path, Stamp> seen_;
  std::vector<std::string> changed_;
  uint64_t last_look_ = 0;
  bool pending_ = false;
  // inotify
  int fd_ = -1;
  std::map<int, std::filesystem::path> wds_;  // watch -> directory
  uint64_t quiet_since_ = 0;                  // the last relevant event
};

}  // namespace ratify::gui
