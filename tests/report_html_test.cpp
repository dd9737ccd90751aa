// The HTML playtest report (host/sim/html.cpp): its charts and tables from
// a hand-made report (tests/fixtures/report_hand.json), every text escaped,
// and any section missing or malformed skipped with a note, never a crash.
// tests/report_browser.cmake opens a real report in chromium.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sim/html.hpp"

using namespace ratify;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json fixture(const std::string& name) {
  std::ifstream in(fs::path(RATIFY_TEST_FIXTURES) / name);
  return json::parse(in);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The part of the page from `start` to the next `end`.
std::string between(const std::string& text, const std::string& start, const std::string& end) {
  size_t a = text.find(start);
  if (a == std::string::npos) return "";
  size_t b = text.find(end, a);
  return text.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

}  // namespace

TEST(ReportHtml, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(sim::html_escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
}

TEST(ReportHtml, DrawsEveryChartOfTheHandMadeReport) {
  std::string html = sim::report_html(fixture("report_hand.json"));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // Win rate by seat: 2 variants x 4 seats, each with its interval.
  std::string seats = between(html, "<svg class=\"chart seats\"", "</svg>");
  EXPECT_EQ(count(seats, "<rect class=\"bar\""), 8u);
  EXPECT_EQ(count(seats, "<path class=\"err\""), 8u);
  EXPECT_NE(seats.find("dy=\"13\">25.0%</tspan>"), std::string::npos);
  // A histogram per variant, 8 bins each.
  EXPECT_EQ(count(html, "<svg class=\"chart lengths\""), 2u);
  EXPECT_EQ(count(between(html, "id=\"lengths\"", "</section>"), "<rect class=\"bar\""), 16u);
  // Card impact: 3 cards of the base, 2 of the variant, sorted strongest first.
  EXPECT_EQ(count(html, "<svg class=\"chart cards\""), 2u);
  std::string cards = between(html, "<svg class=\"chart cards\"", "</svg>");
  EXPECT_LT(cards.find(">Veto<"), cards.find(">Super PAC<"));
  EXPECT_NE(cards.find("class=\"card minus\""), std::string::npos);
  EXPECT_NE(cards.find("class=\"card unclear\""), std::string::npos);
}

TEST(ReportHtml, ShowsHeaderComparisonsAndSignificance) {
  std::string html = sim::report_html(fixture("report_hand.json"));
  for (const char* s : {"<h1>Playtest report: article2</h1>", "<dd>base, party_match</dd>",
                        "<dd>random, heuristic, random, random</dd>", "<dd>7</dd>",
                        "2026-11-24 05:30 UTC", "ratify sim article2 party_match",
                        "The winner changed in <b>31.0%</b>", "changes the cards (Veto &lt;b&gt;)",
                        "Honors taken", "seat balance (largest advantage)", "more than 100%"})
    EXPECT_NE(html.find(s), std::string::npos) << s;
  // Two rows of the comparison are significant after Holm, one is not.
  std::string compare = between(html, "<table class=\"compare\"", "</table>");
  EXPECT_EQ(count(compare, "<tr class=\"sig\""), 2u);
  // The stat the comparison found significant is starred in its table.
  std::string stats = between(html, "id=\"stats\"", "</section>");
  EXPECT_EQ(count(stats, "<td class=\"sig\""), 1u);
}

// A variant that changes the deck changes the deal too: one warning for
// the one cause (there were two, one under the other).
TEST(ReportHtml, AChangedDeckAndDealIsOneWarning) {
  json j = fixture("report_hand.json");
  j["comparisons"][0]["deals"] = {{"differ", 40}, {"share", 0.8}};
  std::string html = sim::report_html(j);
  std::string compare = between(html, "<h3>party_match against", "<table class=\"compare\"");
  EXPECT_EQ(count(compare, "class=\"warn\""), 1u) << compare;
  EXPECT_NE(compare.find("changes the deal (it changes the cards: Veto &lt;b&gt;): in 80.0%"),
            std::string::npos)
      << compare;
  // Only the definitions changed: a note, and the games still pair.
  j["comparisons"][0].erase("deals");
  j["comparisons"][0]["cards_differ"] = false;
  compare = between(sim::report_html(j), "<h3>party_match against", "<table class=\"compare\"");
  EXPECT_EQ(count(compare, "class=\"warn\""), 0u);
  EXPECT_NE(compare.find("not what is dealt: the games still pair"), std::string::npos);
}

TEST(ReportHtml, EscapesNamesFromTheRuleset) {
  std::string html = sim::report_html(fixture("report_hand.json"));
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Filibuster"),
            std::string::npos);
}

TEST(ReportHtml, AnEmptyReportStillOpens) {
  for (const json& j :
       {json(), json::object(), json::array(), json("text"), json{{"variants", json::array()}}}) {
    std::string html = sim::report_html(j);
    EXPECT_NE(html.find("</html>"), std::string::npos);
    EXPECT_NE(html.find("No variants in this report."), std::string::npos);
  }
}

TEST(ReportHtml, MissingOrMalformedSectionsAreSkippedWithANote) {
  json j = {{"ruleset", 3},
            {"players", "four"},
            {"variants",
             {{{"name", "base"},
               {"seats", "none"},
               {"length", {{"histogram", {{"edges", {1}}, {"counts", {1, 2}}}}}},
               {"cards", {{{"card", "X"}, {"impact", "big"}}}},
               {"metrics", 3},
               {"stats", json::array()}},
              "not a variant",
              {{"seats", {{{"seat", 1}, {"win_rate", 2.5}, {"low", "a"}}}},
               {"length", {{"mean", 10}, {"histogram", {{"edges", {5, 5}}, {"counts", {1}}}}}}}}},
            {"comparisons", {{{"rows", "x"}}, 7}}};
  std::string html = sim::report_html(j);
  for (const char* s : {"No per-card impact", "No metrics", "reports no statistics",
                        "No histogram for this variant.", "No rows in this comparison."})
    EXPECT_NE(html.find(s), std::string::npos) << s;
  // The one usable win rate is drawn, clamped to 100%.
  EXPECT_EQ(count(between(html, "<svg class=\"chart seats\"", "</svg>"), "<rect class=\"bar\""),
            1u);
}

// The real report the sim writes (tests/fixtures/report_sample.json, from
// `report_json`): every chart is there.
TEST(ReportHtml, DrawsTheSimsOwnReport) {
  fs::path sample = fs::path(RATIFY_TEST_FIXTURES) / "report_sample.json";
  if (!fs::exists(sample)) GTEST_SKIP() << "no " << sample;
  std::string html = sim::report_html(fixture("report_sample.json"));
  EXPECT_NE(html.find("<svg class=\"chart seats\""), std::string::npos);
  EXPECT_NE(html.find("<svg class=\"chart lengths\""), std::string::npos);
  EXPECT_EQ(html.find("No variants"), std::string::npos);
}

// Numbers no sim makes (lengths near 1e20, axes of 1e308) draw what they
// can and finish: the ticks of an axis are counted, never stepped to the end.
TEST(ReportHtml, AbsurdNumbersStillFinish) {
  json hist = {{"edges", {1e20, 1e20 + 1e5, 1e20 + 2e5}}, {"counts", {3, 4}}};
  json huge = {{"edges", {-1e308, 1e308}}, {"counts", {1}}};
  json j = {{"players", 1e308},
            {"variants",
             {{{"name", "a"},
               {"seats", {{{"seat", 1e300}, {"win_rate", 0.5}, {"low", -1e308}, {"high", 1e308}}}},
               {"length", {{"mean", 1e20}, {"histogram", hist}}},
               {"cards", {{{"card", "x"}, {"impact", 1e308}, {"low", -1e308}, {"high", 1e308}}}}},
              {{"name", "b"}, {"length", {{"mean", 1}, {"histogram", huge}}}}}}};
  std::string html = sim::report_html(j);
  EXPECT_NE(html.find("</html>"), std::string::npos);
  EXPECT_NE(html.find("No histogram for this variant."), std::string::npos);
}
