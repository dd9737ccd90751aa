-- Electability and Affiliation, derived from the cards in front of each
-- player every time they are read: nothing is accumulated, so a card
-- removed by Voter ADHD or the Teflon Wonder simply stops counting.
--
-- A "table" is a plain snapshot { [p] = { e =, a =, style = def|nil } } of
-- the raw numbers (base values + printed numbers of the cards played on p)
-- and p's Style. Modifiers are applied to a snapshot, so the same code
-- scores the game and judges a hypothetical play (the Outsider's limit).
--
-- Modifier order (RULINGS): "is zero" effects first, then doubling and
-- halving, then the rest. An attribute a Style set to zero takes no
-- further modifier.

local M = {}

function M.played_zone(p) return "played:" .. p end
function M.style_zone(p) return "style:" .. p end

-- The Style card in front of p, or nil.
function M.style_card(g, p)
  return g.top(M.style_zone(p))
end

function M.style_of(g, p)
  local card = M.style_card(g, p)
  return card and g.def(card) or nil
end

function M.has(g, p, flag)
  local def = M.style_of(g, p)
  return def ~= nil and def[flag] ~= nil and def[flag] ~= false
end

-- Raw numbers of every player: base values plus the cards played on them.
function M.snapshot(g)
  local snap = {}
  for p = 1, g.players do
    local ps = g.state.players[p]
    local e, a = ps.base_e, ps.base_a
    for _, card in ipairs(g.cards(M.played_zone(p))) do
      local def = g.def(card)
      e = e + (def.electability or 0)
      a = a + (def.affiliation or 0)
    end
    snap[p] = { e = e, a = a, style = M.style_of(g, p) }
  end
  return snap
end

local function flag(snap, p, name)
  local s = snap[p].style
  return s ~= nil and s[name] ~= nil and s[name] ~= false
end

-- Halving rounds toward zero by default ("zero"), or down ("down").
function M.half(x, rounding)
  if rounding == "down" or x >= 0 then return x // 2 end
  return -((-x) // 2)
end

-- Step 1: which players' Affiliation a Style sets to zero.
local function zeroed_affiliation(snap, n)
  local zero = {}
  for p = 1, n do
    if flag(snap, p, "zero_own_affiliation") then zero[p] = true end
    if flag(snap, p, "zero_opponents_affiliation") then
      for q = 1, n do
        if q ~= p then zero[q] = true end
      end
    end
  end
  return zero
end

-- Step 2: doubling and halving.
local function scaled(snap, p, zero, rounding)
  local raw, style = snap[p], snap[p].style
  local a = raw.a
  if zero[p] then
    a = 0
  elseif style and style.affiliation_factor then
    a = a * style.affiliation_factor
  end
  local e = raw.e
  if style and style.halve_electability then e = M.half(e, rounding) end
  return e, a
end

-- Step 3: the rest. The Mudslinger's Affiliation leaves every other
-- player's Electability (not the Mudslinger's own: RULINGS), except a
-- player who ignores all effects of Affiliation (Third-Party).
local function mudslinging(snap, n, e, a)
  for m = 1, n do
    if flag(snap, m, "mudslinger") then
      for q = 1, n do
        if q ~= m and not flag(snap, q, "ignore_affiliation_effects") then
          e[q] = e[q] - a[m]
        end
      end
    end
  end
end

-- Effective attributes of every player: { e = {..}, a = {..} }.
function M.effective(snap, n, rounding)
  local zero = zeroed_affiliation(snap, n)
  local e, a = {}, {}
  for p = 1, n do e[p], a[p] = scaled(snap, p, zero, rounding) end
  mudslinging(snap, n, e, a)
  return { e = e, a = a }
end

function M.read(g)
  return M.effective(M.snapshot(g), g.players, g.options.rounding)
end

-- Primary Election total: Affiliation added to Electability.
function M.primary_total(eff, p)
  return eff.e[p] + eff.a[p]
end

-- General Election total: Affiliation subtracted from Electability; the
-- Necromancer (a Candidate) subtracts the other Candidate's instead.
-- `candidates` is the list of the two Candidates (may be nil before).
function M.general_total(g, eff, p, candidates)
  local a = eff.a[p]
  if M.has(g, p, "necromancer") and candidates then
    local c1, c2 = candidates[1], candidates[2]
    if p == c1 and c2 then a = eff.a[c2] elseif p == c2 then a = eff.a[c1] end
  end
  return eff.e[p] - a
end

return M
