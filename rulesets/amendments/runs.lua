-- Runs of consecutive amendments (rule 5), as numbers only.
--
-- A run is a zone whose cards lie bottom to top in amendment order, plus the
-- number `lo` of its bottom card (kept in g.state). So every card's number
-- follows from its place, and a wild stands for exactly one amendment, fixed
-- when it is laid.

local runs = {}

runs.AMENDMENTS = 27 -- amendments 1..27
runs.GOAL = 10       -- a run of ten ends the hand (rule 3)

-- The number `d` places from `v`; nil past 1 or 27 unless runs wrap.
function runs.step(v, d, wrap)
  local w = v + d
  if wrap then return (w - 1) % runs.AMENDMENTS + 1 end
  if w < 1 or w > runs.AMENDMENTS then return nil end
  return w
end

-- The number of the i-th card (1 = bottom) of a run starting at lo.
function runs.value(lo, i, wrap)
  return runs.step(lo, i - 1, wrap)
end

-- Can a card of this definition stand for amendment v? (rules 7, 8)
function runs.fits(def, v)
  if def.number then return def.number == v end
  return def.wild_low ~= nil and v >= def.wild_low and v <= def.wild_high
end

function runs.is_wild(def) return def.wild_low ~= nil end

-- Numbers where a 3-card breakout may start.
function runs.last_start(wrap)
  return wrap and runs.AMENDMENTS or runs.AMENDMENTS - 2
end

-- "4-6" or, across the wrap, "26-1".
function runs.span(lo, len, wrap)
  return lo .. "-" .. runs.value(lo, len, wrap)
end

-- The run is exactly 1-10: the Bill of Rights (the +25 bonus).
function runs.is_bill_of_rights(lo, len)
  return lo == 1 and len == runs.GOAL
end

return runs
