-- The moves of the player whose turn it is ("Playing" in the seed): use the
-- face-up top card of the deck, switch cards between his own rows, take
-- eligible cards from opponents, discard onto opponents' runs, lay and move
-- protectors, lay the Alliance, and resign (end the turn).
--
-- actions() reads every row once (ends, kind, protectors) and leaves the
-- labels to describe(), so that bots enumerate moves cheaply.

local B = require "board"
local R = require "runs"
local F = require "flow"

local ROW, CAP, ASIDE, ROW_OF_CAP = B.ROW, B.CAP, B.ASIDE, B.ROW_OF_CAP

local P = {}

local function add(list, a) list[#list + 1] = a end

local NONE = {}

------------------------------------------------------- shared action tables

-- Actions told by a few small numbers (a card, seats, rows, an end) are
-- built once and offered again in every later decision and game: the host
-- never writes into an action table, and neither does apply, so sharing is
-- safe, and a decision then allocates a table only for what is new. Each
-- cache is keyed by one integer packing those numbers (seats and rows are
-- below 8).
local END, TAKE_BACK = { kind = "end" }, { kind = "take_back" }
local DECK, PLACE, MOVE_CAP = {}, {}, {}
local AT_CODE = { top = 1, bottom = 2 }

-- target: the owner when p puts the card on an opponent's run, else nil.
local function deck_action(card, q, s, at, target)
  local key = (((card * 8 + q) * 8 + s) * 4 + AT_CODE[at]) * 2 + (target and 1 or 0)
  local a = DECK[key]
  if not a then
    a = { kind = "deck", owner = q, row = s, at = at, card = card, zone = ROW[q][s], target = target }
    DECK[key] = a
  end
  return a
end

-- at: nil for a protector (onto the run's cap zone), "top"/"bottom" for the Alliance.
local function place_action(card, q, s, at)
  local key = ((card * 8 + q) * 8 + s) * 4 + (at and AT_CODE[at] or 0)
  local a = PLACE[key]
  if not a then
    a = { kind = "place", card = card, owner = q, row = s, at = at, zone = at and ROW[q][s] or CAP[q][s] }
    PLACE[key] = a
  end
  return a
end

local function move_cap_action(card, from_q, from_s, q, s)
  local key = (((card * 8 + from_q) * 8 + from_s) * 8 + q) * 8 + s
  local a = MOVE_CAP[key]
  if not a then
    a = { kind = "move_cap", card = card, from_owner = from_q, from_row = from_s, owner = q, row = s,
      zone = CAP[q][s] }
    MOVE_CAP[key] = a
  end
  return a
end

-------------------------------------------------------- the table as read

-- actions() reads every row into a record: seat q, row s, number of cards
-- and the values of its ends. A record is kept from one decision to the
-- next and read again only when its zone's stamp (g.stamp: new whenever the
-- zone's cards change, never reused for other cards, in any game of the
-- process) differs from the one it was read under: between two decisions
-- one or two rows change, the others cost one host call. The records are
-- scratch for one game (T.g): no action refers to one and they hold no game
-- state (undo brings back an older stamp, and the row is read again). A
-- field that does not apply holds false, not nil, so that each record keeps
-- the same keys.
--
-- Row s of seat q has the fixed slot (q - 1) * size + s; bit slot-1 stands
-- for it in the sets below (r.bit), so lowest bit first is seat and row
-- order.
-- T.slot[i]: the record of slot i; T.rows[1 .. T.n]: the rows with cards, in
-- seat and row order (made for each decision: p's own rows differ).
-- T.record[zone]: the record of the row of that zone name (false when the
-- row is empty).
-- T.on_top[v]: the rows whose top end takes a unit starting with value v;
-- T.under[v]: the rows whose bottom end takes a unit ending with value v;
-- T.anchored: the rows with a numbered card (where a wild unit fits); these
-- three change only with a row's cards, so reread() keeps them up to date.
-- T.own_rows: the rows p may use as his own;
-- T.capped: the rows carrying protectors; T.trump, T.gitmo, T.jesus: those
-- carrying a Trump, a Gitmo/Justice/Tribunal, Jesus Saves.
-- T.laid_aside: how many protectors and Alliances p holds aside.
local T = { rows = {}, n = 0, slot = {}, record = {}, on_top = {}, under = {}, anchored = 0,
  own_rows = 0, capped = 0, trump = 0, gitmo = 0, jesus = 0, laid_aside = 0, g = false }

local ROW_OF_BIT = {}
for i = 1, 64 do ROW_OF_BIT[1 << (i - 1)] = i end

-- The cards of row record r, bottom to top, read when first needed: most
-- rows are never lifted, and their ends tell all the rest.
local function cards_of(g, r)
  if not r.cards then r.cards = g.cards(ROW[r.q][r.s]) end
  return r.cards
end

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
-- leaves its run). Its record is scratch too, one per row record.
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
local function read_laid_cards(g, p)
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

-- Start afresh for game g: a record per slot, nothing read yet. The records
-- depend on the options that shape them and on the deal size, fixed for a
-- game.
local function forget(g, size, pure, bottom_card)
  T.g, T.size, T.pure, T.bottom_card = g, size, pure, bottom_card
  T.slot, T.record, T.anchored = {}, {}, 0
  for v = 1, 12 do T.on_top[v], T.under[v] = 0, 0 end
  local i = 0
  for q = 1, g.players do
    for s = 1, size do
      i = i + 1
      T.slot[i] = { part = "run", q = q, s = s, index = i, bit = 1 << (i - 1), stamp = false, count = 0,
        own = false, moves = {}, cards = false, first = false, last = false, above = false, below = false,
        side = false, mixed = false, bottom = false, bottom_unit = false }
    end
  end
end

-- Read row record r (zone `zone`, now at stamp `stamp`) again: `first` and
-- `last`, the values of its end cards as R.values counts them (false when
-- no numbered card anchors the count): the bottom card's rank, unless that
-- card is the Alliance. The record is also the row's "run" unit (the whole
-- run, a lone card included). The kind of a run is read only when runs must
-- be of one kind: otherwise every card on the table would be looked at.
local function reread(g, r, zone, stamp)
  local on_top, under, bit = T.on_top, T.under, r.bit
  if r.first then -- its old ends no longer take anything
    on_top[r.above], under[r.below] = on_top[r.above] & ~bit, under[r.below] & ~bit
    T.anchored = T.anchored & ~bit
  end
  local count = g.count(zone)
  r.stamp, r.count, r.cards = stamp, count, false
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

