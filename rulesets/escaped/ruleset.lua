-- ESCAPED (Game 2 of the box, seed 002): one Traitor card lies face down in
-- the middle - the escaped prisoner. Players pass the other 23 around by
-- taking unseen cards from each other, check off every Traitor they see, and
-- the first to name the missing one wins. See README.md.

local function hand(p) return "hand:" .. p end
local function name(p) return "player " .. p end

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
local function check(g, p, c) g.state.checked[p][g.def(c).id] = true end

local function finish(g, winner, why)
  local s = g.state
  s.phase, s.winner = "over", winner
  g.reveal(g.top("prisoner"), "all")
  g.log(why .. " The escaped prisoner was " .. g.def(g.top("prisoner")).name .. ".")
end

local function setup(g)
  local s, n = g.state, g.players
  g.zone("prisoner", { visibility = "none", kind = "pile", label = "The escaped prisoner" })
  for p = 1, n do g.zone(hand(p), { owner = p, visibility = "owner", kind = "hand", label = "Rows" }) end
  for c = 1, g.ncards do g.move(c, "prisoner") end
  g.shuffle("prisoner")
  -- the top card stays in the middle; the rest are dealt one at a time
  local p = 1
  while g.count("prisoner") > 1 do
    g.move(g.bottom("prisoner"), hand(p))
    p = p % n + 1
  end
  s.out, s.checked, s.turns = {}, {}, 0
  for q = 1, n do
    s.out[q] = false
    s.checked[q] = {}
    for _, c in ipairs(g.cards(hand(q))) do check(g, q, c) end
  end
  -- "If only 1 player is short a card, that player gets to play first."
  local short = {}
  for q = 1, n do
    if g.count(hand(q)) < g.count(hand(1)) then short[#short + 1] = q end
  end
  s.turn = #short == 1 and short[1] or 1
  s.phase = "turn"
end

local function accusations(g, p, list)
  for c = 1, g.ncards do
    local d = g.def(c)
    if not g.state.checked[p][d.id] then
      list[#list + 1] = { kind = "accuse", name = d.id, label = "Name " .. d.name .. " as the escaped prisoner" }
    end
  end
end

local function actions(g)
  local s = g.state
  if s.phase == "over" then return {} end
  if s.phase == "looking" then
    return { { kind = "look", zone = "prisoner", label = "Look discreetly at the card in the middle" } }
  end
  local p, list = s.turn, {}
  if s.phase == "turn" then
    for q = 1, g.players do
      if q ~= p then
        for i = 1, g.count(hand(q)) do
          list[#list + 1] = { kind = "take", target = q, slot = i, zone = hand(q),
            label = "Take card " .. i .. " of " .. name(q) }
        end
      end
    end
  end
  accusations(g, p, list)
  if s.phase == "after_take" then list[#list + 1] = { kind = "pass", label = "End your turn" } end
  return list
end

local function end_turn(g)
  local s = g.state
  s.phase, s.turns = "turn", s.turns + 1
  local limit = g.options.turn_limit
  if limit > 0 and s.turns >= limit then
    finish(g, nil, "Nobody found the prisoner in " .. limit .. " turns.")
    return
  end
  s.turn = next_player(g, s.turn)
end

local function apply(g, a)
  local s = g.state
  local p = s.turn
  if a.kind == "take" then
    local c = g.cards(hand(a.target))[a.slot]
    g.reveal(c, a.target) -- the giver still knows the card he held
    g.move(c, hand(p))
    check(g, p, c)
    s.phase = "after_take"
  elseif a.kind == "pass" then
    end_turn(g)
  elseif a.kind == "accuse" then
    -- "says they know the escaped traitor", then looks at the card
    s.phase, s.named = "looking", a.name
  elseif g.def(g.top("prisoner")).id == s.named then
    finish(g, p, name(p) .. " named the escaped prisoner and wins.")
  else
    -- he looks discreetly, puts the card back and is out of the game
    g.reveal(g.top("prisoner"), p)
    s.out[p] = true
    s.named = nil
    g.log(name(p) .. " named the wrong prisoner and is out of the game")
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
  players = { min = 3, max = 8 },
  options = {
    turn_limit = { default = 1000, min = 0, max = 100000,
      doc = "The game ends with no winner after this many turns (0: no limit)" },
  },
  cards = require "cards",
  setup = setup,
  actor = function(g)
    if g.state.phase == "over" then return nil end
    return g.state.turn
  end,
  actions = actions,
  apply = apply,

  result = function(g)
    local s = g.state
    if s.phase ~= "over" then return nil end
    local scores = {}
    for p = 1, g.players do scores[p] = s.winner == p and 1 or 0 end
    return { winners = s.winner and { s.winner } or {}, scores = scores,
      text = (s.winner and name(s.winner) .. " found" or "Nobody found") .. " the escaped prisoner" }
  end,

  -- Each player sees only his own suspect list.
  view = function(g, player)
    local s = g.state
    local v = { phase = s.phase, turn = s.turn, turns = s.turns, winner = s.winner, out = {}, checked = {},
      named = s.turn == player and s.named or nil }
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
    local lines = { "Checked off " .. n .. " of 24", "Cards " .. g.count(hand(p)) }
    if s.out[p] then lines[#lines + 1] = "Out of the game" end
    return lines
  end,

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
