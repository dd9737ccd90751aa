#include "gui/watch.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#ifdef __linux__
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace ratify::gui {

namespace fs = std::filesystem;

namespace {

// With inotify: how long the files must stay quiet after an event before
// they are read (an editor's save is a few writes within a millisecond or
// two; a rename-over save leaves the file missing for a moment), and how
// often the files are looked at anyway, for a file system that sends no
// events (a network mount) or a folder that was replaced.
constexpr uint64_t kSettleMs = 50;
constexpr uint64_t kSafetyLookMs = 1000;

bool polling_asked() {
  const char* env = std::getenv("RATIFY_WATCH");
  return env && std::strcmp(env, "poll") == 0;
}

}  // namespace

FileWatch::~FileWatch() {
  close_notify();
}

void FileWatch::watch(std::vector<fs::path> dirs, std::vector<fs::path> extra) {
  // Absolute, so the paths events name compare with them.
  std::error_code ec;
  for (auto& d : dirs) d = fs::absolute(d, ec).lexically_normal();
  for (auto& f : extra) f = fs::absolute(f, ec).lexically_normal();
  dirs_ = std::move(dirs);
  extra_ = std::move(extra);
  seen_ = scan();
  pending_ = false;
  changed_.clear();
  last_look_ = 0;
  close_notify();
  if (method_ == Method::Auto && !polling_asked()) open_notify();
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

bool FileWatch::compare() {
  auto now = scan();
  if (now == seen_) return false;
  auto note = [&](const fs::path& p) {
    std::string name = p.filename().string();
    if (std::find(changed_.begin(), changed_.end(), name) == changed_.end())
      changed_.push_back(name);
  };
  for (const auto& [path, st] : now) {
    auto it = seen_.find(path);
    if (it == seen_.end() || it->second != st) note(path);
  }
  for (const auto& [path, st] : seen_)
    if (!now.count(path)) note(path);
  seen_ = std::move(now);
  return true;
}

bool FileWatch::poll(uint64_t now_ms, uint64_t interval_ms) {
  if (fd_ >= 0) {
    if (drain_notify()) {
      pending_ = true;
      quiet_since_ = now_ms;
    } else if (!pending_ && now_ms - last_look_ >= kSafetyLookMs) {
      last_look_ = now_ms;
      if (scan() != seen_) pending_ = true, quiet_since_ = now_ms;
    }
    if (!pending_ || now_ms - quiet_since_ < kSettleMs) return false;
    pending_ = false;
    last_look_ = now_ms;
    add_notify_watches();  // folders made or replaced since
    return compare();
  }
  if (now_ms - last_look_ < interval_ms && last_look_ != 0) return false;
  last_look_ = now_ms ? now_ms : 1;
  if (compare()) {
    pending_ = true;  // wait one more look: the editor may still be writing
    return false;
  }
  if (!pending_) return false;
  pending_ = false;
  return true;
}

#ifdef __linux__

namespace {

constexpr uint32_t kDirEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE |
                                IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF |
                                IN_ONLYDIR;

}  // namespace

void FileWatch::open_notify() {
  fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) return;  // polling, then
  add_notify_watches();
}

// Watches every folder of the ruleset's trees (inotify is not recursive)
// and the folder of each extra file. Adding a folder already watched is
// harmless, so this runs again whenever the files settle.
void FileWatch::add_notify_watches() {
  if (fd_ < 0) return;
  bool out_of_watches = false;
  auto add = [&](const fs::path& dir) {
    int wd = inotify_add_watch(fd_, dir.c_str(), kDirEvents);
    if (wd >= 0)
      wds_[wd] = dir;
    else if (errno == ENOSPC || errno == ENOMEM)
      out_of_watches = true;
  };
  std::error_code ec;
  for (const auto& dir : dirs_) {
    if (!fs::is_directory(dir, ec)) continue;
    add(dir);
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec),
        end;
    for (; !ec && it != end; it.increment(ec)) {
      if (!it->is_directory(ec)) continue;
      if (it->path().filename() == "tests") {
        it.disable_recursion_pending();
        continue;
      }
      add(it->path());
    }
  }
  for (const auto& f : extra_)
    if (fs::is_directory(f.parent_path(), ec)) add(f.parent_path());
  if (out_of_watches) close_notify();  // the system's limit: poll instead
}

bool FileWatch::drain_notify() {
  bool relevant = false;
  alignas(inotify_event) char buf[8192];
  for (;;) {
    ssize_t n = read(fd_, buf, sizeof buf);
    if (n <= 0) break;  // EAGAIN: nothing more for now
    for (char* p = buf; p < buf + n;) {
      const auto* ev = reinterpret_cast<const inotify_event*>(p);
      p += sizeof(inotify_event) + ev->len;
      if (ev->mask & IN_Q_OVERFLOW) {
        relevant = true;
        continue;
      }
      auto it = wds_.find(ev->wd);
      if (it == wds_.end()) continue;
      if (ev->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
        if (ev->mask & IN_IGNORED) wds_.erase(it);
        relevant = true;  // a watched folder went: look again once it settles
        continue;
      }
      fs::path path = it->second / (ev->len ? ev->name : "");
      if (ev->mask & IN_ISDIR) {
        relevant |= path.filename() != "tests";
        continue;
      }
      bool extra = std::find(extra_.begin(), extra_.end(), path) != extra_.end();
      bool in_tree = std::any_of(dirs_.begin(), dirs_.end(), [&](const fs::path& d) {
        auto rel = path.lexically_relative(d);
        return !rel.empty() && *rel.begin() != "..";
      });
      relevant |= extra || (in_tree && path.extension() == ".lua");
    }
  }
  return relevant;
}

void FileWatch::close_notify() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  wds_.clear();
}

#else  // no inotify: poll

void FileWatch::open_notify() {}
void FileWatch::add_notify_watches() {}
bool FileWatch::drain_notify() {
  return false;
}
void FileWatch::close_notify() {}

#endif

}  // namespace ratify::gui
