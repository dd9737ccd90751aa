-- What a card is worth: for taking a trick, and in each deal's count.
-- Also the rulebook's check totals, asserted against the card data.
local M = {}

-- The rulebook's checks: the sum of the States' electoral votes, and the
-- combined scores of both partnerships after each deal.
M.ELECTORAL_TOTAL = 531
M.DEAL_TOTAL = { 623, 533 }

-- Votes for taking a trick: Suffrage States "count as double vote for
-- taking the trick" in either deal (so California, 13 stars, doubles 13).
-- Honor cards have no such number; they rank above all State cards.
function M.trick(def)
  if def.kind ~= "state" then return nil end
  return def.suffrage and def.votes * 2 or def.votes
end

-- First deal, the popular vote: State votes (Suffrage States doubled) and
-- one citizen's vote for each Honor card with vote.
function M.popular(def)
  if def.kind == "state" then return M.trick(def) end
  return def.popular or 0
end

-- Second deal, the Electoral College: State votes as printed, and one vote
-- for each Honor card of the pair chosen by the option `second_deal_honors`.
function M.electoral(def, pair)
  if def.kind == "state" then return def.votes end
  return (def.pair == pair) and 1 or 0
end

-- The value of a card in the count of deal 1 or 2.
function M.in_deal(deal, def, pair)
  if deal == 1 then return M.popular(def) end
  return M.electoral(def, pair)
end

-- What each card counts in deal 1 and in deal 2 (counts[deal][card]),
-- worked out once per card data and second-deal pair: the definitions are
-- shared and never change, and every trick and score adds these up.
local counts_of = setmetatable({}, { __mode = "k" })

function M.deal_counts(g)
  local pair = g.options.second_deal_honors
  local by_pair = counts_of[g.defs] or {}
  counts_of[g.defs] = by_pair
  local counts = by_pair[pair]
  if counts then return counts end
  counts = { {}, {} }
  for c, def in ipairs(g.defs) do
    counts[1][c], counts[2][c] = M.in_deal(1, def, pair), M.in_deal(2, def, pair)
  end
  by_pair[pair] = counts
  return counts
end

-- Sums over the whole pack: the electoral votes of the States and what the
-- 60 cards that go into tricks (all but the card laid on the table) are
-- worth in each deal.
function M.totals(g)
  local t = { electoral = 0, states = 0, deal = { 0, 0 } }
  for _, c in ipairs(g.all()) do
    local def = g.def(c)
    if def.kind == "state" then
      t.states = t.states + 1
      t.electoral = t.electoral + def.votes
    end
    if not def.on_table then
      for deal = 1, 2 do
        t.deal[deal] = t.deal[deal] + M.in_deal(deal, def, g.options.second_deal_honors)
      end
    end
  end
  return t
end

-- Card data already found to meet the checks, by definitions table and
-- second-deal pair: the definitions are shared and never change, so each
-- is checked once rather than at every setup.
local passed = setmetatable({}, { __mode = "k" })

-- Refuse card data that breaks the rulebook's checks, with a message that
-- says which number is off and where to look.
function M.assert_totals(g)
  local defs, pair = g.defs, g.options.second_deal_honors
  if defs and passed[defs] and passed[defs][pair] then return end
  local t = M.totals(g)
  local function check(got, want, what)
    if got ~= want then
      error(string.format("constitution: the card data gives %d %s; the rulebook's check is %d "
        .. "(see cards.lua: electoral votes, Suffrage States, Honor votes; "
        .. "or set the option check_totals=false)", got, what, want))
    end
  end
  check(t.electoral, M.ELECTORAL_TOTAL, "electoral votes for the States")
  check(t.deal[1], M.DEAL_TOTAL[1], "votes for a full first deal")
  check(t.deal[2], M.DEAL_TOTAL[2], "votes for a full second deal")
  if defs then
    passed[defs] = passed[defs] or {}
    passed[defs][pair] = true
  end
end

return M
