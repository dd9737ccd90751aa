-- Scenario tests for CAPTURED.
local M = require "rules"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

-- A copy of id wherever it is (not yet used).
local function card(G, id, used)
  for _, c in ipairs(G.g.all(id)) do
    if not used[c] then
      used[c] = true
      return c
    end
  end
  error("no copy of " .. id)
end

-- Identities chosen (the last Patriots offered: the highest in the cards'
-- order, which the scenarios below leave alone), then the table set:
-- spaces = { [i] = id or false }, board = { ids, top first } over nothing,
-- patriots = { ids, top first } (the rest of the Patriot deck below),
-- stash = { [p] = { ids } }. Player `turn` moves next.
local function arrange(t, players, spec, options)
  local G = t.game { players = players, seed = 1, options = options or {} }
  while G.g.state.phase == "identity" do
    local offered = G:actions()
    G:act(offered[#offered])
  end
  local g, used = G.g, {}
  for p = 1, players do used[g.top(M.identity(p))] = true end
  for c = 1, g.ncards do
    if not used[c] then g.move(c, "out") end
  end
  for i = 1, M.SPACES do
    local id = (spec.spaces or {})[i]
    if id then g.move(card(G, id, used), M.space(i)) end
  end
  for i = #(spec.board or {}), 1, -1 do g.move(card(G, spec.board[i], used), "board_deck") end
  for _, c in ipairs(g.cards("out")) do
    if g.def(c).side == "patriot" and not used[c] then
      local listed = false
      for _, id in ipairs(spec.patriots or {}) do listed = listed or g.def(c).id == id end
      if not listed then g.move(c, "patriot_deck") end
    end
  end
  for i = #(spec.patriots or {}), 1, -1 do g.move(card(G, spec.patriots[i], used), "patriot_deck") end
  for p, ids in pairs(spec.stash or {}) do
    for _, id in ipairs(ids) do g.move(card(G, id, used), M.stash(p)) end
  end
  G:set("turn", spec.turn or 1)
  return G
end

local function ids(G, zone)
  local list = {}
  for i, c in ipairs(G.g.cards(zone)) do list[i] = G.g.def(c).id end
  return list
end

-- All 20 spaces hold a Traitor (copies a and b of 1..10).
local function full_ring()
  local spaces = {}
  for i = 1, 20 do spaces[i] = T((i - 1) % 10 + 1, i <= 10 and "a" or "b") end
  return spaces
end

return {
  { name = "Decks: 24 Patriots; Board deck of 24 Traitors, Whistleblower and 32 Special Ops", run = function(t)
      local G = t.game { players = 3, seed = 2 }
      local g = G.g
      t.eq(g.count("patriot_deck"), 24)
      t.eq(g.count("board_deck") + 20, 57)
      t.eq(#g.find("out", "trump"), 1, "Trump out by default")
      for c = 1, g.ncards do
        local d = g.def(c)
        t.ok(not d.gitmo_only and d.id ~= "draw_card" and d.id ~= "gitmo" and d.id ~= "alliance", d.id)
      end
      local H = t.game { players = 3, seed = 2, options = { trump = true } }
      t.eq(H.g.count("board_deck") + 20, 58, "option: Trump in the Board deck")
    end },

  { name = "20 face-up Board cards; each player picks a Patriot identity", run = function(t)
      local G = t.game { players = 3, seed = 2 }
      local g = G.g
      for i = 1, 20 do t.eq(g.count(M.space(i)), 1) end
      t.eq(G:actor(), 1)
      G:act(G:actions()[5])
      t.eq(G:actor(), 2)
      G:act(G:actions()[1])
      G:act(G:actions()[1])
      t.eq(g.count("patriot_deck"), 21)
      for p = 1, 3 do t.eq(g.count(M.identity(p)), 1) end
      t.eq(G:actor(), 1)
      t.eq(#G:actions(), 1, "a game of chance: one move")
    end },

  { name = "The identities are offered in the cards' order, not the shuffled deck's", run = function(t)
      -- the deck is not shuffled again: a list in its order would tell the
      -- chooser the order of every later move
      local offered = {}
      for seed = 1, 2 do
        local G = t.game { players = 2, seed = seed }
        local labels = {}
        for i, a in ipairs(G:actions()) do labels[i] = G.g.def(a.card).id end
        offered[seed] = table.concat(labels, "|")
      end
      t.eq(offered[1], offered[2])
    end },

  { name = "Every move counts from the Start card; the spot is refilled, the Patriot goes under",
    run = function(t)
      local G = arrange(t, 2, { spaces = full_ring(), board = { T(11) }, patriots = { P(3), P(5) } })
      G:act("Move 3 spaces from the Start (" .. G.g.def(G.g.all(P(3))[1]).name .. ")")
      t.eq(ids(G, M.stash(1)), { T(4) })
      t.eq(ids(G, M.space(4)), { T(11) })
      t.eq(G.g.bottom("patriot_deck"), G.g.all(P(3))[1])
      t.eq(G.g.state.at[1], 4)
      G:act(G:actions()[1])
      t.eq(ids(G, M.stash(2)), { T(6) }, "player 2 starts at the Start too: 5 spaces")
    end },

  { name = "When the Board deck is spent, emptied places are skipped", run = function(t)
      local spaces = {}
      spaces[3], spaces[7], spaces[12] = T(1), T(2), T(3)
      local G = arrange(t, 2, { spaces = spaces, patriots = { P(2), P(4) } })
      t.eq(M.land(G.g, 2), 7)
      t.eq(M.land(G.g, 4), 3, "wraps round the ring")
      G:act(G:actions()[1])
      t.eq(ids(G, M.stash(1)), { T(2) })
      t.eq(G.g.count(M.space(7)), 0)
      G:act(G:actions()[1])
      t.eq(ids(G, M.stash(2)), { T(3) }, "4 among the places left: 12, 3, 12, 3")
    end },

  { name = "Landing on another player's spot: he takes a card of your stash", run = function(t)
      local G = arrange(t, 2, { spaces = full_ring(), board = { T(11), T(12) }, patriots = { P(3), P(3, "b") },
        stash = { [2] = { "patriot_rally" } } })
      G:act(G:actions()[1])
      G:act(G:actions()[1])
      t.eq(ids(G, M.stash(2)), { "patriot_rally", T(11) }, "the second takes the new card")
      t.eq(G:actor(), 1)
      G:act("Take Patriot Rally from Player 2's stash")
      t.eq(ids(G, M.stash(1)), { T(4), "patriot_rally" })
    end },

  { name = "Special Ops: lose a turn, another turn, take a card from a stash", run = function(t)
      local spaces = full_ring()
      spaces[2], spaces[3], spaces[4] = "subpoena", "executive_order", "declassified"
      local G = arrange(t, 3, { spaces = spaces, board = { T(11), T(12), T(11, "b"), T(12, "b") },
        patriots = { P(1), P(2), P(5), P(3), P(6) }, stash = { [3] = { "town_hall" } } })
      G:act(G:actions()[1]) -- player 1: Subpoenaed
      t.eq(G.g.state.skip[1], 1)
      G:act(G:actions()[1]) -- player 2: Executive Order
      t.eq(G:actor(), 2)
      G:act(G:actions()[1]) -- player 2 again: 5 spaces
      t.eq(G:actor(), 3)
      G:act(G:actions()[1]) -- player 3: Declassified
      G:act("Take Subpoenaed from Player 1's stash")
      t.eq(G:actor(), 2, "player 1 loses his turn")
    end },

  { name = "Scoring: Traitors +1, Special Ops points, Whistleblower +10, most Traitors +100", run = function(t)
      local G = arrange(t, 3, { stash = { [1] = { T(1), T(2), "cover_up", "whistleblower" },
        [2] = { T(3), "medal_of_freedom" }, [3] = {} } })
      t.eq(M.score(G.g), { 2 - 5 + 10 + 100, 1 + 10, 0 })
    end },

  { name = "Tie for most Traitors splits the bonus (option 50)", run = function(t)
      local G = arrange(t, 3, { stash = { [1] = { T(1), T(2) }, [2] = { T(3), T(4) }, [3] = { T(5) } } })
      t.eq(M.score(G.g), { 52, 52, 1 })
      local H = arrange(t, 3, { stash = { [1] = { T(1), T(2) }, [2] = { T(3), T(4) }, [3] = { T(5), T(6), T(7) } } },
        { bonus = 50 })
      t.eq(M.score(H.g), { 2, 2, 53 })
      local K = arrange(t, 3, { stash = { [1] = { T(1) }, [2] = { T(3) }, [3] = { T(5) } } })
      t.eq(M.score(K.g), { 34, 34, 34 }, "three ways: rounded down")
    end },

  { name = "Option trump: its holder's negative cards do not count", run = function(t)
      local G = arrange(t, 2, { stash = { [1] = { "trump", "cover_up", "town_hall" }, [2] = { T(1) } } },
        { trump = true })
      t.eq(M.score(G.g), { 3, 101 })
    end },

  { name = "The end's breakdown: each part of the score, a line each", run = function(t)
      local G = arrange(t, 3, { stash = { [1] = { T(1), T(2), "cover_up", "whistleblower" },
        [2] = { T(3), "medal_of_freedom" }, [3] = {} } })
      t.eq(M.breakdown(G.g, 1), { "Traitors 2: +2", "Special Ops -5", "Whistleblower +10",
        "most Traitors +100", "total 107" })
      t.eq(M.breakdown(G.g, 3), { "Traitors 0: +0", "Special Ops +0", "total 0" })
      local H = arrange(t, 2, { stash = { [1] = { "trump", "cover_up", "town_hall" }, [2] = { T(1) } } },
        { trump = true })
      t.eq(M.breakdown(H.g, 1), { "Traitors 0: +0", "Special Ops +3", "the Trump cancels -5", "total 3" })
    end },

  { name = "The game ends when the last card is taken; the highest score wins", run = function(t)
      local spaces = {}
      spaces[9] = "medal_of_freedom"
      local G = arrange(t, 2, { spaces = spaces, patriots = { P(7) }, stash = { [2] = { T(1) } } })
      G:act(G:actions()[1])
      local r = G:result()
      t.ok(r, "over")
      t.eq(r.scores, { 10, 101 })
      t.eq(r.winners, { 2 })
      t.eq(G:status(2), { "Traitors 1: +1", "Special Ops +0", "most Traitors +100", "total 101" },
        "the status says how the score is made once the game is over")
    end },

  { name = "Random games end with every card stashed or in the decks", run = function(t)
      for players = 2, 6 do
        local G = t.game { players = players, seed = players, options = { trump = players % 2 == 0 } }
        G:playout()
        t.ok(G:result(), "result")
        for i = 1, M.SPACES do t.eq(G.g.count(M.space(i)), 0) end
        t.eq(G.g.count("board_deck"), 0)
      end
    end },
}
