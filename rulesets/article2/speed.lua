-- How the action lists and the attribute reads are made fast (README,
-- "Speed"). Not rules: which plays are legal is said in ruleset.lua
-- ("Turns") and in the cards' hooks; the order of the modifiers in
-- attributes.lua. Nothing here is game state: the tables below hold
-- constants (action tables, a Style's answers) or marks that mean
-- nothing after the pass that made them.

local S = {}

------------------------------------------------------- shared action tables

-- Action tables are constants: { kind = "play", card = 12, target = 3 }
-- means the same in every game, and the host never changes one (apply
-- gets a copy). So each is made once and reused: fresh tables were most
-- of the cost of a decision.
S.END_TURN, S.DECLINE = { kind = "end_turn" }, { kind = "decline" }
local PLAYS = { play = {}, respond = {} }    -- [kind][players][card][target]
local REMOVALS = { play = {}, respond = {} } -- [kind][card][target][removed], likewise
local SHEDS = {}                             -- [card]

-- Marks on the copies of a card: copies are interchangeable, so a list
-- offers the first of each kind only. Each pass over a list of cards takes
-- a new number, and marks each definition it meets with it (`seen[def] =
-- now`): the marks never need clearing. Hands, the cards in front of a
-- player (removals, listed in the middle of a hand) and the Teflon
-- Wonder's sheds keep separate marks. The functions that begin a pass
-- return its marks with the actions it needs, in one call.
local pass = 0
local MARKS = { hand = {}, front = {}, shed = {} }

-- Marks for a pass over `which` ("hand", "front" or "shed"): the table
-- and the pass's number.
function S.marks(which)
  pass = pass + 1
  return MARKS[which], pass
end

-- Every play of `kind` (a turn's card, or a Great Debater's answer) in a
-- game of this size: [card][target], made for all cards at the first
-- decision that needs them.
function S.plays(g, kind)
  local plays = PLAYS[kind][g.players]
  if plays and plays[g.ncards] then return plays end
  plays = {}
  for card = 1, g.ncards do
    local row = {}
    for q = 1, g.players do row[q] = { kind = kind, card = card, target = q } end
    plays[card] = row
  end
  PLAYS[kind][g.players] = plays
  return plays
end

-- A pass over p's hand: the plays of `kind` (S.plays), and the marks.
function S.hand_pass(g, kind)
  local plays = PLAYS[kind][g.players]
  if not (plays and plays[g.ncards]) then plays = S.plays(g, kind) end
  pass = pass + 1
  return plays, MARKS.hand, pass
end

-- A pass over the cards in front of q for `card` (Voter ADHD): its plays
-- removing a card there, [removed], each made by S.removal when first
-- offered (`row[r] or S.removal(row, kind, card, q, r)`); and the marks.
function S.front_pass(kind, card, q)
  local by_card = REMOVALS[kind]
  local by_target = by_card[card]
  if not by_target then
    by_target = {}
    by_card[card] = by_target
  end
  local row = by_target[q]
  if not row then
    row = {}
    by_target[q] = row
  end
  pass = pass + 1
  return row, MARKS.front, pass
end

function S.removal(row, kind, card, q, r)
  local a = { kind = kind, card = card, target = q, remove = r }
  row[r] = a
  return a
end

-- The Teflon Wonder's removal of `card` from in front of its holder.
function S.shed(card)
  local a = SHEDS[card]
  if not a then
    a = { kind = "shed", card = card }
    SHEDS[card] = a
  end
  return a
end

-- A fresh list with room for 16 actions (most decisions have fewer), so
-- it does not grow step by step as actions are added.
function S.list()
  return { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }
end

--------------------------------------------------------- a Style's answers

-- Step 1 of the attributes asks a Style's `zero_affiliation(holder, q)`
-- once per holder and player, and keeps the answers: S.ZEROES[style][holder]
-- is the set of the players it zeroes, one bit each (bit q - 1). The hook
-- is a plain function of two numbers, and bots read the attributes many
-- times per decision: a lookup costs less than the calls.
S.ZEROES = setmetatable({}, { __mode = "k", __index = function(cache, style)
  local hook = style.zero_affiliation
  local by_holder = setmetatable({}, { __index = function(t, holder)
    local bits = 0
    for q = 1, 16 do
      if hook(holder, q) then bits = bits | (1 << (q - 1)) end
    end
    t[holder] = bits
    return bits
  end })
  cache[style] = by_holder
  return by_holder
end })

return S
