-- The two decks and the deal.
local K = require "testkit"
local B = require "board"

local function count(g, pred)
  local n = 0
  for c = 1, g.ncards do
    if pred(g.def(c)) then n = n + 1 end
  end
  return n
end

return {
  { name = "Basic deck: 58 cards, 24 Patriots, 24 Traitors, 8 bonus cards", run = function(t)
      local g = t.game { players = 2, seed = 1 }.g
      t.eq(count(g, function(d) return d.deck == "basic" end), 58)
      t.eq(count(g, function(d) return d.side == "patriot" end), 24)
      t.eq(count(g, function(d) return d.side == "traitor" end), 24)
      t.eq(count(g, function(d) return d.id == "draw_card" end), 6)
      for _, id in ipairs { "trump", "gitmo", "alliance", "whistleblower" } do
        t.eq(#g.all(id), 1, id)
      end
      for n = 1, 12 do
        t.eq(count(g, function(d) return d.side == "patriot" and d.rank == n end), 2, "patriot " .. n)
        t.eq(count(g, function(d) return d.side == "traitor" and d.rank == n end), 2, "traitor " .. n)
      end
    end },

  { name = "Special Ops deck: 41 cards, the seed's nine named, the rest marked reconstructions",
    run = function(t)
      local g = t.game { players = 2, seed = 1 }.g
      t.eq(count(g, function(d) return d.deck == "special_ops" end), 41)
      for _, id in ipairs { "tribunal", "justice", "jesus_saves", "false_flag", "deep_state", "truth",
        "scotus", "conspiracy", "grand_jury" } do
        t.eq(#g.all(id), 1, id)
      end
      t.eq(count(g, function(d) return d.deck == "special_ops" and d.gitmo_only end), 9)
      for c = 1, g.ncards do
        local d = g.def(c)
        if d.reconstruction then t.ok(d.note:find("Reconstruction"), d.id .. "'s note says it is reconstructed") end
      end
      t.eq(count(g, function(d) return d.deck == "special_ops" and not d.gitmo_only and not d.reconstruction end),
        0, "every generic Special Ops card is a reconstruction")
    end },

  { name = "Names are placeholders, every numbered card a different person", run = function(t)
      local g = t.game { players = 2, seed = 1 }.g
      local seen = {}
      for c = 1, g.ncards do
        local d = g.def(c)
        if d.side then
          t.ok(not seen[d.name], "unique name " .. d.name)
          seen[d.name] = true
        end
      end
    end },

  { name = "Deal size: 4 cards for 2-3 players, 3 for 4, 2 for 5-6; one row per card", run = function(t)
      for players, size in pairs { [2] = 4, [3] = 4, [4] = 3, [5] = 2, [6] = 2 } do
        local G = t.game { players = players, seed = 3 }
        local g = G.g
        -- decisions of the deal (Special Ops, protectors) come first
        while g.state.pending[1] do G:act(G:actions()[1]) end
        t.eq(g.state.size, size)
        t.ok(not g.has_zone(B.row(1, size + 1)), "no extra row")
        -- after the replacements every spot holds one Patriot or Traitor
        for p = 1, players do
          for r = 1, size do
            local cards = g.cards(B.row(p, r))
            t.eq(#cards, 1, "row " .. p .. ":" .. r)
            t.ok(g.def(cards[1]).side, "numbered card in row")
          end
        end
      end
    end },

  { name = "The first hand is dealt by the last player; player 1 plays first", run = function(t)
      local G = K.deal(t, 3, {})
      t.eq(G.g.state.dealer, 3)
      t.eq(G.g.state.turn, 1)
    end },

  { name = "remove_draw_cards leaves Draw-A-Cards out with 2-3 players only", run = function(t)
      local G = t.game { players = 3, seed = 2, options = { remove_draw_cards = 2 } }
      t.eq(#G.g.find("out", "draw_card"), 2)
      local H = t.game { players = 4, seed = 2, options = { remove_draw_cards = 2 } }
      t.eq(#H.g.find("out", "draw_card"), 0)
    end },
}
