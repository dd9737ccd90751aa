-- Players and teams, and what lies in front of them.
--
-- A side is one player, or with four players a team of two partners sitting
-- opposite (seats 1 and 3, seats 2 and 4). A side shares one Article V zone,
-- one stop zone and its runs (README, "Rulings": teams).

local runs = require "runs"

local sides = {}

-- Names and member lists made once: these are asked for at every decision.
-- The member lists are shared: read them, never change them.
local MAX_SEATS = 16
local HAND, ARTICLE, STOP, ALONE, TEAM = {}, {}, {}, {}, {}
for p = 1, MAX_SEATS do
  HAND[p], ARTICLE[p], STOP[p] = "hand:" .. p, "article:" .. p, "stop:" .. p
  ALONE[p], TEAM[p] = { p }, { p, p + 2 }
end

function sides.teams(g) return g.players == 4 end

function sides.count(g) return sides.teams(g) and 2 or g.players end

function sides.of(g, player)
  if sides.teams(g) then return (player - 1) % 2 + 1 end
  return player
end

function sides.members(g, s)
  if sides.teams(g) then return TEAM[s] end
  return ALONE[s]
end

function sides.name(g, s)
  if sides.teams(g) then return "Team " .. s .. " (players " .. s .. " and " .. (s + 2) .. ")" end
  return "Player " .. s
end

function sides.hand(player) return HAND[player] end
function sides.article_zone(s) return ARTICLE[s] end
function sides.stop_zone(s) return STOP[s] end

-- The stop card lying uncovered on side s, or nil. A remedy on top of it
-- lifts it (rule 6), so only the top card matters.
function sides.stopped_by(g, s)
  local top = g.top(STOP[s])
  if top and g.defs[top].stop then return top end
  return nil
end

-- Article V cards played to open runs and not yet used up. One per hand
-- (default): the first one serves the whole hand. One per run: each
-- breakout uses one.
function sides.open_charters(g, s)
  local played = g.count(ARTICLE[s])
  if g.options.article_v == "per_run" then return played - g.state.sides[s].started end
  return played
end

-- May side s lay an opening Article V now? Only when none on its table is unused.
function sides.may_open(g, s)
  return sides.open_charters(g, s) == 0
end

function sides.may_break_out(g, s)
  return sides.open_charters(g, s) > 0 and not sides.stopped_by(g, s)
end

-- Runs of side s as { zone, lo, len } (len read from the zone).
function sides.runs(g, s)
  local list = {}
  for i, run in ipairs(g.state.sides[s].runs) do
    list[i] = { zone = run.zone, lo = run.lo, len = g.count(run.zone) }
  end
  return list
end

-- Points on the table for side s: 5 per amendment, 10 per wild (seed).
function sides.table_points(g, s)
  local points, defs = 0, g.defs
  for _, run in ipairs(g.state.sides[s].runs) do
    for _, card in ipairs(g.cards(run.zone)) do
      points = points + (runs.is_wild(defs[card]) and 10 or 5)
    end
  end
  return points
end

function sides.describe_runs(g, s)
  local parts = {}
  for _, run in ipairs(sides.runs(g, s)) do
    parts[#parts + 1] = runs.span(run.lo, run.len, g.options.wrap)
  end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

return sides
