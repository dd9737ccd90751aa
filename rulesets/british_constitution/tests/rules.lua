-- Scenario tests: each arranges an exact table with g.move and drives the
-- game with G:act.

local ROWS = { "people", "commons", "lords", "privy" }

-- Quiet fillers: only a ten builds on a jack, only a two on a three; no five
-- has a six above it, no seven an eight, and the Government wants twos. So a
-- table of fillers alone has no move but the deal.
local FILLERS = {
  privy = { "JS", "JS", "JH", "JH", "JD", "JD", "JC", "JC" },
  lords = { "3S", "3S", "3H", "3H", "3D", "3D", "3C", "3C" },
  commons = { "5S", "5S", "5H", "5H", "5D", "5D", "5C", "5C" },
  people = { "7S", "7S", "7H", "7H", "7D", "7D", "7C", "7C" },
}
local ACES = { "AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC" }

-- A copy of `id` not yet placed (every card but the court waits in "aside").
local function take(g, id)
  local card = g.find("aside", id)[1]
  assert(card, "no free copy of " .. id)
  return card
end

local function put(g, zone, ids)
  for _, id in ipairs(ids) do g.move(take(g, id), zone) end
end

local function clear(g)
  for _, zone in ipairs(g.zones()) do
    if zone == "pack" or zone == "talon" or zone:match(":") then g.move_all(zone, "aside") end
  end
end

-- A new game whose table is exactly `spec` (zone -> ids, bottom to top).
-- Places not named get a quiet filler unless `empty` names their row;
-- foundations not named hold their ace.
local function table_game(t, spec, options, empty)
  local G = t.game { players = 1, seed = 1, options = options or {} }
  local g = G.g
  clear(g)
  for f = 1, 8 do put(g, "foundation:" .. f, spec["foundation:" .. f] or { ACES[f] }) end
  for _, row in ipairs(ROWS) do
    for i = 1, 8 do
      local zone = row .. ":" .. i
      if spec[zone] then
        put(g, zone, spec[zone])
      elseif not (empty and empty[row]) then
        put(g, zone, { FILLERS[row][i] })
      end
    end
  end
  put(g, "talon", spec.talon or {})
  put(g, "pack", spec.pack or {})
  return G, g
end

local function short(g, card) return card and g.def(card).short end

local function kinds(G)
  local seen = {}
  for _, a in ipairs(G:actions()) do seen[a.kind] = true end
  return seen
end

