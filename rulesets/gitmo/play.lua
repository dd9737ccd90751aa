-- The moves of the player whose turn it is ("Playing" in the seed): use the
-- face-up top card of the deck, switch cards between his own rows, take
-- eligible cards from opponents, discard onto opponents' runs, lay and move
-- protectors, lay the Alliance, and resign (end the turn).
--
-- actions() reads every row once into a summary (ends, kind, protectors) and
-- leaves the labels to describe(), so that bots enumerate moves cheaply.

local B = require "board"
local R = require "runs"
local F = require "flow"

local P = {}

local function add(list, a) list[#list + 1] = a end

-- first/last value, kind ("patriot"/"traitor"/nil) and mixed flag of cards
-- (the values as R.values counts them, without building the list).
local function summary(g, cards)
  local first, side, mixed
  for i, c in ipairs(cards) do
    local d = g.def(c)
    if d.rank and not first then first = (d.rank - i) % 12 + 1 end
    local s = d.side
    if s then
      if side and side ~= s then mixed = true end
      side = side or s
    end
  end
  return { first = first, last = first and (first + #cards - 2) % 12 + 1, side = side, mixed = mixed }
end

-- The R.fits rule on summaries.
local function fits(g, u, r, at)
  if not r.first then return false end
  if g.options.pure_runs and (u.mixed or r.mixed or (u.side and r.side and u.side ~= r.side)) then
    return false
  end
  if not u.first then return true end
  if at == "top" then return r.last % 12 + 1 == u.first end
  return u.last % 12 + 1 == r.first
end

local AT = { "top", "bottom" }

-- Every row with cards: its cards, summary, protectors and lifting units
-- (the whole run, and with the option its bottom card as R.units says).
local function read_rows(g, p)
  local rows = {}
  for q = 1, g.players do
    local own = B.own(g, p, q)
    for s = 1, g.state.size do
      local cards = g.cards(B.row(q, s))
      if #cards > 0 then
        local r = summary(g, cards)
        r.q, r.s, r.cards, r.own = q, s, cards, own
        r.caps = g.count(B.cap(q, s))
        if r.caps > 0 then
          for _, c in ipairs(g.cards(B.cap(q, s))) do r[g.def(c).cap] = true end
        end
        r.units = { { part = "run", cards = cards, first = r.first, last = r.last, side = r.side, mixed = r.mixed } }
        if g.options.bottom_card and #cards >= 2 and B.numbered(g, cards[1])
          and (#cards > 2 or B.numbered(g, cards[2])) then
          local u = summary(g, { cards[1] })
          u.part, u.cards = "bottom", { cards[1] }
          r.units[2] = u
        end
        rows[#rows + 1] = r
      end
    end
  end
  return rows
end

-- May p add to row r? Own and partner's runs always; an opponent's run
-- unless a Trump protects it. Jesus Saves runs may be added to.
local function may_add(r) return r.own or not r.trump end

-- May p take this unit of an opponent's row r? Never under Trump or Jesus
-- Saves; a run under Gitmo/Justice/Tribunal only with 2 cards or more.
local function may_take(r, unit)
  if r.trump or r.jesus then return false end
  return not (unit.part == "run" and r.gitmo and #r.cards < 2)
end

-- The face-up top card: into one of p's own vacant spots, or onto any run it
-- fits that p may add to.
local function deck_moves(g, p, rows, list)
  local top = g.top("deck")
  if not top or not B.numbered(g, top) then return end
  for s = 1, g.state.size do
    if g.count(B.row(p, s)) == 0 then
      add(list, { kind = "fill", row = s, card = top, zone = B.row(p, s) })
    end
  end
  local u = summary(g, { top })
  for _, r in ipairs(rows) do
    if may_add(r) then
      for _, at in ipairs(AT) do
        if fits(g, u, r, at) then
          add(list, { kind = "deck", owner = r.q, row = r.s, at = at, card = top, zone = B.row(r.q, r.s),
            target = not r.own and r.q or nil })
        end
      end
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
    return may_add(dst) and not (unit.part == "run" and src.caps > 0)
      and (unit.part == "run" or not dst.gitmo)
  end
  return dst.own and may_take(src, unit)
end

local function unit_moves(g, rows, list)
  for _, src in ipairs(rows) do
    for _, unit in ipairs(src.units) do
      for _, dst in ipairs(rows) do
        if may_move(src, unit, dst) then
          for _, at in ipairs(AT) do
            if fits(g, unit, dst, at) then
              add(list, { kind = "move", from_owner = src.q, from_row = src.s, part = unit.part,
                owner = dst.q, row = dst.s, at = at, cards = unit.cards, zone = B.row(dst.q, dst.s),
                target = (not dst.own and dst.q) or (not src.own and src.q) or nil })
            end
          end
        end
      end
    end
  end
end

-- Protectors and the Alliance that p holds aside, and protectors on own runs.
local function held_moves(g, p, rows, list)
  local mine = {}
  for _, r in ipairs(rows) do
    if r.own then mine[#mine + 1] = r end
  end
  for _, c in ipairs(g.cards(B.aside(p))) do
    local d = g.def(c)
    for _, r in ipairs(mine) do
      if d.cap then
        add(list, { kind = "place", card = c, owner = r.q, row = r.s, zone = B.cap(r.q, r.s) })
      elseif d.wild and r.first then
        for _, at in ipairs(AT) do
          add(list, { kind = "place", card = c, owner = r.q, row = r.s, at = at, zone = B.row(r.q, r.s) })
        end
      end
    end
  end
  for _, from in ipairs(mine) do
    if from.caps > 0 then
      for _, c in ipairs(g.cards(B.cap(from.q, from.s))) do
        if not g.state.moved_caps[c] then
          for _, r in ipairs(mine) do
            if r ~= from then
              add(list, { kind = "move_cap", card = c, from_owner = from.q, from_row = from.s,
                owner = r.q, row = r.s, zone = B.cap(r.q, r.s) })
            end
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
    if a.kind == "fill" or (a.kind == "deck" and B.own(g, p, a.owner)) then return true end
  end
  return false
end

function P.actions(g)
  local s, p = g.state, g.state.turn
  local list, rows = {}, read_rows(g, p)
  deck_moves(g, p, rows, list)
  if s.moves < g.options.turn_move_limit then
    unit_moves(g, rows, list)
    held_moves(g, p, rows, list)
    if s.last then add(list, { kind = "take_back" }) end
  end
  if not (g.options.help_opponents and missing_own_play(g, p, list)) then
    add(list, { kind = "end" })
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

function LABEL.fill(g, _, a)
  return "Fill your vacant row " .. a.row .. " with " .. B.short(g, a.card) .. " from the deck"
end

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
  return "Lay " .. g.def(a.card).name .. " on " .. where
end

function LABEL.move_cap(g, p, a)
  return string.format("Move %s from %s row %d to %s %s", g.def(a.card).name, B.whose(p, a.from_owner),
    a.from_row, B.whose(p, a.owner), B.describe_row(g, a.owner, a.row))
end

function LABEL.take_back() return "Take back your last move" end
function LABEL.finish() return "End your turn (no more moves)" end
LABEL["end"] = LABEL.finish

function P.describe(g, a) return LABEL[a.kind](g, g.state.turn, a) end

------------------------------------------------------------------- apply

-- Without "a card laid is a card played", a move that showed no new card may
-- be taken back: remember the zones it touches as they were.
local function remember(g, zones)
  if g.options.card_laid_is_played then return end
  local saved = {}
  for _, z in ipairs(zones) do saved[#saved + 1] = { zone = z, cards = g.cards(z) } end
  g.state.last = saved
end

local APPLY = {}

function APPLY.fill(g, p, a)
  g.move(g.top("deck"), B.row(p, a.row))
  g.state.last = nil
end

function APPLY.deck(g, _, a)
  R.attach(g, { g.top("deck") }, B.row(a.owner, a.row), a.at)
  g.state.last = nil
end

function APPLY.move(g, _, a)
  local from, to = B.row(a.from_owner, a.from_row), B.row(a.owner, a.row)
  local from_cap, to_cap = B.cap(a.from_owner, a.from_row), B.cap(a.owner, a.row)
  remember(g, { from, to, from_cap, to_cap })
  R.attach(g, R.unit(g, a.from_owner, a.from_row, a.part), to, a.at)
  if a.part == "run" then R.move_caps(g, from_cap, to_cap) end
end

function APPLY.place(g, p, a)
  local zone = a.at and B.row(a.owner, a.row) or B.cap(a.owner, a.row)
  remember(g, { B.aside(p), zone })
  if a.at then R.attach(g, { a.card }, zone, a.at) else g.move(a.card, zone) end
end

function APPLY.move_cap(g, _, a)
  remember(g, { B.cap(a.from_owner, a.from_row), B.cap(a.owner, a.row) })
  g.move(a.card, B.cap(a.owner, a.row))
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
  if a.kind ~= "fill" and a.kind ~= "deck" then s.moves = s.moves + 1 end
end

return P
