-- Playing the cards: which cards a hand may lead or play, and who takes
-- the trick. Section names in the comments are the rulebook's.
--
-- "Votes" below is a State card's vote for taking the trick (values.trick):
-- its electoral votes, doubled for a Suffrage State.
--
-- Speed: the legal plays are listed for every decision of every random
-- playout, so what each card is (its votes, its party, its Honor role) is
-- worked out once per card data (`card_facts`), the hand is read once per
-- decision, and each rule is a loop over the hand's cards that offers the
-- actions directly: no host call per card, no lists or closures per rule.
local values = require "values"
local seats = require "seats"

local M = {}

local PARTIES = { "Democratic", "Republican" }
local trick = values.trick

-- Phrases naming a party, made once per party instead of per decision.
local function per_party(make)
  return setmetatable({}, { __index = function(t, party)
    local text = make(party)
    t[party] = text
    return text
  end })
end
local DECLARES = per_party(function(party) return "declares the " .. party .. " party" end)
local FORCED_LEAD = per_party(function(party) return "Forced Lead: no " .. party .. " State card" end)
local LOWEST_OF = per_party(function(party) return "lowest " .. party .. " card" end)
local DISCARDS = per_party(function(party) return "discards the highest " .. party end)

---------------------------------------------------------------------------
-- What each card is, for the rules below: worked out once per card data
-- (the definitions are shared and never change) instead of per decision,
-- as tables by card:
--   votes[c]           a State card's votes for taking a trick (nil: Honor)
--   suit[c]            a State card's party
--   with_vote[c]       an Honor card with vote (it takes tricks)
--   optional_honor[c]  an Honor card with vote a hand may choose to play to
--                      take a trick: all but the Chief Justice, who plays
--                      only in his own cases
--   refusing[c]        an Honor card without vote (Refusing to Vote)
--   chief_justice[c], president[c]
-- and votes_in_pack[suit][v]: some State card of that suit has v votes.

local facts_of = setmetatable({}, { __mode = "k" })

local function card_facts(defs)
  local f = facts_of[defs]
  if f then return f end
  f = { votes = {}, suit = {}, with_vote = {}, optional_honor = {}, refusing = {},
    chief_justice = {}, president = {}, votes_in_pack = {} }
  for c, def in ipairs(defs) do
    if def.kind == "state" then
      local v = trick(def)
      f.votes[c], f.suit[c] = v, def.suit
      f.votes_in_pack[def.suit] = f.votes_in_pack[def.suit] or {}
      f.votes_in_pack[def.suit][v] = true
    end
    local honor = def.kind == "honor"
    f.with_vote[c] = honor and def.vote or nil
    f.optional_honor[c] = honor and def.vote and not def.chief_justice or nil
    f.refusing[c] = honor and not def.vote and not def.on_table or nil
    f.chief_justice[c] = def.chief_justice == true or nil
    f.president[c] = def.president or nil
  end
  facts_of[defs] = f
  return f
end

---------------------------------------------------------------------------
-- The hand to play, read once per decision (its State cards and its Honor
-- cards, each in hand order), and the list of its legal plays: one action
-- per card; a card keeps the first reason (`how`) it was offered for.

