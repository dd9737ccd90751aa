-- Playing the cards: which cards a hand may lead or play, and who takes
-- the trick. Section names in the comments are the rulebook's.
--
-- "Votes" below is a State card's vote for taking the trick (values.trick):
-- its electoral votes, doubled for a Suffrage State.
local values = require "values"
local seats = require "seats"

local M = {}

local PARTIES = { "Democratic", "Republican" }

---------------------------------------------------------------------------
-- Small helpers over lists of cards

local function filter(g, cards, keep)
  local out = {}
  for _, c in ipairs(cards) do
    if keep(g.def(c)) then out[#out + 1] = c end
  end
  return out
end

-- All cards sharing the best trick value (ties leave the choice open).
local function extreme(g, cards, better)
  local best, out = nil, {}
  for _, c in ipairs(cards) do
    local v = values.trick(g.def(c))
    if best == nil or better(v, best) then
      best, out = v, { c }
    elseif v == best then
      out[#out + 1] = c
    end
  end
  return out
end

local function lowest(g, cards) return extreme(g, cards, function(a, b) return a < b end) end
local function highest(g, cards) return extreme(g, cards, function(a, b) return a > b end) end

local function is_state(def) return def.kind == "state" end

local function of_party(party)
  return function(def) return def.kind == "state" and def.suit == party end
end

local function worth(party, v)
  return function(def) return def.kind == "state" and def.suit == party and values.trick(def) == v end
end

local function at_least_thirteen(party)
  return function(def)
    return def.kind == "state" and values.trick(def) >= 13 and (party == nil or def.suit == party)
  end
end

-- Honor cards a hand may choose to play to take a trick: every Honor card
-- with vote except the Chief Justice, who plays only in his own cases.
local function optional_honor(def) return def.kind == "honor" and def.vote and not def.chief_justice end
local function refusing(def) return def.kind == "honor" and not def.vote and not def.on_table end
local function chief_justice(def) return def.chief_justice == true end

-- The list of legal plays is built as { card, how } pairs; a card keeps the
-- first reason it was offered for.
local function offers()
  return { list = {}, seen = {} }
end

local function offer(out, cards, how)
  for _, c in ipairs(cards) do
    if not out.seen[c] then
      out.seen[c] = true
      out.list[#out.list + 1] = { card = c, how = how }
    end
  end
end

---------------------------------------------------------------------------
-- The trick in progress (plain data in g.state.trick)

function M.new_trick(leader)
  return { leader = leader, plays = {} }
end

-- How a lead is treated: a Thirteen (13 votes), a President, another
-- State card, or another Honor card (only on a Forced Lead).
function M.lead_kind(def)
  if def.kind == "state" then
    return values.trick(def) == 13 and "thirteen" or "state"
  end
  return def.president and "president" or "honor"
end

-- Has an Honor card with vote (forced or not) been played to the trick?
function M.honor_played(g, t)
  for _, p in ipairs(t.plays) do
    local def = g.def(p.card)
    if def.kind == "honor" and def.vote then return true end
  end
  return false
end

-- Could any State card of the pack double this many votes in this suit?
-- When none can, the card "has the trick".
function M.can_be_doubled(g, suit, v)
  for _, c in ipairs(g.all()) do
    local def = g.def(c)
    if def.kind == "state" and def.suit == suit and values.trick(def) == 2 * v then return true end
  end
  return false
end

-- Does this card double the trick? It must be a State card of the suit led
-- with exactly twice the votes of the last State card that counted (the
-- lead, a card of the same votes, or the last double; discards do not
-- count). On a Thirteen, California doubles whichever party led it.
function M.doubles(t, def)
  if def.kind ~= "state" or not t.running then return false end
  if values.trick(def) ~= 2 * t.running then return false end
  return def.suit == t.suit or t.lead == "thirteen"
end

---------------------------------------------------------------------------
-- First Hand: the lead

-- Is this lead the one that declares a party? The first lead of each deal,
-- or (option declare_party = "each_player") each hand's first lead.
function M.declaring(g, seat)
  local led = g.state.has_led
  if g.options.declare_party == "each_player" then return not led[seat] end
  for s = 1, seats.SEATS do
    if led[s] then return false end
  end
  return true
end

function M.leads(g, seat)
  local hand = g.cards(seats.hand(seat))
  local states = filter(g, hand, is_state)
  local out = offers()
  if #states == 0 then
    offer(out, hand, "Forced Lead: only Honor cards in hand")
    return out.list
  end
  if M.declaring(g, seat) then
    local own = seats.party(g, seat)
    local mine = filter(g, states, of_party(own))
    if #mine > 0 then
      offer(out, lowest(g, mine), "declares the " .. own .. " party")
    else
      offer(out, lowest(g, states), "Forced Lead: no " .. own .. " State card")
    end
    return out.list
  end
  for _, party in ipairs(PARTIES) do
    offer(out, lowest(g, filter(g, states, of_party(party))), "lowest " .. party .. " card")
  end
  offer(out, filter(g, states, function(def) return values.trick(def) == 13 end), "leads a Thirteen")
  offer(out, filter(g, hand, function(def) return def.president end), "leads a President")
  return out.list
end

---------------------------------------------------------------------------
-- Second, Third and Fourth Hand

-- Failure of Rules to Apply: the lowest card in hand, or the Chief Justice.
local function failure(g, out, hand, states)
  offer(out, lowest(g, states), "lowest card (no rule applies)")
  offer(out, filter(g, hand, chief_justice), "Chief Justice takes the trick")
end

-- When Thirteen is Led / Presidents: thirteen votes or more of the party
-- led, else of the other party, else the highest State card; the Chief
-- Justice may take the trick when the first part cannot be followed (on a
-- Thirteen only while California has not doubled it).
local function after_high_lead(g, t, hand, states)
  local out = offers()
  offer(out, filter(g, states, at_least_thirteen(t.suit)), "thirteen votes or more")
  if #out.list > 0 then return out.list end
  offer(out, filter(g, states, at_least_thirteen(nil)), "thirteen votes or more of the other party")
  if #out.list > 0 then return out.list end
  offer(out, highest(g, states), "highest State card")
  if t.lead == "president" or not t.doubler then
    offer(out, filter(g, hand, chief_justice), "Chief Justice takes the trick")
  end
  return out.list
end

-- The party whose highest State card may be discarded: the party other
-- than the suit led (default), or the player's opposing party.
local function discard_party(g, seat, suit)
  if g.options.opposing_party == "player" then return seats.other_party(seats.party(g, seat)) end
  return suit and seats.other_party(suit) or nil
end

-- The hand's obligation: Second Hand the same votes, failing that the
-- double; Third and Fourth Hand the double of the last State card that
-- counted.
local function obligation(g, t, states)
  if not t.running then return {}, nil end
  if #t.plays == 1 then
    local same = filter(g, states, worth(t.suit, t.running))
    if #same > 0 then return same, "same votes" end
  end
  return filter(g, states, worth(t.suit, 2 * t.running)), "doubles"
end

local function after_ordinary_lead(g, seat, t, hand, states)
  local out = offers()
  local honor_on = M.honor_played(g, t)
  local taken = honor_on or (t.running ~= nil and not M.can_be_doubled(g, t.suit, t.running))
  local must, how = obligation(g, t, states)
  offer(out, must, how)
  if #must == 0 then
    -- One Honor card cannot be played over another unless forced.
    if not honor_on then offer(out, filter(g, hand, optional_honor), "Honor card with vote") end
    offer(out, filter(g, hand, refusing), "refuses to vote")
    local party = discard_party(g, seat, t.suit)
    if party then
      offer(out, highest(g, filter(g, states, of_party(party))), "discards the highest " .. party)
    end
  end
  if taken then
    -- Once the trick is taken a hand may play its lowest card of the suit
    -- led, or failing this suit, its lowest card of the opposing suit.
    local led = t.suit and filter(g, states, of_party(t.suit)) or {}
    offer(out, lowest(g, #led > 0 and led or states), "lowest card (the trick is taken)")
  end
  if #out.list == 0 then failure(g, out, hand, states) end
  return out.list
end

function M.follows(g, seat)
  local t = g.state.trick
  local hand = g.cards(seats.hand(seat))
  local states = filter(g, hand, is_state)
  if #states == 0 then
    local out = offers()
    offer(out, hand, "forced: only Honor cards in hand")
    return out.list
  end
  if t.lead == "thirteen" or t.lead == "president" then
    return after_high_lead(g, t, hand, states)
  end
  return after_ordinary_lead(g, seat, t, hand, states)
end

-- Every legal play of the hand whose turn it is, as { card, how }.
function M.choices(g, seat)
  if #g.state.trick.plays == 0 then return M.leads(g, seat) end
  return M.follows(g, seat)
end

---------------------------------------------------------------------------
-- Playing a card and taking the trick

-- Put the card on the trick and update what the next hands must double.
-- Returns the play record.
function M.play(g, seat, card, how)
  local t = g.state.trick
  local def = g.def(card)
  g.move(card, "trick")
  local rec = { seat = seat, card = card, how = how or "" }
  if #t.plays == 0 then
    t.leader = seat
    t.lead = M.lead_kind(def)
    -- A President assumes the politics of its leader.
    t.suit = def.kind == "state" and def.suit or (def.president and seats.party(g, seat)) or nil
    t.running = values.trick(def)
  elseif M.doubles(t, def) then
    t.doubler, t.running = seat, values.trick(def)
    rec.doubles = true
  end
  rec.double_vote = def.suffrage == true
  t.plays[#t.plays + 1] = rec
  return rec
end

-- The highest ranking Honor card with vote on the trick (the earlier of
-- two of equal rank).
local function best_honor(g, t)
  local seat, rank
  for _, p in ipairs(t.plays) do
    local def = g.def(p.card)
    if def.kind == "honor" and def.vote and (rank == nil or def.honor_rank < rank) then
      seat, rank = p.seat, def.honor_rank
    end
  end
  return seat
end

-- After a lead without vote (First Flag or First White House, only on a
-- Forced Lead): the highest State card, the earlier of equal ones.
local function best_state(g, t)
  local seat, top
  for _, p in ipairs(t.plays) do
    local v = values.trick(g.def(p.card))
    if v and (top == nil or v > top) then seat, top = p.seat, v end
  end
  return seat
end

function M.winner(g, t)
  for _, p in ipairs(t.plays) do
    if g.def(p.card).chief_justice then return p.seat end
  end
  -- A Thirteen can be taken only by California (or the Chief Justice).
  if t.lead == "thirteen" then return t.doubler or t.leader end
  local honor = best_honor(g, t)
  if honor then return honor end
  if t.doubler then return t.doubler end
  if t.lead == "state" then return t.leader end
  return best_state(g, t) or t.leader
end

return M
