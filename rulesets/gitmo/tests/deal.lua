-- The initial deal and its replacements. With 2 players the deal goes
-- p1 row 1, p2 row 1, p1 row 2, ... p2 row 4; replacements come next.
local K = require "testkit"

local EIGHT = { "patriot_01a", "patriot_02a", "patriot_03a", "patriot_04a",
  "patriot_05a", "patriot_06a", "patriot_07a", "patriot_08a" }

-- The deal order with the first card replaced by `first`, then `rest`.
local function deck(first, rest)
  local ids = { first }
  for i = 2, 8 do ids[i] = EIGHT[i] end
  for _, id in ipairs(rest or {}) do ids[#ids + 1] = id end
  return ids
end

return {
  { name = "Whistleblower dealt: set aside, spot refilled from the deck", run = function(t)
      local G = K.deal(t, 2, deck("whistleblower", { "traitor_09a" }))
      t.eq(K.ids(G, "aside:1"), { "whistleblower" })
      t.eq(K.ids(G, "row:1:1"), { "traitor_09a" })
    end },

  { name = "Alliance dealt: set aside for later, spot refilled", run = function(t)
      local G = K.deal(t, 2, deck("alliance", { "traitor_09a" }))
      t.eq(K.ids(G, "aside:1"), { "alliance" })
      t.eq(K.ids(G, "row:1:1"), { "traitor_09a" })
    end },

  { name = "Draw-A-Card dealt: Special Ops card drawn and followed, spot refilled", run = function(t)
      local G = K.deal(t, 2, deck("draw_card", { "traitor_09a" }), {}, { "patriot_rally" })
      t.eq(K.ids(G, "aside:1"), { "patriot_rally" })
      t.eq(K.ids(G, "row:1:1"), { "traitor_09a" })
      t.eq(K.ids(G, "spent"), { "draw_card" })
    end },

  { name = "Replacement that is itself a bonus card is replaced again", run = function(t)
      local G = K.deal(t, 2, deck("whistleblower", { "alliance", "traitor_09a" }))
      t.eq(K.ids(G, "aside:1"), { "whistleblower", "alliance" })
      t.eq(K.ids(G, "row:1:1"), { "traitor_09a" })
    end },

  { name = "Draw-A-Cards are followed in order from the dealer's left", run = function(t)
      -- p2's card comes first in the deck order but p1 sits on the dealer's left
      local ids = { "patriot_01a", "draw_card", "draw_card" }
      for i = 4, 8 do ids[i] = EIGHT[i] end
      ids[9], ids[10] = "traitor_09a", "traitor_10a"
      local G = K.deal(t, 2, ids, {}, { "town_hall", "cover_up" })
      t.eq(K.ids(G, "aside:1"), { "town_hall" })
      t.eq(K.ids(G, "aside:2"), { "cover_up" })
    end },

  { name = "Trump in the deal: laid on another card of the hand before play, spot refilled",
    run = function(t)
      local G = K.deal(t, 2, deck("trump", { "traitor_09a" }))
      t.eq(K.ids(G, "row:1:1"), { "traitor_09a" })
      t.eq(G:actor(), 1)
      t.ok(G:can("Keep Trump aside until your turn"))
      G:act("Lay Trump on your row 3 [P5]")
      t.eq(K.ids(G, "cap:1:3"), { "trump" })
      t.eq(G.g.state.turn, 1)
      t.eq(G:actions()[#G:actions()].kind, "end")
    end },

  { name = "Gitmo in the deal may also be kept aside until the turn", run = function(t)
      local G = K.deal(t, 2, deck("patriot_01a", {}))
      t.ok(not G.g.state.pending[1], "no decision without a protector")
      local H = K.deal(t, 2, { "patriot_01a", "gitmo", "patriot_03a", "patriot_04a", "patriot_05a",
        "patriot_06a", "patriot_07a", "patriot_08a", "traitor_09a" })
      t.eq(H:actor(), 2)
      H:act("Keep Gitmo aside until your turn")
      t.eq(K.ids(H, "aside:2"), { "gitmo" })
      t.eq(H:actor(), 1)
    end },

  { name = "Lose your next turn drawn in the deal skips the first turn", run = function(t)
      local G = K.deal(t, 2, deck("draw_card", { "traitor_09a" }), {}, { "subpoena" })
      t.eq(G.g.state.turn, 2)
      t.eq(G:actor(), 2)
    end },

  { name = "Declassified in the deal may take an opponent's lone card into the vacant spot",
    run = function(t)
      local G = K.deal(t, 2, deck("draw_card", { "traitor_09a" }), {}, { "declassified" })
      t.eq(G:actor(), 1)
      G:act("Take P2 of Player 2 into your vacant row 1")
      t.eq(K.ids(G, "row:1:1"), { "patriot_02a" })
      -- the opponent's spot is refilled by the dealer
      t.eq(K.ids(G, "row:2:1"), { "traitor_09a" })
    end },
}
