-- How play.lua finds the moves fast (README, "Speed"). Not rules: what
-- may be played is in play.lua; this module reads the table for it and
-- makes the action tables.
--
-- The rows as read. S.read(g, p) returns T, a record per row with the
-- values of its ends, and sets of rows by the value each end takes. The
-- host keeps T between decisions (g.memo) and has a zone read again only
-- when its cards changed: between two decisions one or two rows change.
-- Everything in T is worked out from the cards of the zones (the option
-- fields never change in a game), so the host may hand it back after
-- undo or a restore, and starts a new one for a new game. The same memo
-- keeps what lies on each run and beside each seat.
--
-- Row s of seat q has the fixed slot (q - 1) * size + s; bit slot-1 stands
-- for it in the sets below (r.bit), so lowest bit first is seat and row
-- order.
--   T.slot[i]     the record of slot i: seat r.q, row r.s, r.count cards,
--                 r.first and r.last the values of its ends (false when no
--                 numbered card anchors the count), r.above and r.below the
--                 values that fit on top and below; r.bottom_card; r.cards
--                 the cards, listed when first needed; r.side and r.mixed
--                 its kind (only for the option "runs of one kind only");
--                 r.bottom the bottom card as a unit of its own (option
--                 "bottom card"), or false; r.moves the moves of the run
--                 offered so far (S.move_action). The record is also the
--                 row's "run" unit (the whole run, a lone card included). A
--                 field that does not apply holds false, not nil, so that
--                 each record keeps the same keys.
--   T.filled      the rows with cards, T.all every slot, T.lone the rows of
--                 one card, T.lone_bonus those whose card is a bonus card
--                 (it waits for the dealer);
--   T.on_top[v]   the rows whose top end takes a unit starting with value v;
--   T.under[v]    the rows whose bottom end takes a unit ending with value v;
--   T.starting[v], T.ending[v]  the rows whose run starts, ends with value v
--                 (the other way round: the rows that fit a given end);
--   T.anchored    the rows with a numbered card (where a wild unit fits);
--   T.cap_bits    the rows carrying protectors, by kind (any, trump, gitmo
--                 for Gitmo/Justice/Tribunal, jesus), T.caps[i] the cards on
--                 the run of slot i; T.laid[q] the protectors and Alliances
--                 seat q holds aside.
-- Each decision of p adds (r.own and T.own_mask rewritten only when p
-- changes):
--   r.own on each record: p may use the row as his own; T.own_mask those
--                 rows (his and his partner's), with cards or not;
--   T.laid_aside  the protectors and Alliances p holds aside.
-- (play.lua's rule() then adds the sets of rows its rulings ask for: p's
-- own rows with cards, T.own_rows, those carrying protectors, T.capped, and
-- the rows he may add to, take from, discard onto.)

local B = require "board"

local ROW, CAP, ASIDE = B.ROW, B.CAP, B.ASIDE

local S = {}

S.ROW_OF_BIT = {}
for i = 1, 64 do S.ROW_OF_BIT[1 << (i - 1)] = i end

-- The cards of row record r, bottom to top, read when first needed: most
-- rows are never lifted, and their ends tell all the rest. A lone card is
-- known without asking the host.
local function cards_of(g, r)
  local cards = r.cards
  if cards then return cards end
  cards = r.count == 1 and { r.bottom_card } or g.cards(ROW[r.q][r.s])
  r.cards = cards
  return cards
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

-- A row's kept moves (S.move_action): a place for each destination slot,
-- end and whether the row is the decider's own, made at once so that the
-- places are a list, not a hash.
local NO_MOVES = {}
for k = 1, 4 * 6 * 8 do NO_MOVES[k] = false end
local function no_moves(slots) return { table.unpack(NO_MOVES, 1, 4 * slots) } end

-- The bottom card lifted alone (option "bottom card"), as R.units allows it:
-- a numbered card, and a numbered card stays behind (an Alliance never
-- leaves its run). Its record is kept too, one per row record, with its
-- moves while the bottom card stays the same.
local function bottom_unit(g, T, r, bottom)
  local defs = g.defs
  local d = defs[bottom]
  if r.count < 2 or not d.side then return false end
  if r.count == 2 and not defs[g.top(ROW[r.q][r.s])].side then return false end
  local u = r.bottom_unit
  if not u then
    u = { part = "bottom", moves = no_moves(T.slots), cards = false }
    r.bottom_unit = u
  end
  if u.card ~= bottom then u.cards = false end
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
  T.pure, T.bottom_card, T.size, T.slots = g.options.pure_runs, g.options.bottom_card, size, g.players * size
  T.slot, T.on_top, T.under, T.starting, T.ending, T.anchored = {}, {}, {}, {}, {}, 0
  T.own_rows, T.capped, T.laid_aside = 0, 0, 0
  T.filled, T.all, T.lone, T.lone_bonus, T.p = 0, (1 << T.slots) - 1, 0, 0, false
  T.move_limit, T.help_opponents = g.options.turn_move_limit, g.options.help_opponents
  T.caps, T.cap_bits, T.laid = {}, { trump = 0, gitmo = 0, jesus = 0, any = 0 }, {}
  for v = 1, 12 do T.on_top[v], T.under[v], T.starting[v], T.ending[v] = 0, 0, 0, 0 end
  local i = 0
  for q = 1, g.players do
    T.laid[q] = {}
    for s = 1, size do
      i = i + 1
      T.slot[i] = { part = "run", q = q, s = s, index = i, bit = 1 << (i - 1), count = 0,
        own = false, moves = no_moves(T.slots), cards = false, first = false, last = false,
        above = false, below = false, side = false, mixed = false, bottom = false, bottom_unit = false,
        bottom_card = false }
    end
  end
end

-- Read the row in slot i (zone `zone`) again: `first` and `last`, the
-- values of its end cards as R.values counts them (false when no numbered
-- card anchors the count): the bottom card's rank, unless that card is the
-- Alliance. The kind of a run is read only when runs must be of one kind:
-- otherwise every card on the table would be looked at.
local function reread_row(g, T, zone, i)
  local r = T.slot[i]
  local on_top, under, starting, ending, bit = T.on_top, T.under, T.starting, T.ending, r.bit
  if r.first then -- its old ends no longer take anything, nor fit anywhere
    on_top[r.above], under[r.below] = on_top[r.above] & ~bit, under[r.below] & ~bit
    starting[r.first], ending[r.last] = starting[r.first] & ~bit, ending[r.last] & ~bit
    T.anchored = T.anchored & ~bit
  end
  local count = g.count(zone)
  r.count, r.cards = count, false
  T.lone, T.lone_bonus = T.lone & ~bit, T.lone_bonus & ~bit
  if count == 0 then
    r.first, r.last = false, false
    T.filled = T.filled & ~bit
    return
  end
  T.filled = T.filled | bit
  local defs, bottom = g.defs, g.bottom(zone)
  r.bottom_card = bottom
  if count == 1 then
    T.lone = T.lone | bit
    if not defs[bottom].side then T.lone_bonus = T.lone_bonus | bit end
  end
  local first = defs[bottom].rank or anchored_first(g, r)
  local last = first and (first + count - 2) % 12 + 1
  r.first, r.last = first, last
  if T.pure then r.side, r.mixed = kind_of(defs, cards_of(g, r)) end
  r.bottom = T.bottom_card and bottom_unit(g, T, r, bottom)
  if first then
    local above, below = last % 12 + 1, (first - 2) % 12 + 1
    r.above, r.below = above, below
    on_top[above], under[below] = on_top[above] | bit, under[below] | bit
    starting[first], ending[last] = starting[first] | bit, ending[last] | bit
    T.anchored = T.anchored | bit
  end
end

-- Read the protectors on the run of slot i again (Trump, Gitmo, Justice,
-- Tribunal, Jesus Saves): the sets T.cap_bits by kind (cap_bits.any: any
-- protector), whatever the row holds; S.read keeps the rows with cards.
local function reread_cap(g, T, zone, i)
  local bits, keep = T.cap_bits, ~T.slot[i].bit
  -- the kinds it had no longer count (clearing all four costs less than
  -- remembering which)
  bits.trump, bits.gitmo, bits.jesus, bits.any = bits.trump & keep, bits.gitmo & keep, bits.jesus & keep,
    bits.any & keep
  T.caps[i] = false
  if g.count(zone) == 0 then return end
  local defs, cards, bit = g.defs, g.cards(zone), ~keep
  T.caps[i] = cards
  for k = 1, #cards do
    local kind = defs[cards[k]].cap
    if kind then bits[kind], bits.any = bits[kind] | bit, bits.any | bit end
  end
end

-- How many protectors and Alliances seat q holds aside (the cards he lays
-- from beside him).
local function reread_aside(g, T, zone, q)
  local laid, defs = T.laid[q], g.defs
  for k = #laid, 1, -1 do laid[k] = nil end
  if g.count(zone) == 0 then return end
  for _, c in ipairs(g.cards(zone)) do
    local d = defs[c]
    if d.cap or d.wild then laid[#laid + 1] = c end
  end
end

-- The zones g.memo keeps T under, for `fn` below: every row in slot
-- order, then the cap zone of every row, then each seat's aside zone.
local function reread(g, T, zone, i)
  if not T.slot then start(g, T) end
  local slots = T.slots
  if i <= slots then
    reread_row(g, T, zone, i)
  elseif i <= 2 * slots then
    reread_cap(g, T, zone, i - slots)
  else
    reread_aside(g, T, zone, i - 2 * slots)
  end
end

-- That list of zones, one per table size, by number (B.zone) once the
-- numbers are known (a game loaded without a setup in this interpreter
-- names them).
local ZONES = {}

local function memo_zones(players, size)
  local key = players * 8 + size
  local list = ZONES[key]
  if list then return list end
  list = {}
  for q = 1, players do
    for s = 1, size do list[#list + 1] = ROW[q][s] end
  end
  for q = 1, players do
    for s = 1, size do list[#list + 1] = CAP[q][s] end
  end
  for q = 1, players do list[#list + 1] = ASIDE[q] end
  local numbers = B.NUMBER[players]
  if not numbers then return list end
  for i = 1, #list do list[i] = numbers[list[i]] end
  ZONES[key] = list
  return list
end

-- The rows p may use as his own (his and his partner's), as a set of
-- slots, and r.own on every record: rewritten only when the player
-- deciding is another than at the last read.
local function mark_own(g, T, p)
  local mate, own, i = B.partner(g, p), 0, 0
  for q = 1, g.players do
    local mine = q == p or q == mate
    for _ = 1, T.size do
      i = i + 1
      local r = T.slot[i]
      r.own = mine
      if mine then own = own | r.bit end
    end
  end
  T.p, T.own_mask = p, own
end

-- The table as it is now, for no one's decision (the dealer's refill):
-- the zones whose cards changed are read again (by the host's g.memo).
function S.rows(g) return g.memo(reread, memo_zones(g.players, g.state.size)) end

-- The table as p's decision reads it: S.rows, then what depends on p.
function S.read(g, p)
  local T = S.rows(g)
  if T.p ~= p then mark_own(g, T, p) end
  T.laid_aside = T.laid[p]
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
S.DECK, S.MOVE_CAP = DECK, MOVE_CAP

-- The deck card `card` onto row s of seat q: its key in DECK is
-- S.deck_key(card, q, s, own) + 2 on the top end, + 4 on the bottom (own:
-- the row is the decider's, so the move has no target). play.lua looks the
-- two up itself, with the key written out (as for MOVE_CAP below): a call
-- per action costs more than the lookup.
function S.deck_key(card, q, s, own) return ((card * 8 + q) * 8 + s) * 8 + (own and 0 or 1) end

-- target: the owner when p puts the card on an opponent's run, else nil.
function S.deck_action(card, q, s, at, target)
  local key = S.deck_key(card, q, s, not target) + 2 * AT_CODE[at]
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

-- Protector `card` from row from_s of seat from_q onto row s of seat q:
-- its key in MOVE_CAP is S.move_cap_key(card, from_q, from_s) + q * 8 + s.
function S.move_cap_key(card, from_q, from_s) return ((card * 8 + from_q) * 8 + from_s) * 64 end

function S.move_cap_action(card, from_q, from_s, q, s)
  local key = S.move_cap_key(card, from_q, from_s) + q * 8 + s
  local a = MOVE_CAP[key]
  if not a then
    a = { kind = "move_cap", card = card, from_owner = from_q, from_row = from_s, owner = q, row = s,
      zone = CAP[q][s] }
    MOVE_CAP[key] = a
  end
  return a
end

-- A move names the cards it lifts. A move of a unit is kept in the unit's
-- record (unit.moves[key]; a row's record is its whole run) while the unit
-- keeps its cards: it is good while its list of cards is the unit's
-- (unit.cards), which is read again with the row, so nothing needs
-- emptying. The key, from the destination slot i, the end and whether the
-- source row is the decider's own: 4i - 3 and 4i - 2 for the top end,
-- 4i - 1 and 4i for the bottom (own second); a list, made whole at the
-- start (no_moves). With the rows, that tells the move's target whoever
-- decides: from an own row, the destination's owner unless that row is his
-- (or his partner's) too, which the source row's owner settles; from
-- another's row (taking, onto his own rows only), that row's owner. So a
-- unit keeps at most four moves per destination (a cache of every one-card
-- move ever offered, by card, source, destination and end, grew to tens of
-- thousands of tables at four players and cost more in cache misses than
-- it saved: README, "Speed"). play.lua looks the key up; this makes the
-- move that is not there.
function S.move_action(g, src, unit, dst, at, key)
  local cards = unit.cards
  if not cards then
    cards = unit == src and cards_of(g, src) or { unit.card }
    unit.cards = cards
  end
  local target = (not dst.own and dst.q) or (not src.own and src.q) or nil
  local a = { kind = "move", from_owner = src.q, from_row = src.s, part = unit.part,
    owner = dst.q, row = dst.s, at = at, cards = cards, zone = ROW[dst.q][dst.s], target = target }
  unit.moves[key] = a
  return a
end

return S
