-- The variant super_pac (variants/super_pac.lua): a card with its own
-- effect, written in the variant file alone.
local K = require "testkit"

return {
  { name = "Super PAC: two copies join the deck", run = function(t)
      local G = t.game { players = 2, seed = 1, variant = "super_pac" }
      local g = G.g
      t.eq(g.ncards, 53)
      t.eq(#g.all("super_pac"), 2)
      t.eq(g.def(G:card("super_pac")).text, "+2 Electability\nThe player who plays it draws a card")
    end },

  { name = "Super PAC: +2 Electability to the target, the player who plays it draws", run = function(t)
      local G = t.game { players = 3, seed = 2, variant = "super_pac" }
      local g = G.g
      K.clear(G, 1)
      K.put(G, 2, "tack_center")
      local h = K.deal(G, { [1] = { "super_pac", "gaffe" }, [2] = { "civil_debate" }, [3] = { "true_blue" } })
      local pac = h[1][1]
      local top = g.top("deck")
      G:act { kind = "play", card = pac, target = 2 }
      t.eq(g.where(pac), "played:2", "it stays in front of its target")
      t.eq(K.read(G).e[2], 4 + 2)
      t.eq(K.read(G).a[2], -3, "Affiliation untouched")
      t.eq(g.count("hand:1"), 2, "one card played, one drawn")
      t.eq(g.where(top), "hand:1", "the drawn card is the deck's top card")
      t.eq(g.count("hand:2"), 1, "the target draws nothing")
      t.eq(G:actor(), 2)
    end },

  { name = "Super PAC on yourself: +2 Electability and a card", run = function(t)
      local G = t.game { players = 2, seed = 3, variant = "super_pac" }
      local g = G.g
      K.clear(G, 1)
      local h = K.deal(G, { [1] = { "super_pac" }, [2] = { "gaffe" } })
      G:act { kind = "play", card = h[1][1], target = 1 }
      t.eq(K.read(G).e[1], 2)
      t.eq(K.primary(G, 1), 2)
      t.eq(g.count("hand:1"), 1, "the card drawn")
    end },

  { name = "Super PAC as a Great Debater's answer: the answering player draws twice", run = function(t)
      local G = t.game { players = 2, seed = 4, variant = "super_pac" }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 2, "great_debater")
      local h = K.deal(G, { [1] = { "gaffe", "civil_debate" }, [2] = { "super_pac", "true_blue" } })
      G:act { kind = "play", card = h[1][1], target = 2 }
      G:act { kind = "respond", card = h[2][1], target = 1 }
      t.eq(K.read(G).e[1], 2, "+2 for the player it was played on")
      t.eq(g.count("hand:2"), 1 + 1 + 1, "True Blue, the Super PAC's card, the Debater's card")
      t.eq(g.count("hand:1"), 1)
    end },

  { name = "Super PAC removed by Voter ADHD stops counting", run = function(t)
      local G = t.game { players = 2, seed = 5, variant = "super_pac" }
      K.clear(G, 1)
      local pac = K.put(G, 2, "super_pac")
      local h = K.deal(G, { [1] = { "voter_adhd" }, [2] = { "gaffe" } })
      t.eq(K.read(G).e[2], 2)
      G:act { kind = "play", card = h[1][1], target = 2, remove = pac }
      t.eq(K.read(G).e[2], 0)
      t.eq(G.g.where(pac), "discard")
    end },

  { name = "The base game has no Super PAC", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      t.eq(G.g.ncards, 51)
      t.fails(function() G.g.all("super_pac") end, "no card has the definition id 'super_pac'")
    end },
}
