-- The board and the score of CAPTURED, shared by the ruleset and its tests.

local M = {}

M.SPACES, M.START, M.MAX_PLAYERS = 20, 1, 6
local SPACES, START = M.SPACES, M.START

function M.space(i) return "space:" .. i end
function M.stash(p) return "stash:" .. p end
function M.identity(p) return "identity:" .. p end
function M.name(p) return "Player " .. p end

-- The same names built once, for the code that runs every action.
M.SPACE, M.STASH, M.IDENTITY, M.NAME = {}, {}, {}, {}
M.SPACE_AT = {} -- zone name -> its place in the ring
for i = 1, SPACES do
  M.SPACE[i] = M.space(i)
  M.SPACE_AT[M.SPACE[i]] = i
end
for p = 1, M.MAX_PLAYERS do
  M.STASH[p], M.IDENTITY[p], M.NAME[p] = M.stash(p), M.identity(p), M.name(p)
end
local SPACE, STASH = M.SPACE, M.STASH

function M.zeros(n)
  local t = {}
  for p = 1, n do t[p] = 0 end
  return t
end

-- No card left on any place of the ring (stops at the first card found).
function M.bare(g)
  local count = g.count
  for i = 1, SPACES do
    if count(SPACE[i]) > 0 then return false end
  end
  return true
end

-- The card n spaces clockwise from the Start card, counting only places that
-- still hold a card ("skipping over" emptied places and players' cards); nil
-- when the ring is bare.
function M.land(g, n)
  local count = g.count
  local pos, left = START, n
  for step = 1, math.huge do
    pos = pos % SPACES + 1
    if count(SPACE[pos]) > 0 then
      left = left - 1
      if left == 0 then return pos end
    elseif step == SPACES and left == n then
      return nil -- a whole round without a card
    end
  end
end

------------------------------------------------------------------ scoring

-- Traitors +1 each, Special Ops points, Whistleblower +10; the Trump (option)
-- cancels its holder's negative cards. The bonus for most Traitors is split
-- between tied players (rounded down); nobody gets it with no Traitor at all.
-- Also returns each player's parts, for the breakdown at the end: { ops =
-- Special Ops points counted, whistleblower = 10 or 0, cancelled = the
-- negatives the Trump cancelled, bonus = his share of the bonus }.
function M.score(g)
  local defs, traitors, pts, parts = g.defs, {}, {}, {}
  for p = 1, g.players do
    local gains, losses, has_trump, whistle = 0, 0, false, 0
    traitors[p] = 0
    for _, c in ipairs(g.cards(STASH[p])) do
      local d = defs[c]
      if d.side == "traitor" then traitors[p] = traitors[p] + 1 end
      if d.id == "trump" then has_trump = true end
      local v = d.points or 0
      if d.id == "whistleblower" then
        whistle = whistle + v
      elseif v < 0 then
        losses = losses + v
      else
        gains = gains + v
      end
    end
    pts[p] = has_trump and gains or gains + losses
    parts[p] = { ops = pts[p], whistleblower = whistle, cancelled = has_trump and losses or 0, bonus = 0 }
    pts[p] = pts[p] + whistle
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
  for _, p in ipairs(tied) do
    parts[p].bonus = g.options.bonus // #tied
    totals[p] = totals[p] + parts[p].bonus
  end
  return totals, traitors, parts
end

-- How p's score is made, a line each (the end's breakdown).
function M.breakdown(g, p)
  local totals, traitors, parts = M.score(g)
  local part = parts[p]
  local lines = { string.format("Traitors %d: %+d", traitors[p], traitors[p]),
    string.format("Special Ops %+d", part.ops) }
  if part.cancelled < 0 then
    lines[#lines + 1] = string.format("the Trump cancels %d", part.cancelled)
  end
  if part.whistleblower ~= 0 then
    lines[#lines + 1] = string.format("Whistleblower %+d", part.whistleblower)
  end
  if part.bonus > 0 then lines[#lines + 1] = string.format("most Traitors %+d", part.bonus) end
  lines[#lines + 1] = "total " .. totals[p]
  return lines
end

return M
