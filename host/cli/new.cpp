// `ratify new NAME`: a new ruleset folder made from the template in
// scripts/templates/new/ (real files a designer can read), with {{id}},
// {{name}} and {{path}} (the folder as given) filled in. It never overwrites: an existing folder is
// refused.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/shared.hpp"
#include "engine/catalog.hpp"

namespace ratify::cli {

namespace {

namespace fs = std::filesystem;

bool valid_id(const std::string& s) {
  if (s.empty() || s.size() > 64 || s[0] < 'a' || s[0] > 'z') return false;
  for (char ch : s)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_')) return false;
  return true;
}

// "my_game" -> "My game".
std::string title_of(const std::string& id) {
  std::string out = id;
  for (auto& ch : out)
    if (ch == '_') ch = ' ';
  out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// A path as a JSON string (quotes and backslashes escaped).
std::string json_string(const std::string& s) {
  return nlohmann::json(s).dump();
}

// .luarc.json names scripts/ (the annotations in scripts/types, and
// require "ratify.*") for the language server. The shipped rulesets say
// "../../scripts", right only beside ratify's own scripts: a copy, or a
// new folder anywhere, gets the absolute path of this ratify's scripts.
void point_luarc_at(std::string& text, const std::string& library) {
  static const std::regex entry(R"re("workspace\.library"\s*:\s*\[[^\]]*\])re");
  text = std::regex_replace(text, entry, "\"workspace.library\": [" + library + "]");
}

// A copy of another ruleset under the id `name`: its ruleset.lua says so.
void rename_id(std::string& text, const std::string& from, const std::string& name) {
  std::regex id_line("(\\bid\\s*=\\s*)\"" + from + "\"");
  text = std::regex_replace(text, id_line, "$1\"" + name + "\"",
                            std::regex_constants::format_first_only);
}

}  // namespace

int cmd_new(const NewArgs& a) {
  if (!valid_id(a.name)) {
    std::cerr << "ratify new: '" << a.name
              << "' is not a ruleset id: use lowercase letters, digits and underscores, "
                 "starting with a letter (e.g. high_card)\n";
    return kBadInput;
  }
  std::error_code ec;
  fs::path templ = engine::scripts_dir() / "templates" / "new";
  std::string from_id;  // --from: the id of the ruleset copied
  if (!a.from.empty()) {
    try {
      templ = engine::locate(a.from).dir;
      from_id = fs::weakly_canonical(templ, ec).filename().string();
    } catch (const std::exception& e) {
      std::cerr << "ratify new: --from: " << e.what() << "\n";
      return kBadInput;
    }
  }
  if (!fs::is_regular_file(templ / "ruleset.lua", ec)) {
    std::cerr << "ratify new: no template in " << templ.string()
              << " (set RATIFY_SCRIPTS to ratify's scripts folder)\n";
    return kBadInput;
  }
  fs::path parent = a.dir.empty() ? fs::path(".") : fs::path(a.dir);
  fs::path target = parent / a.name;
  if (fs::exists(fs::symlink_status(target, ec))) {
    std::cerr << "ratify new: " << target.string()
              << " already exists; ratify new never overwrites: choose another name or --dir\n";
    return kBadInput;
  }
  fs::create_directories(parent, ec);
  if (ec || !fs::create_directory(target, ec) || ec) {
    std::cerr << "ratify new: cannot create " << target.string()
              << (ec ? ": " + ec.message() : std::string()) << "\n";
    return kBadInput;
  }

  // .luarc.json: scripts/ (the annotations in scripts/types, and require
  // "ratify.*") by absolute path, since the new folder may be anywhere.
  std::string library;
  if (fs::path scripts = engine::scripts_dir(); fs::is_directory(scripts / "types", ec))
    library = json_string(fs::weakly_canonical(scripts, ec).string());
  // The folder as the user gave it: the README's commands name it so.
  std::string shown = a.dir.empty() ? "./" + a.name : target.string();
  std::string path_word = command_line({shown});
  std::vector<std::string> written;
  for (auto it = fs::recursive_directory_iterator(templ, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    fs::path rel = fs::relative(it->path(), templ, ec);
    if (it->is_directory()) {
      fs::create_directories(target / rel, ec);
      continue;
    }
    if (!it->is_regular_file()) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    std::string text = buf.str();
    if (from_id.empty()) {
      replace_all(text, "{{path}}", path_word);
      replace_all(text, "{{id}}", a.name);
      replace_all(text, "{{name}}", title_of(a.name));
    } else if (rel == "ruleset.lua" && from_id != a.name && valid_id(from_id)) {
      rename_id(text, from_id, a.name);
    }
    if (rel == ".luarc.json" && !library.empty()) point_luarc_at(text, library);
    std::ofstream out(target / rel, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "ratify new: cannot write " << (target / rel).string() << "\n";
      return kBadInput;
    }
    written.push_back(rel.generic_string());
  }
  if (ec) {
    std::cerr << "ratify new: reading the template " << templ.string() << ": " << ec.message()
              << "\n";
    return kBadInput;
  }
  std::sort(written.begin(), written.end());

  if (from_id.empty())
    std::cout << "Created " << shown << " (ruleset '" << a.name
              << "', a two-to-four-player high card game to change into yours):\n";
  else
    std::cout << "Created " << shown << " (ruleset '" << a.name << "', a copy of " << templ.string()
              << "):\n";
  for (const auto& f : written) std::cout << "  " << f << "\n";
  fs::path user = engine::user_data_dir();
  std::string users =
      user.empty() ? "$XDG_DATA_HOME/ratify/rulesets" : (user / "rulesets").string();
  std::cout << "Next:\n"
            << "  ratify play " << path_word << "           # play it (--text without a window)\n"
            << "  ratify test " << path_word << "           # its scenario tests\n"
            << "  ratify check " << path_word << " -n 200   # lint and random games\n"
            << "Its README.md has the rules as implemented, for designers; HOW_TO_PLAY.md is "
               "what players read first (F1 in the window, `rules` in the text UI): change both "
               "as the game changes. docs/lua-api.md is the reference.\n"
            << "To name it by id (ratify play " << a.name
            << "), keep it in ./rulesets/, in your own " << users
            << "/ (found from any folder), or add its parent folder to RATIFY_PATH.\n";
  for (const auto& e : engine::list_rulesets())
    if (e.id == a.name && !fs::equivalent(e.dir, target, ec))
      std::cout << "Note: a ruleset '" << a.name << "' is also in " << e.dir.string()
                << "; by id, the first found wins (use the folder path).\n";
  return kOk;
}

}  // namespace ratify::cli
