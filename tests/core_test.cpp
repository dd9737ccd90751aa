// Core: RNG golden values, shuffle, zones, knowledge, hash, save/load.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/files.hpp"
#include "core/options.hpp"
#include "core/replay.hpp"
#include "core/rng.hpp"
#include "core/table.hpp"
#include "core/utf8.hpp"

using namespace ratify::core;

TEST(Rng, MatchesThePcg32ReferenceOutput) {
  // pcg32-demo of the PCG reference library, seeded with (42, 54).
  Rng r(42, 54);
  const uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                               0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (uint32_t e : expected) EXPECT_EQ(r.next(), e);
}

TEST(Rng, BoundedValuesAndShuffleArePinned) {
  Rng r(7);
  std::vector<uint32_t> got;
  for (int i = 0; i < 8; ++i) got.push_back(r.below(10));
  // Golden: any change to below() changes every seeded game.
  EXPECT_EQ(got, (std::vector<uint32_t>{9, 8, 6, 5, 3, 3, 0, 6}));
  Rng s(7);
  std::vector<int> deck = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  s.shuffle(deck);
  EXPECT_EQ(deck, (std::vector<int>{9, 2, 8, 3, 6, 4, 7, 1, 5, 10}));
}

// 64 bits and a split generator are drawn in a fixed order, high half
// first (written as one expression, the order of the two draws was the
// compiler's choice): the seeds of a bot's threads and worlds.
TEST(Rng, WideDrawsAndSplitsTakeTheirDrawsInOrder) {
  Rng a(42), b(42);
  uint64_t hi = b.next(), lo = b.next();
  EXPECT_EQ(a.next64(), hi << 32 | lo);
  Rng split = a.split();
  uint64_t seed = b.next64(), stream = b.next64();
  Rng expected(seed, stream);
  EXPECT_EQ(split, expected);
  EXPECT_EQ(a, b);
}

