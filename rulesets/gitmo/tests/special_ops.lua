-- Special Ops cards drawn with a Draw-A-Card during a turn. The Draw-A-Card
-- on top of the deck goes to the turn player as soon as the table is set.
local K = require "testkit"
local F = require "flow"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

local FULL = {
  [1] = { { P(1) }, { P(3) }, { P(5) }, { P(7) } },
  [2] = { { T(1) }, { T(3) }, { T(5) }, { T(7) } },
}

-- Player 1 draws `so` at once; extra fields of spec are passed on.
local function draw(t, so, spec)
  local G = t.game { players = 2, seed = 1 }
  spec = spec or {}
  spec.rows = spec.rows or FULL
  spec.deck = { "draw_card", P(12), T(12), P(11) }
  spec.special_ops = { so }
  K.arrange(G, spec)
  return G
end

return {
  { name = "Every Special Ops card carries its own effect", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      local asks = { false_flag = true, deep_state = true, conspiracy = true, grand_jury = true,
        declassified = true }
      local seen = {}
      for c = 1, G.g.ncards do
        local d = G.g.defs[c]
        if d.deck == "special_ops" and not seen[d.id] then
          seen[d.id] = true
          t.eq(type(d.on_draw), "function", d.id .. ": on_draw")
          t.eq(type(d.decision), asks[d.id] and "table" or "nil", d.id .. ": decision")
        end
      end
      t.eq(#G.g.all("draw_card"), 6)
    end },

  { name = "Points cards are kept and scored at the end of the hand", run = function(t)
      local G = draw(t, "medal_of_freedom")
      t.eq(K.ids(G, "aside:1"), { "medal_of_freedom" })
      t.eq(F.hand_score(G.g, 1), 4 + 10)
    end },

  { name = "Lose your next turn", run = function(t)
      local G = draw(t, "subpoena")
      t.eq(G:actor(), 1, "the current turn goes on")
      G:act("End your turn (no more moves)")
      G:act("End your turn (no more moves)")
      t.eq(G:actor(), 2, "player 1's turn is lost")
    end },

  { name = "Executive Order: another turn right after this one", run = function(t)
      local G = draw(t, "executive_order")
      G:act("End your turn (no more moves)")
      t.eq(G:actor(), 1)
      G:act("End your turn (no more moves)")
      t.eq(G:actor(), 2)
    end },

  { name = "Declassified: an opponent's unprotected lone card onto your run", run = function(t)
      local G = draw(t, "declassified", { caps = { [2] = { [2] = { "trump" } } },
        rows = { [1] = { { P(2) }, { P(4) }, { P(6) }, { P(8) } }, [2] = FULL[2] } })
      t.ok(not G:can { kind = "decide", card = G.g.find("row:2:2", T(3))[1] }, "not under Trump")
      G:act("Take T1 of Player 2 onto the bottom of your row 1 [P2]")
      t.eq(K.ids(G, "row:1:1"), { T(1), P(2) })
    end },

  { name = "False Flag: pinned on an opponent, -5 for him", run = function(t)
      local G = draw(t, "false_flag")
      G:act("Pin the False Flag on Player 2")
      t.eq(K.ids(G, "aside:2"), { "false_flag" })
      t.eq(F.hand_score(G.g, 2), -4 - 5)
    end },

  { name = "Conspiracy: the chosen opponent loses his next turn", run = function(t)
      local G = draw(t, "conspiracy")
      G:act("Player 2 loses the next turn")
      G:act("End your turn (no more moves)")
      t.eq(G:actor(), 1)
    end },

  { name = "Grand Jury: one of your lone Traitors goes to Gitmo", run = function(t)
      local G = draw(t, "grand_jury",
        { rows = { [1] = { { T(4) }, { T(6, "b"), T(7, "b") }, { P(1) }, { P(2) } }, [2] = FULL[2] } })
      t.eq(#G:actions(), 1, "only the lone Traitor")
      G:act("Send T4 (row 1) to Gitmo")
      t.eq(K.ids(G, "prison"), { T(4) })
      t.eq(K.ids(G, "row:1:1"), { P(12) }, "the spot is refilled at once from the deck")
    end },

  { name = "A card with nothing to act on does nothing", run = function(t)
      local G = draw(t, "grand_jury")
      t.eq(G.g.state.pending, {})
      t.eq(G:actor(), 1)
    end },

  { name = "Scotus: the Trump comes to you, to lay on your own run", run = function(t)
      local G = draw(t, "scotus", { caps = { [2] = { [1] = { "trump" } } } })
      t.eq(K.ids(G, "aside:1"), { "trump" })
      t.eq(G.g.count("cap:2:1"), 0)
      G:act("Lay Trump on your row 2 [P3]")
    end },

  { name = "Truth: the Whistleblower changes hands", run = function(t)
      local G = draw(t, "truth", { aside = { [2] = { "whistleblower" } } })
      t.eq(K.ids(G, "aside:1"), { "whistleblower" })
    end },

  { name = "Deep State: a Gitmo-type card off an opponent's run", run = function(t)
      local G = draw(t, "deep_state", { caps = { [2] = { [3] = { "justice" } } } })
      G:act("Take Justice off Player 2's row 3 [T5]+JU")
      t.eq(K.ids(G, "aside:1"), { "justice" })
    end },

  { name = "Tribunal and Jesus Saves drawn in play are kept to lay on a run", run = function(t)
      local G = draw(t, "jesus_saves")
      t.eq(K.ids(G, "aside:1"), { "jesus_saves" })
      t.eq(F.hand_score(G.g, 1), 4 + 12)
      G:act("Lay Jesus Saves on your row 4 [P7]")
      t.eq(F.hand_score(G.g, 1), 4 + 12)
    end },
}
