-- Scenario tests for ESCAPED.

local function hand(p) return "hand:" .. p end

-- The definition id of the prisoner, and a wrong one p has not checked.
local function prisoner(G) return G.g.def(G.g.top("prisoner")).id end

local function unchecked_wrong(G, p)
  for c = 1, G.g.ncards do
    local id = G.g.def(c).id
    if not G.g.state.checked[p][id] and id ~= prisoner(G) then return id end
  end
end

local function count(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n
end

return {
  { name = "24 Traitors only: one face down in the middle, 23 dealt face down", run = function(t)
      local G = t.game { players = 4, seed = 3 }
      local g = G.g
      t.eq(g.ncards, 24)
      t.eq(g.count("prisoner"), 1)
      t.eq({ g.count(hand(1)), g.count(hand(2)), g.count(hand(3)), g.count(hand(4)) }, { 6, 6, 6, 5 })
      t.ok(not g.sees(1, g.top("prisoner")))
      t.ok(g.sees(2, g.cards(hand(2))[1]) and not g.sees(1, g.cards(hand(2))[1]), "hands are private")
    end },

  { name = "The one player short of a card plays first; otherwise player 1", run = function(t)
      t.eq(t.game { players = 4, seed = 1 }:actor(), 4)
      t.eq(t.game { players = 3, seed = 1 }:actor(), 3)
      t.eq(t.game { players = 5, seed = 1 }:actor(), 1, "two players are short")
    end },

  { name = "Dealt cards are checked off; a taken card is checked off too", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      t.eq(count(g.state.checked[3]), 7)
      local c = g.cards(hand(1))[2]
      G:act("Take card 2 of Player 1")
      t.eq(g.where(c), hand(3))
      t.ok(g.state.checked[3][g.def(c).id])
      t.eq(count(g.state.checked[3]), 8)
      -- "putting it among their own cards face down": the giver knows
      -- the card he held, but it lies face down in the taker's rows
      t.ok(g.knows(1, c) and not g.sees(1, c), "the giver remembers the card, face down")
      t.ok(not g.knows(2, c))
    end },

  { name = "Only unchecked names may be named; naming then looking", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      for _, a in ipairs(G:actions()) do
        if a.kind == "accuse" then t.ok(not g.state.checked[3][a.name], a.label) end
      end
      G:act { kind = "accuse", name = prisoner(G) }
      t.eq(G:actor(), 3)
      G:act("Look discreetly at the card in the middle")
      t.eq(G:result().winners, { 3 })
      t.ok(g.sees(1, g.top("prisoner")), "revealed at the end")
    end },

  { name = "A wrong guess: out of the game, the card stays secret, play goes on", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      G:act { kind = "accuse", name = unchecked_wrong(G, 3) }
      G:act("Look discreetly at the card in the middle")
      t.ok(g.state.out[3])
      -- "places the card back in the middle and does not reveal the name":
      -- he knows it, it lies face down, the others know nothing
      local c = g.top("prisoner")
      t.ok(g.knows(3, c) and not g.sees(3, c) and not g.knows(1, c))
      t.eq(G:actor(), 1)
      -- the out player's cards may still be taken
      t.ok(G:can("Take card 1 of Player 3"))
      G:act("Take card 1 of Player 3")
      t.eq(G:actor(), 2)
      G:act("Take card 1 of Player 1")
      t.eq(G:actor(), 1, "player 3 is passed over")
    end },

  { name = "Everyone wrong: the card is revealed and nobody wins", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      for _ = 1, 3 do
        G:act { kind = "accuse", name = unchecked_wrong(G, G:actor()) }
        G:act("Look discreetly at the card in the middle")
      end
      local r = G:result()
      t.eq(r.winners, {})
      t.ok(G.g.sees(1, G.g.top("prisoner")) and G.g.sees(2, G.g.top("prisoner")))
    end },

  { name = "Each player sees only his own suspect list", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      local R = require "ruleset"
      local v = R.view(G.g, 2)
      t.eq(count(v.checked[2]), 8)
      t.eq(count(v.checked[1]), 0)
    end },

  { name = "Option turn_limit ends the game without a winner", run = function(t)
      local G = t.game { players = 3, seed = 5, options = { turn_limit = 2 } }
      G:act("Take card 1 of Player 1")
      G:act("Take card 1 of Player 2")
      t.eq(G:result().winners, {})
    end },
}
