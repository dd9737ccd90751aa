-- {{name}}: a small complete card game made by `ratify new`, to change
-- into your own. High card: every round each player plays one card from
-- his hand, the leader first; the highest card wins the round (a tie for
-- the highest: nobody). Hands are refilled from the deck. The first to win
-- `target` rounds wins the game; when the cards run out, the most rounds
-- won. See README.md for the rules as implemented.

-- Zone names, built once: the bots play thousands of games through these
-- functions (docs/fast-rules.md).
local MAX_PLAYERS = 4
local HAND, TABLE = {}, {}
for p = 1, MAX_PLAYERS do
  HAND[p], TABLE[p] = "hand:" .. p, "table:" .. p
end

local function next_player(g, p) return p % g.players + 1 end

-- Draw every hand back up to the hand size, only while the deck has
-- enough for everyone (hands stay the same size; the rest stays unused).
local function refill(g)
  local missing = g.options.hand_size - g.count(HAND[1])
  if missing <= 0 or g.count("deck") < missing * g.players then return end
  for p = 1, g.players do g.draw("deck", HAND[p], missing) end
end

local function setup(g)
  local s = g.state
  g.zone("deck", { visibility = "none", kind = "deck", label = "Deck" })
  g.zone("discard", { visibility = "all", kind = "pile", label = "Discard" })
  for p = 1, g.players do
    g.zone(HAND[p], { owner = p, visibility = "owner", kind = "hand", label = "Hand" })
    g.zone(TABLE[p], { owner = p, visibility = "all", kind = "pile", label = "Played" })
  end
  g.move_all("box", "deck")
  g.shuffle("deck")
  refill(g)
  s.won, s.lead, s.turn, s.over = {}, 1, 1, false
  for p = 1, g.players do s.won[p] = 0 end
end

local function actor(g)
  if g.state.over then return nil end
  return g.state.turn
end

-- Every card in the actor's hand may be played. Actions carry no label:
-- describe makes the text only when someone reads it.
local function actions(g)
  local list = {}
  if g.state.over then return list end
  for i, c in ipairs(g.cards(HAND[g.state.turn])) do
    list[i] = { kind = "play", card = c, zone = TABLE[g.state.turn] }
  end
  return list
end

local function describe(g, a)
  if a.kind == "play" then return "Play the " .. g.defs[a.card].name end
end

-- Everyone has played: the highest card wins the round, then the table is
-- cleared, hands are refilled and the winner leads the next round.
local function end_round(g)
  local s, best, winner = g.state, 0, nil
  for p = 1, g.players do
    local rank = g.defs[g.top(TABLE[p])].rank
    if rank > best then
      best, winner = rank, p
    elseif rank == best then
      winner = nil
    end
  end
  if winner then
    s.won[winner] = s.won[winner] + 1
    if g.logging then g.log("player %d wins the round with %d", winner, best) end
  elseif g.logging then
    g.log("a tie for the highest card: nobody wins the round")
  end
  for p = 1, g.players do g.move_all(TABLE[p], "discard") end
  refill(g)
  local target = g.options.target
  if (winner and target > 0 and s.won[winner] >= target) or g.count(HAND[1]) == 0 then
    s.over = true
    return
  end
  s.lead = winner or next_player(g, s.lead)
  s.turn = s.lead
end

local function apply(g, a)
  local s = g.state
  g.move(a.card, TABLE[s.turn])
  s.turn = next_player(g, s.turn)
  if s.turn == s.lead then end_round(g) end
end

local function result(g)
  local s = g.state
  if not s.over then return nil end
  local best, winners = -1, {}
  for p = 1, g.players do
    if s.won[p] > best then
      best, winners = s.won[p], { p }
    elseif s.won[p] == best then
      winners[#winners + 1] = p
    end
  end
  local scores = {}
  for p = 1, g.players do scores[p] = s.won[p] end
  local text = #winners == 1 and ("player " .. winners[1] .. " wins") or "a tie"
  return { winners = winners, scores = scores, text = text .. " with " .. best .. " rounds" }
end

return {
  id = "{{id}}",
  name = "{{name}}",
  players = { min = 2, max = MAX_PLAYERS },
  options = {
    target = { default = 5, min = 0, max = 26, doc = "Rounds to win the game (0: play the whole deck)" },
    hand_size = { default = 3, min = 1, max = 10, doc = "Cards in each hand" },
  },
  cards = require "cards",
  setup = setup,
  actor = actor,
  actions = actions,
  describe = describe,
  apply = apply,
  result = result,

  status = function(g, p) return { "Rounds won " .. g.state.won[p], "Cards " .. g.count(HAND[p]) } end,

  -- For the bots: rounds won count most, then the strength of the hand.
  heuristic = function(g, p)
    local s = g.state
    local value = 100 * s.won[p]
    for _, c in ipairs(g.cards(HAND[p])) do value = value + g.defs[c].rank end
    return value
  end,
}