local function read_hand(g, seat)
  local f = card_facts(g.defs)
  local votes = f.votes
  -- The State cards are gathered at the front of the fresh list g.cards
  -- returns (no second list to grow), the Honor cards in a list of their own.
  local states = g.cards(seats.HAND[seat])
  local honors, n, all = {}, 0, #states
  for i = 1, all do
    local c = states[i]
    if votes[c] then
      n = n + 1
      states[n] = c
    else
      honors[#honors + 1] = c
    end
  end
  for i = n + 1, all do states[i] = nil end
  return { seat = seat, facts = f, votes = votes, suit = f.suit,
    states = states, honors = honors, list = {} }
end

local function offer(h, c, how)
  local list = h.list
  for i = 1, #list do
    if list[i].card == c then return end
  end
  list[#list + 1] = { kind = "play", card = c, seat = h.seat, how = how }
end

-- Offer the State cards of `party` (nil: of either party) that have exactly
-- `v` votes. Returns how many there are.
local function offer_votes(h, how, party, v)
  local states, votes, suit, n = h.states, h.votes, h.suit, 0
  for i = 1, #states do
    local c = states[i]
    if votes[c] == v and (party == nil or suit[c] == party) then
      n = n + 1
      offer(h, c, how)
    end
  end
  return n
end

-- Thirteen votes or more, of `party` (nil: of either party).
local function offer_thirteen_or_more(h, how, party)
  local states, votes, suit, n = h.states, h.votes, h.suit, 0
  for i = 1, #states do
    local c = states[i]
    if votes[c] >= 13 and (party == nil or suit[c] == party) then
      n = n + 1
      offer(h, c, how)
    end
  end
  return n
end

-- The lowest State card(s) of `party` (nil: of either party), or with
-- sign = -1 the highest; equal ones leave the choice open. Returns how
-- many are offered. (One pass: only equal ones need a second.)
local function offer_extreme(h, how, party, sign)
  local states, votes, suit = h.states, h.votes, h.suit
  local best, first, equal = math.huge, nil, 0
  for i = 1, #states do
    local c = states[i]
    if party == nil or suit[c] == party then
      local v = sign * votes[c]
      if v < best then
        best, first, equal = v, c, 1
      elseif v == best then
        equal = equal + 1
      end
    end
  end
  if equal == 0 then return 0 end
  if equal == 1 then
    offer(h, first, how)
    return 1
  end
  return offer_votes(h, how, party, sign * best)
end

local function offer_lowest(h, how, party) return offer_extreme(h, how, party, 1) end
local function offer_highest(h, how, party) return offer_extreme(h, how, party, -1) end

-- Offer the hand's Honor cards of a kind (a table of facts by card; nil:
-- every one).
local function offer_honors(h, how, kind)
  local honors = h.honors
  for i = 1, #honors do
    local c = honors[i]
    if kind == nil or kind[c] then offer(h, c, how) end
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
    return trick(def) == 13 and "thirteen" or "state"
  end
  return def.president and "president" or "honor"
end

-- Has an Honor card with vote (forced or not) been played to the trick?
function M.honor_played(g, t)
  local with_vote = card_facts(g.defs).with_vote
  for _, p in ipairs(t.plays) do
    if with_vote[p.card] then return true end
  end
  return false
end

-- Could any State card of the pack double this many votes in this suit?
-- When none can, the card "has the trick".
function M.can_be_doubled(g, suit, v)
  local votes = card_facts(g.defs).votes_in_pack[suit]
  return votes ~= nil and votes[2 * v] == true
end

-- Does this card double the trick? It must be a State card of the suit led
-- with exactly twice the votes of the last State card that counted (the
-- lead, a card of the same votes, or the last double; discards do not
-- count). On a Thirteen, California doubles whichever party led it.
function M.doubles(t, def)
  if def.kind ~= "state" or not t.running then return false end
  if trick(def) ~= 2 * t.running then return false end
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
  local h = read_hand(g, seat)
  if #h.states == 0 then
    offer_honors(h, "Forced Lead: only Honor cards in hand", nil)
    return h.list
  end
  if M.declaring(g, seat) then
    local own = seats.party(g, seat)
    if offer_lowest(h, DECLARES[own], own) == 0 then offer_lowest(h, FORCED_LEAD[own], nil) end
    return h.list
  end
  for _, party in ipairs(PARTIES) do offer_lowest(h, LOWEST_OF[party], party) end
  offer_votes(h, "leads a Thirteen", nil, 13)
  offer_honors(h, "leads a President", h.facts.president)
  return h.list
end

---------------------------------------------------------------------------
-- Second, Third and Fourth Hand

-- Failure of Rules to Apply: the lowest card in hand, or the Chief Justice.
local function failure(h)
  offer_lowest(h, "lowest card (no rule applies)", nil)
  offer_honors(h, "Chief Justice takes the trick", h.facts.chief_justice)
end

-- When Thirteen is Led / Presidents: thirteen votes or more of the party
-- led, else of the other party, else the highest State card; the Chief
-- Justice may take the trick when the first part cannot be followed (on a
-- Thirteen only while California has not doubled it).
local function after_high_lead(h, t)
  if offer_thirteen_or_more(h, "thirteen votes or more", t.suit) > 0 then return end
  if offer_thirteen_or_more(h, "thirteen votes or more of the other party", nil) > 0 then return end
  offer_highest(h, "highest State card", nil)
  if t.lead == "president" or not t.doubler then
    offer_honors(h, "Chief Justice takes the trick", h.facts.chief_justice)
  end
end

-- The party whose highest State card may be discarded: the party other
-- than the suit led (default), or the player's opposing party.
local function discard_party(g, seat, suit)
  if g.options.opposing_party == "player" then return seats.other_party(seats.party(g, seat)) end
  return suit and seats.other_party(suit) or nil
end

-- The hand's obligation: Second Hand the same votes, failing that the
-- double; Third and Fourth Hand the double of the last State card that
-- counted (always a State card of the suit led, so t.suit is set).
-- Returns how many cards meet it.
local function obligation(h, t)
  if not t.running then return 0 end
  if #t.plays == 1 then
    local same = offer_votes(h, "same votes", t.suit, t.running)
    if same > 0 then return same end
  end
  return offer_votes(h, "doubles", t.suit, 2 * t.running)
end

local function after_ordinary_lead(g, h, t)
  local honor_on = M.honor_played(g, t)
  local taken = honor_on or (t.running ~= nil and not M.can_be_doubled(g, t.suit, t.running))
  if obligation(h, t) == 0 then
    -- One Honor card cannot be played over another unless forced.
    if not honor_on then offer_honors(h, "Honor card with vote", h.facts.optional_honor) end
    offer_honors(h, "refuses to vote", h.facts.refusing)
    local party = discard_party(g, h.seat, t.suit)
    if party then offer_highest(h, DISCARDS[party], party) end
  end
  if taken then
    -- Once the trick is taken a hand may play its lowest card of the suit
    -- led, or failing this suit, its lowest card of the opposing suit.
    local how = "lowest card (the trick is taken)"
    if not (t.suit and offer_lowest(h, how, t.suit) > 0) then offer_lowest(h, how, nil) end
  end
  if #h.list == 0 then failure(h) end
end

function M.follows(g, seat)
  local t = g.state.trick
  local h = read_hand(g, seat)
  if #h.states == 0 then
    offer_honors(h, "forced: only Honor cards in hand", nil)
  elseif t.lead == "thirteen" or t.lead == "president" then
    after_high_lead(h, t)
  else
    after_ordinary_lead(g, h, t)
  end
  return h.list
end

-- Every legal play of the hand whose turn it is, as actions
-- { kind = "play", card, seat, how }.
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
  local def = g.defs[card]
  g.move(card, "trick")
  local rec = { seat = seat, card = card, how = how or "" }
  if #t.plays == 0 then
    t.leader = seat
    t.lead = M.lead_kind(def)
    -- A President assumes the politics of its leader.
    t.suit = def.kind == "state" and def.suit or (def.president and seats.party(g, seat)) or nil
    t.running = trick(def)
  elseif M.doubles(t, def) then
    t.doubler, t.running = seat, trick(def)
    rec.doubles = true
  end
  rec.double_vote = def.suffrage == true
  t.plays[#t.plays + 1] = rec
  return rec
end

-- The highest ranking Honor card with vote on the trick (the earlier of
-- two of equal rank).
local function best_honor(defs, t)
  local seat, rank
  for _, p in ipairs(t.plays) do
    local def = defs[p.card]
    if def.kind == "honor" and def.vote and (rank == nil or def.honor_rank < rank) then
      seat, rank = p.seat, def.honor_rank
    end
  end
  return seat
end

-- After a lead without vote (First Flag or First White House, only on a
-- Forced Lead): the highest State card, the earlier of equal ones.
local function best_state(defs, t)
  local seat, top
  for _, p in ipairs(t.plays) do
    local v = trick(defs[p.card])
    if v and (top == nil or v > top) then seat, top = p.seat, v end
  end
  return seat
end

function M.winner(g, t)
  local defs = g.defs
  for _, p in ipairs(t.plays) do
    if defs[p.card].chief_justice then return p.seat end
  end
  -- A Thirteen can be taken only by California (or the Chief Justice).
  if t.lead == "thirteen" then return t.doubler or t.leader end
  local honor = best_honor(defs, t)
  if honor then return honor end
  if t.doubler then return t.doubler end
  if t.lead == "state" then return t.leader end
  return best_state(defs, t) or t.leader
end

return M
