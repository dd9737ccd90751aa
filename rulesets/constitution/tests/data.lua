-- The pack and the rulebook's check totals.
local cards = require "cards"
local values = require "values"

local function states()
  local out = {}
  for _, def in ipairs(cards) do
    if def.kind == "state" then out[#out + 1] = def end
  end
  return out
end

local function sum(list, f)
  local n = 0
  for _, x in ipairs(list) do n = n + f(x) end
  return n
end

-- A stand-in context over a (possibly edited) card list, for the checks.
local function fake_g(list, pair)
  local all = {}
  for i = 1, #list do all[i] = i end
  return {
    all = function() return all end,
    def = function(c) return list[c] end,
    options = { second_deal_honors = pair or "presidents" },
  }
end

local function copy_cards()
  local out = {}
  for i, def in ipairs(cards) do
    local d = {}
    for k, v in pairs(def) do d[k] = v end
    out[i] = d
  end
  return out
end

return {
  { name = "the pack has 61 cards: 48 State cards and 13 Honor cards", run = function(t)
      t.eq(#cards, 61)
      t.eq(#states(), 48)
      t.eq(#cards - #states(), 13)
    end },

  { name = "the States' electoral votes total 531", run = function(t)
      t.eq(sum(states(), function(d) return d.votes end), 531)
      t.eq(values.totals(fake_g(cards)).electoral, 531)
    end },

  { name = "party suits: Republican blue 18 States 255 votes, Democratic red 30 States 276", run = function(t)
      local n, v = { Democratic = 0, Republican = 0 }, { Democratic = 0, Republican = 0 }
      for _, d in ipairs(states()) do
        n[d.suit], v[d.suit] = n[d.suit] + 1, v[d.suit] + d.votes
        t.eq(d.color, d.suit == "Democratic" and "red" or "blue", d.name)
        t.eq(d.rank, d.votes, d.name)
      end
      t.eq(n, { Democratic = 30, Republican = 18 })
      t.eq(v, { Democratic = 276, Republican = 255 })
    end },

  { name = "13 Suffrage States with 82 votes, California the only one doubling 13", run = function(t)
      local suffrage = {}
      for _, d in ipairs(states()) do
        if d.suffrage then suffrage[#suffrage + 1] = d end
      end
      t.eq(#suffrage, 13)
      t.eq(sum(suffrage, function(d) return d.votes end), 82)
      for _, d in ipairs(states()) do
        if values.trick(d) == 26 then t.eq(d.id, "california") end
      end
      t.eq(values.trick({ kind = "state", votes = 13, suffrage = true }), 26)
    end },

  { name = "Honor cards in the order of their rank", run = function(t)
      local ids = {}
      for _, d in ipairs(cards) do
        if d.kind == "honor" then ids[#ids + 1] = d.id end
      end
      t.eq(ids, { "chief_justice", "president_washington", "president_adams", "lady_washington",
        "lady_adams", "vice_president", "secretary_of_state", "secretary_of_treasury",
        "secretary_of_war", "secretary_of_the_navy", "first_flag", "first_white_house", "uncle_sam" })
      local last = 0
      for _, d in ipairs(cards) do
        if d.kind == "honor" then
          t.ok(d.honor_rank >= last, d.name)
          last = d.honor_rank
        end
      end
    end },

  { name = "card values of a full deal: 623 in the first deal, 533 in the second", run = function(t)
      t.eq(values.totals(fake_g(cards)).deal, { 623, 533 })
      t.eq(values.totals(fake_g(cards, "ladies")).deal, { 623, 533 })
    end },

  { name = "played-out games count 623 and 533 votes (4, 3 and 2 players)", run = function(t)
      for _, players in ipairs { 4, 3, 2 } do
        for seed = 1, 3 do
          local G = t.game { players = players, seed = seed }
          G:playout()
          local s = G.g.state
          t.eq(s.scores[1][1] + s.scores[1][2], 623, "first deal")
          t.eq(s.scores[2][1] + s.scores[2][2], 533, "second deal")
          t.ok(G:result(), "game over")
        end
      end
    end },

  { name = "card data breaking the check totals is refused with a clear error", run = function(t)
      local edited = copy_cards()
      for _, d in ipairs(edited) do
        if d.id == "iowa" then d.suffrage = true end
      end
      t.fails(function() values.assert_totals(fake_g(edited)) end, "gives 636 votes for a full first deal")
      edited = copy_cards()
      edited[1].votes = 13
      t.fails(function() values.assert_totals(fake_g(edited)) end, "gives 532 electoral votes")
      values.assert_totals(fake_g(cards))
    end },
}
