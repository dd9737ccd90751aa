-- Helpers for the scenario tests (tests/*.lua): arrange an exact position
-- and read the legal plays by card id.
local play = require "play"
local seats = require "seats"

local M = {}

-- Arrange a position after setup. spec.hands[seat] lists card ids; every
-- other card goes to the face-down pack, Uncle Sam to the table.
-- spec.leader (default 1) is to lead; spec.first_lead = true makes it the
-- deal's first lead; spec.deal (default 1); spec.scores sets earlier deals.
function M.arrange(G, spec)
  local g = G.g
  for _, c in ipairs(g.all()) do g.move(c, "deck") end
  g.move(G:card("uncle_sam"), "table")
  for seat = 1, seats.SEATS do
    for _, id in ipairs(spec.hands[seat] or {}) do g.move(G:card(id), seats.hand(seat)) end
  end
  local s = g.state
  local led = spec.first_lead ~= true
  s.deal, s.tricks = spec.deal or 1, 0
  s.has_led = { led, led, led, led }
  s.trick = play.new_trick(spec.leader or 1)
  s.turn = spec.leader or 1
  s.scores = spec.scores or {}
  return g
end

-- The card ids the hand to play may play now, sorted.
function M.legal(G)
  local ids = {}
  for _, a in ipairs(G:actions()) do ids[#ids + 1] = G.g.def(a.card).id end
  table.sort(ids)
  return ids
end

-- Play cards by id, each by the hand whose turn it is.
function M.play(G, ...)
  for _, id in ipairs({ ... }) do G:act { card = G:card(id) } end
end

-- The seat that took the last trick (it leads the next one).
function M.leader(G)
  return G.g.state.trick.leader
end

return M
