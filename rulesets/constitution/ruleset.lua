-- Constitution: the 1910s trick-taking game of the Presidential election.
-- Two deals make a game: the popular vote, then the Electoral College.
-- See README.md for the rules as implemented and every ruling.
local values = require "values"
local seats = require "seats"
local deal = require "deal"
local play = require "play"

local DEAL_NAME = { "popular vote", "electoral votes" }
local TRICKS = { "tricks:1", "tricks:2" }  -- each partnership's tricks

---------------------------------------------------------------------------
-- Setup

local function make_zones(g)
  g.zone("deck", { visibility = "none", kind = "deck", label = "Pack" })
  g.zone("odd", { visibility = "none", kind = "pile", label = "Odd card" })
  g.zone("table", { visibility = "all", kind = "pile", label = "Uncle Sam" })
  for seat = 1, seats.SEATS do
    local dummy = seats.is_dummy(g, seat)
    g.zone(seats.hand(seat), {
      owner = seats.controller(g, seat), kind = "hand",
      visibility = dummy and "all" or "owner",
      label = seats.name(g, seat),
    })
  end
  g.zone("trick", { visibility = "all", kind = "pile", label = "Trick" })
  for team = 1, 2 do
    g.zone(TRICKS[team], { visibility = "all", kind = "pile",
      label = "Tricks of " .. seats.team_name(g, team) })
  end
end

local function start_deal(g, number, dealer)
  local s = g.state
  s.deal, s.dealer, s.tricks = number, dealer, 0
  s.has_led = { false, false, false, false }
  g.log("Deal %d (%s): %s deals", number, DEAL_NAME[number], seats.name(g, dealer))
  local holder = deal.deal(g, dealer)
  s.uncle_sam[number] = holder
  s.trick = play.new_trick(holder)
  s.turn = holder
end

local function setup(g)
  if g.options.check_totals then values.assert_totals(g) end
  local first = g.options.seat1_party
  g.state = {
    parties = { first, seats.other_party(first) },
    scores = {}, uncle_sam = {}, misdeals = 0, over = false,
  }
  make_zones(g)
  for team = 1, 2 do g.log("Partners: %s", seats.team_name(g, team)) end
  start_deal(g, 1, deal.draw_for_dealer(g))
end

---------------------------------------------------------------------------
-- Scoring

local function deal_votes(g, team, number)
  local count, n = values.deal_counts(g)[number], 0
  for _, c in ipairs(g.cards(TRICKS[team])) do n = n + count[c] end
  return n
end

-- When every card of a full deal went into tricks, the combined scores
-- must equal the rulebook's check total.
local function check_deal(g, score)
  local played = g.count(TRICKS[1]) + g.count(TRICKS[2])
  local want = values.DEAL_TOTAL[g.state.deal]
  if g.options.check_totals and played == deal.HAND_SIZE * seats.SEATS
      and score[1] + score[2] ~= want then
    error(string.format("constitution: deal %d counts %d votes, the check total is %d",
      g.state.deal, score[1] + score[2], want))
  end
end

