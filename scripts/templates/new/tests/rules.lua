-- Scenario tests for {{name}}: `ratify test PATH` runs every test here
-- (docs/lua-api.md, "Scenario tests"). Each sets up a position and checks
-- what the rules do with it.

-- Put the cards named by definition id into p's hand, in place of his
-- dealt hand (which goes back under the deck).
local function give(G, p, ids)
  local g = G.g
  for _, c in ipairs(g.cards("hand:" .. p)) do g.move(c, "deck", "bottom") end
  for _, id in ipairs(ids) do g.move(G:card(id), "hand:" .. p) end
end

return {
  { name = "Each player is dealt a hand; the rest is the deck", run = function(t)
      local G = t.game { players = 3, seed = 1 }
      local g = G.g
      t.eq({ g.count("hand:1"), g.count("hand:2"), g.count("hand:3") }, { 3, 3, 3 })
      t.eq(g.count("deck"), 52 - 9)
      t.ok(g.sees(1, g.top("hand:1")) and not g.sees(2, g.top("hand:1")), "hands are private")
      t.eq(G:actor(), 1)
    end },

  { name = "The option hand_size sets the size of every hand", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { hand_size = 5 } }
      t.eq(G.g.count("hand:2"), 5)
      t.eq(#G:actions(), 5, "any card of the hand may be played")
    end },

  { name = "The highest card wins the round and leads the next", run = function(t)
      local G = t.game { players = 2, seed = 2 }
      give(G, 1, { "spades_9", "hearts_2", "clubs_3" })
      give(G, 2, { "hearts_13", "hearts_4", "clubs_5" })
      G:act("Play the 9 of Spades")
      t.eq(G:actor(), 2)
      G:act("Play the King of Hearts")
      t.eq(G.g.state.won, { 0, 1 })
      t.eq(G:actor(), 2, "the winner leads")
      t.eq(G.g.count("hand:1"), 3, "hands are refilled")
      t.eq(G.g.count("discard"), 2)
    end },

  { name = "A tie for the highest card: nobody wins, the lead passes on", run = function(t)
      local G = t.game { players = 2, seed = 2 }
      give(G, 1, { "spades_9", "hearts_2", "clubs_3" })
      give(G, 2, { "hearts_9", "hearts_4", "clubs_5" })
      G:act { kind = "play", card = G:card("spades_9") }
      G:act { kind = "play", card = G:card("hearts_9") }
      t.eq(G.g.state.won, { 0, 0 })
      t.eq(G:actor(), 2)
    end },

  { name = "A card not in the actor's hand cannot be played", run = function(t)
      local G = t.game { players = 2, seed = 2 }
      give(G, 2, { "hearts_13" })
      t.ok(not G:can { kind = "play", card = G:card("hearts_13") })
      t.fails(function() G:act("Play the King of Hearts") end, "no legal action matches")
    end },

  { name = "Winning target rounds ends the game", run = function(t)
      local G = t.game { players = 2, seed = 2, options = { target = 1 } }
      give(G, 1, { "spades_14" })
      give(G, 2, { "hearts_2" })
      G:act("Play the Ace of Spades")
      t.eq(G:result(), nil)
      G:act("Play the 2 of Hearts")
      t.eq(G:actor(), nil)
      t.eq(G:result().winners, { 1 })
    end },

  { name = "Random games end, every card accounted for", run = function(t)
      for seed = 1, 20 do
        local G = t.game { players = 2 + seed % 3, seed = seed, options = { target = 0 } }
        G:playout()
        local r = G:result()
        t.ok(r, "the game ends")
        local rounds = 0
        for _, n in ipairs(r.scores) do rounds = rounds + n end
        t.ok(rounds <= 52 // G.g.players, "at most one winner a round")
      end
    end },
}
