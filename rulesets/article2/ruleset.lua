-- Article II, updated (seed 004). See README.md for the rules as
-- implemented and every ruling. The sections follow the rulebook: the
-- phases and the deal, the turns, the end of the Primary Election, the end
-- of the General Election, the party match; then the functions the host
-- calls.
--
-- Zones: "deck", "discard" (removed and replaced cards), and per player p
-- "hand:p", "played:p" (action cards played on p, kept in front of p) and
-- "style:p" (p's Style, at most one card). Attributes are derived from
-- those zones by attributes.lua; g.state holds only the turn flow, the base
-- values carried over from the Primary, and the election results.
--
-- What a card does is written in its own entry (cards.lua): this file
-- calls the cards' hooks (`on_play`, and a Style's) at the moments they
-- name, and knows no card by name. The action tables come ready-made from
-- speed.lua (README, "Speed").

local attr = require "attributes"
local K = require "kit"
local S = require "speed"

local BOX, DECK, DISCARD = "box", "deck", "discard"
local PARTIES = { "Party A", "Party B" }

-- Zone names, player names (kit.lua) and the zones' specs for g.zone, made
-- once (a string or table built per call costs an allocation every time;
-- see README, "Speed").
local HAND, WHO, PLAYED, STYLE = K.HAND, K.NAME, K.PLAYED, K.STYLE

local DECK_SPEC = { visibility = "none", kind = "deck", label = "Deck" }
local DISCARD_SPEC = { visibility = "all", kind = "pile", label = "Out of play" }
local HAND_SPEC, PLAYED_SPEC, STYLE_SPEC = {}, {}, {}
for p = 1, 16 do
  HAND_SPEC[p] = { owner = p, visibility = "owner", kind = "hand", label = WHO[p] .. "'s hand" }
  PLAYED_SPEC[p] = { owner = p, visibility = "all", kind = "row", label = "Played on " .. WHO[p] }
  STYLE_SPEC[p] = { owner = p, visibility = "all", kind = "pile", label = WHO[p] .. "'s Style" }
end

-- The action tables and marks of speed.lua, as locals (they are used at
-- every decision).
local END_TURN, DECLINE, new_list = S.END_TURN, S.DECLINE, S.list
local plays_of, hand_pass, front_pass, new_removal = S.plays, S.hand_pass, S.front_pass, S.removal

local function who(p) return WHO[p] end
local function card_name(g, c) return g.defs[c].name end

local function party(p) return (p - 1) % 2 + 1 end

local draw = K.draw

-- The end of each phase and the party's points, below in the rulebook's
-- order, are called from the turns.
local end_primary, end_general, award

------------------------------------------------------------ the phases

-- "This game happens in two phases--Primary Election and General Election.
-- Each phase, each player will draw a hand of cards, and the phase ends
-- when every player has played all of his or her cards." "In each phase,
-- each player draws seven cards. Randomly determine a starting player."
-- (Seven is the option hand_size: a house rule changes it.)
local function start_phase(g, phase)
  local s = g.state
  s.phase = phase
  g.shuffle(DECK)
  for p = 1, g.players do draw(g, p, g.options.hand_size) end
  s.start = g.random(g.players)
  s.turn = s.start
  s.plays, s.shed, s.draw_after, s.pending = 0, false, 0, nil
  g.log("%s Election: %s starts", phase == "primary" and "Primary" or "General", who(s.start))
end

-- Every card into the deck, in card order. At setup they all still lie
-- in the box in that order: one host call instead of one per card.
local function collect_cards(g)
  if g.count(BOX) == g.ncards then
    g.move_all(BOX, DECK)
    return
  end
  for c = 1, g.ncards do g.move(c, DECK) end
end

-- A new game of the match (or the only game): everything back in the deck.
local function new_game(g)
  collect_cards(g)
  for p = 1, g.players do
    local ps = g.state.players[p]
    ps.base_e, ps.base_a = 0, 0
  end
  g.state.candidates, g.state.president = nil, nil
  start_phase(g, "primary")
end

------------------------------------------------------------- the turns

-- "Each player takes turns playing one card each until the hands are
-- exhausted. A card may be played on any player, including the one playing
-- the card." A player whose hand is empty is passed over (README, ruling
-- 8); a Style may change a turn (its hooks, cards.lua).

-- The next player in turn order who still holds cards (p itself last).
local function next_with_cards(g, p)
  for i = 1, g.players do
    local q = (p + i - 1) % g.players + 1
    if g.count(HAND[q]) > 0 then return q end
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

