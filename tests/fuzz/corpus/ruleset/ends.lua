-- Ends: a row of cards face up; in turn, take the card at either end of
-- the row; when the row is empty the higher total wins. Written from
-- scratch with only the required functions (no heuristic): the bots'
-- tests use it to show that search beats random play on a game it knows
-- nothing about.
local M = {
  id = "ends", name = "Ends",
  players = { min = 2, max = 2 },
  cards = {},
}
for v = 1, 9 do
  M.cards[#M.cards + 1] = { id = "v" .. v, name = tostring(v), text = "worth " .. v, rank = v, count = 2 }
end

local ROW, TAKEN = "row", { "taken:1", "taken:2" }

function M.setup(g)
  g.zone(ROW, { visibility = "all", kind = "row" })
  g.move_all("box", ROW)
  g.shuffle(ROW)
  for p = 1, 2 do g.zone(TAKEN[p], { owner = p, visibility = "all", kind = "pile" }) end
  g.state.turn = 1
end

function M.actor(g)
  if g.count(ROW) == 0 then return nil end
  return g.state.turn
end

local LEFT, RIGHT = { kind = "take", side = "left" }, { kind = "take", side = "right" }

function M.actions(g)
  if g.count(ROW) == 1 then return { LEFT } end
  return { LEFT, RIGHT }
end

function M.describe(_, a) return "Take the " .. a.side .. " card" end

function M.apply(g, a)
  local card = a.side == "left" and g.bottom(ROW) or g.top(ROW)
  g.move(card, TAKEN[g.state.turn])
  g.state.turn = 3 - g.state.turn
end

local function total(g, p)
  local sum = 0
  for _, c in ipairs(g.cards(TAKEN[p])) do sum = sum + g.defs[c].rank end
  return sum
end

function M.result(g)
  if g.count(ROW) > 0 then return nil end
  local a, b = total(g, 1), total(g, 2)
  local winners = a > b and { 1 } or b > a and { 2 } or { 1, 2 }
  return { winners = winners, scores = { a, b } }
end

return M
