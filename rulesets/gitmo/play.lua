-- The moves of the player whose turn it is ("Playing" in the seed; README,
-- "A turn"): use the face-up top card of the deck, switch cards between his
-- own rows, take eligible cards from opponents, discard onto opponents'
-- runs, lay and move protectors, lay the Alliance, and resign (end the
-- turn); then their labels and what each does.
--
-- The moves read the table as T (speed.lua, which keeps it fast): a record
-- per row (r.q, r.s, r.count, r.first and r.last the values of its ends,
-- r.own), and sets of rows as bits in seat and row order: T.on_top[v] and
-- T.under[v] the rows whose top or bottom end takes value v, T.starting[v]
-- and T.ending[v] those whose run starts or ends with v, T.own_mask p's
-- own rows, T.cap_bits the rows carrying each kind of protector.
-- Labels are left to describe(), so that bots enumerate moves cheaply.

local B = require "board"
local R = require "runs"
local F = require "flow"
local S = require "speed"

local ROW, CAP, ASIDE = B.ROW, B.CAP, B.ASIDE
local ROW_OF_BIT = S.ROW_OF_BIT
local deck_action, place_action, move_cap_action, move_action =
  S.deck_action, S.place_action, S.move_cap_action, S.move_action
local DECK, MOVE_CAP = S.DECK, S.MOVE_CAP

local P = {}

----------------------------------------------------------------- the moves

-- Option "runs of one kind only": may these two go together? (R.same_kind)
local function clash(u, r) return u.mixed or r.mixed or (u.side and r.side and u.side ~= r.side) end

-- The rules below answer for a whole set of rows at once (bit per row, as
-- in T), once per decision: which rows may p add to, take from, discard
-- onto.
-- * Add to: own and partner's runs always; an opponent's run unless a
--   Trump protects it. Jesus Saves runs may be added to.
-- * Take from an opponent's row: never under Trump or Jesus Saves; a run
--   under Gitmo/Justice/Tribunal only with 2 cards or more (T.lone: the
--   rows of one card).
-- * Discard onto an opponent's run: not under Trump; onto a Gitmo-type
--   run only a whole run.
-- rule() also notes p's own rows with cards (T.own_rows) and the rows
-- carrying protectors (T.capped), and reads what it starts from once:
-- each field of T read or written is a table lookup, at every decision.
local function rule(T)
  local filled, bits, own = T.filled, T.cap_bits, T.own_mask
  local own_rows, opponents, trump, gitmo = own & filled, filled & ~own, bits.trump, bits.gitmo
  T.own_rows, T.capped = own_rows, bits.any & filled
  T.addable = own_rows | (opponents & ~trump)
  local takeable = opponents & ~(trump | bits.jesus)
  T.takeable, T.runs_takeable = takeable, takeable & ~(gitmo & T.lone)
  local runs_discard = opponents & ~trump
  T.runs_discard, T.cards_discard = runs_discard, runs_discard & ~gitmo
end

-- The rows a unit of row src may go onto. Own to own: always (switching).
-- Own to opponent: discard; a run keeps its protectors at home (README,
-- ruling 9). Opponent to own: taking. Opponent to opponent: never. Never
-- onto its own row.
local function destinations(T, src, run)
  local bit = src.bit
  if not src.own then return (run and T.runs_takeable or T.takeable) & bit ~= 0 and T.own_rows or 0 end
  if run and T.capped & bit ~= 0 then return T.own_rows & ~bit end
  return (T.own_rows | (run and T.runs_discard or T.cards_discard)) & ~bit
end