-- After each card of the turn: a Style may allow another one (the
-- Insider: `plays_per_turn`), and a draw once the turn ends.
local function after_play(g)
  local s = g.state
  local style = attr.style_of(g, s.turn)
  local plays_per_turn = style and style.plays_per_turn
  if plays_per_turn then
    local allowed, draws = plays_per_turn(g, s.turn)
    if s.plays < allowed and g.count(HAND[s.turn]) > 0 then
      s.draw_after = draws or 0
      return
    end
  end
  end_turn(g)
end

-- The legal plays. Copies of a card are interchangeable, so the actions
-- offer one play per different card (README, interpretations); speed.lua
-- marks the copies (`seen[def] ~= now`: the first copy met in this pass)
-- and holds the action tables, made once.

-- A card that `removes` (Voter ADHD) on q: one play per card in front of
-- q it may remove (one per different played card, then the Style); with
-- nothing in front of q it is still played, for nothing. `allows`: the
-- actor's Style's restriction, or nil. Returns the new count of `acts`.
local function add_removals(g, acts, n, kind, card, q, allows)
  local defs, played, style_card = g.defs, g.cards(PLAYED[q]), g.top(STYLE[q])
  if #played == 0 and not style_card then
    n = n + 1
    acts[n] = plays_of(g, kind)[card][q]
    return n
  end
  local row, seen, now = front_pass(kind, card, q)
  for i = 1, #played do
    local r = played[i]
    local def = defs[r]
    if seen[def] ~= now then -- the first copy
      seen[def] = now
      if not allows or allows(card, q, r) then
        n = n + 1
        acts[n] = row[r] or new_removal(row, kind, card, q, r)
      end
    end
  end
  if style_card and (not allows or allows(card, q, style_card)) then
    n = n + 1
    acts[n] = row[style_card] or new_removal(row, kind, card, q, style_card)
  end
  return n
end

-- Every different card of p's hand on every player from `first` to `last`.
-- `style` is p's Style (its `restrict`: the Outsider's limit). Returns the
-- new count.
local function add_plays(g, acts, n, kind, p, first, last, style)
  local defs, hand = g.defs, g.cards(HAND[p])
  local restrict = style and style.restrict
  local allows = restrict and restrict(g, p) or nil
  local plays, seen, now = hand_pass(g, kind)
  for i = 1, #hand do
    local card = hand[i]
    local def = defs[card]
    if seen[def] ~= now then -- the first copy
      seen[def] = now
      if def.removes then
        for q = first, last do n = add_removals(g, acts, n, kind, card, q, allows) end
      else
        local row = plays[card]
        if not allows then
          for q = first, last do
            n = n + 1
            acts[n] = row[q]
          end
        else
          for q = first, last do
            if allows(card, q) then
              n = n + 1
              acts[n] = row[q]
            end
          end
        end
      end
    end
  end
  return n
end

local function turn_actions(g)
  local s, p, acts, n = g.state, g.state.turn, new_list(), 0
  if s.plays >= 1 then
    n = 1
    acts[1] = END_TURN
  end
  local style = attr.style_of(g, p)
  local own_actions = style and style.turn_actions
  if own_actions then n = own_actions(g, p, acts, n) end
  add_plays(g, acts, n, "play", p, 1, g.players, style)
  return acts
end

local function debate_actions(g)
  local pending, acts = g.state.pending, new_list()
  local p, q = pending.debater, pending.opponent
  local n = add_plays(g, acts, 0, "respond", p, q, q, attr.style_of(g, p))
  acts[n + 1] = DECLINE
  return acts
end

-- Carry out one card played by p on action.target: the card's `on_play`;
-- without one, a Style replaces the target's Style and an action card
-- stays in front of its target.
local function resolve(g, p, action)
  local def = g.defs[action.card]
  if g.logging then g.log("%s plays %s on %s", who(p), def.name, who(action.target)) end
  local on_play = def.on_play
  if on_play then
    on_play(g, p, action, K)
  elseif def.style then
    K.take_style(g, action)
  else
    g.move(action.card, PLAYED[action.target]) -- K.keep, written out: most plays
  end
end

-- Does q's Style answer a card p played on q (the Great Debater)? q must
-- hold a card to answer with.
local function answers(g, q, p)
  local card = g.top(STYLE[q])
  local hook = card and g.defs[card].answers
  return hook and hook(g, q, p) and g.count(HAND[q]) > 0
