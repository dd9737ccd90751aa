-- Card definitions of the GITMO family (seed 002): the Basic deck (58 cards)
-- and the Special Ops deck (41 cards). The four games of the box (gitmo,
-- escaped, captured, meet_the_patriots) take the parts they use from here.
--
-- Own fields of a definition, read by the rules:
--   deck    "basic" or "special_ops"
--   side    "patriot" / "traitor" for the numbered cards
--   points  points at the end of a hand / game (bonus and Special Ops cards)
--   cap     a card laid on a run: "trump" (protects it), "gitmo" (its traitors
--           go to Gitmo: Gitmo, Justice, Tribunal), "jesus" (Jesus Saves)
--   effect  the name of what a Special Ops card makes its drawer do (Captured
--           reads it: lose_turn, extra_turn, take_card, points)
--   gitmo_only  Special Ops cards that Captured removes ("they don't apply")
--   reconstruction  the seed does not give this card's text: ours is invented
--
-- A Special Ops card carries its own behaviour in GITMO, as hooks (see
-- rulesets/gitmo/README.md, "How a card's behaviour is written"):
--   on_draw(g, p, c, E)   p has drawn card c (it lies in "spent"): do what it
--                         says. E is GITMO's kit (rulesets/gitmo/effects.lua):
--                         E.keep, E.ask, E.lose_turn, E.extra_turn, E.opponents,
--                         E.pick_opponent, E.choice, E.board, E.runs. Every
--                         Special Ops card has one.
--   decision              the choice the card asks for, queued by E.ask(g,
--                         { handler = name, player = p, card = c }):
--                         { choices(g, d, E) -> list of E.choice{...} actions,
--                           describe(g, d, a, E) -> label,
--                           resolve(g, d, a, E) }
--                         (d: the pending decision; a: the chosen action)

local names = require "ratify.gitmo.names"

local M = {}

local RECON = " [Reconstruction: the real Special Ops card list is not public; "
  .. "a designer may replace this card.]"

local function numbered(side, i, name)
  local n, copy = (i - 1) % 12 + 1, i <= 12 and "a" or "b"
  local word = side == "patriot" and "Patriot" or "Traitor"
  local worth = side == "patriot" and "+1" or "-1"
  return {
    id = string.format("%s_%02d%s", side, n, copy), name = name, count = 1,
    kind = side, side = side, deck = "basic", rank = n,
    short = (side == "patriot" and "P" or "T") .. n,
    color = side == "patriot" and "blue" or "red",
    text = string.format("%s no. %d. Scores %s point; the number only builds runs. "
      .. "(Placeholder name; the real card names a real person.)", word, n, worth),
  }
end

-- The 24 Patriot cards: numbers 1..12, two of each, every card a person.
function M.patriots()
  local list = {}
  for i, name in ipairs(names.patriots) do list[i] = numbered("patriot", i, name) end
  return list
end

-- The 24 Traitor cards, likewise.
function M.traitors()
  local list = {}
  for i, name in ipairs(names.traitors) do list[i] = numbered("traitor", i, name) end
  return list
end

-- The 8 bonus cards of the Basic deck (6 of them Draw-A-Cards).
function M.bonus()
  return {
    { id = "trump", name = "Trump", kind = "bonus", deck = "basic", cap = "trump", short = "TR",
      color = "#b8860b",
      text = "Save card: lay it on one of your runs; no opponent may take that run or add to it. "
        .. "Move it between your own runs on your turn." },
    { id = "gitmo", name = "Gitmo", kind = "bonus", deck = "basic", cap = "gitmo", short = "GI",
      color = "#b8860b",
      text = "Lay it on a run: the Traitors of that run go to Gitmo at the end of the hand "
        .. "(they do not count against you). It goes with the run if the run is taken." },
    { id = "alliance", name = "Alliance", kind = "bonus", deck = "basic", wild = true, short = "AL",
      color = "#b8860b",
      text = "Set it aside and get a replacement card. Later, lay it at either end of one of "
        .. "your runs as a wild card; it then stays in that run for good." },
    { id = "whistleblower", name = "Whistleblower", kind = "bonus", deck = "basic", points = 10,
      short = "WB", color = "#b8860b",
      text = "Set it aside and get a replacement card: +10 points at the end of the hand." },
    { id = "draw_card", name = "Draw-A-Card", kind = "bonus", deck = "basic", count = 6, short = "DC",
      color = "#b8860b",
      text = "Draw a Special Ops card, read it aloud and do what it says; "
        .. "then get a replacement card." },
  }
