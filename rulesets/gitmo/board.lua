-- The table of a GITMO hand: zone names, seats, partners and the small
-- questions every other module asks about rows ("spots") and their runs.
--
-- Each player has `size` rows (the deal size). Row s of player p is the zone
-- "row:p:s" (its run, bottom to top in ascending cyclic order) with the zone
-- "cap:p:s" beside it for the cards laid on the run (Trump, Gitmo, Justice,
-- Tribunal, Jesus Saves). "aside:p" holds what p has set aside: Whistleblower,
-- Alliance, kept Special Ops cards and protectors not yet laid on a run.

local B = {}

-- The names are built once here: moves name their zones many times per
-- decision, and a concatenation each time was a good part of the cost.
-- ROW[p][s], CAP[p][s], ASIDE[p] for 6 players (the most) and 8 rows (more
-- than any deal size, so that tests may ask for a row that does not exist).
local ROW, CAP, ASIDE, NAME = {}, {}, {}, {}
for p = 1, 6 do
  ROW[p], CAP[p] = {}, {}
  for s = 1, 8 do
    ROW[p][s] = "row:" .. p .. ":" .. s
    CAP[p][s] = "cap:" .. p .. ":" .. s
  end
  ASIDE[p] = "aside:" .. p
  NAME[p] = "Player " .. p
end
B.ROW, B.CAP, B.ASIDE = ROW, CAP, ASIDE

-- The row beside each cap zone: ROW_OF_CAP["cap:p:s"] = "row:p:s".
B.ROW_OF_CAP = {}
for p = 1, 6 do
  for s = 1, 8 do B.ROW_OF_CAP[CAP[p][s]] = ROW[p][s] end
end

-- Create a zone of a seat and note its number: the host finds a zone by
-- its number faster than by its name (speed.lua hands it the numbers). Zones
-- are made in the same order in every game of n players, so their numbers
-- are the same too: NUMBER[n][name].
B.NUMBER = {}

function B.zone(g, name, spec)
  local numbers = B.NUMBER[g.players] or {}
  B.NUMBER[g.players] = numbers
  numbers[name] = g.zone(name, spec)
end

function B.row(p, s) return ROW[p][s] end
function B.cap(p, s) return CAP[p][s] end
function B.aside(p) return ASIDE[p] end

-- "2 - 3 Players get 4 cards each, 4 players get 3 cards each, and 5 - 6
-- Players get 2 cards each"; a player has as many rows as cards dealt.
function B.deal_size(players)
  if players <= 3 then return 4 elseif players == 4 then return 3 end
  return 2
end

function B.next(g, p) return p % g.players + 1 end

-- Players in turn order starting with `first`.
function B.order(g, first)
  local list = {}
  for i = 0, g.players - 1 do list[#list + 1] = (first - 1 + i) % g.players + 1 end
  return list
end

-- Partners sit opposite: 1 & 3 with four players, 1 & 4 with six.
function B.partner(g, p)
  if not g.options.partners then return nil end
  return (p - 1 + g.players // 2) % g.players + 1
end

-- Cards of q's hand that p may handle as his own: his, and his partner's.
function B.own(g, p, q) return q == p or B.partner(g, p) == q end

function B.players_of(g, p)
  local mate = B.partner(g, p)
  return mate and { p, mate } or { p }
end

function B.name(p) return NAME[p] end

-- A Patriot or Traitor card (the only cards a run is built from, besides Alliance).
function B.numbered(g, c) return g.defs[c].side ~= nil end

-- A card that may lie in a row: numbered or the Alliance wild card.
function B.run_card(g, c) local d = g.defs[c] return d.side ~= nil or d.wild == true end

function B.short(g, c) local d = g.defs[c] return d.short or d.name end

function B.shorts(g, cards)
  local t = {}
  for i, c in ipairs(cards) do t[i] = B.short(g, c) end
  return table.concat(t, " ")
end

-- "row 2 [P5 P6]" for labels.
function B.describe_row(g, p, s)
  local text = "row " .. s .. " [" .. B.shorts(g, g.cards(B.row(p, s))) .. "]"
  local caps = g.cards(B.cap(p, s))
  if #caps > 0 then text = text .. "+" .. B.shorts(g, caps) end
  return text
end

function B.whose(p, q) return q == p and "your" or (B.name(q) .. "'s") end

return B
