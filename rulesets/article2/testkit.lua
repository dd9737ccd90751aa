-- Helpers for the scenario tests: arrange an exact table and read it.
-- Not part of the rules; tests/*.lua require it.

local attr = require "attributes"

local K = {}

-- Every card back to the deck, base values zero, `start` to play first.
function K.clear(G, start)
  local g = G.g
  for c = 1, g.ncards do g.move(c, "deck") end
  for p = 1, g.players do
    g.state.players[p].base_e, g.state.players[p].base_a = 0, 0
  end
  g.state.start, g.state.turn = start or 1, start or 1
  g.state.plays, g.state.shed, g.state.draw_after, g.state.pending = 0, false, 0, nil
end

-- A copy of `id` still in the deck, moved to `zone`.
function K.take(G, id, zone)
  local c = G.g.find("deck", id)[1]
  assert(c, "no copy of " .. id .. " left in the deck")
  G.g.move(c, zone)
  return c
end

function K.give(G, p, id) return K.take(G, id, "hand:" .. p) end
function K.put(G, p, id) return K.take(G, id, attr.played_zone(p)) end
function K.style(G, p, id) return K.take(G, id, attr.style_zone(p)) end

-- Hands: { [p] = { ids... } }; returns { [p] = { cards... } }.
function K.deal(G, hands)
  local dealt = {}
  for p, ids in pairs(hands) do
    dealt[p] = {}
    for i, id in ipairs(ids) do dealt[p][i] = K.give(G, p, id) end
  end
  return dealt
end

function K.read(G) return attr.read(G.g) end

function K.primary(G, p) return attr.primary_total(attr.read(G.g), p) end

function K.general(G, p)
  return attr.general_total(attr.read(G.g), p, G.g.state.candidates)
end

-- Skip to the General Election with these Candidates and base values
-- { [p] = { e, a } }; hands empty, `start` plays first.
function K.general_phase(G, candidates, bases, start)
  K.clear(G, start)
  local s = G.g.state
  s.phase, s.candidates = "general", { candidates[1], candidates[2] }
  for p, b in pairs(bases or {}) do
    s.players[p].base_e, s.players[p].base_a = b[1], b[2]
  end
end

-- Empty every hand, give every player one Voter ADHD and play them all on `target` (who must
-- have nothing in front), which ends the current phase without changing
-- any attribute. At most 4 players (4 copies).
function K.finish(G, target)
  local g, phase, game = G.g, G.g.state.phase, G.g.state.game
  for p = 1, g.players do g.move_all("hand:" .. p, "deck") end
  for p = 1, g.players do K.give(G, p, "voter_adhd") end
  while g.state.phase == phase and g.state.game == game and G:actor() do
    local card = g.find("hand:" .. G:actor(), "voter_adhd")[1]
    G:act { kind = "play", card = card, target = target }
  end
end

return K
