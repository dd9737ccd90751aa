#pragma once
// A ruleset's README.md read as blocks the window can lay out as text (the
// help's rules, F1): headings, paragraphs, list items, table rows and code.
// Only what our READMEs use; inline marks (**, `, links) are taken out.
// SDL-free, so the tests read it without a display.
#include <string>
#include <vector>

namespace ratify::gui {

struct DocBlock {
  enum Kind { Heading, Paragraph, Item, Row, Code } kind = Paragraph;
  int level = 0;                   // Heading: 1 for #, 2 for ##...; Item: nesting depth
  std::string text;                // Heading, Paragraph, Item, Code (one line)
  std::string bullet;              // Item: "•" or "3."
  std::vector<std::string> cells;  // Row: the table's cells
  bool header = false;             // Row: the table's first row
};

std::vector<DocBlock> parse_markdown(const std::string& md);
// "**Bold** `code` [link](url)" -> "Bold code link".
std::string plain_inline(const std::string& s);

}  // namespace ratify::gui
