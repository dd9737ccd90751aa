-- Scenario tests for MEET THE PATRIOTS.

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end

-- Formation slots 1..12 = ids (nil: empty), draw = ids top first; the rest
-- of the cards go out of play into player 1's pairs only if spare = true.
local function arrange(t, players, slots, draw, options)
  local G = t.game { players = players, seed = 1, options = options or {} }
  local g = G.g
  for c = 1, g.ncards do g.move(c, "draw") end
  local function take(id) return g.all(id)[1] end
  for k = 1, 12 do
    if slots[k] then g.move(take(slots[k]), "slot:" .. k) end
  end
  local rest = {}
  for _, c in ipairs(g.cards("draw")) do
    local listed = false
    for _, id in ipairs(draw or {}) do listed = listed or g.def(c).id == id end
    if not listed then rest[#rest + 1] = c end
  end
  -- cards neither placed nor listed leave the game (as if paired by player 1)
  for _, c in ipairs(rest) do g.move(c, "pairs:1") end
  for i = #(draw or {}), 1, -1 do g.move(take(draw[i]), "draw") end
  g.state.turned = {}
  return G
end

local FORMATION = { P(1), P(2), P(3), P(4), P(5), P(6), P(7), P(8), P(9), P(10), P(1, "b"), P(2, "b") }

return {
  { name = "12 cards face down in 3 rows of 4, 12 in the draw deck", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      for k = 1, 12 do t.eq(G.g.count("slot:" .. k), 1) end
      t.eq(G.g.count("draw"), 12)
      t.ok(not G.g.sees(1, G.g.top("slot:1")))
      t.ok(G:can("Turn over the card at row 3, column 4"))
    end },

  { name = "A card turned over is shown to all, then put back; the turn passes", run = function(t)
      local G = arrange(t, 2, FORMATION, { P(11), P(12) })
      G:act("Turn over the card at row 1, column 1")
      local c = G.g.top("slot:1")
      t.ok(G.g.knows(2, c) and G.g.knows(1, c), "everyone saw it")
      t.eq(G.g.count("slot:1"), 1, "back in its place")
      t.eq(G:actor(), 2)
      local log = G:log()
      -- where it lay, for the memory; not the card's "Read the card aloud."
      t.eq(log[#log], "Player 1 turns over " .. G.g.def(c).name .. ", no. 1 at row 1, column 1")
    end },

  -- "show the card to everyone ... then replaces the card in the formation.
  -- (All players should try to remember where this card is in the
  -- formation.)": a memory game, so the card lies face down again.
  { name = "A card put back lies face down again: known to all, seen by none", run = function(t)
      local G = arrange(t, 2, FORMATION, { P(11), P(12) })
      G:act("Turn over the card at row 1, column 1") -- P1, no match seen before
      local c = G.g.top("slot:1")
      t.ok(not G.g.sees(1, c) and not G.g.sees(2, c), "face down for everyone")
      t.ok(G.g.knows(1, c) and G.g.knows(2, c), "remembered by everyone")
      G:act("Turn over the card at row 3, column 3") -- the other 1: seen before
      local d = G.g.top("slot:11")
      t.ok(G.g.sees(1, d) and G.g.sees(2, d), "face up while the turn lasts")
      G:act("Put the card back (no claim)")
      t.ok(not G.g.sees(1, d) and G.g.knows(1, d), "put back face down, remembered")
      G:act("Turn over the card at row 1, column 2") -- P2, no match
      G:act("Turn over the card at row 2, column 4") -- P8
      t.ok(not G.g.sees(2, G.g.top("slot:8")), "every card turned over goes back face down")
    end },

  { name = "A second card only to claim a number turned over before; a pair is kept and refilled",
    run = function(t)
      local G = arrange(t, 2, FORMATION, { P(11), P(12) })
      G:act("Turn over the card at row 1, column 1") -- P1, nothing seen before
      t.eq(G:actor(), 2)
      G:act("Turn over the card at row 3, column 3") -- the other 1: a match seen before
      t.eq(G:actor(), 2)
      G:act("Turn over the card at row 1, column 1 to claim the pair")
      t.eq(G.g.count("pairs:2"), 2)
      -- refilled from the draw deck, the first card's place first
      t.eq(G.g.def(G.g.top("slot:11")).id, P(11))
      t.eq(G.g.def(G.g.top("slot:1")).id, P(12))
      t.eq(G:actor(), 1, "one pair per turn")
    end },

  { name = "A wrong second card: both go back", run = function(t)
      local G = arrange(t, 2, FORMATION, { P(11), P(12) })
      G:act("Turn over the card at row 1, column 1")
      G:act("Turn over the card at row 3, column 3")
      G:act("Turn over the card at row 1, column 2 to claim the pair")
      t.eq(G.g.count("pairs:2"), 0)
      t.eq(G.g.def(G.g.top("slot:11")).id, P(1, "b"))
      t.eq(G:actor(), 1)
    end },

  { name = "The claim may be declined", run = function(t)
      local G = arrange(t, 2, FORMATION, {})
      G:act("Turn over the card at row 1, column 1")
      G:act("Turn over the card at row 3, column 3")
      G:act("Put the card back (no claim)")
      t.eq(G:actor(), 1)
    end },

  { name = "When the last two cards are left, the next player gets them", run = function(t)
      local slots = {}
      slots[2], slots[5], slots[9], slots[12] = P(3), P(7), P(3, "b"), P(7, "b")
      local G = arrange(t, 3, slots, {})
      G.g.state.turned[G.g.top("slot:9")] = true
      G:act("Turn over the card at row 1, column 2")
      G:act("Turn over the card at row 3, column 1 to claim the pair")
      local r = G:result()
      t.ok(r, "game over")
      t.eq(G.g.count("pairs:2"), 2, "player 2 gets the last pair")
    end },

  { name = "Option second_flip = always: classic memory, two cards every turn", run = function(t)
      local G = arrange(t, 2, FORMATION, {}, { second_flip = "always" })
      G:act("Turn over the card at row 1, column 1")
      t.eq(G:actor(), 1)
      t.ok(not G:can { kind = "put_back" })
      G:act("Turn over the card at row 3, column 3 to claim the pair")
      t.eq(G.g.count("pairs:1") % 2, 0)
      t.eq(G:actor(), 2)
    end },

  { name = "The player with the most pairs wins; ties all win", run = function(t)
      for players = 1, 6 do
        local G = t.game { players = players, seed = players }
        G:playout()
        local r = G:result()
        local total = 0
        for p = 1, players do total = total + r.scores[p] end
        t.eq(total, 12, "all 12 pairs are kept")
        for _, w in ipairs(r.winners) do
          for p = 1, players do t.ok(r.scores[w] >= r.scores[p]) end
        end
      end
    end },
}
