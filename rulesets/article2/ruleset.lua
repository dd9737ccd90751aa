-- Article II, updated (seed 004). See README.md for the rules as
-- implemented and every ruling.
--
-- Zones: "deck", "discard" (removed and replaced cards), and per player p
-- "hand:p", "played:p" (action cards played on p, kept in front of p) and
-- "style:p" (p's Style, at most one card). Attributes are derived from
-- those zones by attributes.lua; g.state holds only the turn flow, the base
-- values carried over from the Primary, and the election results.

local attr = require "attributes"

local HAND_SIZE = 7
local DECK, DISCARD = "deck", "discard"
local PARTIES = { "Party A", "Party B" }

local function hand(p) return "hand:" .. p end
local function who(p) return "Player " .. p end
local function card_name(g, c) return g.def(c).name end

local function party(p) return (p - 1) % 2 + 1 end

-- Position of p in this phase's turn order (0 = starting player).
local function order_position(g, p) return (p - g.state.start) % g.players end

-- Players sorted best first: by `score`, then higher Electability, then
-- earlier in turn order (RULINGS tie-break).
local function rank(g, list, score, eff)
  local sorted = {}
  for i, p in ipairs(list) do sorted[i] = p end
  table.sort(sorted, function(x, y)
    if score(x) ~= score(y) then return score(x) > score(y) end
    if eff.e[x] ~= eff.e[y] then return eff.e[x] > eff.e[y] end
    return order_position(g, x) < order_position(g, y)
  end)
  return sorted
end

local function all_players(g)
  local list = {}
  for p = 1, g.players do list[p] = p end
  return list
end

-- Draws stop when the deck is empty; it is not refilled within a phase.
local function draw(g, p, n)
  if n and n > 0 then g.draw(DECK, hand(p), n) end
end

---------------------------------------------------------------- phases

local function start_phase(g, phase)
  local s = g.state
  s.phase = phase
  g.shuffle(DECK)
  for p = 1, g.players do draw(g, p, HAND_SIZE) end
  s.start = g.random(g.players)
  s.turn = s.start
  s.plays, s.shed, s.draw_after, s.pending = 0, false, 0, nil
  g.log(string.format("%s Election: %s starts", phase == "primary" and "Primary" or "General", who(s.start)))
end

-- A new game of the match (or the only game): everything back in the deck.
local function new_game(g)
  for c = 1, g.ncards do g.move(c, DECK) end
  for p = 1, g.players do
    local ps = g.state.players[p]
    ps.base_e, ps.base_a = 0, 0
  end
  g.state.candidates, g.state.president = nil, nil
  start_phase(g, "primary")
end

local function gather_table(g)
  for p = 1, g.players do g.move_all(attr.played_zone(p), DECK) end
  g.move_all(DISCARD, DECK)
end

local function award(g, p, points)
  if g.options.match then
    local ps = g.state.players[p]
    ps.points = ps.points + points
  end
end

-- After the Primary: the two highest totals are Candidates; attribute
-- totals carry over as base values, Styles stay, every other card returns.
local function end_primary(g)
  local s, eff = g.state, attr.read(g)
  local ranked = rank(g, all_players(g), function(p) return attr.primary_total(eff, p) end, eff)
  s.candidates = { ranked[1], ranked[2] }
  for _, c in ipairs(s.candidates) do award(g, c, 1) end
  g.log(string.format("Candidates: %s and %s", who(ranked[1]), who(ranked[2])))
  local snap = attr.snapshot(g)
  for p = 1, g.players do
    local ps = s.players[p]
    if g.options.reset_between_phases then
      ps.base_e, ps.base_a = 0, 0
    else
      ps.base_e, ps.base_a = snap[p].e, snap[p].a
    end
  end
  gather_table(g)
  start_phase(g, "general")
end

local function is_candidate(g, p)
  local c = g.state.candidates
  return c ~= nil and (c[1] == p or c[2] == p)
end

-- Candidates, plus any Spoiler who is a Highlander.
local function contenders(g)
  local list = {}
  for p = 1, g.players do
    if is_candidate(g, p) or attr.has(g, p, "highlander") then list[#list + 1] = p end
  end
  return list
end

local function spoilers(g)
  local list = {}
  for p = 1, g.players do
    if not is_candidate(g, p) then list[#list + 1] = p end
  end
  return list
end

-- The President: the best positive contender; else the Spoiler with the
-- highest Electability; with no Spoiler (2 players), the higher total.
local function elect(g, eff, totals)
  local function total(p) return totals[p] end
  local best = rank(g, contenders(g), total, eff)[1]
  if totals[best] > 0 then return best end
  local rest = spoilers(g)
  if #rest > 0 then
    return rank(g, rest, function(p) return eff.e[p] end, eff)[1]
  end
  return best
end

local function end_general(g)
  local s, eff = g.state, attr.read(g)
  local totals = {}
  for p = 1, g.players do totals[p] = attr.general_total(g, eff, p, s.candidates) end
  local president = elect(g, eff, totals)
  s.president, s.totals = president, totals
  s.history[#s.history + 1] = { president = president, candidates = { s.candidates[1], s.candidates[2] } }
  g.log(string.format("%s is President", who(president)))
  if not g.options.match then
    s.phase = "over"
    return
  end
  award(g, president, 2)
  for p = 1, g.players do
    if p ~= president and party(p) == party(president) then award(g, p, 1) end
  end
  if s.game < g.options.match_games then
    s.game = s.game + 1
    g.log(string.format("Game %d of the match", s.game))
    new_game(g)
  else
    s.phase = "over"
  end
end

---------------------------------------------------------------- turns

-- The next player in turn order who still holds cards (p itself last).
local function next_with_cards(g, p)
  for i = 1, g.players do
    local q = (p + i - 1) % g.players + 1
    if g.count(hand(q)) > 0 then return q end
  end
  return nil
end

local function end_turn(g)
  local s = g.state
  if s.plays > 1 then draw(g, s.turn, s.draw_after) end
  s.plays, s.shed, s.draw_after = 0, false, 0
  local nxt = next_with_cards(g, s.turn)
  if nxt then
    s.turn = nxt
  elseif s.phase == "primary" then
    end_primary(g)
  else
    end_general(g)
  end
end

-- After each card of the turn: the Insider may play another one.
local function after_play(g)
  local s = g.state
  local style = attr.style_of(g, s.turn)
  local allowed = style and style.plays_per_turn or 1
  if s.plays < allowed and g.count(hand(s.turn)) > 0 then
    s.draw_after = style.draw_after_plays or 0
    return
  end
  end_turn(g)
end

-- Copies of one card are interchangeable: keep the first of each kind, so
-- menus and bots see one choice per different card.
local function distinct(g, list)
  local seen, kept = {}, {}
  for _, c in ipairs(list) do
    local id = g.def(c).id
    if not seen[id] then
      seen[id] = true
      kept[#kept + 1] = c
    end
  end
  return kept
end

-- The cards in front of q that a removal may take: played cards and Style.
local function removable(g, q)
  local list = distinct(g, g.cards(attr.played_zone(q)))
  local style = attr.style_card(g, q)
  if style then list[#list + 1] = style end
  return list
end

-- Apply `card` (removing `removed`) to a snapshot, as if it were played on q.
local function imagine(g, snap, card, q, removed)
  local def = g.def(card)
  if def.style then
    snap[q].style = def
  elseif removed then
    local rdef = g.def(removed)
    if rdef.style then
      snap[q].style = nil
    else
      snap[q].e = snap[q].e - (rdef.electability or 0)
      snap[q].a = snap[q].a - (rdef.affiliation or 0)
    end
  elseif not def.draws then
    snap[q].e = snap[q].e + (def.electability or 0)
    snap[q].a = snap[q].a + (def.affiliation or 0)
  end
end

-- The Outsider may not play cards on other players that would decrease
-- their (effective) Affiliation.
local function allowed(g, p, card, q, removed)
  if q == p or not attr.has(g, p, "no_lowering_others") then return true end
  local snap = attr.snapshot(g)
  local before = attr.effective(snap, g.players, g.options.rounding).a[q]
  imagine(g, snap, card, q, removed)
  return attr.effective(snap, g.players, g.options.rounding).a[q] >= before
end

local function target_text(p, q)
  return q == p and "yourself" or who(q)
end

local function add_plays_of(g, acts, kind, p, card, q)
  local label = string.format("Play %s on %s", card_name(g, card), target_text(p, q))
  if not g.def(card).removes then
    if allowed(g, p, card, q) then
      acts[#acts + 1] = { kind = kind, card = card, target = q, label = label }
    end
    return
  end
  local options = removable(g, q)
  if #options == 0 then
    acts[#acts + 1] = { kind = kind, card = card, target = q, label = label .. " (nothing to remove)" }
  end
  for _, r in ipairs(options) do
    if allowed(g, p, card, q, r) then
      acts[#acts + 1] = { kind = kind, card = card, target = q, remove = r,
        label = string.format("%s, removing %s", label, card_name(g, r)) }
    end
  end
end

-- Every card of p's hand on every player of `targets`.
local function add_plays(g, acts, kind, p, targets)
  for _, card in ipairs(distinct(g, g.cards(hand(p)))) do
    for _, q in ipairs(targets) do add_plays_of(g, acts, kind, p, card, q) end
  end
end

local function turn_actions(g)
  local s, p, acts = g.state, g.state.turn, {}
  if s.plays >= 1 then
    acts[1] = { kind = "end_turn", label = "End your turn without a second card" }
  end
  if attr.has(g, p, "sheds") and not s.shed then
    for _, c in ipairs(distinct(g, g.cards(attr.played_zone(p)))) do
      acts[#acts + 1] = { kind = "shed", card = c,
        label = string.format("Teflon Wonder: remove %s from in front of you", card_name(g, c)) }
    end
  end
  add_plays(g, acts, "play", p, all_players(g))
  return acts
end

local function debate_actions(g)
  local pending, acts = g.state.pending, {}
  add_plays(g, acts, "respond", pending.debater, { pending.opponent })
  acts[#acts + 1] = { kind = "decline", label = "Great Debater: do not respond" }
  return acts
end

-- Carry out one card played by p on action.target.
local function resolve(g, p, action)
  local card, q = action.card, action.target
  local def = g.def(card)
  g.log(string.format("%s plays %s on %s", who(p), def.name, who(q)))
  if def.style then
    local old = attr.style_card(g, q)
    if old then g.move(old, DISCARD) end
    g.move(card, attr.style_zone(q))
    return
  end
  if def.removes or def.draws then
    g.move(card, DISCARD)
    if action.remove then
      g.log(string.format("%s is removed from play", card_name(g, action.remove)))
      g.move(action.remove, DISCARD)
    end
    draw(g, q, def.draws)
    return
  end
  g.move(card, attr.played_zone(q))
end

local function play(g, action)
  local s, p, q = g.state, g.state.turn, action.target
  resolve(g, p, action)
  s.plays, s.shed = s.plays + 1, false
  if q ~= p and attr.has(g, q, "responds") and g.count(hand(q)) > 0 then
    s.pending = { kind = "debate", debater = q, opponent = p }
    return
  end
  after_play(g)
end

local function respond(g, action)
  local s = g.state
  local debater = s.pending.debater
  resolve(g, debater, action)
  draw(g, debater, 1)
  s.pending = nil
  after_play(g)
end

local function shed(g, action)
  g.log(string.format("%s sheds %s", who(g.state.turn), card_name(g, action.card)))
  g.move(action.card, DISCARD)
  g.state.shed = true
end

---------------------------------------------------------------- contract

local function setup(g)
  g.zone(DECK, { visibility = "none", kind = "deck", label = "Deck" })
  g.zone(DISCARD, { visibility = "all", kind = "pile", label = "Out of play" })
  for p = 1, g.players do
    g.zone(hand(p), { owner = p, visibility = "owner", kind = "hand", label = who(p) .. "'s hand" })
    g.zone(attr.played_zone(p), { owner = p, visibility = "all", kind = "row", label = "Played on " .. who(p) })
    g.zone(attr.style_zone(p), { owner = p, visibility = "all", kind = "pile", label = who(p) .. "'s Style" })
  end
  local s = g.state
  s.players, s.history, s.game = {}, {}, 1
  for p = 1, g.players do s.players[p] = { base_e = 0, base_a = 0, points = 0 } end
  new_game(g)
end

local function actor(g)
  local s = g.state
  if s.phase == "over" then return nil end
  if s.pending then return s.pending.debater end
  return s.turn
end

local function actions(g)
  if g.state.phase == "over" then return {} end
  if g.state.pending then return debate_actions(g) end
  return turn_actions(g)
end

local HANDLERS = {
  play = play, respond = respond, shed = shed,
  end_turn = end_turn,
  decline = function(g)
    g.state.pending = nil
    after_play(g)
  end,
}

local function apply(g, action)
  HANDLERS[action.kind](g, action)
end

local function match_result(g)
  local s, scores, top = g.state, {}, -math.huge
  for p = 1, g.players do
    scores[p] = s.players[p].points
    if scores[p] > top then top = scores[p] end
  end
  local winners, names = {}, {}
  for p = 1, g.players do
    if scores[p] == top then
      winners[#winners + 1] = p
      names[#names + 1] = who(p)
    end
  end
  return { winners = winners, scores = scores,
    text = string.format("%s %s the match with %d points", table.concat(names, " and "),
      #winners > 1 and "share" or "wins", top) }
end

local function result(g)
  local s = g.state
  if s.phase ~= "over" then return nil end
  if g.options.match then return match_result(g) end
  local scores = {}
  for p = 1, g.players do scores[p] = s.totals[p] end
  return { winners = { s.president }, scores = scores, text = who(s.president) .. " is President" }
end

-- Current total of p in this phase's terms (with two players the Primary
-- chooses nobody, so only what carries into the General counts).
local function phase_total(g, eff, p)
  if g.state.phase == "primary" and g.players > 2 then return attr.primary_total(eff, p) end
  return attr.general_total(g, eff, p, g.state.candidates)
end

local function status(g, p)
  local s, eff = g.state, attr.read(g)
  local style = attr.style_of(g, p)
  local lines = {
    "Style: " .. (style and style.name or "none"),
    string.format("Electability %d, Affiliation %d", eff.e[p], eff.a[p]),
  }
  if s.phase == "primary" then
    lines[#lines + 1] = string.format("Primary total %d", attr.primary_total(eff, p))
  elseif s.candidates then
    lines[#lines + 1] = string.format("General total %d (%s)", attr.general_total(g, eff, p, s.candidates),
      is_candidate(g, p) and "Candidate" or "Spoiler")
  end
  if s.president then lines[#lines + 1] = who(s.president) .. " is President" end
  if g.options.match then
    lines[#lines + 1] = string.format("%s, %d points (game %d of %d)", PARTIES[party(p)],
      s.players[p].points, s.game, g.options.match_games)
  end
  return lines
end

-- Projected standing: p's total against the best rival it must beat.
local function standing(g, p)
  local s, eff = g.state, attr.read(g)
  local rivals = {}
  for q = 1, g.players do
    if q ~= p then rivals[#rivals + 1] = phase_total(g, eff, q) end
  end
  table.sort(rivals, function(x, y) return x > y end)
  local mine = phase_total(g, eff, p)
  if s.phase == "primary" and g.players > 2 then return mine - rivals[2] end
  if s.phase == "general" and not (is_candidate(g, p) or attr.has(g, p, "highlander")) then
    return eff.e[p] - 20
  end
  return mine - rivals[1] + (mine > 0 and 5 or 0)
end

local function heuristic(g, p)
  local s = g.state
  local points = g.options.match and 10 * s.players[p].points or 0
  if s.phase == "over" then
    local r = result(g)
    for _, w in ipairs(r.winners) do
      if w == p then return points + 1000 end
    end
    return points - 1000
  end
  return points + standing(g, p)
end

return {
  id = "article2",
  name = "Article II, updated",
  players = { min = 2, max = 4 },
  options = {
    reset_between_phases = { default = false,
      doc = "Reset Electability and Affiliation to 0 after the Primary (Styles stay)" },
    rounding = { default = "zero", choices = { "zero", "down" },
      doc = "How halving (Insider) rounds odd numbers: toward zero, or down" },
    match = { default = false,
      doc = "Party match: several games in one, two parties, party points" },
    match_games = { default = 4, min = 1, max = 10, doc = "Games in a party match" },
  },
  cards = require "cards",
  setup = setup,
  actor = actor,
  actions = actions,
  apply = apply,
  result = result,
  status = status,
  heuristic = heuristic,
}
