-- Helpers for the scenario tests: arrange an exact table and read it back.
-- Not part of the rules; tests/*.lua require it.

local B = require "board"
local F = require "flow"

local K = {}

local function zeros(n)
  local t = {}
  for p = 1, n do t[p] = 0 end
  return t
end

-- A copy of definition `id` in zone `from` that is not in `used`.
local function spare(g, id, from, used)
  for _, c in ipairs(g.all(id)) do
    if g.where(c) == from and not (used and used[c]) then
      if used then used[c] = true end
      return c
    end
  end
  error("no copy of " .. id .. " left in " .. from)
end

-- Put ids on top of `zone`, the first id ending on top.
local function stack(g, zone, ids, from)
  local used = {}
  for i = #ids, 1, -1 do g.move(spare(g, ids[i], from, used), zone) end
end

-- Play position: every card out of the game, then
--   rows   = { [p] = { [r] = { ids bottom to top } } }
--   caps   = { [p] = { [r] = { ids } } },  aside = { [p] = { ids } }
--   deck   = { ids, top first } over the other numbered cards (unless
--            only_deck), special_ops = { ids, top first } over the rest.
-- It is `turn`'s turn (default 1); settle runs unless settle == false.
function K.arrange(G, spec)
  local g, s, n = G.g, G.g.state, G.g.players
  for c = 1, g.ncards do g.move(c, "out") end
  for p, rows in pairs(spec.rows or {}) do
    for r, ids in pairs(rows) do
      for _, id in ipairs(ids) do g.move(spare(g, id, "out"), B.row(p, r)) end
    end
  end
  for p, rows in pairs(spec.caps or {}) do
    for r, ids in pairs(rows) do
      for _, id in ipairs(ids) do g.move(spare(g, id, "out"), B.cap(p, r)) end
    end
  end
  for p, ids in pairs(spec.aside or {}) do
    for _, id in ipairs(ids) do g.move(spare(g, id, "out"), B.aside(p)) end
  end
  -- the listed cards wait in "prison" while the others fill the decks
  local listed = {}
  for i, id in ipairs(spec.deck or {}) do
    listed[i] = spare(g, id, "out")
    g.move(listed[i], "prison")
  end
  for _, c in ipairs(g.cards("out")) do
    local d = g.def(c)
    if d.deck == "special_ops" then g.move(c, "special_ops")
    elseif d.side and not spec.only_deck then g.move(c, "deck") end
  end
  for i = #listed, 1, -1 do g.move(listed[i], "deck") end
  stack(g, "special_ops", spec.special_ops or {}, "special_ops")
  local turn = spec.turn or 1
  s.phase, s.pending, s.fill, s.turn = "play", {}, nil, turn
  s.dealer = spec.dealer or (turn - 2) % n + 1
  s.skip, s.extra = zeros(n), zeros(n)
  s.idle, s.rotations, s.final, s.moves, s.turns = 0, 0, false, 0, 1
  s.moved_caps, s.last, s.active = {}, nil, false
  if spec.settle ~= false then F.settle(g) end
end

-- Definition ids of a zone's cards, bottom to top.
function K.ids(G, zone)
  local t = {}
  for i, c in ipairs(G.g.cards(zone)) do t[i] = G.g.def(c).id end
  return t
end

-- A game before its first deal, the deck stacked so that the deal (one card
-- at a time from the dealer's left, row 1 first) hands out `ids` in order.
function K.deal(t, players, ids, options, special_ops)
  local G = t.game { players = players, seed = 1, options = options or {}, setup = false }
  local g = G.g
  F.init(g)
  F.new_hand(g)
  F.collect(g)
  stack(g, "deck", ids, "deck")
  stack(g, "special_ops", special_ops or {}, "special_ops")
  F.deal(g)
  F.settle(g)
  return G
end

-- The copy of `id` in the zone, or nil.
function K.find(G, zone, id) return G.g.find(zone, id)[1] end

return K
