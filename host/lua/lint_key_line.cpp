// Where a ruleset's text gives a key its value (key_line): the line a
// finding, or a loader's error, names.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <string_view>
#include <unordered_map>

#include "core/files.hpp"
#include "lua/lint.hpp"

namespace ratify::lua {

namespace {

bool is_word(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c));
}
size_t skip_spaces(const std::string& s, size_t i) {
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}
// The start of the spaces that end just before i.
size_t spaces_before(const std::string& s, size_t i) {
  while (i > 0 && is_space(s[i - 1])) --i;
  return i;
}
bool starts_with_at(const std::string& s, size_t i, std::string_view what) {
  return i <= s.size() && s.compare(i, what.size(), what) == 0;
}

// Whether `line`, with `key` at `at`, assigns the key there: `key =` (not
// `==`), `["key"] =`, or `function M.key(`, each after a non-word byte.
bool assigns_at(const std::string& line, size_t at, const std::string& key, size_t name_start) {
  auto word_edge = [&](size_t i) { return i == 0 || !is_word(line[i - 1]); };
  size_t after = skip_spaces(line, at + key.size());
  if (word_edge(at) && after < line.size() && line[after] == '=' &&
      (after + 1 == line.size() || line[after + 1] != '='))
    return true;
  if (at > 0 && line[at - 1] == '"' && starts_with_at(line, at + key.size(), "\"")) {
    size_t open = spaces_before(line, at - 1);
    size_t close = skip_spaces(line, at + key.size() + 1);
    if (open > 0 && line[open - 1] == '[' && word_edge(open - 1) && close < line.size() &&
        line[close] == ']') {
      size_t eq = skip_spaces(line, close + 1);
      if (eq < line.size() && line[eq] == '=') return true;
    }
  }
  if (at > 0 && (line[at - 1] == '.' || line[at - 1] == ':') && after < line.size() &&
      line[after] == '(') {
    size_t gap = spaces_before(line, name_start);
    constexpr std::string_view kFunction = "function";
    if (gap < name_start && gap >= kFunction.size() &&
        starts_with_at(line, gap - kFunction.size(), kFunction) &&
        word_edge(gap - kFunction.size()))
      return true;
  }
  return false;
}

bool is_name_byte(char c) {
  return is_word(c) || c == '.' || c == ':';
}

}  // namespace

// A linear scan (std::regex overflowed the stack on a long line): every
// place the key occurs is found by Knuth-Morris-Pratt, and looked at
// around it; the run of name bytes before it is tracked as the scan goes.
// A key may be any string (a card id, an option's name).
int scan_key_line(const std::string& file, int from, const std::string& key) {
  if (key.empty()) return 0;
  std::vector<size_t> border(key.size(), 0);  // longest proper border of key[0..i]
  for (size_t i = 1, k = 0; i < key.size(); ++i) {
    while (k > 0 && key[i] != key[k]) k = border[k - 1];
    if (key[i] == key[k]) ++k;
    border[i] = k;
  }
  std::ifstream f(file);
  std::string line;
  for (int n = 1; std::getline(f, line); ++n) {
    if (n < from) continue;
    size_t name_start = 0, scanned = 0, matched = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      while (matched > 0 && line[i] != key[matched]) matched = border[matched - 1];
      if (line[i] == key[matched]) ++matched;
      if (matched == key.size()) {
        size_t at = i + 1 - key.size();  // increasing: `scanned` moves on once in all
        for (; scanned < at; ++scanned)
          if (!is_name_byte(line[scanned])) name_start = scanned + 1;
        if (assigns_at(line, at, key, name_start)) return n;
        matched = border[matched - 1];
      }
    }
  }
  return 0;
}

namespace {

// The lines where each name is assigned (`name =`, `["name"] =`,
// `function M.name(`), from one read of the file, kept while the file is
// unchanged: a variant of 30,000 cards looked each up in the whole file,
// 30,000 reads of it. The same places the scan above finds, for names of
// word bytes; others are scanned for.
struct KeyIndex {
  core::FileVersion version;
  std::unordered_map<std::string, std::vector<int>> lines;

  void add(std::string name, int n) {
    auto& v = lines[std::move(name)];
    if (v.empty() || v.back() != n) v.push_back(n);
  }

  void read(const std::string& path) {
    std::ifstream f(path);
    std::string line;
    for (int n = 1; std::getline(f, line); ++n) {
      size_t name_start = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (!is_name_byte(line[i])) name_start = i + 1;
        bool word_start = is_word(line[i]) && (i == 0 || !is_word(line[i - 1]));
        if (word_start) {
          size_t e = i;
          while (e < line.size() && is_word(line[e])) ++e;
          std::string word = line.substr(i, e - i);
          if (assigns_at(line, i, word, name_start)) add(word, n);
        }
        if (line[i] == '"' && i > 0) {  // ["name"] =
          size_t close = line.find('"', i + 1);
          if (close == std::string::npos) continue;
          std::string name = line.substr(i + 1, close - i - 1);
          if (!name.empty() && assigns_at(line, i + 1, name, name_start)) add(name, n);
        }
      }
    }
  }
};

bool all_word_bytes(const std::string& key) {
  return std::all_of(key.begin(), key.end(), is_word);
}

}  // namespace

int key_line(const std::string& file, int from, const std::string& key) {
  if (key.empty()) return 0;
  if (!all_word_bytes(key)) return scan_key_line(file, from, key);
  thread_local KeyIndex index;
  auto version = core::version_of(file);
  if (!version) return 0;
  if (index.version != *version) {
    index = KeyIndex{*version, {}};
    index.read(file);
  }
  auto it = index.lines.find(key);
  if (it == index.lines.end()) return 0;
  auto at = std::lower_bound(it->second.begin(), it->second.end(), from);
  return at == it->second.end() ? 0 : *at;
}

}  // namespace ratify::lua