-- The face-up top card onto any run it fits that p may add to (the card
-- alone is a unit from its rank to its rank). It never goes into a vacant
-- spot by the player's choice: p's own spots are refilled from the deck as
-- soon as he empties one (F.refill_own), the others by the dealer.
local function deck_moves(g, T, list, n)
  local top = g.top("deck")
  if not top then return n end
  local d = g.defs[top]
  if not d.side then return n end
  local value, pure = d.rank, T.pure
  local on_top, under = T.on_top[value], T.under[value]
  local set = (on_top | under) & T.addable
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local r = T.slot[ROW_OF_BIT[bit]]
    -- (the definition serves as the card's summary: its side, never mixed)
    if not (pure and clash(d, r)) then
      local q, s, own = r.q, r.s, r.own
      local key = ((top * 8 + q) * 8 + s) * 8 + (own and 0 or 1) -- S.deck_key, written out
      if on_top & bit ~= 0 then
        n = n + 1 list[n] = DECK[key + 2] or deck_action(top, q, s, "top", not own and q or nil)
      end
      if under & bit ~= 0 then
        n = n + 1 list[n] = DECK[key + 4] or deck_action(top, q, s, "bottom", not own and q or nil)
      end
    end
  end
  return n
end

-- A unit of row src onto the run ends it fits and may go (fit_top,
-- fit_bottom: the rows whose top or bottom end takes it, among its
-- destinations), in row order, top before bottom. The unit keeps the moves
-- it offered (S.move_action says by which key).
local function unit_onto(g, T, src, unit, fit_top, fit_bottom, list, n)
  local set, slot, pure, moves = fit_top | fit_bottom, T.slot, T.pure, unit.moves
  local own = src.own and 1 or 0
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local i = ROW_OF_BIT[bit]
    local dst = slot[i]
    if not (pure and clash(unit, dst)) then
      local key = 4 * i - 3 + own
      if fit_top & bit ~= 0 then
        local a = moves[key]
        if not (a and a.cards == unit.cards) then a = move_action(g, src, unit, dst, "top", key) end
        n = n + 1 list[n] = a
      end
      if fit_bottom & bit ~= 0 then
        local a = moves[key + 2]
        if not (a and a.cards == unit.cards) then a = move_action(g, src, unit, dst, "bottom", key + 2) end
        n = n + 1 list[n] = a
      end
    end
  end
  return n
end

-- The bottom card of row src alone (option "bottom card"), a unit from its
-- rank to its rank.
local function bottom_moves(g, T, src, bottom, list, n)
  local to = destinations(T, src, false)
  local fit_top, fit_bottom = T.on_top[bottom.first] & to, T.under[bottom.last] & to
  if fit_top | fit_bottom == 0 then return n end
  return unit_onto(g, T, src, bottom, fit_top, fit_bottom, list, n)
end

-- The opponents' runs p may take onto one of his: those that start with
-- the value an own run's top end takes or end with the one its bottom end
-- takes; a unit of wild cards only fits any anchored run. Found from the
-- few own runs rather than by looking at every opponent's row.
local function takers(T)
  local starting, ending, slot, anchored = T.starting, T.ending, T.slot, T.anchored
  local set, found = T.own_rows & anchored, 0
  if set ~= 0 then found = T.filled & ~anchored end
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local r = slot[ROW_OF_BIT[bit]]
    found = found | starting[r.above] | ending[r.below]
  end
  return found & T.runs_takeable
end

-- The units of every row, in row order, onto the runs they fit, found from
-- the sets of T: a run fits a top end that takes its first value and a
-- bottom end that takes its last; a unit of wild cards only fits any
-- anchored run, at either end. Then the bottom card alone, if it may go.
-- Only p's own rows and the runs he may take have moves (with the option
-- "bottom card", every row may: its bottom card). (The destinations of a
-- whole run are written out here, as destinations(T, src, true) has them:
-- they are asked of every row at every decision, and a call costs more
-- than the question.)
local function unit_moves(g, T, list, n)
  local on_top, under, anchored, slot = T.on_top, T.under, T.anchored, T.slot
  local own_rows, capped, runs_takeable = T.own_rows, T.capped, T.runs_takeable
  local own_run_to = own_rows | T.runs_discard
  local set = T.bottom_card and T.filled or own_rows | takers(T)
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local src = slot[ROW_OF_BIT[bit]]
    local to
    if src.own then
      to = (capped & bit ~= 0 and own_rows or own_run_to) & ~bit
    else
      to = runs_takeable & bit ~= 0 and own_rows or 0
    end
    local first, fit_top, fit_bottom = src.first, anchored, anchored
    if first then fit_top, fit_bottom = on_top[first], under[src.last] end
    fit_top, fit_bottom = fit_top & to, fit_bottom & to
    if fit_top | fit_bottom ~= 0 then n = unit_onto(g, T, src, src, fit_top, fit_bottom, list, n) end
    local bottom = src.bottom
    if bottom then n = bottom_moves(g, T, src, bottom, list, n) end
  end
  return n