local function players_of(g, team)
  local out = {}
  for p = 1, g.players do
    if seats.team(p) == team then out[#out + 1] = p end
  end
  return out
end

-- Both deals added; a tie goes to the party of the Vice President's holder.
local function finish(g)
  local s = g.state
  local total = { s.scores[1][1] + s.scores[2][1], s.scores[1][2] + s.scores[2][2] }
  local team
  if total[1] ~= total[2] then
    team = total[1] > total[2] and 1 or 2
  elseif s.vp_seat then
    team = seats.team(s.vp_seat)
    g.log("%s holds the Vice President and casts the deciding vote", seats.name(g, s.vp_seat))
  end
  local scores = {}
  for p = 1, g.players do scores[p] = total[seats.team(p)] end
  local text = string.format("Democratic %d, Republican %d: ",
    total[s.parties[1] == "Democratic" and 1 or 2], total[s.parties[1] == "Democratic" and 2 or 1])
  text = text .. (team and ("the " .. s.parties[team] .. " candidate is elected President") or "no President elected")
  g.log(text)
  s.over = true
  s.result = { winners = team and players_of(g, team) or {}, scores = scores, text = text }
end

local function end_deal(g)
  local s = g.state
  local score = { deal_votes(g, 1, s.deal), deal_votes(g, 2, s.deal) }
  check_deal(g, score)
  s.scores[s.deal] = score
  g.log("Deal %d (%s): %s %d, %s %d", s.deal, DEAL_NAME[s.deal],
    s.parties[1], score[1], s.parties[2], score[2])
  if s.deal == 1 then
    -- The player at the right of Uncle Sam's holder deals the second deal.
    start_deal(g, 2, seats.right(s.uncle_sam[1]))
  else
    finish(g)
  end
end

---------------------------------------------------------------------------
-- Turns

local function card_label(def)
  if def.kind ~= "state" then return def.name end
  return string.format("%s (%s %d%s)", def.name, def.suit, def.votes,
    def.suffrage and ", Double Vote" or "")
end

local function actor(g)
  if g.state.over then return nil end
  return seats.controller(g, g.state.turn)
end

-- The actions carry no label: the host asks `describe` only when a person
-- or a replay reads one, so bots and batch runs never build the strings.
-- The only card a hand may play is a chore, not a choice: marked `auto`,
-- the engine plays it for a person who lets it (Options: "Forced moves").
local function actions(g)
  local list = play.choices(g, g.state.turn)
  if #list == 1 then list[1].auto = true end
  return list
end

local function describe(g, a)
  local prefix = seats.is_dummy(g, a.seat) and (seats.name(g, a.seat) .. ": play ") or "Play "
  return prefix .. card_label(g.defs[a.card]) .. " - " .. a.how
end

local function end_trick(g)
  local s = g.state
  local winner = play.winner(g, s.trick)
  local team = seats.team(winner)
  s.tricks = s.tricks + 1
  if g.logging then
    local count, worth = values.deal_counts(g)[s.deal], 0
    for _, c in ipairs(g.cards("trick")) do worth = worth + count[c] end
    g.log("Trick %d to %s, %s: %d votes", s.tricks, seats.name(g, winner), s.parties[team], worth)
  end
  g.move_all("trick", TRICKS[team])
  -- After the first trick the trick winner leads.
  s.trick = play.new_trick(winner)
  s.turn = winner
  for seat = 1, seats.SEATS do
    if g.count(seats.HAND[seat]) > 0 then return end
  end
  end_deal(g)
end

local function apply(g, a)
  local s = g.state
  local seat = s.turn
  local def = g.defs[a.card]
  s.has_led[seat] = s.has_led[seat] or #s.trick.plays == 0
  play.play(g, seat, a.card, a.how)
  if g.logging then
    local who = seats.name(g, seat)
    g.log("%s: %s - %s", who, card_label(def), a.how)
    -- The Double Vote is announced for the player (automatic, no penalty).
    if def.suffrage then g.log('%s: "Double Vote!"', who) end
  end
  if s.deal == 2 and def.casts_tie_vote then s.vp_seat = seat end
  if #s.trick.plays < seats.SEATS then
    s.turn = seats.left(seat)
  else
    end_trick(g)
  end
end

local function result(g)
  return g.state.result
end

---------------------------------------------------------------------------
-- For people and bots

-- Votes of a partnership so far: finished deals plus this deal's tricks.
local function standing(g, team)
  local s = g.state
  local n = 0
  for d = 1, 2 do
    if s.scores[d] then n = n + s.scores[d][team] end
  end
  if not s.scores[s.deal] then n = n + deal_votes(g, team, s.deal) end
  return n
end

local function status(g, player)
  return { "Your party: " .. seats.team_name(g, seats.team(player)) }
end

-- The lines about the whole table, said once (the window's "Table").
local function table_status(g)
  local s = g.state
  local lines = {
    s.over and s.result.text
      or string.format("Deal %d of 2 (%s), trick %d of 15", s.deal, DEAL_NAME[s.deal], s.tricks + 1),
  }
  for t = 1, 2 do
    lines[#lines + 1] = string.format("%s: %d votes", s.parties[t], standing(g, t))
  end
  lines[#lines + 1] = "Uncle Sam: " .. seats.name(g, s.uncle_sam[s.deal])
  if s.trick.suit then lines[#lines + 1] = "Suit led: " .. s.trick.suit end
  return lines
end

-- Half the votes on the trick in progress, for the party now taking it.
local function trick_in_progress(g, team)
  local t = g.state.trick
  if g.state.over or #t.plays == 0 then return 0 end
  local count, worth = values.deal_counts(g)[g.state.deal], 0
  for _, c in ipairs(g.cards("trick")) do worth = worth + count[c] end
  return seats.team(play.winner(g, t)) == team and worth / 2 or -worth / 2
end

-- Votes ahead of the other party (counting half of the trick in progress),
-- plus a little for Honor cards with vote still held by the partnership
-- (they take tricks later).
local function heuristic(g, player)
  local team = seats.team(player)
  local lead = standing(g, team) - standing(g, 3 - team) + trick_in_progress(g, team)
  local honors, defs = 0, g.defs
  for seat = 1, seats.SEATS do
    if seats.team(seat) == team then
      for _, c in ipairs(g.cards(seats.HAND[seat])) do
        local def = defs[c]
        if def.kind == "honor" and def.vote then honors = honors + 1 end
      end
    end
  end
  return lead + 4 * honors
end

-- The numbers `ratify sim` reports at the end of a game (docs/metrics.md):
-- the Honor cards the winning party took in the last deal's tricks (of
-- the 12; left out when nobody won), and the margin in votes over both
-- deals.
local function stats(g)
  local out = { vote_margin = math.abs(standing(g, 1) - standing(g, 2)) }
  local winner = g.state.result and g.state.result.winners[1]
  if winner then
    local honors, defs = 0, g.defs
    for _, c in ipairs(g.cards(TRICKS[seats.team(winner)])) do
      if defs[c].kind == "honor" then honors = honors + 1 end
    end
    out.winner_honors = honors
  end
  return out
end

return {
  id = "constitution",
  name = "Constitution",
  players = { min = 2, max = 4 },
  options = {
    seat1_party = { default = "Democratic", choices = { "Democratic", "Republican" },
      doc = "Party of the partnership of seats 1 & 3 (seats 2 & 4 are the other party)" },
    second_deal_honors = { default = "presidents",
      choices = { "presidents", "ladies", "chief_justice_and_vice_president" },
      doc = "The pair of Honor cards carrying one electoral vote each in the second deal (531 + 2 = 533)" },
    opposing_party = { default = "suit_led", choices = { "suit_led", "player" },
      doc = "Whose highest State card a hand may discard: the party other than the suit led, "
        .. "or the party opposing the player" },
    declare_party = { default = "first_lead", choices = { "first_lead", "each_player" },
      doc = "Which leads must declare a party: the first lead of each deal, or each hand's first lead" },
    check_totals = { default = true,
      doc = "Refuse card data that breaks the rulebook's check totals (531, 623, 533)" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = {
    "abbr", "suffrage", "votes", "vote", "popular", "pair", "president", "chief_justice",
    "casts_tie_vote", "honor_rank", "on_table"
  },
  setup = setup,
  actor = actor,
  actions = actions,
  apply = apply,
  result = result,
  describe = describe,
  status = status,
  table_status = table_status,
  -- the window's Normal and Hard bots: judge new positions by the heuristic
  -- at once, the iterations sharing 32 worlds (README, "Bots")
  search = "depth=0:worlds=32",
  heuristic = heuristic,
  stats = stats,
  -- The window: the pack and the odd card take no room once dealt and taken;
  -- the trick keeps room to fan four from the start, so its first fan moves
  -- nothing. Between the two deals a panel sums up the first.
  layout = {
    deck = { hide = "empty" },
    odd = { hide = "empty" },
    trick = { room = 4 },
    phases = { field = "deal", title = "The first deal is over" },
  },
}
