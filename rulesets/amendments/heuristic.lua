-- For bots: how good the table looks for `player`'s side, minus the best
-- opponent's. A one-step bot maximising this plays every card it can into a
-- run, prefers long runs, opens with Article V, stops the side that threatens
-- most, keeps a remedy in hand and discards what is least likely to fit.

local runs = require "runs"
local sides = require "sides"

local COMPLETED = 30      -- a finished run of ten, on top of its +20
local CHARTER = 9         -- an Article V on the table, able to open runs
local LOST_TURN = 20      -- a turn lost to a challenge
local MISNAMED = 15       -- a wrong naming an opponent may challenge
local FEEDS_OPPONENT = 3  -- top of the discard stack fits an opponent's run

-- How much a stop on side s hurts it: more the closer it is to ten.
local function stop_weight(g, s)
  local longest, count = 0, 0
  for _, run in ipairs(sides.runs(g, s)) do
    longest = math.max(longest, run.len)
    count = count + 1
  end
  return 3 + 2 * longest + 2 * count
end

local function progress(g, s)
  local total, longest = 0, 0
  for _, run in ipairs(sides.runs(g, s)) do
    total = total + run.len
    longest = math.max(longest, run.len)
  end
  return total + 0.3 * longest * longest
end

-- The table value of a side, seen by everybody.
local function side_value(g, s)
  local state = g.state
  local v = state.scores[s] + COMPLETED * state.completed[s] + sides.table_points(g, s) + progress(g, s)
  if sides.open_charters(g, s) > 0 then v = v + CHARTER end
  if sides.stopped_by(g, s) then v = v - stop_weight(g, s) end
  for _, p in ipairs(sides.members(g, s)) do
    if state.skip[p] then v = v - LOST_TURN end
  end
  return v
end

-- Numbers wanted at the ends of side s's runs.
local function wanted(g, s)
  local want, wrap = {}, g.options.wrap
  for _, run in ipairs(sides.runs(g, s)) do
    local low, high = runs.step(run.lo, -1, wrap), runs.step(run.lo, run.len, wrap)
    if low then want[low] = true end
    if high then want[high] = true end
  end
  return want
end

local function amendment_value(n, numbers, want, wilds)
  local v = 1
  if want[n] then v = v + 4 end
  for d = -2, 2 do
    if d ~= 0 and numbers[n + d] then v = v + (math.abs(d) == 1 and 1.5 or 1) end
  end
  return v + 0.5 * wilds
end

local function card_value(g, def, side, numbers, want, wilds)
  if def.number then return amendment_value(def.number, numbers, want, wilds) end
  if def.wild_low then return 5 end
  if def.id == "article_v" then return sides.open_charters(g, side) > 0 and 3 or 6 end
  if def.id == "cloture" then return 3 end
  if def.stop then return 5 end
  return 0
end

-- The hand of `player`, card by card.
local function hand_value(g, player)
  local side = sides.of(g, player)
  local hand = g.cards(sides.hand(player))
  local numbers, wilds = {}, 0
  for _, card in ipairs(hand) do
    local def = g.def(card)
    if def.number then numbers[def.number] = true end
    if def.wild_low then wilds = wilds + 1 end
  end
  local want, v = wanted(g, side), 0
  for _, card in ipairs(hand) do
    v = v + card_value(g, g.def(card), side, numbers, want, wilds)
  end
  return v
end

-- A discard an opponent can pick up and lay at once.
local function feeds_opponent(g, side)
  local top = g.top("discard")
  if not top then return 0 end
  local def = g.def(top)
  for o = 1, sides.count(g) do
    if o ~= side then
      for n in pairs(wanted(g, o)) do
        if runs.fits(def, n) then return FEEDS_OPPONENT end
      end
    end
  end
  return 0
end

local function quiz_risk(g, side)
  local state = g.state
  if state.turn and sides.of(g, state.current) == side and state.turn.misnamed > 0 then return MISNAMED end
  if state.challenge and sides.of(g, state.challenge.player) == side and state.challenge.misnamed > 0 then
    return MISNAMED
  end
  return 0
end

return function(g, player)
  local side = sides.of(g, player)
  local best_other = nil
  for o = 1, sides.count(g) do
    if o ~= side then
      local v = side_value(g, o)
      best_other = math.max(best_other or v, v)
    end
  end
  local v = side_value(g, side) + hand_value(g, player) - (best_other or 0)
  v = v - feeds_opponent(g, side) - quiz_risk(g, side)
  if g.state.phase == "over" then
    local mine, top = g.state.scores[side], -math.huge
    for o = 1, sides.count(g) do
      if o ~= side then top = math.max(top, g.state.scores[o]) end
    end
    v = v + (mine > top and 1000 or -1000)
  end
  return v
end
