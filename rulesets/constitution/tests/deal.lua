-- The Deal, the Lead (Uncle Sam), partners, dummies, two deals a game.
local seats = require "seats"
local S = require "scenario"

local function hand_sizes(g)
  local n = {}
  for seat = 1, 4 do n[seat] = g.count("hand:" .. seat) end
  return n
end

return {
  { name = "the deal: 15 each to 4, Uncle Sam's holder takes the odd card and lays Uncle Sam", run = function(t)
      for seed = 1, 5 do
        local G = t.game { players = 4, seed = seed }
        local g, s = G.g, G.g.state
        t.eq(hand_sizes(g), { 15, 15, 15, 15 })
        t.eq(g.count("odd"), 0, "the odd card was picked up")
        t.eq(g.count("deck"), 0)
        t.eq(g.cards("table"), { G:card("uncle_sam") })
        t.eq(s.turn, s.uncle_sam[1], "Uncle Sam's holder leads")
        t.eq(G:actor(), s.uncle_sam[1])
        t.eq(s.deal, 1)
      end
    end },

  { name = "the first dealer is the hand drawing the highest State card", run = function(t)
      local G = t.game { players = 4, seed = 11 }
      local s = G.g.state
      t.ok(s.dealer >= 1 and s.dealer <= 4)
    end },

  { name = "two deals a game; the second dealt by the player at Uncle Sam's right", run = function(t)
      for seed = 1, 4 do
        local G = t.game { players = 4, seed = seed }
        local s = G.g.state
        G:playout(60)
        t.eq(s.deal, 2)
        t.eq(s.dealer, seats.right(s.uncle_sam[1]))
        t.eq(seats.left(s.dealer), s.uncle_sam[1], "Uncle Sam on the dealer's left")
        t.eq(hand_sizes(G.g), { 15, 15, 15, 15 })
        t.eq(s.turn, s.uncle_sam[2], "the second deal's Uncle Sam holder leads")
        t.eq(G:result(), nil)
        G:playout(60)
        t.ok(G:result(), "the game is over after two deals")
        t.eq(G:actor(), nil)
      end
    end },

  { name = "Uncle Sam as the odd card is a misdeal: the same dealer deals again", run = function(t)
      local found = false
      for seed = 1, 400 do
        local G = t.game { players = 4, seed = seed }
        local s = G.g.state
        if s.misdeals > 0 then
          found = true
          t.eq(hand_sizes(G.g), { 15, 15, 15, 15 })
          t.eq(G.g.cards("table"), { G:card("uncle_sam") })
          break
        end
      end
      t.ok(found, "some seed deals Uncle Sam as the odd card")
    end },

  { name = "partners by party: seats 1 & 3 against 2 & 4, parties recorded", run = function(t)
      local G = t.game { players = 4, seed = 1 }
      t.eq(G.g.state.parties, { "Democratic", "Republican" })
      t.eq(seats.party(G.g, 3), "Democratic")
      t.eq(seats.party(G.g, 4), "Republican")
      G = t.game { players = 4, seed = 1, options = { seat1_party = "Republican" } }
      t.eq(G.g.state.parties, { "Republican", "Democratic" })
      t.eq(seats.party(G.g, 2), "Democratic")
    end },

  { name = "3 players: open dummy hand 4 played by its partner, player 2", run = function(t)
      local G = t.game { players = 3, seed = 2 }
      local g = G.g
      S.arrange(G, { leader = 4, hands = { { "alabama" }, { "delaware" }, { "georgia" }, { "iowa" } } })
      t.eq(G:actor(), 2, "the partner decides for the dummy")
      t.ok(g.sees(1, G:card("iowa")), "the dummy is open to all")
      t.ok(g.sees(3, G:card("iowa")))
      t.ok(not g.sees(1, G:card("delaware")), "a player's hand stays hidden")
      G:act { card = G:card("iowa") }
      t.eq(G:actor(), 1)
    end },

  { name = "2 players: dummies 3 and 4 played by players 1 and 2", run = function(t)
      local G = t.game { players = 2, seed = 3 }
      local g = G.g
      S.arrange(G, { leader = 2, hands = { { "alabama" }, { "delaware" }, { "georgia" }, { "iowa" } } })
      t.eq(G:actor(), 2)
      S.play(G, "delaware")
      t.eq(G:actor(), 1, "player 1 plays dummy 3")
      t.ok(g.sees(2, G:card("georgia")))
      S.play(G, "georgia")
      t.eq(G:actor(), 2, "player 2 plays dummy 4")
      t.ok(G:can("Dummy 4 (Player 2): play Iowa (Republican 13) - lowest card (no rule applies)"))
    end },

  { name = "2 and 3 players play whole games with partnership results", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      G:playout()
      local r = G:result()
      t.eq(r.scores[1], r.scores[3], "seats 1 and 3 are partners")
      t.ok(#r.winners >= 1)
      G = t.game { players = 2, seed = 5 }
      G:playout()
      t.eq(#G:result().winners, 1)
    end },
}