end

-- The whole Basic deck: 24 Patriots, 24 Traitors, 8 bonus cards = 58.
function M.basic()
  local list = {}
  for _, part in ipairs { M.patriots(), M.traitors(), M.bonus() } do
    for _, d in ipairs(part) do list[#list + 1] = d end
  end
  return list
end

local function so(id, name, count, fields, text)
  local d = { id = id, name = name, count = count, kind = "special_ops", deck = "special_ops",
    color = "#2e7d32", text = text }
  for k, v in pairs(fields) do d[k] = v end
  if d.reconstruction then d.text = d.text .. RECON end
  return d
end

---------------------------------------------------------- Special Ops hooks

-- Kept beside the drawer: protectors to lay on a run later, points cards.
local function keep(g, p, c, E) E.keep(g, p, c) end

-- A decision named `handler`, asked of the drawer about card c.
local function asks(handler)
  return function(g, p, c, E) E.ask(g, { handler = handler, player = p, card = c }) end
end

-- Declassified: an unprotected lone card of an opponent, into one of your
-- vacant spots or onto one of your runs where it fits.
local take_card = {
  choices = function(g, d, E)
    local B, R = E.board, E.runs
    local p, list = d.player, {}
    for _, q in ipairs(E.opponents(g, p)) do
      for s = 1, g.state.size do
        local cards = g.cards(B.row(q, s))
        if #cards == 1 and B.numbered(g, cards[1]) and g.count(B.cap(q, s)) == 0 then
          local c = cards[1]
          for t = 1, g.state.size do
            local mine = g.cards(B.row(p, t))
            if #mine == 0 then
              list[#list + 1] = E.choice { card = c, row = t, at = "fill", target = q, zone = B.row(p, t) }
            else
              for _, at in ipairs { "top", "bottom" } do
                if R.fits(g, { c }, mine, at) then
                  list[#list + 1] = E.choice { card = c, row = t, at = at, target = q, zone = B.row(p, t) }
                end
              end
            end
          end
        end
      end
    end
    return list
  end,
  describe = function(g, d, a, E)
    local B = E.board
    local what = B.short(g, a.card) .. " of " .. B.name(a.target)
    if a.at == "fill" then return "Take " .. what .. " into your vacant row " .. a.row end
    return "Take " .. what .. " onto the " .. a.at .. " of your " .. B.describe_row(g, d.player, a.row)
  end,
  resolve = function(g, d, a, E)
    local B = E.board
    E.runs.attach(g, { a.card }, B.row(d.player, a.row), a.at == "bottom" and "bottom" or "top")
    g.log("%s takes %s from %s", B.name(d.player), B.short(g, a.card), B.name(a.target))
  end,
}

-- False Flag: the card (and its -5) goes to an opponent.
local pin = {
  choices = function(g, d, E) return E.pick_opponent(g, d) end,
  describe = function(_, _, a, E) return "Pin the False Flag on " .. E.board.name(a.target) end,
  resolve = function(g, d, a, E)
    local B = E.board
    g.move(d.card, B.aside(a.target))
    g.log("%s pins the False Flag on %s", B.name(d.player), B.name(a.target))
  end,
}

-- Conspiracy: an opponent loses his next turn.
local silence = {
  choices = function(g, d, E) return E.pick_opponent(g, d) end,
  describe = function(_, _, a, E) return E.board.name(a.target) .. " loses the next turn" end,
  resolve = function(g, _, a, E)
    E.lose_turn(g, a.target)
    g.log("%s will lose the next turn", E.board.name(a.target))
  end,
}

-- Deep State: a Gitmo/Justice/Tribunal card off an opponent's run.
local steal_gitmo = {
  choices = function(g, d, E)
    local B, list = E.board, {}
    for _, q in ipairs(E.opponents(g, d.player)) do
      for s = 1, g.state.size do
        for _, c in ipairs(g.cards(B.cap(q, s))) do
          if g.defs[c].cap == "gitmo" then list[#list + 1] = E.choice { card = c, target = q } end
        end
      end
    end
    return list
  end,
  -- the row is not in the choice: the card lies on it ("cap:q:s")
  describe = function(g, _, a, E)
    local B = E.board
    local s = tonumber(g.where(a.card):match("^cap:%d+:(%d+)$"))
    return "Take " .. g.defs[a.card].name .. " off " .. B.name(a.target) .. "'s " .. B.describe_row(g, a.target, s)
  end,
  resolve = function(g, d, a, E)
    local B = E.board
    g.move(a.card, B.aside(d.player))
    g.log("%s takes %s from %s", B.name(d.player), g.defs[a.card].name, B.name(a.target))
  end,
}

-- Grand Jury: one of your own lone, unprotected Traitors goes to Gitmo.
local indict = {
  choices = function(g, d, E)
    local B, list = E.board, {}
    for s = 1, g.state.size do
      local cards = g.cards(B.row(d.player, s))
      if #cards == 1 and g.defs[cards[1]].side == "traitor" and g.count(B.cap(d.player, s)) == 0 then
        list[#list + 1] = E.choice { card = cards[1], row = s }
      end
    end
    return list
  end,
  describe = function(g, _, a, E) return "Send " .. E.board.short(g, a.card) .. " (row " .. a.row .. ") to Gitmo" end,
  resolve = function(g, d, a, E)
    g.move(a.card, "prison")
    g.log("%s sends %s to Gitmo", E.board.name(d.player), E.board.short(g, a.card))
    -- the turn player's own spot, emptied during his turn, is refilled at
    -- once (F.refill_own); in a refill or the deal the dealer fills it
    local s = g.state
    if s.phase == "play" and s.turn == d.player then s.refill_row = a.row end
  end,
}

-- Scotus: the Trump comes to the drawer from the opponent who has it.
local function scotus(g, p, _, E)
  local B = E.board
  for _, t in ipairs(g.all("trump")) do
    local zone = g.where(t)
    local owner = tonumber(zone:match("^cap:(%d+):") or zone:match("^aside:(%d+)$"))
    if owner and not B.own(g, p, owner) then
      g.move(t, B.aside(p))
      g.log("%s takes the Trump card from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Scotus: no opponent has the Trump card")
end

-- Truth: the Whistleblower an opponent set aside is the drawer's now.
local function truth(g, p, _, E)
  local B = E.board
  for _, w in ipairs(g.all("whistleblower")) do
    local owner = tonumber(g.where(w):match("^aside:(%d+)$"))
    if owner and not B.own(g, p, owner) then
      g.move(w, B.aside(p))
      g.log("%s takes the Whistleblower from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Truth: no opponent has the Whistleblower")
end

local function lose_turn(g, p, _, E) E.lose_turn(g, p) end
local function extra_turn(g, p, _, E) E.extra_turn(g, p) end

---------------------------------------------------------- Special Ops cards

-- The nine Special Ops cards the seed names. Tribunal, Justice and Jesus Saves
-- act as the seed says; the other six are named only, so their texts are ours.
function M.named_special_ops()
  return {
    so("tribunal", "Tribunal", 1, { effect = "cap", cap = "gitmo", gitmo_only = true, short = "TB",
      on_draw = keep },
      "Keep it and lay it on one of your runs, like Gitmo: the Traitors of that run go to "
      .. "Gitmo at the end of the hand. It goes with the run if the run is taken."),
    so("justice", "Justice", 1, { effect = "cap", cap = "gitmo", gitmo_only = true, short = "JU",
      on_draw = keep },
      "Keep it and lay it on one of your runs, like Gitmo: the Traitors of that run go to "
      .. "Gitmo at the end of the hand. It goes with the run if the run is taken."),
    so("jesus_saves", "Jesus Saves", 1,
      { effect = "cap", cap = "jesus", points = 12, gitmo_only = true, short = "JS", on_draw = keep },
      "Keep it and lay it on one of your runs: nobody else may take that run or a card of it, "
      .. "but others may add to it. Its Traitors still count. +12 points at the end of the hand."),
    so("false_flag", "False Flag", 1,
      { effect = "pin", points = -5, gitmo_only = true, reconstruction = true, short = "FF",
        on_draw = asks "pin", decision = pin },
      "Pin it on someone else: give this card to an opponent of your choice. "
      .. "It scores -5 for whoever holds it at the end of the hand."),
    so("deep_state", "Deep State", 1,
      { effect = "steal_cap", gitmo_only = true, reconstruction = true, short = "DS",
        on_draw = asks "steal_gitmo", decision = steal_gitmo },
      "Take a Gitmo, Justice or Tribunal card off an opponent's run (the run stays) and keep it "
      .. "to lay on one of your own runs."),
    so("truth", "Truth", 1,
      { effect = "truth", gitmo_only = true, reconstruction = true, short = "TH", on_draw = truth },
      "The truth comes out: if another player has set the Whistleblower aside, it is yours now."),
    so("scotus", "Scotus", 1,
      { effect = "steal_cap", gitmo_only = true, reconstruction = true, short = "SC", on_draw = scotus },
      "The Supreme Court rules: take the Trump card from the opponent who has it (off a run or "
      .. "from beside them) and keep it to lay on one of your own runs."),
    so("conspiracy", "Conspiracy", 1,
      { effect = "silence", gitmo_only = true, reconstruction = true, short = "CO",
        on_draw = asks "silence", decision = silence },
      "Conspiracy uncovered: choose an opponent; that player loses his/her next turn."),
    so("grand_jury", "Grand Jury", 1,
      { effect = "indict", gitmo_only = true, reconstruction = true, short = "GJ",
        on_draw = asks "indict", decision = indict },
      "The Grand Jury indicts: send one Traitor card that stands alone (unprotected) in your hand "
      .. "to Gitmo. It leaves the game for this hand; its spot is refilled from the deck at once "
      .. "(in a deal or refill, by the dealer)."),
  }
end

-- The other 32 Special Ops cards: "read aloud and follow" cards of the kinds
-- the seed mentions (add or subtract points, lose your next turn, take a card)
-- plus an extra turn. All reconstructions.
function M.generic_special_ops()
  local function with(t)
    t.reconstruction = true
    return t
  end
  local function points(n, short) return with { effect = "points", points = n, short = short, on_draw = keep } end
  return {
    so("medal_of_freedom", "Medal of Freedom", 1, points(10, "+10"), "Keep this card: +10 points."),
    so("patriot_rally", "Patriot Rally", 3, points(5, "+5"), "Keep this card: +5 points."),
    so("town_hall", "Town Hall", 4, points(3, "+3"), "Keep this card: +3 points."),
    so("petition", "Petition Signed", 4, points(2, "+2"), "Keep this card: +2 points."),
    so("leaked_memo", "Leaked Memo", 4, points(-2, "-2"), "Keep this card: -2 points."),
    so("fake_news", "Fake News", 3, points(-3, "-3"), "Keep this card: -3 points."),
    so("cover_up", "Cover-Up", 3, points(-5, "-5"), "Keep this card: -5 points."),
    so("subpoena", "Subpoenaed", 4, with { effect = "lose_turn", short = "LT", on_draw = lose_turn },
      "You are called to testify: lose your next turn."),
    so("declassified", "Declassified", 4,
      with { effect = "take_card", short = "TK", on_draw = asks "take_card", decision = take_card },
      "Take a card from an opponent. (Gitmo: an unprotected lone card, into one of your vacant "
      .. "spots or onto your run where it fits. Captured: any card from another player's stash.)"),
    so("executive_order", "Executive Order", 2, with { effect = "extra_turn", short = "XT", on_draw = extra_turn },
      "Take another turn right after this one."),
  }
end

-- The whole Special Ops deck: 9 named + 32 = 41.
function M.special_ops()
  local list = M.named_special_ops()
  for _, d in ipairs(M.generic_special_ops()) do list[#list + 1] = d end
  return list
end

-- Number of cards a definition list makes.
function M.total(list)
  local n = 0
  for _, d in ipairs(list) do n = n + (d.count or 1) end
  return n
end

return M
