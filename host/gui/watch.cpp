#include "gui/watch.hpp"

namespace ratify::gui {

namespace fs = std::filesystem;

void FileWatch::watch(std::vector<fs::path> dirs, std::vector<fs::path> extra) {
  dirs_ = std::move(dirs);
  extra_ = std::move(extra);
  seen_ = scan();
  pending_ = false;
  changed_.clear();
}

std::map<fs::path, FileWatch::Stamp> FileWatch::scan() const {
  std::map<fs::path, Stamp> out;
  std::error_code ec;
  auto stamp = [&](const fs::path& p) {
    auto t = fs::last_write_time(p, ec);
    if (ec) return;
    auto size = fs::file_size(p, ec);
    if (!ec) out[p] = {t, size};
  };
  for (const auto& dir : dirs_) {
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec),
        end;
    for (; !ec && it != end; it.increment(ec)) {
      if (it->is_directory(ec) && it->path().filename() == "tests") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->path().extension() == ".lua" && it->is_regular_file(ec)) stamp(it->path());
    }
  }
  for (const auto& f : extra_) stamp(f);
  return out;
}

bool FileWatch::poll(uint64_t now_ms, uint64_t interval_ms) {
  if (now_ms - last_poll_ < interval_ms && last_poll_ != 0) return false;
  last_poll_ = now_ms ? now_ms : 1;
  auto now = scan();
  if (now != seen_) {
    for (const auto& [path, st] : now) {
      auto it = seen_.find(path);
      if (it == seen_.end() || it->second != st) changed_.push_back(path.filename().string());
    }
    for (const auto& [path, st] : seen_)
      if (!now.count(path)) changed_.push_back(path.filename().string());
    seen_ = std::move(now);
    pending_ = true;  // wait one more look: the editor may still be writing
    return false;
  }
  if (!pending_) return false;
  pending_ = false;
  return true;
}

}  // namespace ratify::gui
