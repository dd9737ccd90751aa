-- ESCAPED (Game 2 of the box, seed 002): one Traitor card lies face down in
-- the middle - the escaped prisoner. Players pass the other 23 around by
-- taking unseen cards from each other, check off every Traitor they see, and
-- the first to name the missing one wins. A turn is one take or one
-- accusation, never both. See README.md.
--
-- Speed: random playouts call setup/actions/apply millions of times, so
-- names and the action tables are built once below, labels are made only in
-- describe, and log lines are made only when a log is kept (README, "Speed").

local MAX_PLAYERS = 8

-- Zone names, zone specs and player names, built once.
local HAND, HAND_SPEC, NAME = {}, {}, {}
for p = 1, MAX_PLAYERS do
  HAND[p] = "hand:" .. p
  HAND_SPEC[p] = { owner = p, visibility = "owner", kind = "hand", label = "Hand" }
  NAME[p] = "Player " .. p
end
local PRISONER_SPEC = { visibility = "none", kind = "pile", label = "The escaped prisoner" }

-- The action tables, each made once and shared by every game: the host
-- only reads action tables and apply never changes its action. Take card i
-- of player q, look (naming a suspect: see suspects below).
local TAKE = {}
for q = 1, MAX_PLAYERS do
  TAKE[q] = setmetatable({}, { __index = function(t, i)
    t[i] = { kind = "take", target = q, slot = i, zone = HAND[q] }
    return t[i]
  end })
end
local LOOK = { kind = "look", zone = "prisoner" }
-- Naming can cost the game: the window lists it last and asks first.
local RISKY = "A wrong name puts you out of the game"

-- The suspects in card order: ids[c] is card c's Traitor and accuse[c] the
-- action naming him. g.defs is the same table in every game of these rules,
-- so this is built once per rules, never from the state.
local suspects_of = setmetatable({}, { __mode = "k" })

local function suspects(g)
  local found = suspects_of[g.defs]
  if not found then
    found = { ids = {}, accuse = {} }
    for c, d in ipairs(g.defs) do
      found.ids[c], found.accuse[c] = d.id, { kind = "accuse", name = d.id, risky = RISKY }
    end
    suspects_of[g.defs] = found
  end
  return found
end

local function alive(g, p) return not g.state.out[p] end

-- The player who plays after p (players who are out are passed over).
local function next_player(g, p)
  for _ = 1, g.players do
    p = p % g.players + 1
    if alive(g, p) then return p end
  end
  return nil
end

-- Check off a card on p's suspect list.
local function check(g, p, c) g.state.checked[p][g.defs[c].id] = true end

-- The game ends; why is a string.format pattern and its values, for the log.
local function finish(g, winner, why, ...)
  local s = g.state
  s.phase, s.winner = "over", winner
  g.reveal(g.top("prisoner"), "all")
  if g.logging then
    g.log("%s The escaped prisoner was %s.", string.format(why, ...), g.defs[g.top("prisoner")].name)
  end
end

