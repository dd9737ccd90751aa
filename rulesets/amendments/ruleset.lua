-- Article V 4u2 Amend (seed 000): build a consecutive run of ten amendments.
-- See README.md for the rules as implemented and every ruling.
--
-- A turn is a sequence of actions by one player: draw (phase "draw"), then
-- any number of plays, then a discard (phase "play"). Breakouts are offered
-- as 3-card runs only; longer runs grow one card at a time at either end, so
-- the list of actions stays small (at most a few hundred).

local cards = require "cards"
local runs = require "runs"
local sides = require "sides"
local scoring = require "heuristic" -- heuristic(g, p), and heuristics(g) for all at once

-- Hand size (rule 4a), the deal (rule 1) and the bonuses are the options
-- hand_size, deal, completion_bonus and bill_of_rights_bonus: house rules.
local MAX_HANDS = 20 -- safety when a game ends by points
local QUIZ_CHOICES = 4

local SUBJECT = {}
for _, def in ipairs(cards) do
  if def.number then SUBJECT[def.number] = def.subject end
end

local function st(g) return g.state end

local function next_seat(g, p) return p % g.players + 1 end

local function name_of(g, card)
  local def = g.defs[card]
  return def.number and tostring(def.number) or def.name
end

-- A card laid in a run, as shown in labels: "5" or "Liberty as 5".
local function as_value(g, card, v)
  local def = g.defs[card]
  if def.number then return tostring(v) end
  return def.name .. " as " .. v
end

-- Fit lists (the definitions that can stand for one number, in order of
-- their lowest card in hand) are shared, never changed, never put in
-- g.state: SINGLE[id] = { id }, and a list with one more definition is made
-- once and then found in LONGER[list][id]. So a scan makes no fit list.
local SINGLE, LONGER = {}, {}

local function fit_single(id)
  local list = SINGLE[id]
  if not list then
    list = { id }
    SINGLE[id] = list
  end
  return list
end

