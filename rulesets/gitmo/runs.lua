-- RUNS: "Any number of cards placed in numerical order going either up or
-- down", wrapping "12 then 1" ("the 1 goes up ABOVE the 12"). A row's zone
-- keeps its run in ascending cyclic order from bottom to top, so a run read
-- downwards is the same run; the Alliance wild card takes the value its
-- position gives it.

local B = require "board"

local R = {}

-- The number each card of a run stands for, bottom to top; nil when the
-- cards hold no numbered card to anchor the count (an Alliance alone).
function R.values(g, cards)
  for anchor, c in ipairs(cards) do
    local rank = g.defs[c].rank
    if rank then
      local v = {}
      for i = 1, #cards do v[i] = (rank - 1 + i - anchor) % 12 + 1 end
      return v
    end
  end
  return nil
end

-- "patriot", "traitor", or nil for a run of wild cards only / a mixed run.
local function side_of(g, cards)
  local side
  for _, c in ipairs(cards) do
    local s = g.defs[c].side
    if s then
      if side and side ~= s then return nil, true end
      side = s
    end
  end
  return side, false
end

-- Option "runs of one kind only": a run is all Patriots or all Traitors
-- (the Alliance counts as either).
function R.same_kind(g, a, b)
  local sa, mixed_a = side_of(g, a)
  local sb, mixed_b = side_of(g, b)
  if mixed_a or mixed_b then return false end
  return sa == nil or sb == nil or sa == sb
end

-- The values of the first and last cards of a run, as R.values counts
-- them (without making the list); nil when no numbered card anchors it.
local function end_values(g, cards)
  for anchor, c in ipairs(cards) do
    local rank = g.defs[c].rank
    if rank then return (rank - anchor) % 12 + 1, (rank - 1 + #cards - anchor) % 12 + 1 end
  end
  return nil
end

-- Can `unit` (cards in run order) go on the top or bottom end of `run`?
-- A unit of wild cards only fits anywhere: its values come from the run.
function R.fits(g, unit, run, at)
  if #run == 0 then return false end
  if g.options.pure_runs and not R.same_kind(g, unit, run) then return false end
  local run_first, run_last = end_values(g, run)
  if not run_first then return false end -- a bonus card still waiting in a spot
  local unit_first, unit_last = end_values(g, unit)
  if not unit_first then return true end
  if at == "top" then return run_last % 12 + 1 == unit_first end
  return unit_last % 12 + 1 == run_first
end

-- The parts of row (p, s) that may be lifted out as one piece: the whole run
-- (a lone card is a run of one) and, with the option "bottom card", its bottom
-- card when that is a numbered card and a numbered card stays behind (an
-- Alliance never leaves its run).
function R.units(g, p, s)
  local cards = g.cards(B.row(p, s))
  if #cards == 0 then return {} end
  local list = { { part = "run", cards = cards } }
  if g.options.bottom_card and #cards >= 2 and B.numbered(g, cards[1]) then
    local rest = { table.unpack(cards, 2) }
    if R.values(g, rest) then list[2] = { part = "bottom", cards = { cards[1] } } end
  end
  return list
end

-- Lay `cards` (in run order) on an end of `zone`, keeping their order.
function R.attach(g, cards, zone, at)
  if at == "top" then
    for _, c in ipairs(cards) do g.move(c, zone, "top") end
  else
    for i = #cards, 1, -1 do g.move(cards[i], zone, "bottom") end
  end
end

-- The protectors of a whole run go with it.
function R.move_caps(g, from_zone, to_zone)
  if g.count(from_zone) == 0 then return end -- the usual case, told without making a list
  for _, c in ipairs(g.cards(from_zone)) do g.move(c, to_zone) end
end

return R
