-- One scenario per ruling and per interpretation listed in README.md
-- ("Rulings", "Interpretations made here").
local K = require "testkit"

local function count_kind(g, kind)
  local n = 0
  for c = 1, g.ncards do
    if g.def(c).kind == kind then n = n + 1 end
  end
  return n
end

return {
  { name = "Deck: 39 action cards and 12 Styles", run = function(t)
      local g = t.game { players = 4, seed = 1 }.g
      t.eq(g.ncards, 51)
      t.eq(count_kind(g, "action"), 39)
      t.eq(count_kind(g, "style"), 12)
      t.eq(#g.all("tack_center"), 4)
      t.eq(#g.all("voter_adhd"), 4)
      t.eq(#g.all("unaffiliated_activity"), 1)
    end },

  { name = "Each player draws seven; attributes start at zero", run = function(t)
      local G = t.game { players = 4, seed = 2 }
      local g = G.g
      for p = 1, 4 do t.eq(g.count("hand:" .. p), 7) end
      t.eq(g.count("deck"), 51 - 28)
      local eff = K.read(G)
      t.eq(eff.e, { 0, 0, 0, 0 })
      t.eq(eff.a, { 0, 0, 0, 0 })
    end },

  { name = "Random starting player each phase", run = function(t)
      local seen = {}
      for seed = 1, 30 do
        local G = t.game { players = 4, seed = seed }
        local s = G.g.state
        t.ok(s.start >= 1 and s.start <= 4)
        t.eq(G:actor(), s.start)
        seen[s.start] = true
      end
      local n = 0
      for _ in pairs(seen) do n = n + 1 end
      t.ok(n > 1, "the starting player varies with the seed")
    end },

  { name = "The end of the Primary logs the totals it was decided on, best first", run = function(t)
      local G = t.game { players = 3, seed = 3 }
      K.clear(G, 1)
      K.put(G, 1, "true_blue")
      K.put(G, 2, "tack_center")
      local totals = {}
      for p = 1, 3 do totals[p] = K.primary(G, p) end
      t.ok(totals[1] > totals[2] and totals[2] > totals[3], "three different totals")
      K.finish(G, 3)
      local log, at = G:log(), nil
      for i, line in ipairs(log) do
        if line:find("^Primary Election totals: ") then at = i end
      end
      t.ok(at, "a line of totals")
      t.eq(log[at], string.format("Primary Election totals: Player 1 %d, Player 2 %d, Player 3 %d",
        totals[1], totals[2], totals[3]))
      t.eq(log[at + 1], "Candidates: Player 1 and Player 2")
    end },

  { name = "Carry-over: totals become base values, Styles stay, the rest is redealt", run = function(t)
      local G = t.game { players = 4, seed = 3 }
      local g = G.g
      K.clear(G, 1)
      local sp = K.style(G, 1, "screaming_partisan")
      K.put(G, 1, "true_blue")
      K.put(G, 1, "tack_center")
      K.finish(G, 4)
      local s = g.state
      t.eq(s.phase, "general")
      t.eq({ s.players[1].base_e, s.players[1].base_a }, { 4, 2 }, "raw numbers, Style applied on reading")
      t.eq(g.where(sp), "style:1")
      t.eq(K.read(G).a[1], 4)
      t.eq(g.count("played:1"), 0)
      t.eq(g.count("discard"), 0)
      for p = 1, 4 do t.eq(g.count("hand:" .. p), 7) end
      t.eq(g.count("deck"), 51 - 1 - 28)
    end },

  { name = "Option reset_between_phases: attributes restart at zero", run = function(t)
      local G = t.game { players = 3, seed = 3, options = { reset_between_phases = true } }
      local g = G.g
      K.clear(G, 1)
      local sp = K.style(G, 1, "screaming_partisan")
      K.put(G, 1, "true_blue")
      K.finish(G, 3)
      t.eq(g.state.phase, "general")
      t.eq({ g.state.players[1].base_e, g.state.players[1].base_a }, { 0, 0 })
      t.eq(g.where(sp), "style:1", "the Style still stays")
      t.eq(g.state.candidates[1], 1, "the Primary still chose the Candidates")
    end },

  { name = "Candidate tie: higher Electability, then earlier in turn order", run = function(t)
      local G = t.game { players = 4, seed = 4 }
      local g = G.g
      K.clear(G, 3)
      K.put(G, 1, "slam_your_fellows")     -- 3, -3: total 0
      K.put(G, 1, "true_blue")             -- 3, 2: total 5
      K.put(G, 2, "true_blue")             -- 0, 5: total 5
      K.put(G, 3, "party_endorsement")     -- 0, 5: total 5
      K.finish(G, 4)
      t.eq(g.state.candidates, { 1, 3 }, "Player 1 by Electability, Player 3 before 2 (3 started)")
    end },

  { name = "President tie: higher Electability wins", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      K.general_phase(G, { 1, 2 }, { [1] = { 5, 2 }, [2] = { 6, 3 } }, 1)
      K.finish(G, 3)
      t.eq(G:result().winners, { 2 })
    end },

  { name = "President tie on both counts: earlier in the General's turn order", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      K.general_phase(G, { 1, 2 }, { [1] = { 5, 2 }, [2] = { 5, 2 } }, 2)
      K.finish(G, 3)
      t.eq(G:result().winners, { 2 })
    end },

  { name = "No positive Candidate: the Spoiler with the highest Electability", run = function(t)
      local G = t.game { players = 4, seed = 6 }
      K.general_phase(G, { 1, 2 }, { [1] = { 9, 9 }, [2] = { 1, 5 }, [3] = { 2, 9 }, [4] = { 1, -5 } }, 1)
      K.finish(G, 1)
      t.eq(G:result().winners, { 3 }, "Affiliation ignored: 2 beats 1")
      t.eq(G:result().scores, { 0, -4, -7, 6 })
    end },

  { name = "Two players: both are Candidates; neither positive, the higher total wins", run = function(t)
      local G = t.game { players = 2, seed = 7 }
      local g = G.g
      K.clear(G, 1)
      local s = g.state
      s.players[1].base_e, s.players[1].base_a = -3, 5     -- Primary total 2
      s.players[2].base_e, s.players[2].base_a = -6, 10    -- Primary total 4
      K.finish(G, 1)
      t.eq(s.candidates, { 2, 1 })
      t.eq(K.general(G, 1), -8)
      K.finish(G, 1)
      t.eq(G:result().winners, { 1 }, "-8 beats -16")
    end },

  { name = "Voter ADHD removes a card already played; the removed card stops counting", run = function(t)
      local G = t.game { players = 2, seed = 8 }
      local g = G.g
      K.clear(G, 1)
      local tb = K.put(G, 2, "true_blue")
      local h = K.deal(G, { [1] = { "voter_adhd" }, [2] = { "gaffe" } })
      t.eq(K.read(G).a[2], 5)
      G:act { kind = "play", card = h[1][1], target = 2, remove = tb }
      t.eq(K.read(G).a[2], 0)
      t.eq(g.where(tb), "discard")
      t.eq(g.where(h[1][1]), "discard")
    end },

  { name = "Voter ADHD removes a Style; with nothing in front it does nothing", run = function(t)
      local G = t.game { players = 2, seed = 8 }
      local g = G.g
      K.clear(G, 1)
      local le = K.style(G, 2, "lesser_evil")
      K.put(G, 2, "true_blue")
      local h = K.deal(G, { [1] = { "voter_adhd", "voter_adhd" }, [2] = { "gaffe", "gaffe" } })
      t.ok(G:can { card = h[1][1], target = 1 }, "Player 1 has nothing in front")
      for _, a in ipairs(G:actions()) do
        if a.card == h[1][1] and a.target == 2 then t.ok(a.remove, "a card to remove must be chosen") end
      end
      G:act { kind = "play", card = h[1][1], target = 2, remove = le }
      t.eq(g.where(le), "discard")
      t.eq(K.read(G).a[2], 5)
    end },

  { name = "Unaffiliated Activity: draw two; a player with cards left keeps taking turns", run = function(t)
      local G = t.game { players = 3, seed = 9 }
      local g = G.g
      K.clear(G, 1)
      local h = K.deal(G, { [1] = { "unaffiliated_activity" }, [2] = { "civil_debate" }, [3] = { "civil_debate" } })
      G:act { kind = "play", card = h[1][1], target = 2 }
      t.eq(g.count("hand:2"), 3)
      t.eq(g.where(h[1][1]), "discard")
      G:act { kind = "play", card = h[2][1], target = 2 }
      G:act { kind = "play", card = h[3][1], target = 3 }
      t.eq(G:actor(), 2, "Player 1 has no cards left: skipped")
      G:act { kind = "play", card = g.cards("hand:2")[1], target = 2 }
      t.eq(G:actor(), 2, "Player 3 has none either")
      G:act { kind = "play", card = g.cards("hand:2")[1], target = 2 }
      t.eq(g.state.phase, "general")
    end },

  { name = "Draws from an empty deck draw nothing", run = function(t)
      local G = t.game { players = 2, seed = 10 }
      local g = G.g
      K.clear(G, 1)
      local h = K.deal(G, { [1] = { "unaffiliated_activity" }, [2] = { "gaffe" } })
      for _, c in ipairs(g.cards("deck")) do g.move(c, "discard") end
      G:act { kind = "play", card = h[1][1], target = 2 }
      t.eq(g.count("hand:2"), 1)
    end },

  { name = "Rounding: halving rounds toward zero, option rounds down", run = function(t)
      for _, case in ipairs { { "zero", 3, -1 }, { "down", 3, -2 } } do
        local G = t.game { players = 2, seed = 11, options = { rounding = case[1] } }
        K.clear(G, 1)
        K.style(G, 1, "insider")
        K.put(G, 1, "sister_soulja_moment")
        t.eq(K.read(G).e[1], case[2], case[1] .. ": half of 7")
        K.clear(G, 1)
        K.style(G, 1, "insider")
        K.put(G, 1, "gaffe")
        K.put(G, 1, "gaffe")
        K.put(G, 1, "newspaper_endorsement")
        t.eq(K.read(G).e[1], case[3], case[1] .. ": half of -3")
      end
    end },

  { name = "Modifier order: halving before the Mudslinger's subtraction", run = function(t)
      local G = t.game { players = 2, seed = 12 }
      K.clear(G, 1)
      K.style(G, 1, "insider")
      K.put(G, 1, "sister_soulja_moment")   -- 7, -7
      K.put(G, 1, "true_blue")              -- 7, -2
      K.style(G, 2, "mudslinger")
      K.put(G, 2, "civil_debate")           -- Affiliation 3
      t.eq(K.read(G).e[1], 0, "half of 7 is 3, minus 3; not half of 4")
    end },

  { name = "A new Style replaces the old one, which leaves play", run = function(t)
      local G = t.game { players = 2, seed = 13 }
      local g = G.g
      K.clear(G, 1)
      local old = K.style(G, 1, "lesser_evil")
      local h = K.deal(G, { [1] = { "mudslinger" }, [2] = { "gaffe" } })
      G:act { kind = "play", card = h[1][1], target = 1 }
      t.eq(g.cards("style:1"), { h[1][1] })
      t.eq(g.where(old), "discard")
    end },

  { name = "Single game result: the President wins, scores are General totals", run = function(t)
      local G = t.game { players = 3, seed = 14 }
      K.general_phase(G, { 1, 3 }, { [1] = { 5, 1 }, [2] = { 9, 0 }, [3] = { 2, 1 } }, 1)
      K.finish(G, 2)
      local r = G:result()
      t.eq(r.winners, { 1 })
      t.eq(r.scores, { 4, 9, 1 })
      t.eq(r.text, "Player 1 is President")
      t.eq(G:actor(), nil)
    end },

  { name = "Random playouts end with a President", run = function(t)
      for players = 2, 4 do
        local G = t.game { players = players, seed = players }
        G:playout()
        t.eq(G:actor(), nil)
        t.eq(#G:result().winners, 1)
      end
    end },
}
