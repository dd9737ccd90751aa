-- GITMO (Game 1 of the box, seed 002): build runs of Patriot cards, send
-- Traitors to Gitmo, and "git mo" Patriots than everyone else. Every card
-- lies face up; nobody holds a hand. See README.md for the rules as
-- implemented and every ruling.

local B = require "board"
local E = require "effects"
local F = require "flow"
local P = require "play"

-- Every player's points now (totals plus the hand so far).
local function current_points(g)
  local s, now = g.state, {}
  for q = 1, g.players do
    now[q] = s.totals[q] + (s.phase == "over" and 0 or F.hand_score(g, q))
  end
  return now
end

-- The heuristic: p's team's points now against the best opposing team's.
local function lead(g, p, now)
  local mine, best = F.team_score(g, p, now), -math.huge
  for q = 1, g.players do
    if not B.own(g, p, q) then best = math.max(best, F.team_score(g, q, now)) end
  end
  return mine - best
end

return {
  id = "gitmo",
  name = "GITMO",
  players = { min = 2, max = 6 },
  options = {
    deal_size = { default = 0, min = 0, max = 6,
      doc = "Cards dealt to each player, one row each (0: the rule's 4 with 2-3 players, 3 with 4, 2 with 5-6)" },
    rounds = { default = 1, min = 1, max = 10,
      doc = "Rounds in the game; in a round every player deals one hand" },
    bottom_card = { default = false,
      doc = "Eligible cards include the bottom card of a run (besides lone cards and whole runs)" },
    pure_runs = { default = false,
      doc = "Runs of one kind only: all Patriots or all Traitors (the Alliance fits either)" },
    final_turn = { default = false,
      doc = "When the dealer's refill uses the last card of the deck, the next player takes a final turn" },
    card_laid_is_played = { default = true,
      doc = "A card laid is a card played; when off, a move that showed no new card may be taken back" },
    help_opponents = { default = false,
      doc = "Opponents point out missed plays: you may not end your turn while the deck card fits "
        .. "one of your runs" },
    remove_draw_cards = { default = 0, min = 0, max = 3,
      doc = "With 2-3 players, leave this many Draw-A-Cards out (the seed suggests 2 or 3)" },
    partners = { default = false,
      doc = "Partners (4 or 6 players, sitting opposite) share moves and combine their points" },
    turn_move_limit = { default = 40, min = 1, max = 1000,
      doc = "Moves per turn besides playing the deck card (keeps a software turn finite)" },
    hand_turn_limit = { default = 200, min = 0, max = 10000,
      doc = "A hand ends after this many turns even if the deck is not used up (0: no limit)" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = {
    "deck", "side", "cap", "wild", "points", "effect", "gitmo_only", "decision", "reconstruction"
  },
  -- the window keeps each row five cards wide for the whole game (a longer
  -- run closes up, then shows its ends and "+N" for the cards between,
  -- so it never shrinks every card nor pushes the "On row" slot beside
  -- it), each "On row" room to fan two protectors and the cards set aside
  -- room to fan four (README, "The window")
  layout = {
    ["row:*"] = { room = 5, tighten = true },
    ["cap:*"] = { room = 2 },
    ["aside:*"] = { room = 4 },
  },

  setup = function(g)
    F.init(g)
    F.start_hand(g)
    F.settle(g)
  end,

  actor = function(g)
    local s = g.state
    if s.phase == "over" then return nil end
    if s.pending[1] then return s.pending[1].player end
    return s.turn
  end,

  actions = function(g)
    local s = g.state
    if s.phase == "over" then return {} end
    if s.pending[1] then return E.choices(g, s.pending[1]) end
    return P.actions(g)
  end,

  -- labels are made only when shown (bots skip them)
  describe = function(g, a)
    if a.kind == "decide" then return E.describe(g, a) end
    return P.describe(g, a)
  end,

  apply = function(g, a)
    local kind = a.kind -- (each read of an action's field is a host call)
    if kind == "decide" then E.decide(g, a) else P.apply(g, a, kind) end
    F.settle(g)
  end,

  result = function(g)
    local s = g.state
    if s.phase ~= "over" then return nil end
    local scores, best = {}, -math.huge
    for p = 1, g.players do
      scores[p] = F.team_score(g, p, s.totals)
      best = math.max(best, scores[p])
    end
    local winners, names = {}, {}
    for p = 1, g.players do
      if scores[p] == best then
        winners[#winners + 1] = p
        names[#names + 1] = B.name(p)
      end
    end
    return { winners = winners, scores = scores,
      text = table.concat(names, " and ") .. " git mo' Patriots: " .. best .. " points" }
  end,

  status = function(g, p)
    local s = g.state
    local lines = { "Total " .. s.totals[p] }
    if s.phase ~= "over" then
      lines[#lines + 1] = "This hand " .. F.hand_score(g, p)
      if s.dealer == p then lines[#lines + 1] = "Dealer" end
      if s.skip and s.skip[p] > 0 then lines[#lines + 1] = "Loses the next turn" end
      if s.extra and s.extra[p] > 0 then lines[#lines + 1] = "Extra turn coming" end
    end
    local mate = B.partner(g, p)
    if mate then lines[#lines + 1] = "Partner: " .. B.name(mate) end
    return lines
  end,

  -- the window's Normal and Hard bots: judge new positions by the heuristic
  -- at once (README, "Bots": it beat random playouts here)
  search = "depth=0",
  heuristic = function(g, p) return lead(g, p, current_points(g)) end,
  -- every player's at once, for the search's judge: the points counted once
  heuristics = function(g)
    local now, all = current_points(g), {}
    for p = 1, g.players do all[p] = lead(g, p, now) end
    return all
  end,
}
