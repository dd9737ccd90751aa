-- A strategy bot, as a designer writes one: a priority list. Extend a run
-- whenever you can, then break out a new run, then play Article V or a
-- remedy, then stop an opponent; otherwise whatever the rules list first.
-- (It gets a copy of the game in which the cards it cannot see are
-- re-dealt at random: reading them tells it nothing.)
local PRIORITY = { extend = 1, breakout = 2, article_v = 3, remedy = 4, stop = 5 }

return {
  choose = function(_, _, actions)
    local best, rank = 1, math.huge
    for i, a in ipairs(actions) do
      local r = PRIORITY[a.kind] or 10
      if r < rank then best, rank = i, r end
    end
    return best
  end,
}