end

-- Protectors and the Alliance that p holds aside (points cards wait there
-- too, for nothing to do; T.laid_aside lists the others), and protectors on
-- own runs (T.caps[slot]: the cards on a run).
local function held_moves(g, T, list, n)
  local slot, own_rows, defs = T.slot, T.own_rows, g.defs
  local laid = T.laid_aside
  for k = 1, #laid do
    local c = laid[k]
    local is_cap = defs[c].cap
    local set = own_rows
    while set ~= 0 do
      local bit = set & -set
      set = set ~ bit
      local r = slot[ROW_OF_BIT[bit]]
      if is_cap then
        n = n + 1 list[n] = place_action(c, r.q, r.s, nil)
      elseif r.first then
        list[n + 1], list[n + 2] = place_action(c, r.q, r.s, "top"), place_action(c, r.q, r.s, "bottom")
        n = n + 2
      end
    end
  end
  local from_set = T.capped & own_rows
  if from_set == 0 then return n end
  local moved = g.state.moved_caps
  while from_set ~= 0 do
    local from_bit = from_set & -from_set
    from_set = from_set ~ from_bit
    local from = slot[ROW_OF_BIT[from_bit]]
    local caps = T.caps[from.index]
    for k = 1, #caps do
      local c = caps[k]
      if not moved[c] then
        local key = ((c * 8 + from.q) * 8 + from.s) * 64 -- S.move_cap_key, written out
        local set = own_rows & ~from_bit
        while set ~= 0 do
          local bit = set & -set
          set = set ~ bit
          local r = slot[ROW_OF_BIT[bit]]
          n = n + 1 list[n] = MOVE_CAP[key + r.q * 8 + r.s] or move_cap_action(c, from.q, from.s, r.q, r.s)
        end
      end
    end
  end
  return n
end

-- Option "help opponents": the others point out a deck card you could use
-- yourself, so you may not resign while one is there.
local function missing_own_play(g, p, list)
  for _, a in ipairs(list) do
    if a.kind == "deck" and B.own(g, p, a.owner) then return true end
  end
  return false
end

function P.actions(g)
  local s, p = g.state, g.state.turn
  local list, T = { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }, S.read(g, p)
  rule(T)
  local n = deck_moves(g, T, list, 0)
  if s.moves < T.move_limit then
    n = unit_moves(g, T, list, n)
    n = held_moves(g, T, list, n)
    if s.last then n = n + 1 list[n] = S.TAKE_BACK end
  end
  if not (T.help_opponents and missing_own_play(g, p, list)) then list[n + 1] = S.END end
  return list
end

------------------------------------------------------------------ labels

-- "lone card P9 (row 2)", "run [P4 P5]+GI (row 1)", "bottom card P4 of row 1 [P4 P5]".
local function describe_unit(g, o, r, part)
  local cards = g.cards(B.row(o, r))
  if part == "bottom" then
    return "bottom card " .. B.short(g, cards[1]) .. " of " .. B.describe_row(g, o, r)
  end
  local caps = g.cards(B.cap(o, r))
  local extra = #caps > 0 and ("+" .. B.shorts(g, caps)) or ""
  if #cards == 1 then return "lone card " .. B.short(g, cards[1]) .. extra .. " (row " .. r .. ")" end
  return "run [" .. B.shorts(g, cards) .. "]" .. extra .. " (row " .. r .. ")"
end

local LABEL = {}

function LABEL.deck(g, p, a)
  return "Put " .. B.short(g, a.card) .. " from the deck on the " .. a.at .. " of "
    .. B.whose(p, a.owner) .. " " .. B.describe_row(g, a.owner, a.row)
