-- A patience small enough to solve by hand, for the solver's own tests.
-- The deal is an option: piles separated by "|", each listed bottom to top
-- ("13|2" is a pile of 1 under 3, and a pile holding 2). Cards not dealt
-- start on the foundation in order. A move takes a pile's top card to the
-- foundation (the next number up) or onto another pile's top card one
-- higher. Won when every card is on the foundation; lost when no move is
-- left.
local M = {
  id = "piles", name = "Piles (solver fixture)",
  players = { min = 1, max = 1 },
  options = {
    deal = { default = "21|43|65", doc = "Piles bottom to top, separated by |" },
  },
  cards = (function()
-- Six cards numbered 1..6.
local cards = {}
for n = 1, 6 do cards[n] = { id = "c" .. n, name = tostring(n), rank = n, text = "Card " .. n } end
return cards
end)(),
}

local function parse(deal)
  local piles = {}
  for pile in (deal .. "|"):gmatch("([^|]*)|") do
    local cards = {}
    for digit in pile:gmatch("%d") do cards[#cards + 1] = tonumber(digit) end
    piles[#piles + 1] = cards
  end
  return piles
end

function M.setup(g)
  g.zone("foundation", { visibility = "all", kind = "foundation" })
  local piles = parse(g.options.deal)
  g.state.piles = #piles
  local dealt = {}
  for p, cards in ipairs(piles) do
    g.zone("pile:" .. p, { visibility = "all", kind = "pile" })
    for _, n in ipairs(cards) do
      g.move(g.all("c" .. n)[1], "pile:" .. p)
      dealt[n] = true
    end
  end
  for n = 1, 6 do
    if not dealt[n] then g.move(g.all("c" .. n)[1], "foundation") end
  end
end

local function rank(g, card) return card and g.def(card).rank end

function M.actions(g)
  local list, next_up = {}, g.count("foundation") + 1
  for p = 1, g.state.piles do
    local top = rank(g, g.top("pile:" .. p))
    if top == next_up then
      list[#list + 1] = { kind = "up", from = "pile:" .. p, label = top .. " to the foundation" }
    end
    for q = 1, g.state.piles do
      local onto = rank(g, g.top("pile:" .. q))
      if top and q ~= p and onto == top + 1 then
        list[#list + 1] = { kind = "move", from = "pile:" .. p, zone = "pile:" .. q,
                            label = top .. " onto " .. onto }
      end
    end
  end
  return list
end

function M.apply(g, a)
  g.move(g.top(a.from), a.zone or "foundation")
end

function M.result(g)
  if g.count("foundation") == 6 then return { winners = { 1 }, scores = { 6 } } end
  if #M.actions(g) == 0 then return { winners = {}, scores = { g.count("foundation") } } end
  return nil
end

function M.actor(g)
  if M.result(g) then return nil end
  return 1
end

-- More cards on the foundation is better.
function M.heuristic(g) return g.count("foundation") end

return M