-- Bring T up to date for p's decision: rows whose stamp moved are read
-- again, and p's own rows marked.
local function read_rows(g, p)
  local size, options = g.state.size, g.options
  local pure, bottom_card = options.pure_runs, options.bottom_card
  if T.g ~= g or T.size ~= size or T.pure ~= pure or T.bottom_card ~= bottom_card then
    forget(g, size, pure, bottom_card)
  end
  local stamp, slot, rows = g.stamp, T.slot, T.rows
  local n, i, own_rows, mate = 0, 0, 0, B.partner(g, p)
  for q = 1, g.players do
    local own, row = q == p or q == mate, ROW[q]
    for s = 1, size do
      i = i + 1
      local r, zone = slot[i], row[s]
      local now = stamp(zone)
      if now ~= r.stamp then reread(g, r, zone, now) end
      if r.count > 0 then
        n = n + 1
        rows[n], r.own = r, own
        if own then own_rows = own_rows | r.bit end
      end
    end
  end
  T.n, T.own_rows = n, own_rows
  read_laid_cards(g, p)
end

----------------------------------------------------------------- the moves

-- Option "runs of one kind only": may these two go together? (R.same_kind)
local function clash(u, r) return u.mixed or r.mixed or (u.side and r.side and u.side ~= r.side) end

-- May p add to row r? Own and partner's runs always; an opponent's run
-- unless a Trump protects it. Jesus Saves runs may be added to.
local function may_add(r) return r.own or T.trump & r.bit == 0 end

-- May p take this unit of an opponent's row r? Never under Trump or Jesus
-- Saves; a run under Gitmo/Justice/Tribunal only with 2 cards or more.
local function may_take(r, unit)
  if (T.trump | T.jesus) & r.bit ~= 0 then return false end
  return not (unit.part == "run" and T.gitmo & r.bit ~= 0 and r.count < 2)
end

