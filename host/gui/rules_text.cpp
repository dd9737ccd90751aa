#include "gui/rules_text.hpp"

#include <cctype>

namespace ratify::gui {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

int indent_of(const std::string& s) {
  int n = 0;
  for (char c : s) {
    if (c == ' ')
      ++n;
    else if (c == '\t')
      n += 4;
    else
      break;
  }
  return n;
}

// A list item's marker ("- ", "* ", "+ ", "12. "): its length, 0 if none.
size_t item_marker(const std::string& t, std::string& bullet) {
  if (t.size() >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ') {
    bullet = "\u2022";
    return 2;
  }
  size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i > 0 && i + 1 < t.size() && (t[i] == '.' || t[i] == ')') && t[i + 1] == ' ') {
    bullet = t.substr(0, i + 1);
    return i + 2;
  }
  return 0;
}

std::vector<std::string> table_cells(const std::string& t) {
  std::vector<std::string> cells;
  std::string cur;
  bool code = false;
  for (size_t i = 1; i < t.size(); ++i) {  // t[0] is the leading '|'
    char c = t[i];
    if (c == '`') code = !code;
    if (c == '\\' && i + 1 < t.size() && t[i + 1] == '|') {
      cur += '|', ++i;
    } else if (c == '|' && !code) {
      cells.push_back(plain_inline(trim(cur)));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty()) cells.push_back(plain_inline(trim(cur)));
  return cells;
}

bool separator_row(const std::string& t) {
  return t.find_first_not_of("|-: ") == std::string::npos;
}

}  // namespace

std::string plain_inline(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '`') continue;
    if (c == '*' && i + 1 < s.size() && s[i + 1] == '*') {
      ++i;
      continue;
    }
    // *emphasis*: a star against a word on one side only.
    auto word = [&](size_t k) {
      unsigned char w = k < s.size() ? static_cast<unsigned char>(s[k]) : ' ';
      return std::isalnum(w) || w == '_' || w >= 0x80;
    };
    if (c == '*' && word(i + 1) != (i > 0 && word(i - 1))) continue;
    if (c == '[') {  // [text](url) -> text
      size_t close = s.find(']', i);
      if (close != std::string::npos && close + 1 < s.size() && s[close + 1] == '(') {
        size_t end = s.find(')', close);
        if (end != std::string::npos) {
          out += plain_inline(s.substr(i + 1, close - i - 1));
          i = end;
          continue;
        }
      }
    }
    out += c;
  }
  return out;
}

std::vector<DocBlock> parse_markdown(const std::string& md) {
  std::vector<DocBlock> out;
  std::vector<std::string> lines;
  for (size_t from = 0; from <= md.size();) {
    size_t nl = md.find('\n', from);
    lines.push_back(md.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  bool fence = false, open = false;  // open: the last block takes continuation lines
  bool table = false;
  for (const auto& raw : lines) {
    std::string t = trim(raw);
    if (t.rfind("```", 0) == 0) {
      fence = !fence, open = false;
      continue;
    }
    if (fence) {
      out.push_back({DocBlock::Code, 0, raw, {}, {}, false});
      continue;
    }
    if (t.empty()) {
      open = table = false;
      continue;
    }
    std::string bullet;
    if (t[0] == '#') {
      size_t level = t.find_first_not_of('#');
      if (level != std::string::npos && t[level] == ' ') {
        out.push_back({DocBlock::Heading,
                       static_cast<int>(level),
                       plain_inline(trim(t.substr(level))),
                       {},
                       {},
                       false});
        open = false;
        continue;
      }
    }
    if (t[0] == '|') {
      if (!separator_row(t)) out.push_back({DocBlock::Row, 0, {}, {}, table_cells(t), !table});
      table = true, open = false;
      continue;
    }
    if (size_t m = item_marker(t, bullet)) {
      out.push_back(
          {DocBlock::Item, indent_of(raw) / 2, plain_inline(t.substr(m)), bullet, {}, false});
      open = true;
      continue;
    }
    if (!open && indent_of(raw) >= 4) {  // an indented code line
      out.push_back({DocBlock::Code, 0, raw.substr(4), {}, {}, false});
      continue;
    }
    if (open && !out.empty()) {  // a paragraph's or item's next line
      out.back().text += " " + plain_inline(t);
      continue;
    }
    out.push_back({DocBlock::Paragraph, 0, plain_inline(t), {}, {}, false});
    open = true;
  }
  return out;
}

}  // namespace ratify::gui
