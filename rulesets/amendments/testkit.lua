-- Helpers for the scenario tests (tests/*.lua): arrange an exact table.
-- Not used by the rules.

local kit = {}

local function free_copy(g, id)
  local card = g.find("deck", id)[1] or g.find("discard", id)[1]
  assert(card, "no free copy of " .. id)
  return card
end

-- "7" -> "amendment_7"; other ids as they are.
function kit.id(x)
  if type(x) == "number" then return "amendment_" .. x end
  return x
end

function kit.take(g, x) return free_copy(g, kit.id(x)) end

function kit.put(g, zone, list, where)
  local moved = {}
  for i, x in ipairs(list) do
    moved[i] = kit.take(g, x)
    g.move(moved[i], zone, where)
  end
  return moved
end

-- A game whose hands are exactly `spec.hands` (player -> list of ids or
-- numbers); the discard stack emptied, `spec.discard` laid bottom to top,
-- `spec.article` sides given an opening Article V, `spec.runs` laid as
-- { side, lo, cards }. Player 1 is to draw.
function kit.table_game(t, spec)
  local G = t.game { players = spec.players or 2, seed = spec.seed or 1, options = spec.options or {} }
  local g = G.g
  for p = 1, g.players do g.move_all("hand:" .. p, "deck") end
  g.move_all("discard", "deck")
  for p, list in pairs(spec.hands or {}) do kit.put(g, "hand:" .. p, list) end
  kit.put(g, "discard", spec.discard or {})
  for _, side in ipairs(spec.article or {}) do kit.put(g, "article:" .. side, { "article_v" }) end
  for _, run in ipairs(spec.runs or {}) do kit.lay_run(G, run[1], run[2], run[3]) end
  return G
end

-- Lay a run for a side directly (arranging, not playing).
function kit.lay_run(G, side, lo, list)
  local g = G.g
  local runs = g.state.sides[side].runs
  local zone = "run:" .. side .. ":" .. (#runs + 1)
  if not g.has_zone(zone) then g.zone(zone, { visibility = "all", kind = "run" }) end
  kit.put(g, zone, list)
  runs[#runs + 1] = { zone = zone, lo = lo }
  g.state.sides[side].started = g.state.sides[side].started + 1
  return zone
end

-- Numbers (or wild names) of a run zone, bottom to top.
function kit.run_ids(g, zone)
  local list = {}
  for i, card in ipairs(g.cards(zone)) do
    local def = g.def(card)
    list[i] = def.number or def.id
  end
  return list
end

-- The card of definition x in player p's hand (the lowest id).
function kit.in_hand(g, p, x)
  local list = g.find("hand:" .. p, kit.id(x))
  table.sort(list)
  assert(list[1], "no " .. kit.id(x) .. " in hand " .. p)
  return list[1]
end

-- A card of player p's hand that a discard action names (the lowest id).
function kit.any_card(g, p)
  local hand = g.cards("hand:" .. p)
  table.sort(hand)
  return hand[1]
end

-- Draw from the face-down stack (no card when the hand holds seven).
function kit.draw(G)
  G:act { kind = "draw", from = "deck" }
end

return kit
