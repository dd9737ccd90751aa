-- Electability and Affiliation, derived from the cards in front of each
-- player every time they are read: nothing is accumulated, so a card
-- removed by Voter ADHD or the Teflon Wonder simply stops counting.
--
-- A "table" is a plain snapshot { [p] = { e =, a =, style = def|nil } } of
-- the raw numbers (base values + printed numbers of the cards played on p)
-- and p's Style. Modifiers are applied to a snapshot, so the same code
-- scores the game and judges a hypothetical play (the Outsider's limit).
--
-- The modifiers are the Styles' own hooks (cards.lua), called here in the
-- order of README, ruling 5: step 1, the "is zero" effects
-- (`zero_affiliation`); step 2, doubling and halving
-- (`scale_electability`, `scale_affiliation`); step 3, the rest
-- (`modify`); and the General total (`general_total`). An Affiliation a
-- Style set to zero takes no further modifier.

local S = require "speed"

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

local BIT = {}
for q = 1, 16 do BIT[q] = 1 << (q - 1) end

-- Step 1 asks a Style's `zero_affiliation(holder, q)` once per holder and
-- player: ZEROES[style][holder] is the set of the players it zeroes, one
-- bit each (bit q - 1), kept by speed.lua.
local ZEROES = S.ZEROES

-- Step 1: the players whose Affiliation another player's Style sets to
-- zero (the Greater Evil's opponents), as a set of bits (bit q - 1 for
-- player q: M.zeroed tells). A card played on q never changes whether q is
-- in it.
function M.zeroed_by_others(snap, n)
  local bits = 0
  for m = 1, n do
    local style = snap[m].style
    if style and style.zero_affiliation then bits = bits | (ZEROES[style][m] & ~BIT[m]) end
  end
  return bits
end

-- Is player q in the set `zero` that zeroed_by_others made?
function M.zeroed(zero, q) return zero & BIT[q] ~= 0 end

-- Steps 1 and 2 for the Affiliation of player p: raw value `a` under p's
-- Style `style` (a definition or nil); `zeroed` when another player's
-- Style zeroes it. A zeroed Affiliation takes no doubling.
function M.modified_affiliation(a, style, zeroed, p)
  if zeroed then return 0 end
  if not style then return a end
  if style.zero_affiliation and ZEROES[style][p] & BIT[p] ~= 0 then return 0 end
  local scale = style.scale_affiliation
  if scale then return scale(a) end
  return a
end

-- Effective attributes of every player: { e = {..}, a = {..}, style = {..} }
-- (`style`: each player's Style definition, as read, or nil). Step 3 (the
-- Mudslinger) works on this table, in seat order of the Styles' holders.
function M.effective(snap, n, rounding)
  local zero = M.zeroed_by_others(snap, n)
  local e, a, styles = {}, {}, {}
  for p = 1, n do
    local raw = snap[p]
    local style = raw.style
    -- Step 2 for Electability: halving (no Style zeroes Electability).
    e[p] = raw.e
    local scale = style and style.scale_electability
    if scale then e[p] = scale(raw.e, rounding) end
    a[p] = M.modified_affiliation(raw.a, style, zero & BIT[p] ~= 0, p)
    styles[p] = style
  end
  local eff = { e = e, a = a, style = styles }
  for m = 1, n do
    local style = styles[m]
    local modify = style and style.modify
    if modify then modify(eff, m, n) end
  end
  return eff
end

function M.read(g)
  return M.effective(M.snapshot(g), g.players, g.options.rounding)
end

-- Primary Election total: Affiliation added to Electability.
function M.primary_total(eff, p)
  return eff.e[p] + eff.a[p]
end

-- General Election total: Affiliation subtracted from Electability,
-- unless p's Style says otherwise (`general_total`: the Necromancer).
-- `candidates` is the list of the two Candidates (may be nil before).
function M.general_total(eff, p, candidates)
  local style = eff.style[p]
  local total = style and style.general_total
  if total then
    local t = total(eff, p, candidates)
    if t then return t end
  end
  return eff.e[p] - eff.a[p]
end

return M