end

local function play(g, action)
  local s, p, q = g.state, g.state.turn, action.target
  resolve(g, p, action)
  s.plays, s.shed = s.plays + 1, false
  if q ~= p and answers(g, q, p) then
    s.pending = { kind = "debate", debater = q, opponent = p }
    return
  end
  after_play(g)
end

local function respond(g, action)
  local s = g.state
  local debater, opponent = s.pending.debater, s.pending.opponent
  resolve(g, debater, action)
  local style = attr.style_of(g, debater)
  local answered = style and style.answered
  if answered then answered(g, debater, opponent, K) end
  s.pending = nil
  after_play(g)
end

-- An action of the turn player's Style (the Teflon Wonder's): the Style's
-- `act` carries it out.
local function style_action(g, action)
  local p = g.state.turn
  attr.style_of(g, p).act(g, p, action, K)
end

---------------------------------------------- after the Primary Election

-- "After the Primary Election, add your Affiliation to your Electability.
-- The two players with the highest total are their parties' Candidates.
-- Remaining players are known as Spoilers."

-- Position of p in this phase's turn order (0 = starting player).
local function order_position(g, p) return (p - g.state.start) % g.players end

-- Players sorted best first: by `score`, then higher Electability, then
-- earlier in turn order (README, ruling 9).
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

-- Every card played or put out of play goes back to the deck.
local function gather_table(g)
  for p = 1, g.players do g.move_all(PLAYED[p], DECK) end
  g.move_all(DISCARD, DECK)
end

