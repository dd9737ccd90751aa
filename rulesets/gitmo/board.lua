-- The table of a GITMO hand: zone names, seats, partners and the small
-- questions every other module asks about rows ("spots") and their runs.
--
-- Each player has `size` rows (the deal size). Row s of player p is the zone
-- "row:p:s" (its run, bottom to top in ascending cyclic order) with the zone
-- "cap:p:s" beside it for the cards laid on the run (Trump, Gitmo, Justice,
-- Tribunal, Jesus Saves). "aside:p" holds what p has set aside: Whistleblower,
-- Alliance, kept Special Ops cards and protectors not yet laid on a run.

local B = {}

function B.row(p, s) return "row:" .. p .. ":" .. s end
function B.cap(p, s) return "cap:" .. p .. ":" .. s end
function B.aside(p) return "aside:" .. p end

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

function B.name(p) return "player " .. p end

-- A Patriot or Traitor card (the only cards a run is built from, besides Alliance).
function B.numbered(g, c) return g.def(c).side ~= nil end

-- A card that may lie in a row: numbered or the Alliance wild card.
function B.run_card(g, c) local d = g.def(c) return d.side ~= nil or d.wild == true end

function B.short(g, c) local d = g.def(c) return d.short or d.name end

function B.shorts(g, cards)
  local t = {}
  for i, c in ipairs(cards) do t[i] = B.short(g, c) end
  return table.concat(t, " ")
end

-- Does the run in row (p, s) carry a protector of this kind?
function B.capped(g, p, s, kind)
  for _, c in ipairs(g.cards(B.cap(p, s))) do
    if g.def(c).cap == kind then return true end
  end
  return false
end

function B.first_vacant(g, p)
  for s = 1, g.state.size do
    if g.count(B.row(p, s)) == 0 then return s end
  end
  return nil
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
