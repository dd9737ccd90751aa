-- The course of a game: hands and rounds, the deal and its replacements, the
-- dealer's refill after each turn, turn order, the end of a hand and scoring.
--
-- Automatic steps run in settle(), which stops whenever a player must decide
-- (a pending decision or the turn player's moves).

local B = require "board"
local E = require "effects"
local S = require "speed"

local ROW = B.ROW

local F = {}

local function zeros(n)
  local t = {}
  for p = 1, n do t[p] = 0 end
  return t
end

-- Zones and the state that lasts the whole game.
function F.init(g)
  local n = g.players
  if g.options.partners and n ~= 4 and n ~= 6 then
    error("the partners option needs 4 or 6 players (partners sit opposite)")
  end
  local size = g.options.deal_size > 0 and g.options.deal_size or B.deal_size(n)
  g.zone("deck", { visibility = "top", kind = "deck", label = "Basic deck (face up)" })
  g.zone("special_ops", { visibility = "none", kind = "deck", label = "Special Ops" })
  g.zone("spent", { visibility = "all", kind = "pile", label = "Used cards" })
  g.zone("prison", { visibility = "all", kind = "pile", label = "Gitmo" })
  g.zone("out", { visibility = "all", kind = "pile", label = "Out of the game" })
  for p = 1, n do
    for s = 1, size do
      B.zone(g, B.row(p, s), { owner = p, visibility = "all", kind = "run", label = "Row " .. s })
      B.zone(g, B.cap(p, s), { owner = p, visibility = "all", kind = "pile", label = "On row " .. s })
    end
    B.zone(g, B.aside(p), { owner = p, visibility = "all", kind = "pile", label = "Set aside" })
  end
  local s = g.state
  s.size, s.hand, s.hands = size, 0, g.options.rounds * n
  s.totals, s.history, s.pending = zeros(n), {}, {}
  s.phase = "fill"
end

-- Every card back to its deck, both decks shuffled. With 2-3 players the
-- option remove_draw_cards leaves that many Draw-A-Cards out.
function F.collect(g)
  local left_out = g.players <= 3 and g.options.remove_draw_cards or 0
  for c = 1, g.ncards do
    local d = g.defs[c]
    if d.id == "draw_card" and left_out > 0 then
      g.move(c, "out")
      left_out = left_out - 1
    elseif d.deck == "special_ops" then
      g.move(c, "special_ops")
    else
      g.move(c, "deck")
    end
  end
  g.shuffle("deck")
  g.shuffle("special_ops")
end

-- Deal one card at a time, face up, beginning on the dealer's left.
function F.deal(g)
  local s = g.state
  local first = B.next(g, s.dealer)
  for r = 1, s.size do
    for _, p in ipairs(B.order(g, first)) do g.draw("deck", B.row(p, r)) end
  end
  s.phase, s.fill = "fill", { kind = "deal", next = first }
end

-- A new hand: the deal passes to the left (player n deals the first hand, so
-- player 1 plays first).
function F.new_hand(g)
  local s, n = g.state, g.players
  s.hand = s.hand + 1
  s.dealer = (s.hand - 2) % n + 1
  s.skip, s.extra = zeros(n), zeros(n)
  s.idle, s.rotations, s.final, s.moves, s.turns = 0, 0, false, 0, 0
  s.moved_caps, s.last, s.active, s.turn, s.refill_row = {}, nil, false, nil, nil
  g.log("Hand %d of %d: %s deals", s.hand, s.hands, B.name(s.dealer))
end

function F.start_hand(g)
  F.new_hand(g)
  F.collect(g)
  F.deal(g)
end

-- The first slot of `set` going round the table from seat p's first row
-- (row r of seat q is slot (q - 1) * size + r, bit slot - 1: speed.lua).
local function first_from(set, p, size)
  local later = set & -(1 << ((p - 1) * size)) -- the rows of p and the seats after him
  if later ~= 0 then set = later end
  return S.ROW_OF_BIT[set & -set]
end

-- One step of the dealer's filling: first any bonus card lying (alone) in a
-- spot is set aside or followed by its receiver (players from the dealer's
-- left), then one card goes to the next player round the table with a
-- vacant spot.
-- The rows are read as the moves read them (S.rows: the host keeps them
-- between steps and reads again only the rows that changed), which costs
-- less than looking at the top of every spot: this runs several times
-- after every turn.
function F.fill_step(g)
  local s, T = g.state, S.rows(g)
  -- (a bonus card dealt lies alone in its spot; a card without a side on
  -- top of a longer row is an Alliance laid there, which stays)
  if T.lone_bonus ~= 0 then
    local r = T.slot[first_from(T.lone_bonus, B.next(g, s.dealer), s.size)]
    E.resolve_bonus(g, r.q, r.bottom_card)
    return
  end
  local vacant = T.all & ~T.filled
  if vacant ~= 0 and g.count("deck") > 0 then
    local r = T.slot[first_from(vacant, s.fill.next, s.size)] -- his first vacant spot
    g.move(g.top("deck"), ROW[r.q][r.s]) -- (g.draw would make a list of it)
    s.fill.next = B.next(g, r.q)
    return
  end
  F.fill_done(g)
end

function F.fill_done(g)
  local s = g.state
  local fill = s.fill
  s.fill, s.phase = nil, "play"
  if fill.kind == "deal" then
    -- "If a Trump or Gitmo card is in the initial deal, player can move
    -- either of them onto another card in their hand" (so can Justice,
    -- Tribunal and Jesus Saves drawn during the deal).
    for _, p in ipairs(B.order(g, B.next(g, s.dealer))) do
      for _, c in ipairs(g.cards(B.aside(p))) do
        if g.defs[c].cap then s.pending[#s.pending + 1] = { handler = "deal_cap", player = p, card = c } end
      end
    end
    F.begin_turn(g, B.next(g, s.dealer))
  elseif g.count("deck") > 0 then
    F.begin_turn(g, fill.after)
  elseif g.options.final_turn then
    -- The dealer used the last card: the next player takes a final turn.
    s.final = true
    F.begin_turn(g, fill.after)
  else
    F.end_hand(g)
  end
end

local function bonus_on_top(g)
  local c = g.top("deck")
  return c ~= nil and not g.defs[c].side
end

-- The turn player emptied a spot of his own (s.refill_row: a whole run
-- moved away, or Grand Jury): "leaving a vacant spot in the other row, which
-- is immediately refilled from the top card on the deck". settle() calls this
-- before any other move, once the bonus cards on top of the deck have gone to
-- the player (a bonus card never fills a spot), so the card is a Patriot or
-- a Traitor. No card left: the spot stays vacant (the hand ends after the
-- turn). The refill shows a new card: the move cannot be taken back.
function F.refill_own(g)
  local s = g.state
  local row = s.refill_row
  local zone = ROW[s.turn][row]
  s.refill_row = nil
  local c = g.top("deck")
  if not c or g.count(zone) > 0 then return end
  g.move(c, zone)
  s.last = nil
  if g.logging then g.log("%s's vacant row %d is refilled at once: %s", B.name(s.turn), row, B.short(g, c)) end
end

-- Run the automatic steps until someone has to decide.
function F.settle(g)
  local s = g.state
  for _ = 1, 100000 do
    local d = s.pending[1]
    if d then
      if #E.choices(g, d) > 0 then return end
      table.remove(s.pending, 1) -- nothing left to choose from
    elseif s.phase == "fill" then
      F.fill_step(g)
    elseif s.phase == "play" and bonus_on_top(g) then
      -- "If any Bonus card or 'Draw A Card' appears at the top of the deck
      -- during a Player's turn, it belongs to that Player."
      s.active, s.last = true, nil
      E.resolve_bonus(g, s.turn, g.top("deck"))
    elseif s.phase == "play" and s.refill_row then
      F.refill_own(g)
    else
      return
    end
  end
  error("the hand does not settle")
end

-- A turn that ends without any move counts towards "all players take a turn
-- and no player is able to make a move": then the top card goes to the bottom.
local function note_turn(g, active)
  local s = g.state
  if active then
    s.idle, s.rotations = 0, 0
    return
  end
  s.idle = s.idle + 1
  if s.idle >= g.players and g.count("deck") > 0 then
    s.idle, s.rotations = 0, s.rotations + 1
    g.move(g.top("deck"), "deck", "bottom")
    g.log("Nobody moved for a whole round: the dealer puts the top card under the deck")
  end
end

-- Ruling: once the whole deck has turned over without a move, the hand ends.
local function stuck(g) return g.state.rotations > g.count("deck") end

local function next_after(g, p)
  local s = g.state
  if s.extra[p] > 0 then
    s.extra[p] = s.extra[p] - 1
    return p
  end
  return B.next(g, p)
end

function F.begin_turn(g, p)
  local s = g.state
  while s.skip[p] > 0 do
    s.skip[p] = s.skip[p] - 1
    g.log("%s loses this turn", B.name(p))
    note_turn(g, false)
    if stuck(g) then
      F.end_hand(g)
      return
    end
    p = next_after(g, p)
  end
  s.turn, s.moves, s.active, s.last = p, 0, false, nil
  if next(s.moved_caps) ~= nil then s.moved_caps = {} end -- (most turns move no protector)
  s.turns = s.turns + 1
end

-- Software ruling: players who keep trading cards without using the deck
-- could play one hand for ever; after hand_turn_limit turns the hand ends.
local function out_of_turns(g)
  local limit = g.options.hand_turn_limit
  return limit > 0 and g.state.turns >= limit
end

-- The player resigns: the dealer fills the vacant spots all around.
function F.end_turn(g)
  local s = g.state
  local p = s.turn
  note_turn(g, s.active)
  if s.final or g.count("deck") == 0 or stuck(g) or out_of_turns(g) then
    if out_of_turns(g) and g.count("deck") > 0 then g.log("The hand ends: turn limit reached") end
    F.end_hand(g)
    return
  end
  s.phase = "fill"
  s.fill = { kind = "refill", next = B.next(g, s.dealer), after = next_after(g, p) }
end

------------------------------------------------------------------ scoring

-- A player's points for the hand: +1 per Patriot and -1 per Traitor in his
-- rows (Traitors of a run under Gitmo, Justice or Tribunal are in Gitmo and
-- do not count), plus the points of the cards he holds (Whistleblower +10,
-- Jesus Saves +12, kept Special Ops cards).
function F.hand_score(g, p)
  local pts, defs = 0, g.defs
  for r = 1, g.state.size do
    local jailed = false -- (the cards on the run, read once for both questions)
    for _, c in ipairs(g.cards(B.cap(p, r))) do
      pts = pts + (defs[c].points or 0)
      jailed = jailed or defs[c].cap == "gitmo"
    end
    for _, c in ipairs(g.cards(ROW[p][r])) do
      local side = defs[c].side
      if side == "patriot" then pts = pts + 1
      elseif side == "traitor" and not jailed then pts = pts - 1 end
    end
  end
  for _, c in ipairs(g.cards(B.aside(p))) do pts = pts + (defs[c].points or 0) end
  return pts
end

-- Partners combine their points.
function F.team_score(g, p, per_player)
  local total = per_player[p]
  local mate = B.partner(g, p)
  if mate then total = total + per_player[mate] end
  return total
end

function F.end_hand(g)
  local s = g.state
  local scores = {}
  for p = 1, g.players do
    scores[p] = F.hand_score(g, p)
    s.totals[p] = s.totals[p] + scores[p]
  end
  s.history[#s.history + 1] = scores
  s.pending, s.turn = {}, nil
  if g.logging then
    local parts = {}
    for p = 1, g.players do parts[p] = B.name(p) .. " " .. scores[p] end
    g.log("End of hand %d: %s", s.hand, table.concat(parts, ", "))
  end
  if s.hand >= s.hands then
    s.phase = "over"
  else
    F.start_hand(g)
  end
end

return F
