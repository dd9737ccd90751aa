-- Trump, Jesus Saves, and the Gitmo / Justice / Tribunal cards.
local K = require "testkit"
local F = require "flow"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

local function moves_on(G, zone)
  local n = 0
  for _, a in ipairs(G:actions()) do
    if a.zone == zone or (a.kind == "move" and "row:" .. a.from_owner .. ":" .. a.from_row == zone) then n = n + 1 end
  end
  return n
end

return {
  { name = "Trump: no opponent may take the run or add to it; its owner may", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      -- every spot full, so that the end of the turn refills nothing
      K.arrange(G, { rows = { [1] = { { P(6) }, { T(3) }, { T(11) }, { P(12) } },
        [2] = { { P(4), P(5) }, { P(9) }, { T(8) }, { T(10) } } },
        caps = { [2] = { [1] = { "trump" } } }, deck = { T(3, "b") } })
      t.eq(moves_on(G, "row:2:1"), 0, "nothing touches the Trump run")
      t.ok(not G:can { kind = "deck", owner = 2, row = 1 }, "no deck card onto it either")
      G:act("End your turn (no more moves)")
      -- player 2 lifts up his own Trump to add a card
      t.eq(G:actor(), 2)
      t.ok(G:can("Put T3 from the deck on the bottom of your row 1 [P4 P5]+TR"))
    end },

  { name = "Trump moves with its run between the owner's rows, once per turn", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(4), P(5) }, { P(6) }, { T(1) } } }, caps = { [1] = { [1] = { "trump" } } } })
      G:act("Move your run [P4 P5]+TR (row 1) onto the bottom of your row 2 [P6]")
      t.eq(K.ids(G, "cap:1:2"), { "trump" })
      G:act("Move Trump from your row 2 to your row 3 [T1]")
      t.ok(not G:can { kind = "move_cap" }, "moved once this turn")
    end },

  { name = "Jesus Saves: others may add to the run but not take it; +12 for its holder", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { P(6) }, { P(3) } }, [2] = { { T(4), P(5) } } },
        caps = { [2] = { [1] = { "jesus_saves" } } }, deck = { T(3) } })
      t.ok(not G:can { kind = "move", from_owner = 2 }, "cannot take from a Jesus Saves run")
      G:act("Put T3 from the deck on the bottom of Player 2's row 1 [T4 P5]+JS")
      t.eq(K.ids(G, "row:2:1"), { T(3), T(4), P(5) })
      -- the traitors still count: -2 +1 +12
      t.eq(F.hand_score(G.g, 2), 11)
    end },

  { name = "Gitmo, Justice, Tribunal: the traitors of that run do not count", run = function(t)
      for _, cap in ipairs { "gitmo", "justice", "tribunal" } do
        local G = t.game { players = 2, seed = 1 }
        K.arrange(G, { rows = { [1] = { { T(4), P(5), T(6) }, { T(9) } } }, caps = { [1] = { [1] = { cap } } } })
        t.eq(F.hand_score(G.g, 1), 1 - 1, cap .. ": +1 Patriot, the other run's Traitor -1")
      end
    end },

  { name = "A Gitmo run may be taken only with at least 2 other cards; the card goes with it",
    run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(7) }, { P(1) } }, [2] = { { T(5), P(6) }, { P(2) } } },
        caps = { [2] = { [1] = { "gitmo" }, [2] = { "tribunal" } } } })
      t.ok(not G:can { kind = "move", from_owner = 2, from_row = 2 }, "lone card under Tribunal stays")
      G:act("Take Player 2's run [T5 P6]+GI (row 1) onto the bottom of your row 1 [P7]")
      t.eq(K.ids(G, "cap:1:1"), { "gitmo" })
      t.eq(K.ids(G, "row:1:1"), { T(5), P(6), P(7) })
    end },

  { name = "Discards onto a Gitmo run: whole runs only; protected runs stay home", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { T(3), T(4) }, { T(11), T(12) } }, [2] = { { T(1), T(2) }, { P(10) } } },
        caps = { [1] = { [2] = { "gitmo" } }, [2] = { [1] = { "justice" } } } })
      t.ok(not G:can { kind = "move", from_owner = 1, from_row = 1, part = "bottom", owner = 2, row = 1 })
      t.ok(G:can("Move your run [T3 T4] (row 1) onto the top of Player 2's row 1 [T1 T2]+JU"))
      -- a run under my own Gitmo card is not given away with it
      t.ok(not G:can { kind = "move", from_owner = 1, from_row = 2, part = "run", owner = 2 })
    end },

  { name = "Protectors held aside are laid on one's own runs during the turn", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { T(3) } }, [2] = { { T(8) } } }, aside = { [1] = { "gitmo", "trump" } } })
      t.ok(not G:can { kind = "place", owner = 2 }, "not on an opponent's run")
      G:act("Lay Gitmo on your row 1 [T3]")
      t.eq(F.hand_score(G.g, 1), 0)
    end },
}
