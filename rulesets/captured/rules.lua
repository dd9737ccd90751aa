-- The board and the score of CAPTURED, shared by the ruleset and its tests.

local M = {}

M.SPACES, M.START = 20, 1
local SPACES, START = M.SPACES, M.START

function M.space(i) return "space:" .. i end
function M.stash(p) return "stash:" .. p end
function M.identity(p) return "identity:" .. p end
function M.name(p) return "player " .. p end

function M.zeros(n)
  local t = {}
  for p = 1, n do t[p] = 0 end
  return t
end

function M.board_cards(g)
  local n = 0
  for i = 1, SPACES do n = n + g.count(M.space(i)) end
  return n
end

-- The card n spaces clockwise from the Start card, counting only places that
-- still hold a card ("skipping over" emptied places and players' cards).
function M.land(g, n)
  if M.board_cards(g) == 0 then return nil end
  local pos, left = START, n
  while true do
    pos = pos % SPACES + 1
    if g.count(M.space(pos)) > 0 then
      left = left - 1
      if left == 0 then return pos end
    end
  end
end

------------------------------------------------------------------ scoring

-- Traitors +1 each, Special Ops points, Whistleblower +10; the Trump (option)
-- cancels its holder's negative cards. The bonus for most Traitors is split
-- between tied players (rounded down); nobody gets it with no Traitor at all.
function M.score(g)
  local traitors, pts = {}, {}
  for p = 1, g.players do
    local cards = g.cards(M.stash(p))
    local has_trump = #g.find(M.stash(p), "trump") > 0
    traitors[p], pts[p] = 0, 0
    for _, c in ipairs(cards) do
      local d = g.def(c)
      if d.side == "traitor" then traitors[p] = traitors[p] + 1 end
      local v = d.points or 0
      if not (has_trump and v < 0) then pts[p] = pts[p] + v end
    end
  end
  local most, tied = 0, {}
  for p = 1, g.players do most = math.max(most, traitors[p]) end
  if most > 0 then
    for p = 1, g.players do
      if traitors[p] == most then tied[#tied + 1] = p end
    end
  end
  local totals = {}
  for p = 1, g.players do totals[p] = traitors[p] + pts[p] end
  for _, p in ipairs(tied) do totals[p] = totals[p] + g.options.bonus // #tied end
  return totals, traitors
end

return M