-- After the Primary: the two highest totals are Candidates; attribute
-- totals carry over as base values, Styles stay, every other card returns.
function end_primary(g)
  local s, snap = g.state, attr.snapshot(g)
  local eff = attr.effective(snap, g.players, g.options.rounding)
  local ranked = rank(g, all_players(g), function(p) return attr.primary_total(eff, p) end, eff)
  s.candidates = { ranked[1], ranked[2] }
  for _, c in ipairs(s.candidates) do award(g, c, 1) end
  if g.logging then
    -- The totals the Primary was decided on: the next line of the status
    -- already speaks of the General (the window's summary between phases).
    local totals = {}
    for i, p in ipairs(ranked) do totals[i] = string.format("%s %d", who(p), attr.primary_total(eff, p)) end
    g.log("Primary Election totals: %s", table.concat(totals, ", "))
  end
  g.log("Candidates: %s and %s", who(ranked[1]), who(ranked[2]))
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

---------------------------------------------- after the General Election

-- "After the General Election, subtract your Affiliation from your
-- Electability. The Candidate with the highest positive total becomes
-- President (and wins the game). If neither Candidate has a positive
-- total, the Spoiler with the highest Electability (ignoring Affiliation)
-- becomes President."

local function is_candidate(g, p)
  local c = g.state.candidates
  return c ~= nil and (c[1] == p or c[2] == p)
end

-- Candidates, plus any Spoiler whose Style `contends` (the Highlander;
-- Styles as read in eff).
local function is_contender(g, eff, p)
  if is_candidate(g, p) then return true end
  local style = eff.style[p]
  local contends = style and style.contends
  return contends and contends(g, p)
end

local function contenders(g, eff)
  local list = {}
  for p = 1, g.players do
    if is_contender(g, eff, p) then list[#list + 1] = p end
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
  local best = rank(g, contenders(g, eff), total, eff)[1]
  if totals[best] > 0 then return best end
  local rest = spoilers(g)
  if #rest > 0 then
    return rank(g, rest, function(p) return eff.e[p] end, eff)[1]
  end
  return best
end

function end_general(g)
  local s, eff = g.state, attr.read(g)
  local totals = {}
  for p = 1, g.players do totals[p] = attr.general_total(eff, p, s.candidates) end
  local president = elect(g, eff, totals)
  s.president, s.totals = president, totals
  s.history[#s.history + 1] = { president = president, candidates = { s.candidates[1], s.candidates[2] } }
  g.log("%s is President", who(president))
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
    g.log("Game %d of the match", s.game)
    new_game(g)
  else
    s.phase = "over"
  end
end

------------------------------------------------------- the party match

-- "Divide the four players into two parties, and count points. When a
-- player becomes a Candidate, that player gets a point, and when a player
-- is elected President, that player gains two points and other party
-- members gain one." Only with the option `match` (README, "Party match").

function award(g, p, points)
  if g.options.match then
    local ps = g.state.players[p]
    ps.points = ps.points + points
  end
end

---------------------------------------------------------------- contract

local function setup(g)
  g.zone(DECK, DECK_SPEC)
  g.zone(DISCARD, DISCARD_SPEC)
  for p = 1, g.players do
    g.zone(HAND[p], HAND_SPEC[p])
    g.zone(PLAYED[p], PLAYED_SPEC[p])
    g.zone(STYLE[p], STYLE_SPEC[p])
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
  play = play, respond = respond,
  end_turn = end_turn,
  decline = function(g)
    g.state.pending = nil
    after_play(g)
  end,
}

local function apply(g, action)
  local handler = HANDLERS[action.kind] or style_action
  handler(g, action)
end

-- Menu and log text of one action, made only when someone reads it (the
-- window, the text UI, replays); bots and batch runs never ask.
local function describe(g, action)
  local kind = action.kind
  if kind == "end_turn" then return "End your turn without a second card" end
  local p = actor(g)
  if kind == "decline" then return attr.style_of(g, p).name .. ": do not respond" end
  if not HANDLERS[kind] then return attr.style_of(g, p).describe_action(g, action) end
  local name, q = card_name(g, action.card), action.target
  local label = string.format("Play %s on %s", name, q == p and "yourself" or who(q))
  if action.remove then return string.format("%s, removing %s", label, card_name(g, action.remove)) end
  if g.defs[action.card].removes then return label .. " (nothing to remove)" end
  return label
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
  return attr.general_total(eff, p, g.state.candidates)
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
    lines[#lines + 1] = string.format("General total %d (%s)", attr.general_total(eff, p, s.candidates),
      is_candidate(g, p) and "Candidate" or "Spoiler")
  end
  if g.options.match then
    lines[#lines + 1] = string.format("%s, %d points (game %d of %d)", PARTIES[party(p)],
      s.players[p].points, s.game, g.options.match_games)
  end
  return lines
end

-- The lines about the whole table, said once (the window's "Table").
local function table_status(g)
  if g.state.president then return { who(g.state.president) .. " is President" } end
  return {}
end

-- Projected standing: p's total against the rival it must beat (the
-- second best other player in a 3-4 player Primary, else the best one).
local function standing(g, p)
  local s, eff = g.state, attr.read(g)
  if s.phase == "general" and not is_contender(g, eff, p) then return eff.e[p] - 20 end
  local best, second = -math.huge, -math.huge
  for q = 1, g.players do
    if q ~= p then
      local total = phase_total(g, eff, q)
      if total > best then
        best, second = total, best
      elseif total > second then
        second = total
      end
    end
  end
  local mine = phase_total(g, eff, p)
  if s.phase == "primary" and g.players > 2 then return mine - second end
  return mine - best + (mine > 0 and 5 or 0)
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

-- The numbers `ratify sim` reports at the end of a game (docs/metrics.md):
-- Styles in play, action cards on the rows, cards put out of play.
local function stats(g)
  local styles, played = 0, 0
  for p = 1, g.players do
    styles = styles + g.count(STYLE[p])
    played = played + g.count(PLAYED[p])
  end
  return { styles = styles, played = played, out_of_play = g.count(DISCARD) }
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
    hand_size = { default = 7, min = 1, max = 12,
      doc = "Cards each player draws at the start of each phase (rule: seven)" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = { "electability", "affiliation", "style", "removes", "ignore_affiliation_effects" },
  setup = setup,
  actor = actor,
  actions = actions,
  apply = apply,
  describe = describe,
  result = result,
  status = status,
  table_status = table_status,
  -- the window's Normal and Hard bots: judge new positions by the heuristic
  -- at once (README, "Bots": 70% against the heuristic bot, 60% with
  -- random playouts), the iterations sharing 32 worlds (as strong, in two
  -- thirds of the time)
  search = "depth=0:worlds=32",
  heuristic = heuristic,
  stats = stats,
  -- The window: when the phase changes (Primary to General, or a new game
  -- of a match) a panel sums up what happened before play goes on.
  -- The cards played on a player keep room for six from the start, so
  -- their row's growing does not shrink every card turn after turn
  -- (docs/gui.md, "Layout hints"; eight would keep it still longer, but
  -- every card starts smaller at 800x600).
  layout = { phases = { field = "phase",
    title = { general = "The Primary Election is over", primary = "A new game of the match" } },
    ["played:*"] = { room = 6 } },
}