-- The face-up top card onto any run it fits that p may add to (the card
-- alone is a unit from its rank to its rank). It never goes into a vacant
-- spot by the player's choice: p's own spots are refilled from the deck as
-- soon as he empties one (F.refill_own), the others by the dealer.
local function deck_moves(g, list)
  local top = g.top("deck")
  if not top then return end
  local d = g.defs[top]
  if not d.side then return end
  local value, pure = d.rank, g.options.pure_runs
  local on_top, under = T.on_top[value], T.under[value]
  local set = on_top | under
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local r = T.slot[ROW_OF_BIT[bit]]
    -- (the definition serves as the card's summary: its side, never mixed)
    if may_add(r) and not (pure and clash(d, r)) then
      local target = not r.own and r.q or nil
      if on_top & bit ~= 0 then add(list, deck_action(top, r.q, r.s, "top", target)) end
      if under & bit ~= 0 then add(list, deck_action(top, r.q, r.s, "bottom", target)) end
    end
  end
end

-- May this unit of row src go onto row dst? Own to own: always (switching).
-- Own to opponent (discard): not under Trump; onto a Gitmo-type run only a
-- whole run; a run keeps its protectors at home (ruling). Opponent to own
-- (taking): see may_take. Opponent to opponent: never.
local function may_move(src, unit, dst)
  if src == dst then return false end
  if src.own and dst.own then return true end
  if src.own then
    return may_add(dst) and not (unit.part == "run" and T.capped & src.bit ~= 0)
      and (unit.part == "run" or T.gitmo & dst.bit == 0)
  end
  return dst.own and may_take(src, unit)
end

-- A move names the cards it lifts, so its table is shared only while the
-- source row keeps its cards: src.moves, emptied when the row is read again
-- (reread), keyed by destination slot, end, part and target.
local function move(g, src, unit, dst, at)
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

-- Every run end the unit fits, in row order, top before bottom. `fit_top`
-- and `fit_bottom` are the sets of rows whose top or bottom end the unit
-- fits; lowest bit first is row order.
local function moves_of_unit(g, src, unit, fit_top, fit_bottom, pure, list)
  local set = fit_top | fit_bottom
  while set ~= 0 do
    local bit = set & -set
    set = set ~ bit
    local dst = T.slot[ROW_OF_BIT[bit]]
    if may_move(src, unit, dst) and not (pure and clash(unit, dst)) then
      if fit_top & bit ~= 0 then add(list, move(g, src, unit, dst, "top")) end
      if fit_bottom & bit ~= 0 then add(list, move(g, src, unit, dst, "bottom")) end
    end
  end
end

-- The units of every row onto the runs they fit, found from the sets of T:
-- rows that fit neither end are never looked at. A unit of wild cards only
-- fits any anchored run, at either end. An opponent's unit can only go onto
-- p's own rows (taking).
local function unit_moves(g, list)
  local pure, on_top, under, anchored, own_rows = g.options.pure_runs, T.on_top, T.under, T.anchored, T.own_rows
  for i = 1, T.n do
    local src = T.rows[i]
    local unit = src
    repeat
      local fit_top, fit_bottom = anchored, anchored
      if unit.first then fit_top, fit_bottom = on_top[unit.first], under[unit.last] end
      if not src.own then fit_top, fit_bottom = fit_top & own_rows, fit_bottom & own_rows end
      if fit_top | fit_bottom ~= 0 then moves_of_unit(g, src, unit, fit_top, fit_bottom, pure, list) end
      unit = unit == src and src.bottom -- then the bottom card alone, if it may go
    until not unit
  end
end

-- Protectors and the Alliance that p holds aside (points cards wait there
-- too, for nothing to do), and protectors on own runs. T tells whether
-- there are any, without listing the zones.
local function held_moves(g, p, list)
  local rows, n, defs = T.rows, T.n, g.defs
  for _, c in ipairs(T.laid_aside > 0 and g.cards(ASIDE[p]) or NONE) do
    local d = defs[c]
    if d.cap or d.wild then
      for i = 1, n do
        local r = rows[i]
        if r.own and d.cap then
          add(list, place_action(c, r.q, r.s, nil))
        elseif r.own and r.first then
          add(list, place_action(c, r.q, r.s, "top"))
          add(list, place_action(c, r.q, r.s, "bottom"))
        end
      end
    end
  end
  if T.capped & T.own_rows == 0 then return end
  local moved = g.state.moved_caps
  for i = 1, n do
    local from = rows[i]
    if from.own and T.capped & from.bit ~= 0 then
      for _, c in ipairs(g.cards(CAP[from.q][from.s])) do
        if not moved[c] then
          for k = 1, n do
            local r = rows[k]
            if r.own and r ~= from then add(list, move_cap_action(c, from.q, from.s, r.q, r.s)) end
          end
        end
      end
    end
  end
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
  local list = {}
  read_rows(g, p)
  deck_moves(g, list)
  if s.moves < g.options.turn_move_limit then
    unit_moves(g, list)
    held_moves(g, p, list)
    if s.last then add(list, TAKE_BACK) end
  end
  if not (g.options.help_opponents and missing_own_play(g, p, list)) then
    add(list, END)
  end
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
local function remember(g, ...)
  if g.options.card_laid_is_played then return end
  local saved = {}
  for _, z in ipairs { ... } do saved[#saved + 1] = { zone = z, cards = g.cards(z) } end
  g.state.last = saved
end

local APPLY = {}

function APPLY.deck(g, _, a)
  g.move(g.top("deck"), ROW[a.owner][a.row], a.at)
  g.state.last = nil
end

-- The unit's cards are those the action lists (the row has not changed
-- since): lay them on the chosen end, in run order (R.attach). A whole run
-- of p's own leaves its spot vacant: settle() refills it from the deck
-- before anything else (F.refill_own); a partner's or an opponent's spot
-- waits for the dealer.
function APPLY.move(g, p, a)
  local from_cap, to_cap = CAP[a.from_owner][a.from_row], CAP[a.owner][a.row]
  local to = ROW[a.owner][a.row]
  remember(g, ROW[a.from_owner][a.from_row], to, from_cap, to_cap)
  R.attach(g, a.cards, to, a.at)
  if a.part == "run" then
    R.move_caps(g, from_cap, to_cap)
    if a.from_owner == p then g.state.refill_row = a.from_row end
  end
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

function P.apply(g, a)
  local s = g.state
  if a.kind == "end" then
    F.end_turn(g)
    return
  end
  APPLY[a.kind](g, s.turn, a)
  s.active = true
  if a.kind ~= "deck" then s.moves = s.moves + 1 end
end

return P