local function setup(g)
  local s, n = g.state, g.players
  g.zone("prisoner", PRISONER_SPEC)
  for p = 1, n do g.zone(HAND[p], HAND_SPEC[p]) end
  g.move_all("box", "prisoner") -- every card, in order
  g.shuffle("prisoner")
  s.out, s.checked, s.turns = {}, {}, 0
  for q = 1, n do
    s.out[q] = false
    s.checked[q] = {}
  end
  -- the top card stays in the middle; the rest are dealt one at a time from
  -- the bottom, and each player checks off the cards he is dealt
  local deck, defs, checked = g.cards("prisoner"), g.defs, s.checked
  for i = 1, #deck - 1 do
    local p, c = (i - 1) % n + 1, deck[i]
    g.move(c, HAND[p])
    checked[p][defs[c].id] = true
  end
  -- "If only 1 player is short a card, that player gets to play first."
  local short, most = {}, g.count(HAND[1])
  for q = 1, n do
    if g.count(HAND[q]) < most then short[#short + 1] = q end
  end
  s.turn = #short == 1 and short[1] or 1
  s.phase = "turn"
end

local function actions(g)
  local s = g.state
  if s.phase == "over" then return {} end
  if s.phase == "looking" then return { LOOK } end
  -- a turn: take one card from any other player, or instead name any
  -- Traitor not checked off (never both)
  local p, list, n = s.turn, {}, 0
  for q = 1, g.players do
    if q ~= p then
      local take = TAKE[q]
      for i = 1, g.count(HAND[q]) do
        n = n + 1
        list[n] = take[i]
      end
    end
  end
  local checked, all = s.checked[p], suspects(g)
  local ids, accuse = all.ids, all.accuse
  for c = 1, #ids do
    if not checked[ids[c]] then
      n = n + 1
      list[n] = accuse[c]
    end
  end
  return list
end

-- The label of an action, made only when someone reads it.
local function describe(g, a)
  if a.kind == "take" then return "Take card " .. a.slot .. " of " .. NAME[a.target] end
  if a.kind == "look" then return "Look discreetly at the card in the middle" end
  for c = 1, g.ncards do
    local d = g.defs[c]
    if d.id == a.name then return "Name " .. d.name .. " as the escaped prisoner" end
  end
end

local function end_turn(g)
  local s = g.state
  s.phase, s.turns = "turn", s.turns + 1
  local limit = g.options.turn_limit
  if limit > 0 and s.turns >= limit then
    finish(g, nil, "Nobody found the prisoner in %d turns.", limit)
    return
  end
  s.turn = next_player(g, s.turn)
end

local function apply(g, a)
  local s = g.state
  local p = s.turn
  if a.kind == "take" then
    local c = g.cards(HAND[a.target])[a.slot]
    g.reveal(c, a.target) -- the giver still knows the card he held ...
    g.move(c, HAND[p])
    g.turn_down(c) -- ... though it lies face down among the taker's cards
    check(g, p, c)
    if g.logging then
      -- everyone reads the take in the game's words (with no public line
      -- the engine would add its own, "Player 2: Take card 3 of Player 1",
      -- under the two private ones); only the two of them learn the card
      local name = g.defs[c].name
      g.log("%s takes a card from %s.", NAME[p], NAME[a.target])
      g.log_to(p, "You took %s from %s.", name, NAME[a.target])
      g.log_to(a.target, "%s took your %s.", NAME[p], name)
    end
    end_turn(g) -- "All players follow suit": taking a card is the whole turn
  elseif a.kind == "accuse" then
    -- "says they know the escaped traitor", then looks at the card
    s.phase, s.named = "looking", a.name
  elseif g.defs[g.top("prisoner")].id == s.named then
    finish(g, p, "%s named the escaped prisoner and wins.", NAME[p])
  else
    -- he looks discreetly, puts the card back face down ("does not reveal
    -- the name") and is out of the game: he knows it, nobody sees it
    local c = g.top("prisoner")
    g.reveal(c, p)
    g.turn_down(c)
    s.out[p] = true
    s.named = nil
    g.log("%s named the wrong prisoner and is out of the game.", NAME[p])
    if g.logging then g.log_to(p, "You looked: the escaped prisoner is %s.", g.defs[c].name) end
    if not next_player(g, p) then
      finish(g, nil, "Everyone guessed wrong: nobody wins.")
    else
      end_turn(g)
    end
  end
end

return {
  id = "escaped",
  name = "Escaped",
  players = { min = 3, max = MAX_PLAYERS },
  options = {
    turn_limit = { default = 1000, min = 0, max = 100000,
      doc = "The game ends with no winner after this many turns (0: no limit)" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = { "deck", "side" },
  -- The window lists to each player the suspects his own checklist has not
  -- ruled out (docs/gui.md, "checklist"): the list players keep on paper.
  layout = { prisoner = { checklist = "checked" } },
  setup = setup,
  actor = function(g)
    if g.state.phase == "over" then return nil end
    return g.state.turn
  end,
  actions = actions,
  describe = describe,
  apply = apply,

  result = function(g)
    local s = g.state
    if s.phase ~= "over" then return nil end
    local scores = {}
    for p = 1, g.players do scores[p] = s.winner == p and 1 or 0 end
    return { winners = s.winner and { s.winner } or {}, scores = scores,
      text = (s.winner and NAME[s.winner] .. " found" or "Nobody found") .. " the escaped prisoner" }
  end,

  -- Each player's suspect list is his alone (the host keeps it out of the
  -- other seats' views and bots). In a bot's world another player's list
  -- is imagined: every Traitor he knows there, which is what he checks off.
  secrets = { checked = { "per_seat", imagine = function(g, p)
    local list = {}
    for c = 1, g.ncards do
      if g.knows(p, c) then list[g.defs[c].id] = true end
    end
    return list
  end } },

  -- Each player sees only his own suspect list; the name is in the log.
  view = function(g, player)
    local s = g.state
    local v = { phase = s.phase, turn = s.turn, turns = s.turns, winner = s.winner, out = {}, checked = {},
      named = s.named }
    for p = 1, g.players do
      v.out[p] = s.out[p]
      v.checked[p] = {}
    end
    for id in pairs(s.checked[player] or {}) do v.checked[player][id] = true end
    return v
  end,

  status = function(g, p)
    local s, n = g.state, 0
    for _ in pairs(s.checked[p]) do n = n + 1 end
    local lines = { "Checked off " .. n .. " of 24", "Cards " .. g.count(HAND[p]) }
    if s.out[p] then lines[#lines + 1] = "Out of the game" end
    return lines
  end,

  -- The search's iterations share 32 worlds (README, "Bots": as strong as
  -- a fresh world per iteration, in three fifths of the time), and the
  -- other players choose by the tree, 3,100 iterations (as strong as by
  -- the heuristic's one step ahead with 1,000, in half the time).
  search = "worlds=32:opponents=tree:iters=3100",

  -- Knowledge: the more Traitors checked off, the better. About to look
  -- after naming one of k unchecked suspects: worth winning with chance 1/k
  -- (the heuristic never reads the hidden card).
  heuristic = function(g, p)
    local s = g.state
    if s.phase == "over" then return s.winner == p and 1000 or (s.winner and -1000 or 0) end
    if s.out[p] then return -1000 end
    local n = 0
    for _ in pairs(s.checked[p]) do n = n + 1 end
    if s.phase == "looking" and s.turn == p then return 1000 * (2 / (g.ncards - n) - 1) end
    return n
  end,
}