end

function LABEL.move(g, p, a)
  return string.format("%s %s %s onto the %s of %s %s", B.own(g, p, a.from_owner) and "Move" or "Take",
    B.whose(p, a.from_owner), describe_unit(g, a.from_owner, a.from_row, a.part), a.at,
    B.whose(p, a.owner), B.describe_row(g, a.owner, a.row))
end

function LABEL.place(g, p, a)
  local where = B.whose(p, a.owner) .. " " .. B.describe_row(g, a.owner, a.row)
  if a.at then return "Lay the Alliance (wild) on the " .. a.at .. " of " .. where end
  return "Lay " .. g.defs[a.card].name .. " on " .. where
end

function LABEL.move_cap(g, p, a)
  return string.format("Move %s from %s row %d to %s %s", g.defs[a.card].name, B.whose(p, a.from_owner),
    a.from_row, B.whose(p, a.owner), B.describe_row(g, a.owner, a.row))
end

function LABEL.take_back() return "Take back your last move" end
function LABEL.finish() return "End your turn (no more moves)" end
LABEL["end"] = LABEL.finish

function P.describe(g, a) return LABEL[a.kind](g, g.state.turn, a) end

------------------------------------------------------------------- apply

-- Without "a card laid is a card played", a move that showed no new card may
-- be taken back: remember the zones it touches as they were.
-- (Up to four zones, named rather than `...`: a vararg call costs more,
-- and this runs at every move.)
local function remember(g, a, b, c, d)
  if g.options.card_laid_is_played then return end
  local saved = {}
  for _, z in ipairs { a, b, c, d } do saved[#saved + 1] = { zone = z, cards = g.cards(z) } end
  g.state.last = saved
end

local APPLY = {}

function APPLY.deck(g, _, a)
  g.move(g.top("deck"), ROW[a.owner][a.row], a.at)
  g.state.last = nil
end

-- The unit's cards are those the action lists (the row has not changed
-- since): lay them on the chosen end, in run order (R.attach); a whole run
-- laid on top is the row's cards in their order, moved in one host call.
-- A whole run of p's own leaves its spot vacant: settle() refills it from
-- the deck before anything else (F.refill_own); a partner's or an
-- opponent's spot waits for the dealer.
-- (Each field is read once: a move's read-only stand-in answers every
-- read through a host call.)
function APPLY.move(g, p, a)
  local from_q, from_s, q, s, at = a.from_owner, a.from_row, a.owner, a.row, a.at
  local from, to, from_cap, to_cap = ROW[from_q][from_s], ROW[q][s], CAP[from_q][from_s], CAP[q][s]
  remember(g, from, to, from_cap, to_cap)
  if a.part ~= "run" then
    R.attach(g, a.cards, to, at)
    return
  end
  if at == "top" then g.move_all(from, to) else R.attach(g, a.cards, to, at) end
  R.move_caps(g, from_cap, to_cap)
  if from_q == p then g.state.refill_row = from_s end
end

function APPLY.place(g, p, a)
  local zone = a.at and ROW[a.owner][a.row] or CAP[a.owner][a.row]
  remember(g, ASIDE[p], zone)
  g.move(a.card, zone, a.at)
end

function APPLY.move_cap(g, _, a)
  remember(g, CAP[a.from_owner][a.from_row], CAP[a.owner][a.row])
  g.move(a.card, CAP[a.owner][a.row])
  g.state.moved_caps[a.card] = true
end

function APPLY.take_back(g)
  for _, z in ipairs(g.state.last) do
    for i, c in ipairs(z.cards) do g.move(c, z.zone, i) end
  end
  g.state.last = nil
end

-- kind: a.kind, read once by the caller.
function P.apply(g, a, kind)
  local s = g.state
  if kind == "end" then
    F.end_turn(g)
    return
  end
  APPLY[kind](g, s.turn, a)
  s.active = true
  if kind ~= "deck" then s.moves = s.moves + 1 end
end

return P
