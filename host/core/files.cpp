#include "core/files.hpp"

namespace ratify::core {

namespace fs = std::filesystem;

namespace {

// Whether `path` (canonical) is `root` (canonical) or below it.
bool below(const fs::path& path, const fs::path& root) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return true;
}

}  // namespace

std::string outside_roots(const fs::path& file, const std::vector<fs::path>& roots) {
  std::error_code ec;
  fs::path real = fs::canonical(file, ec);
  if (ec) return "no such file";
  if (!fs::is_regular_file(real, ec)) return "is not a regular file";
  for (const auto& root : roots) {
    if (root.empty()) continue;
    fs::path r = fs::canonical(root, ec);
    if (!ec && below(real, r)) return {};
  }
  bool link = fs::is_symlink(fs::symlink_status(file, ec));
  return link ? "is a link to a file outside the ruleset's folder (refused: a ruleset reads only "
                "its own folder and scripts/)"
              : "is outside the ruleset's folder (refused: a ruleset reads only its own folder "
                "and scripts/)";
}

std::optional<FileVersion> version_of(const std::filesystem::path& file) {
  std::error_code ec;
  FileVersion v{file, std::filesystem::last_write_time(file, ec), 0};
  if (ec) return std::nullopt;
  v.size = std::filesystem::file_size(file, ec);
  if (ec) return std::nullopt;
  return v;
}

}  // namespace ratify::core
