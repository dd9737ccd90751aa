-- One scenario per Candidate Style.
local K = require "testkit"

return {
  { name = "Screaming Partisan doubles Affiliation", run = function(t)
      local G = t.game { players = 3, seed = 1 }
      local g = G.g
      K.clear(G, 1)
      K.put(G, 2, "true_blue")
      K.put(G, 2, "newspaper_endorsement")
      local sp = K.give(G, 1, "screaming_partisan")
      K.deal(G, { [1] = { "gaffe" }, [2] = { "gaffe" }, [3] = { "civil_debate" } })
      G:act { kind = "play", card = sp, target = 2 }
      t.eq(g.top("style:2"), sp, "the Style lies in front of its target")
      local eff = K.read(G)
      t.eq(eff.a[2], 10)
      t.eq(eff.e[2], 3)
      t.eq(K.primary(G, 2), 13)
    end },

  { name = "Outsider: Affiliation zero, may not lower others' Affiliation", run = function(t)
      local G = t.game { players = 3, seed = 2 }
      K.clear(G, 1)
      K.style(G, 1, "outsider")
      K.put(G, 1, "true_blue")
      K.put(G, 2, "true_blue")
      local h = K.deal(G, { [1] = { "gaffe", "toe_the_line", "lesser_evil", "voter_adhd", "tack_center" },
        [2] = { "civil_debate" }, [3] = { "civil_debate" } })
      local gaffe, toe, lesser, adhd, tack = table.unpack(h[1])
      t.eq(K.read(G).a[1], 0)
      t.ok(G:can { card = gaffe, target = 1 }, "on yourself anything goes")
      t.ok(not G:can { card = gaffe, target = 2 }, "Gaffe would lower Player 2's Affiliation")
      t.ok(not G:can { card = gaffe, target = 3 }, "from 0 to -3 is a decrease too")
      t.ok(not G:can { card = tack, target = 2 })
      t.ok(G:can { card = toe, target = 2 }, "raising Affiliation is allowed")
      t.ok(not G:can { card = lesser, target = 2 }, "Lesser Evil would zero a positive Affiliation")
      t.ok(G:can { card = lesser, target = 3 }, "zero stays zero")
      t.ok(not G:can { card = adhd, target = 2 }, "removing True Blue lowers Affiliation")
      t.ok(G:can { card = adhd, target = 3 }, "nothing to remove in front of Player 3")
    end },

  { name = "Insider: Electability halved, two cards then draw one", run = function(t)
      local G = t.game { players = 2, seed = 3 }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 1, "insider")
      K.put(G, 1, "sister_soulja_moment")
      t.eq(K.read(G).e[1], 3, "7 halved toward zero")
      local h = K.deal(G, { [1] = { "newspaper_endorsement", "gaffe", "civil_debate" },
        [2] = { "civil_debate", "true_blue" } })
      G:act { kind = "play", card = h[1][1], target = 1 }
      t.eq(G:actor(), 1, "the Insider may play a second card")
      t.ok(G:can { kind = "end_turn" })
      G:act { kind = "play", card = h[1][2], target = 2 }
      t.eq(G:actor(), 2)
      t.eq(g.count("hand:1"), 2, "one card left plus one drawn")
    end },

  { name = "Insider may stop after one card and draws nothing", run = function(t)
      local G = t.game { players = 2, seed = 3 }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 1, "insider")
      local h = K.deal(G, { [1] = { "newspaper_endorsement", "gaffe" }, [2] = { "civil_debate" } })
      G:act { kind = "play", card = h[1][1], target = 1 }
      G:act { kind = "end_turn" }
      t.eq(G:actor(), 2)
      t.eq(g.count("hand:1"), 1)
    end },

  { name = "Great Debater answers a card played on them, then draws", run = function(t)
      local G = t.game { players = 3, seed = 4 }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 2, "great_debater")
      local h = K.deal(G, { [1] = { "gaffe", "civil_debate" }, [2] = { "newspaper_endorsement", "uncivil_debate" },
        [3] = { "true_blue" } })
      G:act { kind = "play", card = h[1][1], target = 2 }
      t.eq(G:actor(), 2, "the Debater decides at once")
      t.ok(G:can { kind = "respond", card = h[2][1], target = 1 }, "any card of the hand")
      t.ok(not G:can { kind = "respond", target = 3 }, "only on the player who played")
      t.ok(G:can { kind = "decline" })
      G:act { kind = "respond", card = h[2][2], target = 1 }
      t.eq(g.cards("played:1"), { h[2][2] })
      t.eq(g.count("hand:2"), 2, "one card left plus one drawn")
      t.eq(g.state.pending, nil)
      t.eq(g.state.turn, 2, "then play goes on as usual")
    end },

  { name = "Great Debater may decline; no answer to one's own cards", run = function(t)
      local G = t.game { players = 3, seed = 4 }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 2, "great_debater")
      local h = K.deal(G, { [1] = { "gaffe" }, [2] = { "newspaper_endorsement", "uncivil_debate" },
        [3] = { "true_blue" } })
      G:act { kind = "play", card = h[1][1], target = 2 }
      G:act { kind = "decline" }
      t.eq(g.count("hand:2"), 2, "no draw without an answer")
      G:act { kind = "play", card = h[2][1], target = 2 }
      t.eq(g.state.pending, nil)
      t.eq(G:actor(), 3)
    end },

  { name = "The Mudslinger subtracts its Affiliation from everyone else's Electability", run = function(t)
      local G = t.game { players = 3, seed = 5 }
      K.clear(G, 1)
      K.style(G, 1, "mudslinger")
      K.put(G, 1, "true_blue")
      K.put(G, 2, "newspaper_endorsement")
      local eff = K.read(G)
      t.eq(eff.e, { 0, -2, -5 })
      t.eq(eff.a, { 5, 0, 0 })
    end },

  { name = "The Necromancer subtracts the other Candidate's Affiliation", run = function(t)
      local G = t.game { players = 2, seed = 6 }
      K.general_phase(G, { 1, 2 }, { [1] = { 10, 8 }, [2] = { 5, 2 } }, 1)
      K.style(G, 1, "necromancer")
      t.eq(K.general(G, 1), 8, "10 - 2 instead of 10 - 8")
      t.eq(K.general(G, 2), 3)
      t.eq(K.primary(G, 1), 18, "no effect on the Primary total")
      K.finish(G, 2)
      t.eq(G:result().winners, { 1 })
      t.eq(G:result().text, "Player 1 is President")
    end },

  { name = "The Lesser Evil's Affiliation is zero", run = function(t)
      local G = t.game { players = 2, seed = 7 }
      K.clear(G, 1)
      K.style(G, 1, "lesser_evil")
      K.put(G, 1, "toe_the_line")
      t.eq(K.read(G).a[1], 0)
      t.eq(K.primary(G, 1), -3)
    end },

  { name = "The Greater Evil zeroes its opponents' Affiliation, before any doubling", run = function(t)
      local G = t.game { players = 3, seed = 8 }
      K.clear(G, 1)
      K.style(G, 1, "greater_evil")
      K.put(G, 1, "true_blue")
      K.style(G, 2, "screaming_partisan")
      K.put(G, 2, "true_blue")
      K.put(G, 3, "toe_the_line")
      t.eq(K.read(G).a, { 5, 0, 0 })
    end },

  { name = "The Highlander runs in the General Election as a Spoiler", run = function(t)
      for _, case in ipairs { { style = "highlander", president = 3 }, { style = "hairpiece", president = 1 } } do
        local G = t.game { players = 4, seed = 9 }
        K.general_phase(G, { 1, 2 }, { [1] = { 5, 2 }, [2] = { 4, 3 }, [3] = { 9, 2 } }, 1)
        K.style(G, 3, case.style)
        K.finish(G, 4)
        t.eq(G:result().winners, { case.president }, case.style)
      end
    end },

  { name = "The Hairpiece has no effects and replaces a Style", run = function(t)
      local G = t.game { players = 2, seed = 10 }
      local g = G.g
      K.clear(G, 1)
      local sp = K.style(G, 2, "screaming_partisan")
      K.put(G, 2, "true_blue")
      local h = K.deal(G, { [1] = { "hairpiece" }, [2] = { "gaffe" } })
      t.eq(K.read(G).a[2], 10)
      G:act { kind = "play", card = h[1][1], target = 2 }
      t.eq(K.read(G).a[2], 5)
      t.eq(g.where(sp), "discard", "the replaced Style leaves play")
    end },

  { name = "Third-Party Candidate: Affiliation zero, untouched by the Mudslinger", run = function(t)
      local G = t.game { players = 3, seed = 11 }
      K.clear(G, 1)
      K.style(G, 1, "mudslinger")
      K.put(G, 1, "true_blue")
      K.style(G, 2, "third_party")
      K.put(G, 2, "true_blue")
      K.put(G, 2, "newspaper_endorsement")
      local eff = K.read(G)
      t.eq(eff.a[2], 0)
      t.eq(eff.e[2], 3, "the Mudslinger's Affiliation does not reach a Third-Party Candidate")
      t.eq(eff.e[3], -5)
    end },

  { name = "The Teflon Wonder removes a card played on them before playing", run = function(t)
      local G = t.game { players = 2, seed = 12 }
      local g = G.g
      K.clear(G, 1)
      K.style(G, 1, "teflon_wonder")
      local gaffe = K.put(G, 1, "gaffe")
      local ad = K.put(G, 1, "uncivil_debate")
      local h = K.deal(G, { [1] = { "civil_debate", "true_blue" }, [2] = { "gaffe", "civil_debate" } })
      t.ok(G:can { kind = "shed", card = gaffe })
      G:act { kind = "shed", card = gaffe }
      t.eq(g.where(gaffe), "discard")
      t.ok(not G:can { kind = "shed", card = ad }, "one removal per card played")
      G:act { kind = "play", card = h[1][1], target = 1 }
      G:act { kind = "play", card = h[2][1], target = 2 }
      t.ok(G:can { kind = "shed", card = ad }, "again before the next card")
      G:act { kind = "play", card = h[1][2], target = 1 }
      t.eq(g.where(ad), "played:1", "the removal is optional")
    end },
}