return {
  { name = "setup takes out the court and deals four rows of eight", run = function(t)
      local G = t.game { players = 1, seed = 3 }
      local g = G.g
      t.eq(short(g, g.top("sovereign")), "QD")
      t.eq(g.count("aside"), 7, "seven queens thrown aside")
      for _, c in ipairs(g.cards("aside")) do t.eq(g.def(c).rank, 12) end
      t.eq(g.count("bishops"), 4)
      for _, c in ipairs(g.cards("bishops")) do t.ok(g.def(c).rank == 13 and g.def(c).color == "black") end
      t.eq(g.count("judges"), 4)
      for _, c in ipairs(g.cards("judges")) do t.ok(g.def(c).rank == 13 and g.def(c).color == "red") end
      for f = 1, 8 do
        t.eq(g.count("foundation:" .. f), 1)
        t.eq(g.def(g.top("foundation:" .. f)).rank, 1)
        t.eq(g.def(g.top("foundation:" .. f)).id, ACES[f])
      end
      for _, row in ipairs(ROWS) do
        for i = 1, 8 do t.eq(g.count(row .. ":" .. i), 1, row .. i) end
      end
      t.eq(g.count("pack"), 48)
      t.eq(g.count("talon"), 0)
      t.eq(G:actor(), 1)
      t.eq(G:result(), nil)
    end },

  { name = "the Government takes cards only from the Privy Council", run = function(t)
      local G, g = table_game(t, { ["lords:1"] = { "3S", "2H" }, ["commons:1"] = { "5S", "2H" } })
      local lords = g.top("lords:1")
      t.ok(not G:can { kind = "foundation", card = lords }, "from the House of Lords")
      t.ok(not G:can { kind = "foundation", card = g.top("commons:1") }, "from the House of Commons")
      g.move(lords, "privy:3")
      G:act { kind = "foundation", card = lords }
      t.eq(short(g, g.top("foundation:3")), "2H")
      t.eq(short(g, g.top("privy:3")), "JH", "the jack beneath is released, no vacancy")
    end },

  { name = "a build goes only onto the row directly above", run = function(t)
      local G, g = table_game(t, {
        ["lords:1"] = { "3S", "10H" }, ["lords:3"] = { "3H", "9S" },
        ["commons:1"] = { "5S", "10D" }, ["commons:2"] = { "5S", "9S" },
        ["privy:8"] = { "JC", "9C" },
      })
      local ten_h, nine_lords = g.top("lords:1"), g.top("lords:3")
      t.ok(G:can { kind = "build", card = ten_h, zone = "privy:1" }, "Lords to Privy Council")
      t.ok(G:can { kind = "build", card = g.top("commons:2"), zone = "lords:1" }, "Commons to Lords")
      t.ok(not G:can { card = g.top("commons:1") }, "Commons ten cannot skip to a Privy jack")
      t.ok(not G:can { card = nine_lords, zone = "lords:1" }, "not within one row")
      t.ok(not G:can { card = g.top("privy:8") }, "never down a row")
      G:act { kind = "build", card = ten_h, zone = "privy:1" }
      t.eq(short(g, g.top("privy:1")), "10H")
      t.ok(G:can { kind = "build", card = nine_lords, zone = "privy:1" })
    end },

  { name = "a build must alternate colours and descend by one", run = function(t)
      local G, g = table_game(t, {
        ["lords:1"] = { "3S", "10H" },
        ["commons:1"] = { "5S", "9D" }, ["commons:2"] = { "5S", "9C" }, ["commons:3"] = { "5H", "8C" },
      })
      t.ok(not G:can { card = g.top("commons:1") }, "red nine on red ten refused")
      t.ok(not G:can { card = g.top("commons:3") }, "eight on ten refused")
      G:act { kind = "build", card = g.top("commons:2"), zone = "lords:1" }
      t.eq(short(g, g.top("lords:1")), "9C")
      t.eq(g.count("lords:1"), 3, "sequences grow without limit")
    end },

  { name = "a vacancy is filled at once from the row below, by the player's choice", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, talon = { "6C", "8H" }, pack = { "4D" } })
      G:act { kind = "foundation", card = g.top("privy:1") }
      t.eq(g.count("privy:1"), 0)
      local acts = G:actions()
      t.eq(#acts, 8, "one fill per House of Lords place")
      for _, a in ipairs(acts) do t.eq(a.kind, "fill"); t.eq(a.zone, "privy:1") end
      t.ok(not G:can { kind = "deal" }, "nothing else while the vacancy waits")
      local chosen = g.top("lords:4")
      G:act { kind = "fill", card = chosen }
      t.eq(g.top("privy:1"), chosen)
      t.ok(G:can { kind = "fill", zone = "lords:4", from = "commons:2" }, "the Lords vacancy is next")
      G:act { kind = "fill", zone = "lords:4", from = "commons:2" }
      local people = g.top("people:7")
      G:act { kind = "fill", zone = "commons:2", from = "people:7" }
      t.eq(g.top("commons:2"), people)
      t.eq(short(g, g.top("people:7")), "8H", "People vacancy takes the talon's top card")
      t.eq(g.count("talon"), 1)
      t.eq(kinds(G), { deal = true }, "filling is over")
    end },

  { name = "a People vacancy is filled from the pack when there is no talon", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, pack = { "6C", "8H" } })
      G:act { kind = "foundation", card = g.top("privy:1") }
      G:act { kind = "fill", from = "lords:1" }
      G:act { kind = "fill", from = "commons:1" }
      G:act { kind = "fill", from = "people:1" }
      t.eq(short(g, g.top("people:1")), "8H")
      t.eq(g.count("pack"), 1)
    end },

  { name = "the pack is dealt one card at a time to the talon", run = function(t)
      local G, g = table_game(t, { pack = { "6C", "8H" } })
      G:act { kind = "deal" }
      t.eq(short(g, g.top("talon")), "8H")
      t.eq(g.count("pack"), 1)
      G:act { kind = "deal" }
      t.eq(g.count("talon"), 2)
      t.eq(G:actor(), nil, "no redeal: nothing left to do")
      t.eq(G:result().winners, {})
    end },

  { name = "a vacancy stays when the row below is empty", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, ["lords:1"] = { "3S" } }, {},
        { lords = true, commons = true, people = true })
      G:act { kind = "foundation", card = g.top("privy:1") }
      G:act { kind = "fill", from = "lords:1", zone = "privy:1" }
      t.eq(g.count("lords:1"), 0)
      G:act { kind = "foundation", card = g.top("privy:1") }
      t.eq(G:actor(), nil, "no card below to fill the vacancy, no other move")
      t.eq(G:result().scores, { 10 })
    end },

  { name = "two foundations of a suit at one height offer a single move", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "JS", "2S" }, ["privy:2"] = { "JS", "2S" } })
      local n = 0
      for _, a in ipairs(G:actions()) do if a.kind == "foundation" then n = n + 1 end end
      t.eq(n, 2, "one per two of spades")
      G:act { kind = "foundation", card = g.top("privy:1") }
      t.eq(short(g, g.top("foundation:1")), "2S")
      G:act { kind = "foundation", card = g.top("privy:2"), zone = "foundation:2" }
    end },

  { name = "won when all 88 cards are on the Government", run = function(t)
      local suits = { "S", "S", "H", "H", "D", "D", "C", "C" }
      local spec = {}
      for f = 1, 8 do
        local pile = {}
        for _, r in ipairs { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10" } do pile[#pile + 1] = r .. suits[f] end
        spec["foundation:" .. f] = pile
        spec["privy:" .. f] = { "J" .. suits[f] }
      end
      local G, g = table_game(t, spec, {}, { lords = true, commons = true, people = true })
      for f = 1, 8 do
        t.eq(G:result(), nil)
        G:act { kind = "foundation", card = g.top("privy:" .. f) }
      end
      t.eq(G:actor(), nil)
      t.eq(G:result().winners, { 1 })
      t.eq(G:result().scores, { 88 })
    end },

  { name = "lost when no move is left", run = function(t)
      local G = table_game(t, {})
      t.eq(G:actor(), nil)
      local r = G:result()
      t.eq(r.winners, {})
      t.eq(r.scores, { 8 })
    end },

  { name = "status shows the Government, the pack and a waiting vacancy", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, pack = { "6C" } })
      G:act { kind = "foundation", card = g.top("privy:1") }
      local lines = require("ruleset").status(g, 1)
      t.eq(lines[1], "Government 9/88")
      t.eq(lines[2], "Pack 1, talon 0")
      t.eq(lines[3], "Vacancy Privy Council 1: fill from the House of Lords")
    end },

  { name = "heuristic values higher rows, the Government, and free wanted cards", run = function(t)
      local R = require "ruleset"
      local _, low = table_game(t, { ["commons:1"] = { "5S", "9C" } })
      local _, high = table_game(t, { ["lords:1"] = { "3S", "9C" } })
      t.ok(R.heuristic(high, 1) > R.heuristic(low, 1), "a row higher")
      local _, buried = table_game(t, { ["privy:1"] = { "2S", "JS" } })
      local _, played = table_game(t, { ["foundation:1"] = { "AS", "2S" } })
      t.ok(R.heuristic(played, 1) > R.heuristic(buried, 1), "on the Government rather than under a jack")
      local _, pack = table_game(t, { pack = { "6C", "8H" } })
      local _, talon = table_game(t, { talon = { "6C", "8H" } })
      t.ok(R.heuristic(pack, 1) > R.heuristic(talon, 1), "a card buried in the talon counts against")
    end },

  { name = "random playouts always end with a result", run = function(t)
      for seed = 1, 5 do
        for _, relaxed in ipairs { false, true } do
          local G = t.game { players = 1, seed = seed, options = { relaxed = relaxed } }
          G:playout()
          t.eq(G:actor(), nil)
          t.ok(G:result(), "a result")
        end
      end
    end },

  -- The relaxed option: PySolFC's British Constitution.
  { name = "relaxed: a vacancy may stay empty and be filled later", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, pack = { "6C" } }, { relaxed = true })
      G:act { kind = "foundation", card = g.top("privy:1") }
      t.ok(G:can { kind = "deal" }, "other moves while the vacancy is open")
      G:act { kind = "deal" }
      t.eq(g.count("privy:1"), 0)
      G:act { kind = "fill", from = "lords:4", zone = "privy:1" }
      t.eq(g.count("lords:4"), 0, "the new vacancy waits too")
      t.eq(G:actor(), 1)
      t.ok(G:can { kind = "fill", from = "commons:1", zone = "lords:4" })
    end },

  { name = "relaxed: empty places of one row are offered once", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, ["privy:2"] = { "2S" } }, { relaxed = true })
      G:act { kind = "foundation", card = g.top("privy:1") }
      G:act { kind = "foundation", card = g.top("privy:2") }
      local zones = {}
      for _, a in ipairs(G:actions()) do if a.from == "lords:1" then zones[#zones + 1] = a.zone end end
      t.eq(zones, { "privy:1" })
    end },

  { name = "relaxed: the talon's top card builds on the People; strict: it does not", run = function(t)
      local spec = { ["people:1"] = { "7S" }, talon = { "6H" } }
      local G, g = table_game(t, spec, { relaxed = true })
      local six = g.top("talon")
      G:act { kind = "build", card = six, zone = "people:1" }
      t.eq(g.top("people:1"), six)
      local S = table_game(t, spec)
      t.ok(not S:can { kind = "build" }, "the seed brings talon cards in only through People vacancies")
    end },

  { name = "relaxed: a People vacancy takes the talon's top card automatically", run = function(t)
      local G, g = table_game(t, { ["privy:1"] = { "2S" }, talon = { "8H" } }, { relaxed = true })
      G:act { kind = "foundation", card = g.top("privy:1") }
      G:act { kind = "fill", from = "lords:1", zone = "privy:1" }
      G:act { kind = "fill", from = "commons:1", zone = "lords:1" }
      G:act { kind = "fill", from = "people:1", zone = "commons:1" }
      t.eq(short(g, g.top("people:1")), "8H")
      t.eq(g.count("talon"), 0)
    end },
}
