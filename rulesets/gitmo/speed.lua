-- How play.lua finds the moves fast (README, "Speed"). Not rules: what
-- may be played is in play.lua; this module reads the table for it and
-- makes the action tables.
--
-- The rows as read. S.read(g, p) returns T, a record per row with the
-- values of its ends, and sets of rows by the value each end takes. The
-- host keeps T between decisions (g.memo) and has a row read again only
-- when its cards changed: between two decisions one or two rows change.
-- Everything in T is worked out from the cards of the rows (the option
-- fields never change in a game), so the host may hand it back after
-- undo or a restore, and starts a new one for a new game.
--
-- Row s of seat q has the fixed slot (q - 1) * size + s; bit slot-1 stands
-- for it in the sets below (r.bit), so lowest bit first is seat and row
-- order.
--   T.slot[i]     the record of slot i: seat r.q, row r.s, r.count cards,
--                 r.first and r.last the values of its ends (false when no
--                 numbered card anchors the count), r.above and r.below the
--                 values that fit on top and below; r.cards the cards,
--                 listed when first needed; r.side and r.mixed its kind
--                 (only for the option "runs of one kind only"); r.bottom
--                 the bottom card as a unit of its own (option "bottom
--                 card"), or false. The record is also the row's "run" unit
--                 (the whole run, a lone card included). A field that does
--                 not apply holds false, not nil, so that each record keeps
--                 the same keys.
--   T.record[zone] the record of the row of that zone name (false when the
--                 row is empty).
--   T.on_top[v]   the rows whose top end takes a unit starting with value v;
--   T.under[v]    the rows whose bottom end takes a unit ending with value v;
--   T.anchored    the rows with a numbered card (where a wild unit fits).
-- Each decision of p adds (written afresh every time):
--   T.rows[1 .. T.n]  the rows with cards, in seat and row order; r.own on
--                 each: p may use it as his own;
--   T.own_rows    the rows p may use as his own;
--   T.capped      the rows carrying protectors; T.trump, T.gitmo, T.jesus:
--                 those carrying a Trump, a Gitmo/Justice/Tribunal, Jesus
--                 Saves; T.laid_aside: how many protectors and Alliances p
--                 holds aside.

local B = require "board"

local ROW, CAP, ASIDE, ROW_OF_CAP = B.ROW, B.CAP, B.ASIDE, B.ROW_OF_CAP

local S = {}

S.ROW_OF_BIT = {}
for i = 1, 64 do S.ROW_OF_BIT[1 << (i - 1)] = i end

-- The cards of row record r, bottom to top, read when first needed: most
-- rows are never lifted, and their ends tell all the rest.
local function cards_of(g, r)
  if not r.cards then r.cards = g.cards(ROW[r.q][r.s]) end
  return r.cards
end
S.cards_of = cards_of

-- The kind of a run for the option "runs of one kind only": "patriot",
-- "traitor" or false (wild cards only), and whether it mixes both.
local function kind_of(defs, cards)
  local side, mixed = false, false
  for i = 1, #cards do
    local kind = defs[cards[i]].side
    if kind then
      if side and side ~= kind then mixed = true end
      side = side or kind
    end
  end
  return side, mixed
end

-- The bottom card lifted alone (option "bottom card"), as R.units allows it:
-- a numbered card, and a numbered card stays behind (an Alliance never
-- leaves its run). Its record is kept too, one per row record.
local function bottom_unit(g, r, bottom)
  local defs = g.defs
  local d = defs[bottom]
  if r.count < 2 or not d.side then return false end
  if r.count == 2 and not defs[g.top(ROW[r.q][r.s])].side then return false end
  local u = r.bottom_unit or { part = "bottom" }
  r.bottom_unit = u
  u.card, u.first, u.last, u.side, u.mixed = bottom, d.rank, d.rank, d.side, false
  return u
end

-- The value of the first card of a run whose bottom card is wild: the first
-- numbered card anchors the count (false when there is none).
local function anchored_first(g, r)
  for i, c in ipairs(cards_of(g, r)) do
    local rank = g.defs[c].rank
    if rank then return (rank - i) % 12 + 1 end
  end
  return false
end

-- A new T: a record per slot, nothing read yet. The records depend on the
-- options that shape them and on the deal size, fixed for a game.
local function start(g, T)
  local size = g.state.size
  T.pure, T.bottom_card = g.options.pure_runs, g.options.bottom_card
  T.rows, T.n, T.slot, T.record, T.on_top, T.under, T.anchored = {}, 0, {}, {}, {}, {}, 0
  T.own_rows, T.capped, T.trump, T.gitmo, T.jesus, T.laid_aside = 0, 0, 0, 0, 0, 0
  for v = 1, 12 do T.on_top[v], T.under[v] = 0, 0 end
  local i = 0
  for q = 1, g.players do
    for s = 1, size do
      i = i + 1
      T.slot[i] = { part = "run", q = q, s = s, index = i, bit = 1 << (i - 1), count = 0,
        own = false, moves = {}, cards = false, first = false, last = false, above = false, below = false,
        side = false, mixed = false, bottom = false, bottom_unit = false }
    end
  end
end

-- Read the row in slot i (zone `zone`) again, for g.memo: `first` and
-- `last`, the values of its end cards as R.values counts them (false when
-- no numbered card anchors the count): the bottom card's rank, unless that
-- card is the Alliance. The kind of a run is read only when runs must be of
-- one kind: otherwise every card on the table would be looked at.
local function reread(g, T, zone, i)
  if not T.slot then start(g, T) end
  local r = T.slot[i]
  local on_top, under, bit = T.on_top, T.under, r.bit
  if r.first then -- its old ends no longer take anything
    on_top[r.above], under[r.below] = on_top[r.above] & ~bit, under[r.below] & ~bit
    T.anchored = T.anchored & ~bit
  end
  local count = g.count(zone)
  r.count, r.cards = count, false
  if next(r.moves) then r.moves = {} end
  if count == 0 then
    r.first, r.last, T.record[zone] = false, false, false
    return
  end
  T.record[zone] = r
  local defs, bottom = g.defs, g.bottom(zone)
  local first = defs[bottom].rank or anchored_first(g, r)
  local last = first and (first + count - 2) % 12 + 1
  r.first, r.last = first, last
  if T.pure then r.side, r.mixed = kind_of(defs, cards_of(g, r)) end
  r.bottom = T.bottom_card and bottom_unit(g, r, bottom)
  if first then
    local above, below = last % 12 + 1, (first - 2) % 12 + 1
    r.above, r.below = above, below
    on_top[above], under[below] = on_top[above] | bit, under[below] | bit
    T.anchored = T.anchored | bit
  end
end

-- The row zones in slot order, one list per table size: the list g.memo
-- keeps T under.
local ROWS = {}

local function row_zones(players, size)
  local key = players * 8 + size
  local list = ROWS[key]
  if not list then
    list = {}
    for q = 1, players do
      for s = 1, size do list[#list + 1] = ROW[q][s] end
    end
    ROWS[key] = list
  end
  return list
end

-- The cards a player lays from beside him: the protectors (Trump, Gitmo,
-- Justice, Tribunal, Jesus Saves) and the Alliance. Found once per list of
-- definitions (g.defs is shared by every game of these rules).
local LAID = setmetatable({}, { __mode = "k" })

local function laid_cards(g)
  local list = LAID[g.defs]
  if not list then
    list = {}
    for c = 1, g.ncards do
      if g.defs[c].cap or g.defs[c].wild then list[#list + 1] = c end
    end
    LAID[g.defs] = list
  end
  return list
end

-- Where those six cards lie: the rows carrying protectors go into the sets
-- of T, and T.laid_aside counts those that p holds aside. Asking where six
-- cards are costs less than counting the cap zone of every row and listing
-- p's aside zone at every decision.
local function read_laid_cards(g, T, p)
  T.capped, T.trump, T.gitmo, T.jesus = 0, 0, 0, 0
  local defs, record, aside, where, laid_aside = g.defs, T.record, ASIDE[p], g.where, 0
  local list = laid_cards(g)
  for i = 1, #list do
    local c = list[i]
    local zone = where(c)
    local row = ROW_OF_CAP[zone]
    if row then
      local r, kind = record[row], defs[c].cap
      if r and kind then T.capped, T[kind] = T.capped | r.bit, T[kind] | r.bit end
    elseif zone == aside then
      laid_aside = laid_aside + 1
    end
  end
  T.laid_aside = laid_aside
end

-- The table as p's decision reads it: rows whose cards changed are read
-- again (by the host's g.memo), p's own rows marked, the laid cards found.
function S.read(g, p)
  local size = g.state.size
  local T = g.memo(reread, row_zones(g.players, size))
  local slot, rows = T.slot, T.rows
  local n, i, own_rows, mate = 0, 0, 0, B.partner(g, p)
  for q = 1, g.players do
    local own = q == p or q == mate
    for _ = 1, size do
      i = i + 1
      local r = slot[i]
      if r.count > 0 then
        n = n + 1
        rows[n], r.own = r, own
        if own then own_rows = own_rows | r.bit end
      end
    end
  end
  T.n, T.own_rows = n, own_rows
  read_laid_cards(g, T, p)
  return T
end

------------------------------------------------------ shared action tables

-- Actions told by a few small numbers (a card, seats, rows, an end) are
-- built once and offered again in every later decision and game: the host
-- never writes into an action table, and neither does apply, so sharing is
-- safe, and a decision then allocates a table only for what is new. Each
-- cache is keyed by one integer packing those numbers (seats and rows are
-- below 8).
S.END, S.TAKE_BACK = { kind = "end" }, { kind = "take_back" }
local DECK, PLACE, MOVE_CAP = {}, {}, {}
local AT_CODE = { top = 1, bottom = 2 }

-- target: the owner when p puts the card on an opponent's run, else nil.
function S.deck_action(card, q, s, at, target)
  local key = (((card * 8 + q) * 8 + s) * 4 + AT_CODE[at]) * 2 + (target and 1 or 0)
  local a = DECK[key]
  if not a then
    a = { kind = "deck", owner = q, row = s, at = at, card = card, zone = ROW[q][s], target = target }
    DECK[key] = a
  end
  return a
end

-- at: nil for a protector (onto the run's cap zone), "top"/"bottom" for the Alliance.
function S.place_action(card, q, s, at)
  local key = ((card * 8 + q) * 8 + s) * 4 + (at and AT_CODE[at] or 0)
  local a = PLACE[key]
  if not a then
    a = { kind = "place", card = card, owner = q, row = s, at = at, zone = at and ROW[q][s] or CAP[q][s] }
    PLACE[key] = a
  end
  return a
end

function S.move_cap_action(card, from_q, from_s, q, s)
  local key = (((card * 8 + from_q) * 8 + from_s) * 8 + q) * 8 + s
  local a = MOVE_CAP[key]
  if not a then
    a = { kind = "move_cap", card = card, from_owner = from_q, from_row = from_s, owner = q, row = s,
      zone = CAP[q][s] }
    MOVE_CAP[key] = a
  end
  return a
end

-- A move names the cards it lifts, so its table is shared only while the
-- source row keeps its cards: src.moves, emptied when the row is read again
-- (reread), keyed by destination slot, end, part and target.
function S.move_action(g, src, unit, dst, at)
  local target = (not dst.own and dst.q) or (not src.own and src.q) or nil
  local key = ((dst.index * 2 + (at == "top" and 0 or 1)) * 2 + (unit == src and 0 or 1)) * 8 + (target or 0)
  local a = src.moves[key]
  if not a then
    a = { kind = "move", from_owner = src.q, from_row = src.s, part = unit.part,
      owner = dst.q, row = dst.s, at = at, cards = unit.part == "run" and cards_of(g, src) or { unit.card },
      zone = ROW[dst.q][dst.s], target = target }
    src.moves[key] = a
  end
  return a
end

return S
