-- Scenario tests of the seed's rules: each arranges an exact table with the
-- test kit and drives the game with G:act. Names start with the point of
-- issue #4 they show ("1 cards", "2 turn", "3 runs", "3 stops", "4 scoring",
-- "4 players"), "show:" for the issue's must-show list, "ruling:" for a
-- ruling of README.md.

local kit = require "testkit"

-- Seven quiet cards: nothing in them makes a run with 1-10 or with each other.
local FILL = { 13, 16, 19, 22, 25, 13, 16 }

local function hand_of(list)
  local hand = {}
  for i, x in ipairs(list) do hand[i] = x end
  for i = #hand + 1, 7 do hand[i] = FILL[i] end
  return hand
end

local function count_kind(G, kind)
  local n = 0
  for _, a in ipairs(G:actions()) do
    if a.kind == kind then n = n + 1 end
  end
  return n
end

return {
  { name = "1 cards: 122 cards, 120 in play, the 2 reference cards never dealt", run = function(t)
      local G = t.game { players = 3, seed = 2 }
      local g = G.g
      t.eq(g.ncards, 122)
      local counts = { article_v = 12, judicial_review = 3, filibuster = 3, cloture = 7, liberty = 7,
        we_the_people = 7, play_diagram = 1, amendment_list = 1 }
      for n = 1, 27 do counts["amendment_" .. n] = 3 end
      for id, n in pairs(counts) do t.eq(#g.all(id), n, id) end
      t.eq(g.count("reference"), 2)
      t.eq(g.count("deck") + 3 * 5, 120)
      for p = 1, 3 do t.eq(g.count("hand:" .. p), 5) end
      t.eq(G:actor(), 1)
      G:playout()
      t.ok(G:result(), "the game ended")
      t.eq(g.count("reference"), 2, "still out of play after three hands")
    end },

  { name = "1 cards: each amendment card gives its number and subject in its text", run = function(t)
      local g = t.game { players = 2, seed = 1 }.g
      local subjects = { [1] = "religion", [2] = "bear arms", [5] = "due process", [13] = "slavery",
        [16] = "income tax", [18] = "prohibition", [19] = "suffrage", [22] = "two%-term", [26] = "18",
        [27] = "pay" }
      for n = 1, 27 do
        local def = g.def(g.all("amendment_" .. n)[1])
        t.eq(def.number, n)
        t.ok(def.text:match("Amendment " .. n .. ":"), "number in the text of " .. n)
        t.ok(#def.subject > 0 and def.text:find(def.subject, 1, true), "subject in the text of " .. n)
        if subjects[n] then t.ok(def.subject:match(subjects[n]), "subject of " .. n) end
      end
    end },

  { name = "2 turn: draw up to seven from the face-down stack", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = { 1, 2, 3, 4, 5 } } })
      kit.draw(G)
      t.eq(G.g.count("hand:1"), 7)
    end },

  { name = "show: drawing from the discard stack takes from its top as many as needed", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = { 1, 2, 3, 4, 5 } }, discard = { 20, 21, 22 } })
      local g = G.g
      G:act { kind = "draw", from = "discard" }
      t.eq(g.count("hand:1"), 7)
      t.eq(kit.run_ids(g, "discard"), { 20 })
      t.eq(#g.find("hand:1", "amendment_22"), 1)
      t.eq(#g.find("hand:1", "amendment_21"), 1)
    end },

  { name = "2 turn: all cards from one stack; a discard stack holding too few is not offered", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = { 1, 2, 3, 4 } }, discard = { 20, 21 } })
      t.ok(not G:can { kind = "draw", from = "discard" })
      t.ok(G:can { kind = "draw", from = "deck" })
    end },

  { name = "show: reshuffle: when the face-down stack is gone the discard stack replaces it", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = { 1, 2, 3, 4, 5 } }, discard = { 20, 21, 22, 23 } })
      local g = G.g
      -- leave one card face down; the others go out of the way into player 2's runs zone
      local aside = g.zone("aside", { visibility = "all" })
      local deck = g.cards("deck")
      for i = 2, #deck do g.move(deck[i], aside) end
      t.eq(g.count("deck"), 1)
      kit.draw(G)
      t.eq(g.count("hand:1"), 7)
      t.eq(g.count("discard"), 0)
      t.eq(g.count("deck"), 3)
    end },

  { name = "show: breakout refused without Article V; Article V and breakout in one turn", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = hand_of { 4, 5, 6, "article_v" } } })
      local g = G.g
      kit.draw(G)
      t.eq(count_kind(G, "breakout"), 0)
      G:act { kind = "article_v" }
      t.eq(g.count("article:1"), 1)
      t.ok(not G:can { kind = "article_v" }, "one Article V per hand")
      G:act { kind = "breakout", lo = 4 }
      t.eq(kit.run_ids(g, "run:1:1"), { 4, 5, 6 })
      t.eq(G:actor(), 1)
    end },

  { name = "3 runs: a breakout needs three consecutive amendments", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, hands = { [1] = hand_of { 4, 5, 7, 9 } } })
      kit.draw(G)
      t.eq(count_kind(G, "breakout"), 0, "4, 5, 7, 9: no three consecutive")
      t.eq(count_kind(G, "extend"), 0, "no run to add to")
    end },

  { name = "show: a wild in a breakout stands for the number of its place", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, hands = { [1] = hand_of { "liberty", 5, 6 } } })
      local g = G.g
      kit.draw(G)
      t.ok(G:can { kind = "breakout", lo = 5 }, "5, 6, Liberty as 7")
      G:act { kind = "breakout", lo = 4 }
      t.eq(kit.run_ids(g, "run:1:1"), { "liberty", 5, 6 })
      t.eq(g.state.sides[1].runs[1].lo, 4)
      t.ok(G:can { kind = "extend", at = "high" } == false, "no 7 in hand")
    end },

  { name = "3 wilds: Liberty only for 1-10, We the People only for 11-27", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, hands = { [1] = hand_of { "we_the_people", 8, 9 } } })
      kit.draw(G)
      t.ok(not G:can { kind = "breakout", lo = 8 }, "We the People cannot be 10")
      t.ok(not G:can { kind = "breakout", lo = 7 }, "We the People cannot be 7")
      local H = kit.table_game(t, { article = { 1 }, hands = { [1] = hand_of { "we_the_people", 11, 12 } } })
      kit.draw(H)
      t.ok(H:can { kind = "breakout", lo = 10 } == false, "10 needs a Liberty")
      t.ok(H:can { kind = "breakout", lo = 11 }, "11, 12, We the People as 13")
    end },

  { name = "show: a run needs a real amendment: three wilds alone are no breakout", run = function(t)
      local G = kit.table_game(t, { article = { 1 },
        hands = { [1] = { "liberty", "liberty", "liberty", "we_the_people", 20, 24, 27 } } })
      kit.draw(G)
      t.eq(count_kind(G, "breakout"), 0)
      local H = kit.table_game(t, { article = { 1 },
        hands = { [1] = { "liberty", "liberty", 3, "we_the_people", 20, 24, 27 } } })
      kit.draw(H)
      t.ok(H:can { kind = "breakout", lo = 1 } and H:can { kind = "breakout", lo = 3 },
        "two wilds and one real amendment")
      local three = kit.in_hand(H.g, 1, 3)
      for _, a in ipairs(H:actions()) do
        if a.kind == "breakout" then
          t.ok(a.cards[1] == three or a.cards[2] == three or a.cards[3] == three, a.label)
        end
      end
    end },

  { name = "show: extending a run at both ends", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 5, { 5, 6, 7 } } },
        hands = { [1] = hand_of { 3, 4, 8, "liberty" } } })
      local g = G.g
      kit.draw(G)
      t.ok(G:can { kind = "extend", at = "low", card = kit.in_hand(g, 1, "liberty") })
      t.ok(G:can { kind = "extend", at = "high", card = kit.in_hand(g, 1, "liberty") })
      t.ok(not G:can { kind = "extend", card = kit.in_hand(g, 1, 3) }, "3 does not touch 5-7")
      G:act { kind = "extend", at = "low", card = kit.in_hand(g, 1, 4) }
      G:act { kind = "extend", at = "low", card = kit.in_hand(g, 1, 3) }
      G:act { kind = "extend", at = "high", card = kit.in_hand(g, 1, 8) }
      G:act { kind = "extend", at = "high", card = kit.in_hand(g, 1, "liberty") }
      t.eq(kit.run_ids(g, "run:1:1"), { 3, 4, 5, 6, 7, 8, "liberty" })
      t.eq(g.state.sides[1].runs[1].lo, 3)
    end },

  { name = "3 runs: runs do not wrap past 27 (ruling; option wrap)", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 25, { 25, 26, 27 } } },
        hands = { [1] = { 1, 2, 24, 20, 20, 16, 16 } } })
      local g = G.g
      kit.draw(G)
      t.ok(not G:can { kind = "extend", card = kit.in_hand(g, 1, 1) })
      t.ok(G:can { kind = "extend", at = "low", card = kit.in_hand(g, 1, 24) })
      t.ok(not G:can { kind = "breakout", lo = 26 })
    end },

  { name = "3 runs: several runs in one hand", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 5, { 5, 6, 7 } } },
        hands = { [1] = hand_of { 20, 21, 22 } } })
      kit.draw(G)
      G:act { kind = "breakout", lo = 20 }
      t.eq(#G.g.state.sides[1].runs, 2)
      t.eq(kit.run_ids(G.g, "run:1:2"), { 20, 21, 22 })
    end },

  { name = "2 turn: a turn ends with one discard; playing is optional", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, hands = { [1] = hand_of { 4, 5, 6 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 1, 4) }
      t.eq(g.count("hand:1"), 6)
      t.eq(kit.run_ids(g, "discard"), { 4 })
      t.eq(G:actor(), 2)
      t.eq(g.state.phase, "draw")
    end },

  { name = "2 turn: playing every card ends the turn without a discard", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 3, { 3, 4, 5 } } },
        hands = { [1] = { 6, 7, 8, 9, 20, 21, 22 } } })
      local g = G.g
      kit.draw(G)
      for n = 6, 9 do G:act { kind = "extend", card = kit.in_hand(g, 1, n) } end
      G:act { kind = "breakout", lo = 20 }
      t.eq(g.count("hand:1"), 0)
      t.eq(g.count("discard"), 0)
      t.eq(G:actor(), 2)
    end },

  { name = "show: Judicial Review stops an opponent without Article V; Article V is its remedy", run = function(t)
      local G = kit.table_game(t, {
        hands = { [1] = hand_of { "judicial_review", "filibuster" },
          [2] = { "article_v", "article_v", "cloture", 4, 5, 6, 20 } } })
      local g = G.g
      kit.draw(G)
      t.ok(G:can { kind = "stop", card = kit.in_hand(g, 1, "judicial_review"), target = 2 },
        "player 2 has no Article V yet")
      G:act { kind = "stop", card = kit.in_hand(g, 1, "judicial_review"), target = 2 }
      t.eq(g.count("stop:2"), 1)
      t.ok(not G:can { kind = "stop", target = 2 }, "one stop at a time")
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      kit.draw(G)
      t.ok(G:can { kind = "article_v" } and G:can { kind = "remedy" }, "opening or remedy: the player's choice")
      t.ok(not G:can { kind = "remedy", card = kit.in_hand(g, 2, "cloture") }, "Cloture does not lift it")
      G:act { kind = "article_v" }
      t.eq(count_kind(G, "breakout"), 0, "stopped: no breakout even with an Article V")
      G:act { kind = "remedy", card = kit.in_hand(g, 2, "article_v") }
      t.eq(g.count("stop:2"), 2)
      t.eq(g.def(g.top("stop:2")).id, "article_v")
      t.eq(g.count("article:2"), 1, "the remedy is not the opening Article V")
      G:act { kind = "breakout", lo = 4 }
      t.eq(kit.run_ids(g, "run:2:1"), { 4, 5, 6 }, "remedy and amendments in the same turn")
    end },

  { name = "3 stops: a stop blocks adding to runs as well as breakouts", run = function(t)
      local G = kit.table_game(t, { article = { 2 }, runs = { { 2, 10, { 10, 11, 12 } } },
        hands = { [1] = hand_of { "judicial_review" }, [2] = hand_of { 9, 13, 20, 21, 22 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "stop", card = kit.in_hand(g, 1, "judicial_review"), target = 2 }
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      kit.draw(G)
      t.eq(count_kind(G, "extend") + count_kind(G, "breakout"), 0)
      t.ok(G:can { kind = "discard" }, "a stopped player still discards")
    end },

  { name = "show: Filibuster stops; Cloture is its remedy; draw and discard go on", run = function(t)
      local G = kit.table_game(t, { article = { 2 }, runs = { { 2, 10, { 10, 11, 12 } } },
        hands = { [1] = hand_of { "filibuster" }, [2] = { "cloture", "article_v", 13, 9, 20, 21, 22 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "stop", card = kit.in_hand(g, 1, "filibuster"), target = 2 }
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      G:act { kind = "draw", from = "deck" }
      t.eq(g.count("hand:2"), 7, "a stopped player still draws")
      t.eq(count_kind(G, "extend") + count_kind(G, "breakout"), 0)
      t.ok(G:can { kind = "discard" })
      t.ok(not G:can { kind = "remedy", card = kit.in_hand(g, 2, "article_v") }, "Article V does not lift it")
      G:act { kind = "remedy", card = kit.in_hand(g, 2, "cloture") }
      t.eq(g.def(g.top("stop:2")).id, "cloture")
      t.ok(G:can { kind = "extend", card = kit.in_hand(g, 2, 13) })
      t.ok(G:can { kind = "breakout", lo = 20 })
    end },

  { name = "3 stops: played on any opponent (three players), with or without Article V", run = function(t)
      local G = kit.table_game(t, { players = 3, article = { 2 },
        hands = { [1] = hand_of { "judicial_review", "filibuster" } } })
      local g = G.g
      kit.draw(G)
      for _, id in ipairs({ "judicial_review", "filibuster" }) do
        for _, p in ipairs({ 2, 3 }) do
          t.ok(G:can { kind = "stop", card = kit.in_hand(g, 1, id), target = p }, id .. " on " .. p)
        end
      end
      t.eq(count_kind(G, "stop"), 4, "never on oneself")
      G:act { kind = "stop", card = kit.in_hand(g, 1, "filibuster"), target = 3 }
      t.ok(G:can { kind = "stop", target = 2 } and not G:can { kind = "stop", target = 3 })
    end },

  { name = "3 stops: a remedied side may be stopped again", run = function(t)
      local G = kit.table_game(t, { hands = { [1] = hand_of { "filibuster" } } })
      local g = G.g
      kit.put(g, "stop:2", { "judicial_review", "article_v" })
      kit.draw(G)
      t.ok(G:can { kind = "stop", target = 2 })
    end },

  { name = "show: scoring of a finished hand with both bonuses: 5 and 10 points, +20, +25 for 1-10", run = function(t)
      local G = kit.table_game(t, { article = { 1, 2 },
        runs = { { 1, 1, { 1, 2, "liberty", 4, 5, 6, 7, 8, 9 } }, { 2, 15, { 15, "we_the_people", 17 } } },
        hands = { [1] = hand_of { 10 }, [2] = { 20, 20 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(g, 1, 10) }
      t.eq(g.state.completed, { 1, 0 }, "the run of ten ends the hand at once")
      -- side 1: nine amendments x5 + one Liberty x10 + 20 + 25
      t.eq(g.state.scores, { 100, 20 })
      t.eq(g.state.hand, 2)
      t.eq(g.state.completed, { 1, 0 })
      t.eq(G:actor(), 2, "the player left of the new dealer begins")
      t.eq(g.count("hand:1"), 5)
      t.eq(#g.state.sides[1].runs, 0)
      t.eq(g.count("article:1"), 0)
      t.eq(g.count("deck"), 110)
    end },

  { name = "4 scoring: a run of ten other than 1-10 earns only the +20", run = function(t)
      local G = kit.table_game(t, { article = { 1 },
        runs = { { 1, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } }, hands = { [1] = hand_of { "we_the_people" } } })
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(G.g, 1, "we_the_people") }
      t.eq(G.g.state.scores, { 9 * 5 + 10 + 20, 0 })
    end },

  { name = "4 game: three hands make a game; most points wins", run = function(t)
      local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } },
        hands = { [1] = hand_of { 11 } } })
      local g = G.g
      G:set("hand", 3)
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(g, 1, 11) }
      t.eq(G:actor(), nil)
      local r = G:result()
      t.eq(r.winners, { 1 })
      t.eq(r.scores, { 70, 0 })
    end },

  { name = "4 players: three individual players, each their own side, turns to the left", run = function(t)
      local G = kit.table_game(t, { players = 3, article = { 1, 3 },
        runs = { { 3, 20, { 20, 21, 22 } } }, hands = { [1] = hand_of { 4, 5, 6 } } })
      local g = G.g
      t.eq(g.has_zone("article:3") and g.has_zone("stop:3"), true)
      local order = {}
      for _ = 1, 4 do
        order[#order + 1] = G:actor()
        kit.draw(G)
        if G:can { kind = "breakout", lo = 4 } then G:act { kind = "breakout", lo = 4 } end
        for _, a in ipairs(G:actions()) do
          if a.kind == "extend" then t.eq(a.zone:match("^run:(%d+):"), tostring(G:actor()), "own runs only") end
        end
        G:act { kind = "discard", card = kit.any_card(g, G:actor()) }
      end
      t.eq(order, { 1, 2, 3, 1 })
      t.eq(#g.state.sides[1].runs, 1)
      t.eq(#g.state.sides[2].runs, 0)
    end },

  { name = "show: teams sharing runs: partners opposite share Article V, runs and stops", run = function(t)
      local G = kit.table_game(t, { players = 4, article = { 1 },
        hands = { [1] = { 4, 5, 6, 13, 16, 19, 22 }, [2] = { "filibuster", 13, 16, 19, 22, 25, 25 },
          [3] = { 7, 3, 13, 16, 19, 25, 27 }, [4] = { 20, 21, 24, 24, 27, 27, "cloture" } } })
      local g = G.g
      t.eq(g.has_zone("run:3:1") or g.has_zone("article:3"), false, "two sides only")
      kit.draw(G)
      G:act { kind = "breakout", lo = 4 }
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      kit.draw(G) -- player 2 (team 2)
      t.ok(not G:can { kind = "stop", target = 3 } and G:can { kind = "stop", target = 1 })
      G:act { kind = "discard", card = kit.in_hand(g, 2, 13) }
      kit.draw(G) -- player 3 adds to the partner's run
      G:act { kind = "extend", card = kit.in_hand(g, 3, 7) }
      G:act { kind = "extend", card = kit.in_hand(g, 3, 3) }
      t.eq(kit.run_ids(g, "run:1:1"), { 3, 4, 5, 6, 7 })
      G:act { kind = "discard", card = kit.in_hand(g, 3, 13) }
      kit.draw(G) -- player 4: team 2 has no Article V yet
      t.eq(count_kind(G, "breakout"), 0)
      G:act { kind = "discard", card = kit.in_hand(g, 4, 24) }
      kit.draw(G) -- player 1
      G:act { kind = "discard", card = kit.in_hand(g, 1, 16) }
      kit.draw(G) -- player 2 stops team 1: both partners are stopped
      G:act { kind = "stop", card = kit.in_hand(g, 2, "filibuster"), target = 1 }
      G:act { kind = "discard", card = kit.in_hand(g, 2, 16) }
      t.eq(G:actor(), 3)
      kit.draw(G)
      t.eq(count_kind(G, "extend"), 0, "player 3 is stopped with the team")
    end },

  { name = "4 players: teams: a run of ten scores for both partners", run = function(t)
      local G = kit.table_game(t, { players = 4, article = { 2 },
        runs = { { 1, 11, { 11, 12, 13 } }, { 2, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } },
        hands = { [1] = hand_of { 20 } } })
      local g = G.g
      G:set("hand", 3)
      kit.draw(G)
      G:act { kind = "discard" , card = kit.in_hand(g, 1, 20) }
      kit.put(g, "hand:2", { 11 })
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(g, 2, 11) }
      local r = G:result()
      t.eq(r.winners, { 2, 4 })
      t.eq(r.scores, { 15, 70, 15, 70 })
    end },

  { name = "4 players: one player alone: no stops to play", run = function(t)
      local G = kit.table_game(t, { players = 1, hands = { [1] = hand_of { "filibuster", "judicial_review" } } })
      kit.draw(G)
      t.eq(count_kind(G, "stop"), 0)
      G:act { kind = "discard", card = kit.in_hand(G.g, 1, "filibuster") }
      t.eq(G:actor(), 1)
    end },

  { name = "ruling: a hand with no card played for blocked_turns turns ends without bonus", run = function(t)
      local G = kit.table_game(t, { options = { blocked_turns = 10 }, article = { 1 },
        runs = { { 1, 5, { 5, 6, 7 } } } })
      local g = G.g
      for _ = 1, 10 do
        kit.draw(G)
        G:act { kind = "discard", card = kit.any_card(g, G:actor()) }
      end
      t.eq(g.state.hand, 2)
      t.eq(g.state.scores, { 15, 0 })
    end },
}
