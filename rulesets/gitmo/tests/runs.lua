-- Runs, eligible cards, vacant spots.
local K = require "testkit"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

return {
  { name = "Runs wrap: the 1 goes up above the 12, the 12 down below the 1", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(11), P(12) }, { P(1, "b") } } }, deck = { P(1), T(12) } })
      G:act("Put P1 from the deck on the top of your row 1 [P11 P12]")
      t.eq(K.ids(G, "row:1:1"), { P(11), P(12), P(1) })
      G:act("Put T12 from the deck on the bottom of your row 2 [P1]")
      t.eq(K.ids(G, "row:1:2"), { T(12), P(1, "b") })
    end },

  { name = "Switching own cards: 9 goes below 10, the vacant spot takes the deck card at once", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) } } }, deck = { T(3) } })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(K.ids(G, "row:1:2"), { P(9), P(10) })
      t.eq(K.ids(G, "row:1:1"), { T(3) }, "tests/refill.lua has the rest")
    end },

  { name = "Nothing is put into a vacant spot by choice: no move, no deck play", run = function(t)
      -- (a position no game reaches: the turn player's own spots are refilled
      -- as soon as he empties one; here rows 2-4 of both are vacant)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(5) } }, [2] = { { P(4) } } }, deck = { T(9) } })
      for _, a in ipairs(G:actions()) do
        t.ok(a.kind == "end" or G.g.count(a.zone) > 0, "no move into a vacant spot")
      end
      t.ok(not G:can { kind = "fill" })
    end },

  { name = "Taking: whole runs or lone cards, never part of a run", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(7) }, { P(3) } }, [2] = { { P(4), P(5), P(6) }, { T(8) } } } })
      t.ok(G:can("Take Player 2's run [P4 P5 P6] (row 1) onto the bottom of your row 1 [P7]"))
      t.ok(G:can("Take Player 2's lone card T8 (row 2) onto the top of your row 1 [P7]"))
      t.ok(not G:can { kind = "move", part = "bottom" }, "no bottom card without the option")
      -- P4 alone would fit on P3, P6 alone on P7: neither may be taken
      for _, a in ipairs(G:actions()) do
        if a.kind == "move" and a.from_owner == 2 then t.ok(#a.cards ~= 1 or a.from_row == 2, a.label) end
      end
    end },

  { name = "Option bottom_card: the bottom card of a run is eligible too (never the top)", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { P(7) }, { P(3) } }, [2] = { { P(4), P(5), P(6) } } } })
      G:act("Take Player 2's bottom card P4 of row 1 [P4 P5 P6] onto the top of your row 2 [P3]")
      t.eq(K.ids(G, "row:1:2"), { P(3), P(4) })
      t.eq(K.ids(G, "row:2:1"), { P(5), P(6) })
      t.ok(not G:can { kind = "move", cards = { G.g.find("row:2:1", P(6))[1] } }, "top card stays")
    end },

  { name = "Discarding: own cards and deck cards onto opponents' runs where they fit", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { T(4) } }, [2] = { { P(5), P(6) } } }, deck = { P(12), T(7) } })
      G:act("Move your lone card T4 (row 1) onto the bottom of Player 2's row 1 [P5 P6]")
      t.eq(K.ids(G, "row:1:1"), { P(12) }, "his own spot is refilled at once")
      G:act("Put T7 from the deck on the top of Player 2's row 1 [T4 P5 P6]")
      t.eq(K.ids(G, "row:2:1"), { T(4), P(5), P(6), T(7) })
    end },

  { name = "Option pure_runs: a run is all Patriots or all Traitors", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { pure_runs = true } }
      K.arrange(G, { rows = { [1] = { { P(5) }, { T(5) } } }, deck = { T(6) } })
      t.ok(not G:can { kind = "deck", owner = 1, row = 1 })
      t.ok(G:can { kind = "deck", owner = 1, row = 2, at = "top" })
      local H = t.game { players = 2, seed = 1 }
      K.arrange(H, { rows = { [1] = { { P(5) }, { T(5) } } }, deck = { T(6) } })
      t.ok(H:can { kind = "deck", owner = 1, row = 1, at = "top" }, "mixed runs by default")
    end },

  { name = "Alliance: wild card laid at an end of an own run, then part of the run", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { P(3) } }, [2] = { { P(6) } } }, aside = { [1] = { "alliance" } },
        deck = { P(5) } })
      G:act("Lay the Alliance (wild) on the top of your row 1 [P3]")
      t.eq(K.ids(G, "row:1:1"), { P(3), "alliance" })
      G:act("Put P5 from the deck on the top of your row 1 [P3 AL]")
      -- the Alliance counts as the 4; the run goes on with 6
      t.ok(G:can("Take Player 2's lone card P6 (row 1) onto the top of your row 1 [P3 AL P5]"))
      t.eq(G.g.state.turn, 1)
    end },

  { name = "Alliance never leaves its run alone and scores nothing", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { "alliance", P(4), P(5) } }, [2] = { { P(2) } } } })
      t.ok(not G:can { kind = "move", part = "bottom" }, "no Alliance as bottom card")
      local F = require "flow"
      t.eq(F.hand_score(G.g, 1), 2)
    end },
}