TEST(Rng, BelowIsInRangeAndRoughlyUniform) {
  Rng r(1);
  std::vector<int> counts(6);
  for (int i = 0; i < 60000; ++i) counts[r.below(6)]++;
  for (int c : counts) EXPECT_NEAR(c, 10000, 500);
  for (int i = 0; i < 1000; ++i) {
    int64_t v = r.between(-3, 3);
    EXPECT_GE(v, -3);
    EXPECT_LE(v, 3);
    double u = r.unit();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

static Table make_table() {
  std::vector<CardDef> defs(2);
  defs[0].id = "a";
  defs[0].count = 3;
  defs[1].id = "b";
  defs[1].count = 2;
  Table t(defs, 2);
  t.add_zone({"deck", "deck", "", 0, Visibility::None, {}});
  t.add_zone({"hand:1", "hand", "", 1, Visibility::Owner, {}});
  t.add_zone({"pile", "pile", "", 0, Visibility::Top, {}});
  for (int c = 1; c <= 5; ++c) t.move(c, t.zone_index("deck"));
  return t;
}

TEST(Table, CardsStartInTheBoxAndOnlyMove) {
  std::vector<CardDef> defs(1);
  defs[0].id = "x";
  defs[0].count = 4;
  Table t(defs, 2);
  EXPECT_EQ(t.zone("box").cards.size(), 4u);
  Table u = make_table();
  EXPECT_EQ(u.check_conservation(), "");
  u.move(5, u.zone_index("hand:1"));
  u.move(1, u.zone_index("hand:1"), 0);
  EXPECT_EQ(u.zone("hand:1").cards, (std::vector<CardId>{1, 5}));
  EXPECT_EQ(u.zone("deck").cards, (std::vector<CardId>{2, 3, 4}));
  EXPECT_EQ(u.zone_of(5), u.zone_index("hand:1"));
  EXPECT_EQ(u.check_conservation(), "");
  EXPECT_EQ(u.def(4).id, "b");
  EXPECT_THROW(u.move(9, 0), TableError);
  EXPECT_THROW(u.add_zone({"deck", "", "", 0, Visibility::All, {}}), TableError);
}

// Copies share the zone-name index until one adds a zone.
TEST(Table, ACopyAddsZonesOfItsOwn) {
  Table t = make_table();
  Table copy = t;
  copy.add_zone(Zone{"extra", "pile", "Extra", 0, Visibility::All, {}});
  EXPECT_GE(copy.zone_index("extra"), 0);
  EXPECT_EQ(t.zone_index("extra"), -1);
  t.add_zone(Zone{"other", "pile", "Other", 0, Visibility::All, {}});
  EXPECT_EQ(copy.zone_index("other"), -1);
  EXPECT_EQ(t.zone_index("other"), copy.zone_index("extra"));
  EXPECT_THROW(t.add_zone(Zone{"other", "pile", "", 0, Visibility::All, {}}), TableError);
  EXPECT_EQ(Table().zone_index("box"), -1);
}

TEST(Table, VisibilityAndKnowledge) {
  Table t = make_table();
  int hand = t.zone_index("hand:1"), pile = t.zone_index("pile");
  t.move(1, hand);
  EXPECT_TRUE(t.sees(1, 1));
  EXPECT_FALSE(t.sees(2, 1));
  t.move(2, pile);
  t.move(3, pile);
  EXPECT_TRUE(t.sees(2, 3));   // top card
  EXPECT_FALSE(t.sees(2, 2));  // under it
  EXPECT_FALSE(t.sees(2, 4));  // deck
  t.reveal(4, 2);
  EXPECT_TRUE(t.sees(2, 4));
  EXPECT_FALSE(t.sees(1, 4));
  Rng r(3);
  t.shuffle(t.zone_index("deck"), r);
  EXPECT_FALSE(t.sees(2, 4));  // shuffled: forgotten
}

// A memory game: a card shown to all and put back face down is known to
// everyone who saw it, yet drawn as a back (sees is false); a shuffle makes
// it anonymous again.
TEST(Table, AKnownCardCanLieFaceDown) {
  Table t = make_table();
  int deck = t.zone_index("deck");
  t.reveal(4, 0);
  EXPECT_TRUE(t.sees(1, 4));
  EXPECT_TRUE(t.sees(2, 4));
  t.turn_down(4);
  EXPECT_FALSE(t.sees(1, 4));
  EXPECT_FALSE(t.sees(2, 4));
  EXPECT_TRUE(t.knows(1, 4));
  EXPECT_TRUE(t.knows(2, 4));
  EXPECT_FALSE(t.knows(1, 5));
  // The top card of a "top" pile, seen by all, turned down: still known.
  int pile = t.zone_index("pile");
  t.move(2, pile);
  t.turn_down(2);
  t.move(3, pile);
  EXPECT_FALSE(t.sees(1, 2));
  EXPECT_TRUE(t.knows(1, 2));
  // Saved and loaded, hashed: what is remembered is part of the state.
  Table u = make_table();
  u.from_json(nlohmann::json::parse(t.to_json().dump()));
  EXPECT_TRUE(t == u);
  EXPECT_TRUE(u.knows(2, 4));
  Table v = t;
  v.reveal(4, 1);
  v.turn_down(4);
  Hasher ht, hv;
  t.hash_into(ht);
  v.hash_into(hv);
  EXPECT_EQ(ht.value(), hv.value());  // already known: nothing new
  Rng r(3);
  t.shuffle(deck, r);
  EXPECT_FALSE(t.knows(1, 4));  // shuffled: anonymous again
}

// knows_in, the search's unchecked walk over the zones, agrees with knows
// for every card of every zone and every player, onlooker included.
TEST(Table, KnowsInAZoneAgreesWithKnows) {
  Table t = make_table();
  int hand = t.zone_index("hand:1"), pile = t.zone_index("pile");
  t.move(1, hand);
  t.move(2, pile);
  t.move(3, pile);
  t.reveal(4, 2);
  t.reveal(5, 0);
  t.turn_down(5);
  auto agree = [&] {
    for (const Zone& z : t.zones())
      for (size_t i = 0; i < z.cards.size(); ++i)
        for (PlayerId p = 0; p <= 2; ++p)
          EXPECT_EQ(t.knows_in(p, z, i), t.knows(p, z.cards[i])) << z.name << " " << i << " " << p;
  };
  agree();
  Rng r(3);
  t.shuffle(t.zone_index("deck"), r);
  agree();
}

// Zone stamps change with the cards and never repeat for other contents,
// so a ruleset may cache by them; a copy keeps them (same contents).
TEST(Table, ZoneStampsFollowTheCards) {
  Table t = make_table();
  int hand = t.zone_index("hand:1"), deck = t.zone_index("deck");
  uint64_t h0 = t.zone(hand).stamp, d0 = t.zone(deck).stamp;
  EXPECT_NE(h0, d0);
  Table copy = t;
  EXPECT_EQ(copy.zone(hand).stamp, h0);
  t.move(1, hand);
  EXPECT_NE(t.zone(hand).stamp, h0);
  EXPECT_NE(t.zone(deck).stamp, d0);
  copy.move(2, hand);  // other contents: another stamp than t's
  EXPECT_NE(copy.zone(hand).stamp, t.zone(hand).stamp);
  uint64_t h1 = t.zone(hand).stamp;
  Rng r(1);
  t.shuffle(deck, r);
  EXPECT_EQ(t.zone(hand).stamp, h1);  // untouched zones keep theirs
  Hasher a, b;
  t.hash_into(a);
  Table same = t;
  same.move(1, hand);  // same contents, new stamp: same state
  same.hash_into(b);
  EXPECT_EQ(a.value(), b.value());
  EXPECT_TRUE(t == same);
}

TEST(Table, HashTellsStatesApart) {
  Table a = make_table(), b = make_table();
  Hasher ha, hb;
  a.hash_into(ha);
  b.hash_into(hb);
  EXPECT_EQ(ha.value(), hb.value());
  b.move(1, b.zone_index("pile"));
  Hasher hc;
  b.hash_into(hc);
  EXPECT_NE(ha.value(), hc.value());
}

TEST(Table, SaveLoadRoundTrip) {
  Table a = make_table();
  a.move(2, a.zone_index("hand:1"));
  a.reveal(3, 1);
  Table b = make_table();
  b.from_json(nlohmann::json::parse(a.to_json().dump()));
  EXPECT_TRUE(a == b);
  auto bad = a.to_json();
  bad["zones"][0]["cards"].push_back(2);  // a card in two zones
  EXPECT_THROW(b.from_json(bad), TableError);
  auto missing = a.to_json();
  missing["zones"][1]["cards"] = nlohmann::json::array();
  EXPECT_THROW(b.from_json(missing), TableError);
  EXPECT_TRUE(a == b);  // a failed load leaves the table as it was
}

// A card turned up and down again is saved as a glimpse; a save's
// glimpses are checked like the rest of it.
TEST(Table, GlimpsesSurviveASaveAndBadOnesAreRefused) {
  Table a = make_table();
  a.reveal(3, 0);
  a.turn_down(3);
  ASSERT_EQ(a.glimpses().size(), 1u);
  Table b = make_table();
  b.from_json(nlohmann::json::parse(a.to_json().dump()));
  ASSERT_EQ(b.glimpses().size(), 1u);
  EXPECT_EQ(b.glimpses()[0].card, 3);
  for (auto glimpses :
       {nlohmann::json{{"999", 1}}, nlohmann::json{{"x", 1}}, nlohmann::json{{"3", "all"}}}) {
    auto bad = a.to_json();
    bad["glimpses"] = glimpses;
    EXPECT_THROW(b.from_json(bad), TableError) << glimpses.dump();
  }
  EXPECT_EQ(b.glimpses().size(), 1u);  // a failed load leaves the table as it was
}

TEST(Options, ParseValidateAndListTheValidOnes) {
  std::vector<OptionDecl> decls = {{"wrap", "runs wrap", false, {}, {}, {}},
                                   {"hands", "hands a game", int64_t{3}, {}, 1.0, 10.0},
                                   {"rounding", "", std::string("zero"), {"zero", "down"}, {}, {}}};
  EXPECT_EQ(std::get<bool>(parse_setting("wrap=true", decls).second), true);
  EXPECT_EQ(std::get<int64_t>(parse_setting("hands=5", decls).second), 5);
  EXPECT_THROW(parse_setting("hands=11", decls), OptionError);
  EXPECT_THROW(parse_setting("hands=x", decls), OptionError);
  EXPECT_THROW(parse_setting("rounding=up", decls), OptionError);
  try {
    parse_setting("wrpa=1", decls);
    FAIL();
  } catch (const OptionError& e) {
    EXPECT_NE(std::string(e.what()).find("wrap (boolean"), std::string::npos);
  }
  auto all = resolve(decls, {{"hands", int64_t{4}}});
  EXPECT_EQ(std::get<int64_t>(all["hands"]), 4);
  EXPECT_EQ(std::get<std::string>(all["rounding"]), "zero");
}

// Issue 29: a value that is not UTF-8 is refused where it enters (it
// lost the run at the end, with a raw JSON exception).
TEST(Options, AValueThatIsNotUtf8IsRefused) {
  std::vector<OptionDecl> decls = {{"title", "", std::string("x"), {}, {}, {}}};
  EXPECT_EQ(std::get<std::string>(parse_setting("title=caf\xc3\xa9", decls).second), "caf\xc3\xa9");
  try {
    parse_setting("title=caf\xff", decls);
    FAIL();
  } catch (const OptionError& e) {
    EXPECT_NE(std::string(e.what()).find("a value must be UTF-8 text"), std::string::npos);
  }
  EXPECT_THROW(resolve(decls, {{"title", std::string("\xff")}}), OptionError);
}

TEST(Replay, CorruptFilesNameTheLine) {
  std::string good = R"({"ratify":"replay","ruleset":"x","seed":1,"players":2})"
                     "\n"
                     R"({"actor":1,"action":{"kind":"draw"},"hash":"00000000000000ff"})"
                     "\n";
  auto r = parse_replay(good, "g.jsonl");
  ASSERT_EQ(r.steps.size(), 1u);
  EXPECT_EQ(r.steps[0].hash, 255u);
  try {
    parse_replay(good + "{not json\n", "g.jsonl");
    FAIL();
  } catch (const ReplayError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("g.jsonl:3:", 0), 0u) << e.what();
  }
  EXPECT_THROW(parse_replay("", "e.jsonl"), ReplayError);
  EXPECT_THROW(parse_replay(R"({"ratify":"replay","seed":1})", "h.jsonl"), ReplayError);
}

// Nesting is counted outside strings only, and refused past the limit.
TEST(Replay, JsonNestedTooDeepIsRefusedBeforeParsing) {
  EXPECT_NO_THROW(check_json_depth(R"({"a":[1,{"b":"[[[[[[[[\"{{{{"}]})", 3));
  EXPECT_THROW(check_json_depth("[[[[]]]]", 3), ReplayError);
  EXPECT_NO_THROW(check_json_depth("[[[]]]", 3));
  EXPECT_THROW(parse_replay("{\"ratify\":\"replay\",\"x\":" + std::string(100, '[') + "}", "f"),
               ReplayError);
}

// A replay header must say what this build can read, in whole numbers.
TEST(Replay, HeadersWithOtherVersionsOrFractionsAreRefused) {
  const std::string ok = R"({"ratify":"replay","version":1,"ruleset":"x","seed":3,"players":2})";
  EXPECT_NO_THROW(parse_replay(ok, "f"));
  for (const char* bad :
       {R"({"ratify":"replay","version":99,"ruleset":"x","seed":3,"players":2})",
        R"({"ratify":"replay","version":1,"ruleset":"x","seed":2.5,"players":2})",
        R"({"ratify":"replay","version":1,"ruleset":"x","seed":-1,"players":2})",
        R"({"ratify":"replay","version":1,"ruleset":"x","seed":3,"players":2.5})"})
    EXPECT_THROW(parse_replay(bad, "f"), ReplayError) << bad;
  EXPECT_THROW(parse_replay(ok + "\n" + R"({"actor":1.5,"action":{},"hash":"0"})", "f"),
               ReplayError);
}

// A replay names its rules by id and its variant by name: a path in either
// would make ratify run whatever file or folder a stranger's replay names.
TEST(Replay, RulesetAndVariantAreNamesNeverPaths) {
  auto header = [](const std::string& ruleset, const std::string& variant) {
    return nlohmann::json{{"ratify", "replay"},
                          {"ruleset", ruleset},
                          {"variant", variant},
                          {"seed", 1},
                          {"players", 2}}
        .dump();
  };
  EXPECT_NO_THROW(parse_replay(header("british_constitution", "relaxed"), "f"));
  EXPECT_NO_THROW(parse_replay(header("x-1", ""), "f"));
  for (const auto& [ruleset, variant] :
       std::vector<std::pair<std::string, std::string>>{{"/tmp/evil", ""},
                                                        {"../evil", ""},
                                                        {"a/b", ""},
                                                        {"", ""},
                                                        {"x", "/tmp/v.lua"},
                                                        {"x", "../../v"},
                                                        {"x", "v.lua"},
                                                        {std::string("x\0y", 3), ""}})
    EXPECT_THROW(parse_replay(header(ruleset, variant), "f"), ReplayError) << ruleset << variant;
}

// Files a ruleset may read: regular files inside its roots, links followed.
TEST(Files, OnlyRegularFilesInsideTheRootsAfterFollowingLinks) {
  namespace fs = std::filesystem;
  fs::path tmp = fs::temp_directory_path() / ("ratify_files_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "rules" / "sub");
  std::ofstream(tmp / "rules" / "a.lua") << "return 1";
  std::ofstream(tmp / "secret.lua") << "return 2";
  fs::create_symlink(tmp / "secret.lua", tmp / "rules" / "out.lua");
  fs::create_symlink("a.lua", tmp / "rules" / "in.lua");
  fs::create_symlink(tmp, tmp / "rules" / "up");
  std::vector<fs::path> roots = {tmp / "rules"};
  EXPECT_EQ(outside_roots(tmp / "rules" / "a.lua", roots), "");
  EXPECT_EQ(outside_roots(tmp / "rules" / "in.lua", roots), "") << "a link inside is fine";
  EXPECT_NE(outside_roots(tmp / "rules" / "out.lua", roots).find("is a link to a file outside"),
            std::string::npos);
  EXPECT_NE(outside_roots(tmp / "rules" / "up" / "secret.lua", roots).find("outside"),
            std::string::npos)
      << "a linked folder on the way";
  EXPECT_NE(outside_roots(tmp / "rules" / ".." / "secret.lua", roots), "");
  EXPECT_EQ(outside_roots(tmp / "rules" / "sub", roots), "is not a regular file");
  EXPECT_EQ(outside_roots(tmp / "rules" / "none.lua", roots), "no such file");
  EXPECT_EQ(outside_roots(tmp / "rules-other" / "a.lua", {tmp / "rules"}), "no such file");
  fs::create_directories(tmp / "rules-other");
  std::ofstream(tmp / "rules-other" / "a.lua") << "return 3";
  EXPECT_NE(outside_roots(tmp / "rules-other" / "a.lua", roots), "")
      << "a sibling whose name starts alike is outside";
  fs::remove_all(tmp);
}

// Text from scripts: UTF-8 is checked strictly; a message is mended instead.
TEST(Utf8, StrictCheckAndLossyRepair) {
  EXPECT_TRUE(valid_utf8("plain, caf\xc3\xa9, \xe2\x82\xac, \xf0\x9f\x83\x8f"));
  EXPECT_TRUE(valid_utf8(std::string_view("a\0b", 3)));
  for (const char* bad :
       {"\xff", "caf\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", "\xe2\x82"})
    EXPECT_FALSE(valid_utf8(bad)) << bad;
  EXPECT_EQ(lossy_utf8("a\xffz"), "a\xef\xbf\xbdz");
  EXPECT_EQ(lossy_utf8("caf\xc3\xa9"), "caf\xc3\xa9");
}