local function fit_longer(list, id)
  local longer = LONGER[list]
  if not longer then
    longer = {}
    LONGER[list] = longer
  end
  local out = longer[id]
  if not out then
    out = { table.unpack(list) }
    out[#out + 1] = id
    longer[id] = out
  end
  return out
end

-- A fit table with no number fitted yet, made at its full size at once
-- (filling an empty table would grow it several times).
local NO_FIT = {}
for v = 1, runs.AMENDMENTS do NO_FIT[v] = false end

-- The hand of a player read once per decision: its cards sorted by card id.
-- Card ids follow the definitions, so the copies of a definition lie next
-- to each other, and the definitions come in order of their lowest card:
-- `first[id]` is the place of its lowest card (copies are alike, so one
-- action per definition is offered), and `fit[v]` for every amendment
-- number the fit list of the definitions that can stand for it (rules 7,
-- 8), or false.
local function scan_hand(g, player)
  local held, defs = g.cards(sides.hand(player)), g.defs
  table.sort(held)
  local first, fit = {}, { table.unpack(NO_FIT) }
  local last
  for i = 1, #held do
    local def = defs[held[i]]
    if def ~= last then
      local id = def.id
      last = def
      first[id] = i
      local lo = def.number or def.wild_low
      if lo then
        local single = fit_single(id)
        for v = lo, def.number or def.wild_high do
          local list = fit[v]
          fit[v] = list and fit_longer(list, id) or single
        end
      end
    end
  end
  return { cards = held, defs = defs, first = first, fit = fit }
end

-- The k-th copy (lowest card first) of definition `id` in the hand, or nil.
local function copy_in_hand(hand, id, k)
  local i = hand.first[id]
  local card = i and hand.cards[i + k - 1]
  if card and hand.defs[card].id == id then return card end
  return nil
end

---------------------------------------------------------------- the flow

local function refill_stack(g)
  if g.count("deck") == 0 and g.count("discard") > 0 then
    g.move_all("discard", "deck")
    g.shuffle("deck")
    g.log("The face-down stack is gone: the discard stack is shuffled to replace it")
  end
end

local function new_turn(g, p)
  local s = st(g)
  s.current = p
  s.phase = "draw"
  s.turn = { named = {}, misnamed = 0, played = false }
end

-- Start p's turn; a player who lost a turn to a challenge sits this one out.
local function begin_turn(g, p)
  local s = st(g)
  for _ = 1, g.players do
    if not s.skip[p] then break end
    s.skip[p] = false
    g.log("Player %d loses this turn (challenge)", p)
    p = next_seat(g, p)
  end
  new_turn(g, p)
end

local function deal_hand(g)
  local s = st(g)
  for _, zone in ipairs(g.zones()) do
    if zone == "discard" or zone:match("^hand:") or zone:match("^article:")
      or zone:match("^stop:") or zone:match("^run:") then
      g.move_all(zone, "deck")
    end
  end
  g.shuffle("deck")
  s.sides = {}
  for side = 1, sides.count(g) do s.sides[side] = { runs = {}, started = 0 } end
  s.idle = 0
  for i = 1, g.players do s.skip[i] = false end
  local first = next_seat(g, s.dealer)
  for _ = 1, g.options.deal do
    local p = first
    for _ = 1, g.players do
      g.draw("deck", sides.hand(p), 1)
      p = next_seat(g, p)
    end
  end
  g.log("Hand %d: Player %d deals; Player %d begins", s.hand, s.dealer, first)
  new_turn(g, first)
end

local function hand_points(g, side, completed)
  local points = sides.table_points(g, side)
  if g.options.hand_penalty then
    for _, p in ipairs(sides.members(g, side)) do points = points - 5 * g.count(sides.hand(p)) end
  end
  if completed then
    points = points + g.options.completion_bonus
    if runs.is_bill_of_rights(completed.lo, g.count(completed.zone)) then
      points = points + g.options.bill_of_rights_bonus
    end
  end
  return points
end

local function game_over_after_hand(g)
  local s, o = st(g), g.options
  if o.game_end == "points" then
    for side = 1, sides.count(g) do
      if s.scores[side] >= o.points_target then return true end
    end
    return s.hand >= MAX_HANDS
  end
  if o.game_end == "turns" then return s.turns >= o.turn_limit end
  return s.hand >= o.hands
end

-- Score the hand (rule 3 and the scoring paragraph). `completer` is the side
-- whose run of ten ended it, nil when the hand ended blocked or by the clock.
local function end_hand(g, completer, run, force_over)
  local s = st(g)
  local parts = {}
  for side = 1, sides.count(g) do
    local points = hand_points(g, side, side == completer and run or nil)
    s.scores[side] = s.scores[side] + points
    if g.logging then parts[#parts + 1] = sides.name(g, side) .. " " .. points end
  end
  if completer then s.completed[completer] = s.completed[completer] + 1 end
  g.log("End of hand %d: %s", s.hand, table.concat(parts, ", "))
  if force_over or game_over_after_hand(g) then
    s.phase = "over"
    return
  end
  s.hand = s.hand + 1
  s.dealer = next_seat(g, s.dealer)
  deal_hand(g)
end

local function end_turn(g)
  local s, o = st(g), g.options
  s.turns = s.turns + 1
  s.idle = s.turn.played and 0 or s.idle + 1
  if o.game_end == "turns" and s.turns >= o.turn_limit then
    g.log("Turn limit reached")
    return end_hand(g, nil, nil, true)
  end
  if s.idle >= o.blocked_turns then
    g.log("Hand blocked: %d turns without a card played", s.idle)
    return end_hand(g, nil, nil, false)
  end
  local p = s.current
  local q = next_seat(g, p)
  if o.quiz and #s.turn.named > 0 and sides.of(g, q) ~= sides.of(g, p) then
    s.phase = "challenge"
    s.challenge = { player = p, challenger = q, misnamed = s.turn.misnamed, named = { table.unpack(s.turn.named) } }
    return
  end
  begin_turn(g, q)
end

-- After each play: name the amendments under the quiz, end the turn when the
-- hand is empty (no discard needed, rule 4c).
local function after_play(g)
  local s = st(g)
  s.turn.played = true
  s.idle = 0
  if s.naming and #s.naming > 0 then
    s.phase = "name"
  elseif g.count(sides.hand(s.current)) == 0 then
    end_turn(g)
  else
    s.phase = "play"
  end
end

-- Under the quiz, each amendment laid must be named (rule 9): queue a choice
-- of subjects, the right one among QUIZ_CHOICES sorted by number.
local function queue_naming(g, v)
  if not g.options.quiz then return end
  local s = st(g)
  local choices, taken = { v }, { [v] = true }
  while #choices < QUIZ_CHOICES do
    local k = g.random(runs.AMENDMENTS)
    if not taken[k] then
      taken[k] = true
      choices[#choices + 1] = k
    end
  end
  table.sort(choices)
  s.naming = s.naming or {}
  s.naming[#s.naming + 1] = { number = v, choices = choices }
end

---------------------------------------------------------------- actions
-- Actions carry no label: the host asks `describe` only when it shows one
-- (window, text UI, logs), so bots and batch runs never build the strings.

local NONE = {}
local STOP_IDS = { "judicial_review", "filibuster" } -- stop cards, in this order

local function draw_actions(g, p, list)
  list[#list + 1] = { kind = "draw", from = "deck", zone = "deck" }
  local need = g.options.hand_size - g.count(sides.hand(p))
  if need > 0 and g.count("discard") >= need then
    list[#list + 1] = { kind = "draw", from = "discard", zone = "discard" }
  end
end

-- `stopped`: the stop card on the player's side, or nil; `charters`: its
-- unused Article V cards.
local function card_actions(g, side, stopped, charters, hand, list)
  local article_v = copy_in_hand(hand, "article_v", 1)
  if article_v and charters == 0 then
    list[#list + 1] = { kind = "article_v", card = article_v, zone = sides.article_zone(side) }
  end
  local remedy = stopped and copy_in_hand(hand, g.defs[stopped].remedy_by, 1)
  if remedy then
    list[#list + 1] = { kind = "remedy", card = remedy, zone = sides.stop_zone(side) }
  end
  for _, id in ipairs(STOP_IDS) do
    local card = copy_in_hand(hand, id, 1)
    for o = 1, card and sides.count(g) or 0 do
      if o ~= side and not sides.stopped_by(g, o) then
        list[#list + 1] = { kind = "stop", card = card, target = sides.members(g, o)[1], side = o,
          zone = sides.stop_zone(o) }
      end
    end
  end
end

-- A breakout of definitions x, y, z at lo, lo+1, lo+2. When one definition
-- fills two or three places, its copies are taken lowest first (nil: the hand
-- lacks a copy).
local function breakout_action(hand, lo, x, y, z, list, real_needed)
  local a = copy_in_hand(hand, x, 1)
  local b = copy_in_hand(hand, y, y == x and 2 or 1)
  local c = b and copy_in_hand(hand, z, 1 + (z == x and 1 or 0) + (z == y and 1 or 0))
  if not c then return end
  local defs = hand.defs
  if real_needed and not (defs[a].number or defs[b].number or defs[c].number) then return end
  list[#list + 1] = { kind = "breakout", cards = { a, b, c }, lo = lo }
end

-- UP[wrap][v]: the number after v (nil after 27 unless runs wrap).
local UP = { [false] = {}, [true] = {} }
for v = 1, runs.AMENDMENTS do
  UP[false][v], UP[true][v] = runs.step(v, 1, false), runs.step(v, 1, true)
end

local function breakout_actions(g, hand, list)
  local wrap, fit, real_needed = g.options.wrap, hand.fit, g.options.real_amendment
  local up = UP[wrap]
  for lo = 1, runs.last_start(wrap) do
    local a = fit[lo]
    local b = a and fit[up[lo]]
    local c = b and fit[up[up[lo]]]
    if c then
      for i = 1, #a do
        for j = 1, #b do
          for k = 1, #c do breakout_action(hand, lo, a[i], b[j], c[k], list, real_needed) end
        end
      end
    end
  end
end

local function extend_actions(g, side, hand, list)
  local wrap, fit = g.options.wrap, hand.fit
  for _, run in ipairs(st(g).sides[side].runs) do
    local low = runs.step(run.lo, -1, wrap)
    for _, id in ipairs(low and fit[low] or NONE) do
      list[#list + 1] = { kind = "extend", card = copy_in_hand(hand, id, 1), zone = run.zone, at = "low" }
    end
    local high = runs.step(run.lo, g.count(run.zone), wrap)
    for _, id in ipairs(high and fit[high] or NONE) do
      list[#list + 1] = { kind = "extend", card = copy_in_hand(hand, id, 1), zone = run.zone, at = "high" }
    end
  end
end

-- One discard per definition: the lowest card of each run of copies.
local function discard_actions(hand, list)
  local held, defs, last = hand.cards, hand.defs, nil
  for i = 1, #held do
    local def = defs[held[i]]
    if def ~= last then
      last = def
      list[#list + 1] = { kind = "discard", card = held[i], zone = "discard" }
    end
  end
end

local function play_actions(g, p, list)
  local side = sides.of(g, p)
  local hand = scan_hand(g, p)
  local stopped, charters = sides.stopped_by(g, side), sides.open_charters(g, side)
  card_actions(g, side, stopped, charters, hand, list)
  if not stopped then
    if charters > 0 then breakout_actions(g, hand, list) end
    extend_actions(g, side, hand, list)
  end
  discard_actions(hand, list)
end

local function naming_actions(g, list)
  local item = st(g).naming[1]
  for _, k in ipairs(item.choices) do
    list[#list + 1] = { kind = "name", number = item.number, choice = k }
  end
end

local function challenge_actions(list)
  list[#list + 1] = { kind = "challenge", challenge = true }
  list[#list + 1] = { kind = "challenge", challenge = false }
end

local function actions(g)
  local s, list = st(g), {}
  if s.phase == "draw" then
    draw_actions(g, s.current, list)
  elseif s.phase == "play" then
    play_actions(g, s.current, list)
  elseif s.phase == "name" then
    naming_actions(g, list)
  elseif s.phase == "challenge" then
    challenge_actions(list)
  end
  return list
end

---------------------------------------------------------------- labels

local function run_of(g, zone)
  for _, side in ipairs(st(g).sides) do
    for _, run in ipairs(side.runs) do
      if run.zone == zone then return run end
    end
  end
end

-- "run 13-16"; when another run of the same side holds the same numbers,
-- which of the side's runs it is ("run 13-16, the side's 3rd"), so two
-- actions never share a label (`ratify lint`).
local function run_name(g, zone)
  local wrap = g.options.wrap
  local function span(run) return runs.span(run.lo, g.count(run.zone), wrap) end
  for _, side in ipairs(st(g).sides) do
    for k, run in ipairs(side.runs) do
      if run.zone == zone then
        for _, other in ipairs(side.runs) do
          if other ~= run and span(other) == span(run) then
            return "run " .. span(run) .. ", the side's no. " .. k
          end
        end
        return "run " .. span(run)
      end
    end
  end
end

local function draw_label(g, a)
  local need = math.max(0, g.options.hand_size - g.count(sides.hand(st(g).current)))
  if a.from == "discard" then
    local top, names = g.cards("discard"), {}
    for i = #top, #top - need + 1, -1 do names[#names + 1] = name_of(g, top[i]) end
    return "Draw " .. need .. " from the discard stack (" .. table.concat(names, ", ") .. ")"
  end
  if need == 0 then return "Draw nothing: seven cards in hand" end
  local available = g.count("deck") + g.count("discard")
  return "Draw " .. math.min(need, available) .. " from the face-down stack"
end

local LABELS = {
  draw = draw_label,
  article_v = function() return "Play Article V 4u2 Amend" end,
  remedy = function(g, a)
    local stop = sides.stopped_by(g, sides.of(g, st(g).current))
    return "Remedy: play " .. g.def(a.card).name .. " on the " .. (stop and g.def(stop).name or "stop")
  end,
  stop = function(g, a) return "Play " .. g.def(a.card).name .. " on " .. sides.name(g, a.side) end,
  breakout = function(g, a)
    local wrap, shown = g.options.wrap, {}
    for i, card in ipairs(a.cards) do shown[i] = as_value(g, card, runs.value(a.lo, i, wrap)) end
    return "Break out run " .. runs.span(a.lo, 3, wrap) .. ": " .. table.concat(shown, ", ")
  end,
  extend = function(g, a)
    local wrap, run = g.options.wrap, run_of(g, a.zone)
    local len = g.count(a.zone)
    local v = a.at == "low" and runs.step(run.lo, -1, wrap) or runs.step(run.lo, len, wrap)
    return "Add " .. as_value(g, a.card, v) .. " to " .. run_name(g, a.zone)
  end,
  discard = function(g, a) return "Discard " .. g.def(a.card).name .. " and end the turn" end,
  name = function(_, a) return "Amendment " .. a.number .. " is about: " .. SUBJECT[a.choice] end,
  challenge = function(g, a)
    if not a.challenge then return "Let it pass" end
    local c = st(g).challenge
    return "Challenge Player " .. c.player .. "'s naming of amendments " .. table.concat(c.named, ", ")
  end,
}

local function describe(g, a)
  return LABELS[a.kind](g, a)
end

---------------------------------------------------------------- apply

local function apply_draw(g, a)
  local s = st(g)
  if g.logging then g.log("Player %d: %s", s.current, describe(g, a)) end
  local hand = sides.hand(s.current)
  local need = math.max(0, g.options.hand_size - g.count(hand))
  if a.from == "discard" then
    g.draw("discard", hand, need)
  else
    local drawn = g.logging and {} -- for the log line only (batch games keep none)
    for _ = 1, need do
      refill_stack(g)
      if g.count("deck") == 0 then break end
      local c = g.draw("deck", hand, 1)[1]
      if drawn then drawn[#drawn + 1] = c end
    end
    refill_stack(g)
    -- the face-down stack: only the drawer learns what came
    if drawn and #drawn > 0 then
      local names = {}
      for i, c in ipairs(drawn) do names[i] = g.defs[c].name end
      g.log_to(s.current, "You drew %s.", table.concat(names, ", "))
    end
  end
  s.phase = "play"
end

local function check_complete(g, side, run)
  if g.count(run.zone) >= runs.GOAL then
    if g.logging then
      g.log("%s completes a run of ten: %s", sides.name(g, side), runs.span(run.lo, g.count(run.zone), g.options.wrap))
    end
    st(g).naming = nil
    end_hand(g, side, run, false)
    return true
  end
  return false
end

local function run_zone_for(g, side)
  local used = {}
  for _, run in ipairs(st(g).sides[side].runs) do used[run.zone] = true end
  local k = 1
  while used["run:" .. side .. ":" .. k] do k = k + 1 end
  local zone = "run:" .. side .. ":" .. k
  if not g.has_zone(zone) then
    g.zone(zone, { visibility = "all", kind = "run", label = sides.name(g, side) .. ": run " .. k })
  end
  return zone
end

local function apply_breakout(g, a)
  local s = st(g)
  local side = sides.of(g, s.current)
  local zone = run_zone_for(g, side)
  for i, card in ipairs(a.cards) do
    g.move(card, zone)
    queue_naming(g, runs.value(a.lo, i, g.options.wrap))
  end
  local side_state = s.sides[side]
  side_state.runs[#side_state.runs + 1] = { zone = zone, lo = a.lo }
  side_state.started = side_state.started + 1
end

local function apply_extend(g, a)
  local s = st(g)
  local side = sides.of(g, s.current)
  for _, run in ipairs(s.sides[side].runs) do
    if run.zone == a.zone then
      local wrap = g.options.wrap
      if a.at == "low" then
        run.lo = runs.step(run.lo, -1, wrap)
        g.move(a.card, a.zone, "bottom")
        queue_naming(g, run.lo)
      else
        queue_naming(g, runs.value(run.lo, g.count(a.zone) + 1, wrap))
        g.move(a.card, a.zone, "top")
      end
      return check_complete(g, side, run)
    end
  end
  error("no run " .. tostring(a.zone))
end

local function apply_name(g, a)
  local s = st(g)
  table.remove(s.naming, 1)
  table.insert(s.turn.named, a.number)
  if a.choice ~= a.number then s.turn.misnamed = s.turn.misnamed + 1 end
  g.log("Player %d names amendment %d: %s", s.current, a.number, SUBJECT[a.choice])
  if #s.naming == 0 then s.naming = nil end
  after_play(g)
end

local function apply_challenge(g, a)
  local s = st(g)
  local c = s.challenge
  s.challenge = nil
  if a.challenge then
    if c.misnamed > 0 then
      s.skip[c.player] = true
      g.log("Player %d challenges: a wrong naming. Player %d loses the next turn", c.challenger, c.player)
    else
      g.log("Player %d challenges: every amendment was named rightly", c.challenger)
    end
  end
  begin_turn(g, c.challenger)
end

local PLAYS = {
  article_v = function(g, a) g.move(a.card, a.zone) end,
  remedy = function(g, a) g.move(a.card, a.zone) end,
  stop = function(g, a) g.move(a.card, a.zone) end,
  breakout = apply_breakout,
  extend = apply_extend,
}

local function apply(g, a)
  local s = st(g)
  if a.kind == "draw" then return apply_draw(g, a) end
  if a.kind == "name" then return apply_name(g, a) end
  if a.kind == "challenge" then return apply_challenge(g, a) end
  if g.logging then g.log("Player %d: %s", s.current, describe(g, a)) end
  if a.kind == "discard" then
    g.move(a.card, "discard")
    return end_turn(g)
  end
  local ended = PLAYS[a.kind](g, a)
  if not ended then after_play(g) end
end

---------------------------------------------------------------- setup, result

local function setup(g)
  g.zone("deck", { visibility = "none", kind = "deck", label = "Face-down stack" })
  g.zone("discard", { visibility = "all", kind = "pile", label = "Discard stack" })
  -- Visible, so a bot never imagines a reference card in the stack.
  g.zone("reference", { visibility = "all", kind = "pile", label = "Reference cards (not dealt)" })
  for p = 1, g.players do
    g.zone(sides.hand(p), { owner = p, visibility = "owner", kind = "hand", label = "Player " .. p .. "'s hand" })
  end
  for side = 1, sides.count(g) do
    g.zone(sides.article_zone(side),
      { visibility = "all", kind = "pile", label = sides.name(g, side) .. ": Article V" })
    g.zone(sides.stop_zone(side), { visibility = "all", kind = "pile", label = sides.name(g, side) .. ": stops" })
  end
  for _, card in ipairs(g.all()) do
    g.move(card, g.def(card).kind == "reference" and "reference" or "deck")
  end
  local s = g.state
  s.hand, s.dealer, s.turns = 1, g.players, 0
  s.scores, s.completed, s.skip = {}, {}, {}
  for side = 1, sides.count(g) do
    s.scores[side], s.completed[side] = 0, 0
  end
  deal_hand(g)
end

local function actor(g)
  local s = st(g)
  if s.phase == "over" then return nil end
  if s.phase == "challenge" then return s.challenge.challenger end
  return s.current
end

local function result(g)
  local s = st(g)
  if s.phase ~= "over" then return nil end
  local best = -math.huge
  for side = 1, sides.count(g) do best = math.max(best, s.scores[side]) end
  local winners, scores, names = {}, {}, {}
  for p = 1, g.players do
    local side = sides.of(g, p)
    scores[p] = s.scores[side]
    if s.scores[side] == best then winners[#winners + 1] = p end
  end
  for side = 1, sides.count(g) do
    if s.scores[side] == best then names[#names + 1] = sides.name(g, side) end
  end
  return { winners = winners, scores = scores,
    text = table.concat(names, " and ") .. (#names > 1 and " tie" or " wins") .. " with " .. best .. " points" }
end

local function status(g, player)
  local s = st(g)
  local side = sides.of(g, player)
  local stop = sides.stopped_by(g, side)
  local lines = {
    "Score " .. s.scores[side] .. " (+" .. sides.table_points(g, side) .. " on the table)",
    "Article V: " .. (sides.open_charters(g, side) > 0 and "played" or "not yet"),
    "Runs: " .. sides.describe_runs(g, side),
  }
  if stop then lines[#lines + 1] = "Stopped by " .. g.def(stop).name end
  if s.skip[player] then lines[#lines + 1] = "Loses the next turn" end
  if sides.teams(g) then lines[#lines + 1] = sides.name(g, side) end
  return lines
end

-- The lines about the whole table, said once (the window's "Table").
local function table_status(g)
  return { "Hand " .. st(g).hand }
end

return {
  id = "amendments",
  name = "Article V 4u2 Amend",
  players = { min = 1, max = 4 },
  options = {
    hands = { default = 3, min = 1, max = 20, doc = "Hands in a game (rule 10), when the game ends by hands" },
    game_end = { default = "hands", choices = { "hands", "points", "turns" },
      doc = "End of game: after `hands` hands (rule 10); at the end of the hand in which a player/team "
        .. "reaches `points_target`; or when `turn_limit` turns have been played (the hand in progress is scored "
        .. "without bonuses)" },
    points_target = { default = 200, min = 1, max = 10000, doc = "Points that end the game (game_end = points)" },
    turn_limit = { default = 150, min = 1, max = 100000, doc = "Turns that end the game (game_end = turns)" },
    wrap = { default = false, doc = "Runs wrap past 27 to 1" },
    real_amendment = { default = true, doc = "A run needs at least one real amendment card, not only wilds" },
    article_v = { default = "per_hand", choices = { "per_hand", "per_run" },
      doc = "Article V needed once per hand before the first run, or once before every run" },
    hand_penalty = { default = false, doc = "Each card left in hand at the end of a hand scores -5" },
    hand_size = { default = 7, min = 1, max = 15, doc = "Cards a player draws up to (rule 4a)" },
    deal = { default = 5, min = 1, max = 15, doc = "Cards dealt to each player at the start of a hand (rule 1)" },
    completion_bonus = { default = 20, min = 0, max = 1000, doc = "Points for the side that completes a run of ten" },
    bill_of_rights_bonus = { default = 25, min = 0, max = 1000,
      doc = "Further points when the completed run is the Bill of Rights (1-10)" },
    quiz = { default = false,
      doc = "Rule 9 as a quiz: name each amendment's subject from choices; the next player may challenge "
        .. "a wrong naming, and the named player loses the next turn" },
    blocked_turns = { default = 100, min = 10, max = 10000,
      doc = "A hand ends with no completion bonus after this many turns in a row without a card played" },
  },
  cards = cards,
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = { "number", "subject", "remedy_by", "stop", "wild_low", "wild_high" },
  setup = setup,
  actor = actor,
  actions = actions,
  apply = apply,
  result = result,
  describe = describe,
  status = status,
  table_status = table_status,
  -- mcts's settings here (plain `mcts`, the window's Normal and Hard bots):
  -- judge new positions by the heuristic at once, and let the opponents
  -- choose by the tree's statistics (README, "Bots": it beat the heuristic
  -- so, where the heuristic's own choices for them did not)
  search = "depth=0:opponents=tree",
  heuristic = scoring.heuristic,
  heuristics = scoring.heuristics,
  -- what scenario tests may set with G:set (docs/lua-api.md)
  settable = {
    -- the hand being played (1 .. options.hands), to test the game's end
    hand = function(g, n) st(g).hand = n end,
  },
  -- The window: each side's Article V, stops and runs in front of that side
  -- (a team's in front of its first player), runs not yet begun left out;
  -- a hand keeps room for eight cards and closes up in it for up to
  -- fourteen (your own: an opponent's backs pack tight), the stops room to
  -- fan two from the start, so a stop played on a side pushes nothing; the runs lie in three places to a
  -- line, each with room for a run of ten, the first place kept from the
  -- start, so a run begun fills the next place and a run that grows
  -- pushes nothing (docs/gui.md, `columns`).
  layout = {
    ["hand:*"] = { fan = "row", room = 8, tighten = true },
    ["article:*"] = { owner = "$1" },
    ["stop:*"] = { owner = "$1", room = 2 },
    ["run:*:*"] = { owner = "$1", hide = "empty", columns = 3, room = 10 },
  },
}
