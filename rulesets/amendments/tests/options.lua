-- Scenario tests of the house rules (options, issue point 5) and of the quiz
-- (rule 9). "show:" marks the issue's must-show list.

local kit = require "testkit"

local FILL = { 13, 16, 19, 22, 25, 13, 16 }

local function hand_of(list)
  local hand = {}
  for i, x in ipairs(list) do hand[i] = x end
  for i = #hand + 1, 7 do hand[i] = FILL[i] end
  return hand
end

-- The first naming action whose choice is (or is not) the right one.
local function naming(G, right)
  for _, a in ipairs(G:actions()) do
    if a.kind == "name" and (a.choice == a.number) == right then return a end
  end
  error("no naming action")
end

local function name_all(G, wrong_at)
  local i = 0
  while G.g.state.phase == "name" do
    i = i + 1
    local a = naming(G, i ~= wrong_at)
    G:act { kind = "name", number = a.number, choice = a.choice }
  end
end

return {
  { name = "5 option wrap: runs wrap past 27 to 1", run = function(t)
      local G = kit.table_game(t, { options = { wrap = true }, article = { 1 },
        runs = { { 1, 25, { 25, 26, 27 } } }, hands = { [1] = { 1, 1, 2, 26, 27, 3, 20 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "extend", at = "high", card = kit.in_hand(g, 1, 1) }
      t.eq(kit.run_ids(g, "run:1:1"), { 25, 26, 27, 1 })
      t.ok(G:can { kind = "breakout", lo = 26 }, "26, 27, 1")
      t.ok(G:can { kind = "breakout", lo = 27 }, "27, 1, 2")
      G:act { kind = "extend", at = "high", card = kit.in_hand(g, 1, 2) }
      t.ok(G:can { kind = "extend", at = "high", card = kit.in_hand(g, 1, 3) })
    end },

  { name = "5 option real_amendment off: a run of wilds alone", run = function(t)
      local G = kit.table_game(t, { options = { real_amendment = false }, article = { 1 },
        hands = { [1] = { "liberty", "liberty", "liberty", 20, 20, 24, 27 } } })
      kit.draw(G)
      G:act { kind = "breakout", lo = 1 }
      t.eq(kit.run_ids(G.g, "run:1:1"), { "liberty", "liberty", "liberty" })
    end },

  { name = "5 option article_v per_run: an Article V before every run", run = function(t)
      local G = kit.table_game(t, { options = { article_v = "per_run" },
        hands = { [1] = { "article_v", "article_v", 4, 5, 6, 20, 21 }, [2] = { 22, 22 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "article_v" }
      t.ok(not G:can { kind = "article_v" }, "one unused at a time")
      G:act { kind = "breakout", lo = 4 }
      G:act { kind = "discard", card = kit.in_hand(g, 1, 21) }
      kit.draw(G)
      G:act { kind = "discard", card = kit.any_card(g, 2) }
      kit.put(g, "hand:1", { 21, 22, 13, 16, 19 })
      kit.draw(G)
      t.ok(not G:can { kind = "breakout", lo = 20 }, "the first Article V is used up")
      G:act { kind = "article_v" }
      G:act { kind = "breakout", lo = 20 }
      t.eq(#g.state.sides[1].runs, 2)
    end },

  { name = "5 option hand_penalty: -5 per card left in hand", run = function(t)
      local G = kit.table_game(t, { options = { hand_penalty = true }, article = { 1 },
        runs = { { 1, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } },
        hands = { [1] = hand_of { 11 }, [2] = { 20, 20, 21 } } })
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(G.g, 1, 11) }
      t.eq(G.g.state.scores, { 50 + 20 - 6 * 5, -15 })
    end },

  { name = "5 option game_end points: the game ends when a side reaches the target", run = function(t)
      local G = kit.table_game(t, { options = { game_end = "points", points_target = 60 }, article = { 1 },
        runs = { { 1, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } }, hands = { [1] = hand_of { 11 } } })
      kit.draw(G)
      G:act { kind = "extend", card = kit.in_hand(G.g, 1, 11) }
      t.eq(G:result().winners, { 1 })
      local H = kit.table_game(t, { options = { game_end = "points", points_target = 80 }, article = { 1 },
        runs = { { 1, 2, { 2, 3, 4, 5, 6, 7, 8, 9, 10 } } }, hands = { [1] = hand_of { 11 } } })
      kit.draw(H)
      H:act { kind = "extend", card = kit.in_hand(H.g, 1, 11) }
      t.eq(H:result(), nil, "70 < 80: a second hand")
      t.eq(H.g.state.hand, 2)
    end },

  { name = "5 option game_end turns: the clock ends the game, the hand scored without bonus", run = function(t)
      local G = kit.table_game(t, { options = { game_end = "turns", turn_limit = 3 }, article = { 2 },
        runs = { { 2, 5, { 5, 6, 7 } } } })
      for _ = 1, 3 do
        kit.draw(G)
        G:act { kind = "discard", card = kit.any_card(G.g, G:actor()) }
      end
      t.eq(G:actor(), nil)
      t.eq(G:result().scores, { 0, 15 })
      t.eq(G:result().winners, { 2 })
    end },

  { name = "show: the quiz challenge: a challenged wrong naming costs the next turn", run = function(t)
      local G = kit.table_game(t, { options = { quiz = true }, article = { 1 },
        hands = { [1] = hand_of { 4, 5, 6 }, [2] = { 20, 20, 21, 21, 24, 24, 27 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "breakout", lo = 4 }
      t.eq(g.state.phase, "name")
      t.eq(#G:actions(), 4)
      t.eq(G:actions()[1].number, 4)
      name_all(G, 2) -- amendment 5 named wrongly
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      t.eq(G:actor(), 2)
      t.eq(g.state.phase, "challenge")
      G:act { kind = "challenge", challenge = true }
      t.eq(g.state.skip[1], true)
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 2, 27) }
      t.eq(G:actor(), 2, "player 1 loses the turn")
      t.eq(g.state.skip[1], false)
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 2, 24) }
      t.eq(G:actor(), 1)
    end },

  { name = "5 quiz: a challenge of right namings fails; letting it pass", run = function(t)
      local G = kit.table_game(t, { options = { quiz = true }, article = { 1 },
        hands = { [1] = hand_of { 4, 5, 6 }, [2] = { 20, 20, 21, 21, 24, 24, 27 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "breakout", lo = 4 }
      name_all(G, nil)
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      G:act { kind = "challenge", challenge = true }
      t.eq(g.state.skip[1], false)
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 2, 27) }
      t.eq(G:actor(), 1)
      -- no amendment laid: nothing to challenge
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 1, 16) }
      t.eq(g.state.phase, "draw")
      t.eq(G:actor(), 2)
    end },

  { name = "5 quiz: an unchallenged wrong naming goes unpunished", run = function(t)
      local G = kit.table_game(t, { options = { quiz = true }, article = { 1 },
        hands = { [1] = hand_of { 4, 5, 6 }, [2] = { 20, 20, 21, 21, 24, 24, 27 } } })
      local g = G.g
      kit.draw(G)
      G:act { kind = "breakout", lo = 4 }
      name_all(G, 1)
      G:act { kind = "discard", card = kit.in_hand(g, 1, 13) }
      G:act { kind = "challenge", challenge = false }
      kit.draw(G)
      G:act { kind = "discard", card = kit.in_hand(g, 2, 27) }
      t.eq(G:actor(), 1)
    end },

  { name = "5 quiz: a wild is named as the amendment it stands for", run = function(t)
      local G = kit.table_game(t, { options = { quiz = true }, article = { 1 },
        runs = { { 1, 5, { 5, 6, 7 } } }, hands = { [1] = hand_of { "liberty" } } })
      kit.draw(G)
      G:act { kind = "extend", at = "high" }
      t.eq(G:actions()[1].number == 8 or G:actions()[2].number == 8, true)
      name_all(G, nil)
      t.eq(G.g.state.phase, "play")
    end },

  { name = "labels: describe names every action (teams, quiz)", run = function(t)
      local G = t.game { players = 4, seed = 5, options = { quiz = true } }
      local kinds, x = {}, 12345
      for _ = 1, 800 do
        if not G:actor() then break end
        local list = G:actions()
        for _, a in ipairs(list) do
          t.ok(type(a.label) == "string" and #a.label > 0 and a.label:sub(1, 1) ~= "{", a.kind)
          kinds[a.kind] = true
        end
        x = (x * 1103515245 + 12345) % 2147483648 -- a local pick: G:playout(1) restarts its own RNG
        local spec = {}
        for k, v in pairs(list[x % #list + 1]) do
          if k ~= "label" then spec[k] = v end
        end
        G:act(spec)
      end
      local every = { "draw", "discard", "article_v", "breakout", "extend", "stop", "remedy", "name", "challenge" }
      for _, k in ipairs(every) do
        t.ok(kinds[k], "saw " .. k)
      end
    end },
}
