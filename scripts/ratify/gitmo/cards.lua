-- The cards of the GITMO box (seed 002): the Basic deck (58 cards) and the
-- Special Ops deck (41 cards), as data. The four games of the box (gitmo,
-- escaped, captured, meet_the_patriots) take the parts they use from here:
-- the same physical cards, so one list (a ruleset's `require` reaches only
-- its own folder and scripts/). What a card does is each game's own: this
-- module holds no behaviour (GITMO's Special Ops effects are in
-- rulesets/gitmo/special_ops.lua).
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
--   note    for designers only (the host never shows it to a player)

local names = require "ratify.gitmo.names"

local M = {}

local RECON = "Reconstruction: the real Special Ops card list is not public; "
  .. "a designer may replace this card."
local PLACEHOLDER = "Placeholder name; the real card names a real person."

local function numbered(side, i, name)
  local n, copy = (i - 1) % 12 + 1, i <= 12 and "a" or "b"
  local word = side == "patriot" and "Patriot" or "Traitor"
  local worth = side == "patriot" and "+1" or "-1"
  return {
    id = string.format("%s_%02d%s", side, n, copy), name = name, count = 1,
    kind = side, side = side, deck = "basic", rank = n,
    short = (side == "patriot" and "P" or "T") .. n,
    color = side == "patriot" and "blue" or "red",
    text = string.format("%s no. %d. Scores %s point; the number only builds runs.", word, n, worth),
    note = PLACEHOLDER,
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
  if d.reconstruction then d.note = RECON end
  return d
end

---------------------------------------------------------- Special Ops cards

-- The nine Special Ops cards the seed names. Tribunal, Justice and Jesus Saves
-- act as the seed says; the other six are named only, so their texts are ours.
function M.named_special_ops()
  return {
    so("tribunal", "Tribunal", 1, { effect = "cap", cap = "gitmo", gitmo_only = true, short = "TB" },
      "Keep it and lay it on one of your runs, like Gitmo: the Traitors of that run go to "
      .. "Gitmo at the end of the hand. It goes with the run if the run is taken."),
    so("justice", "Justice", 1, { effect = "cap", cap = "gitmo", gitmo_only = true, short = "JU" },
      "Keep it and lay it on one of your runs, like Gitmo: the Traitors of that run go to "
      .. "Gitmo at the end of the hand. It goes with the run if the run is taken."),
    so("jesus_saves", "Jesus Saves", 1,
      { effect = "cap", cap = "jesus", points = 12, gitmo_only = true, short = "JS" },
      "Keep it and lay it on one of your runs: nobody else may take that run or a card of it, "
      .. "but others may add to it. Its Traitors still count. +12 points at the end of the hand."),
    so("false_flag", "False Flag", 1,
      { effect = "pin", points = -5, gitmo_only = true, reconstruction = true, short = "FF" },
      "Pin it on someone else: give this card to an opponent of your choice. "
      .. "It scores -5 for whoever holds it at the end of the hand."),
    so("deep_state", "Deep State", 1,
      { effect = "steal_cap", gitmo_only = true, reconstruction = true, short = "DS" },
      "Take a Gitmo, Justice or Tribunal card off an opponent's run (the run stays) and keep it "
      .. "to lay on one of your own runs."),
    so("truth", "Truth", 1,
      { effect = "truth", gitmo_only = true, reconstruction = true, short = "TH" },
      "The truth comes out: if another player has set the Whistleblower aside, it is yours now."),
    so("scotus", "Scotus", 1,
      { effect = "steal_cap", gitmo_only = true, reconstruction = true, short = "SC" },
      "The Supreme Court rules: take the Trump card from the opponent who has it (off a run or "
      .. "from beside them) and keep it to lay on one of your own runs."),
    so("conspiracy", "Conspiracy", 1,
      { effect = "silence", gitmo_only = true, reconstruction = true, short = "CO" },
      "Conspiracy uncovered: choose an opponent; that player loses his/her next turn."),
    so("grand_jury", "Grand Jury", 1,
      { effect = "indict", gitmo_only = true, reconstruction = true, short = "GJ" },
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
  local function points(n, short) return with { effect = "points", points = n, short = short } end
  return {
    so("medal_of_freedom", "Medal of Freedom", 1, points(10, "+10"), "Keep this card: +10 points."),
    so("patriot_rally", "Patriot Rally", 3, points(5, "+5"), "Keep this card: +5 points."),
    so("town_hall", "Town Hall", 4, points(3, "+3"), "Keep this card: +3 points."),
    so("petition", "Petition Signed", 4, points(2, "+2"), "Keep this card: +2 points."),
    so("leaked_memo", "Leaked Memo", 4, points(-2, "-2"), "Keep this card: -2 points."),
    so("fake_news", "Fake News", 3, points(-3, "-3"), "Keep this card: -3 points."),
    so("cover_up", "Cover-Up", 3, points(-5, "-5"), "Keep this card: -5 points."),
    so("subpoena", "Subpoenaed", 4, with { effect = "lose_turn", short = "LT" },
      "You are called to testify: lose your next turn."),
    so("declassified", "Declassified", 4,
      with { effect = "take_card", short = "TK" },
      "Take a card from an opponent. (Gitmo: an unprotected lone card, into one of your vacant "
      .. "spots or onto your run where it fits. Captured: any card from another player's stash.)"),
    so("executive_order", "Executive Order", 2, with { effect = "extra_turn", short = "XT" },
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
