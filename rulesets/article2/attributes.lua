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

-- Zone names, made once: "played:" .. p on every read would build a
-- string each time (see README, "Speed").
local PLAYED, STYLE = {}, {}
for p = 1, 16 do PLAYED[p], STYLE[p] = "played:" .. p, "style:" .. p end

function M.played_zone(p) return PLAYED[p] end
function M.style_zone(p) return STYLE[p] end

-- The Style card in front of p, or nil.
function M.style_card(g, p)
  return g.top(STYLE[p])
end

function M.style_of(g, p)
  local card = g.top(STYLE[p])
  return card and g.defs[card] or nil
end

-- Whether p's Style has `flag` (see cards.lua).
function M.has(g, p, flag)
  local card = g.top(STYLE[p])
  if not card then return false end
  local value = g.defs[card][flag]
  return value ~= nil and value ~= false
end

-- Raw numbers of every player: base values plus the cards played on them.
function M.snapshot(g)
  local snap, defs, players = {}, g.defs, g.state.players
  for p = 1, g.players do
    local e, a = players[p].base_e, players[p].base_a
    local played = g.cards(PLAYED[p])
    for i = 1, #played do
      local def = defs[played[i]]
      e = e + (def.electability or 0)
      a = a + (def.affiliation or 0)
    end
    local style = g.top(STYLE[p])
    snap[p] = { e = e, a = a, style = style and defs[style] or nil }
  end
  return snap
end

-- Halving rounds toward zero by default ("zero"), or down ("down").
function M.half(x, rounding)
  if rounding == "down" or x >= 0 then return x // 2 end
  return -((-x) // 2)
end

-- Step 1: the players whose Affiliation another player's Style sets to
-- zero (the Greater Evil's opponents): { [q] = true }. A card played on q
-- never changes whether q is in it.
function M.zeroed_by_others(snap, n)
  local zero = {}
  for p = 1, n do
    local style = snap[p].style
    if style and style.zero_opponents_affiliation then
      for q = 1, n do
        if q ~= p then zero[q] = true end
      end
    end
  end
  return zero
end

-- Steps 1 and 2 for one Affiliation: raw value `a` under `style` (a
-- definition or nil); `zeroed` when another player's Style zeroes it.
-- A zeroed Affiliation takes no doubling.
function M.modified_affiliation(a, style, zeroed)
  if zeroed or (style and style.zero_own_affiliation) then return 0 end
  if style and style.affiliation_factor then return a * style.affiliation_factor end
  return a
end

-- Step 3: the rest. The Mudslinger's Affiliation leaves every other
-- player's Electability (not the Mudslinger's own: RULINGS), except a
-- player who ignores all effects of Affiliation (Third-Party).
local function mudslinging(snap, n, e, a)
  for m = 1, n do
    local style = snap[m].style
    if style and style.mudslinger then
      for q = 1, n do
        local other = snap[q].style
        if q ~= m and not (other and other.ignore_affiliation_effects) then
          e[q] = e[q] - a[m]
        end
      end
    end
  end
end

-- Effective attributes of every player: { e = {..}, a = {..}, style = {..} }
-- (`style`: each player's Style definition, as read, or nil).
function M.effective(snap, n, rounding)
  local zero = M.zeroed_by_others(snap, n)
  local e, a, styles = {}, {}, {}
  for p = 1, n do
    local raw = snap[p]
    local style = raw.style
    -- Step 2 for Electability: halving (no Style zeroes Electability).
    e[p] = raw.e
    if style and style.halve_electability then e[p] = M.half(raw.e, rounding) end
    a[p] = M.modified_affiliation(raw.a, style, zero[p])
    styles[p] = style
  end
  mudslinging(snap, n, e, a)
  return { e = e, a = a, style = styles }
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
function M.general_total(eff, p, candidates)
  local a = eff.a[p]
  local style = eff.style[p]
  if style and style.necromancer and candidates then
    local c1, c2 = candidates[1], candidates[2]
    if p == c1 and c2 then a = eff.a[c2] elseif p == c2 then a = eff.a[c1] end
  end
  return eff.e[p] - a
end

return M
