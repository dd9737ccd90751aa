-- Article II, updated: 39 action cards and 12 Candidate Styles (51 cards).
--
-- Each card carries its own behaviour: its numbers as data, its effect as
-- functions (hooks) that the rules call at set moments. A new card is one
-- entry here or in a variant's `cards` table, with no edit elsewhere (see
-- variants/super_pac.lua, and README, "How a card's behaviour is written").
--
-- Action cards:
--   electability, affiliation   printed numbers; they count while the card
--                               lies in front of a player (attributes.lua)
--   removes = true              the play names one card in front of the
--                               target (action.remove): Voter ADHD
--   on_play(g, p, action, K)    p plays the card on action.target: what it
--                               does. Without it the card stays in front of
--                               its target (K.keep). K is kit.lua.
--
-- Styles (`style = true`) lie in front of their holder. Hooks, all optional
-- ("holder" is the player the Style lies in front of):
--   on_play(g, p, action, K)    without it the Style replaces the target's
--                               (K.take_style)
--   zero_affiliation(holder, q)        step 1: true when this Style sets q's
--                                      Affiliation to zero (a plain function of
--                                      the two numbers: attributes.lua asks once
--                                      per pair and keeps the answer)
--   scale_electability(e, rounding)    step 2: the holder's Electability
--   scale_affiliation(a)               step 2: the holder's Affiliation (not
--                                      called when it was set to zero)
--   modify(eff, holder, n)             step 3, the rest: changes the effective
--                                      values eff.e[q], eff.a[q] of any player
--   general_total(eff, holder, candidates)  the holder's General total (nil:
--                                      the usual Electability - Affiliation)
--   contends(g, holder)                true: as a Spoiler the holder still runs
--                                      in the General Election
--   restrict(g, holder)                at each decision of the holder: nil, or a
--                                      function(card, q, removed) that is false
--                                      for the plays the holder may not make
--   plays_per_turn(g, holder)          cards the holder may play in a turn, and
--                                      cards drawn after playing more than one
--   answers(g, holder, p)              true: when p plays a card on the holder,
--                                      the holder may at once play a card of
--                                      their hand on p (or decline)
--   answered(g, holder, p, K)          after the holder answered p
--   turn_actions(g, holder, acts, n)   adds the holder's own actions to their
--                                      turn (before each card: g.state.shed is
--                                      true once one was used); returns the count
--   act(g, holder, action, K)          carries one of those out
--   describe_action(g, action)         its label
-- A flag other hooks read: ignore_affiliation_effects (Third-Party: the
-- Mudslinger's Affiliation does not touch the holder).

local attr = require "attributes"
local S = require "speed"

local function action(id, name, count, quote, electability, affiliation, extra)
  local parts, corner = {}, {}
  if electability ~= 0 then
    parts[#parts + 1] = string.format("%+d Electability", electability)
    corner[#corner + 1] = string.format("%+dE", electability)
  end
  if affiliation ~= 0 then
    parts[#parts + 1] = string.format("%+d Affiliation", affiliation)
    corner[#corner + 1] = string.format("%+dA", affiliation)
  end
  local card = {
    id = id, name = name, count = count, kind = "action", quote = quote,
    text = table.concat(parts, "\n"),
    -- The numbers in the corner ("+4E-3A"), in sight on an overlapped or
    -- small card in the window, where the text is not.
    short = corner[1] and table.concat(corner) or nil,
    electability = electability, affiliation = affiliation,
  }
  for k, v in pairs(extra or {}) do card[k] = v end
  return card
end

-- A Style has no `on_play`: played, it replaces its target's Style (what
-- the rules do with a Style without one).
local function style(id, name, text, hooks)
  local card = { id = id, name = name, count = 1, kind = "style", style = true, text = text }
  for k, v in pairs(hooks) do card[k] = v end
  return card
end

---------------------------------------------------------------- hooks

-- Unaffiliated Activity: the target draws two cards; the card leaves play.
local function unaffiliated_activity(g, _, play, K)
  g.move(play.card, K.DISCARD)
  K.draw(g, play.target, 2)
end

-- Voter ADHD: leaves play, taking the chosen card with it (with nothing in
-- front of the target it is played for nothing).
local function voter_adhd(g, _, play, K)
  g.move(play.card, K.DISCARD)
  if play.remove then K.remove(g, play.remove) end
end

local function own(holder, q) return q == holder end
local function others(holder, q) return q ~= holder end

-- The Outsider may not play cards on other players that would decrease
-- their (effective) Affiliation. A card played on q changes only q's raw
-- numbers and Style, never whether another player's Style zeroes q's
-- Affiliation: so the table is read once per decision (a snapshot, plus
-- per player `zeroed` and the Affiliation `before`), and each play judged
-- by recomputing only q's Affiliation, with the code scoring uses.
local function no_lowering_others(g, holder)
  local n, defs = g.players, g.defs
  local snap = attr.snapshot(g)
  local zero = attr.zeroed_by_others(snap, n)
  for q = 1, n do
    local row = snap[q]
    row.zeroed = attr.zeroed(zero, q)
    row.before = attr.modified_affiliation(row.a, row.style, row.zeroed, q)
  end
  -- Would q's Affiliation stay at least as high with `card` (removing
  -- `removed`) played on q?
  return function(card, q, removed)
    if q == holder then return true end
    local row = snap[q]
    local a, held = row.a, row.style
    local def = defs[card]
    if def.style then
      held = def
    elseif removed then
      local rdef = defs[removed]
      if rdef.style then
        held = nil
      else
        a = a - (rdef.affiliation or 0)
      end
    else
      a = a + (def.affiliation or 0)
    end
    return attr.modified_affiliation(a, held, row.zeroed, q) >= row.before
  end
end

-- The Mudslinger's Affiliation leaves every other player's Electability
-- (not the Mudslinger's own: README, ruling 6), except a player who
-- ignores all effects of Affiliation (Third-Party).
local function mudslinging(eff, holder, n)
  local e, a, styles = eff.e, eff.a, eff.style
  for q = 1, n do
    local other = styles[q]
    if q ~= holder and not (other and other.ignore_affiliation_effects) then
      e[q] = e[q] - a[holder]
    end
  end
end

-- The Necromancer, a Candidate, subtracts the other Candidate's Affiliation.
local function necromancy(eff, holder, candidates)
  if not candidates then return nil end
  local c1, c2 = candidates[1], candidates[2]
  if holder == c1 and c2 then return eff.e[holder] - eff.a[c2] end
  if holder == c2 then return eff.e[holder] - eff.a[c1] end
  return nil
end

-- The Teflon Wonder: before each card, one card played on the holder may
-- leave play. Copies are interchangeable: one action per different card
-- (the first copy met; speed.lua marks them and makes each action once).
local function shed_actions(g, holder, acts, n)
  if g.state.shed then return n end
  local defs, played = g.defs, g.cards(attr.played_zone(holder))
  local seen, now = S.marks("shed")
  for i = 1, #played do
    local card = played[i]
    local def = defs[card]
    if seen[def] ~= now then -- the first copy
      seen[def] = now
      n = n + 1
      acts[n] = S.shed(card)
    end
  end
  return n
end

local function shed(g, holder, play, K)
  if g.logging then g.log("%s sheds %s", K.name(holder), g.defs[play.card].name) end
  K.discard(g, play.card)
  g.state.shed = true
end

---------------------------------------------------------------- the cards

return {
  action("tack_center", "Tack Center", 4,
    "I believe that you misheard me. I meant to say that I am against taxes.", 4, -3),
  action("toe_the_line", "Toe the Line", 4,
    "We must take things away from people we don't like and give them to people we do!", -3, 5),
  action("steal_their_position", "Steal Their Position", 2,
    "If you'll just check my record, you'll find that I've never not voted against that thing you hate.", 6, -5),
  action("slam_your_fellows", "Slam Your Fellows", 2,
    "Everyone else on this stage is a ninny.", 3, -3),
  action("targeted_by_a_negative_ad", "Targeted by a Negative Ad", 2,
    "'If elected, I will murder babies' 'Did I really say that?' 'You may have been drunk, sir.'", -3, 0),
  action("unaffiliated_activity", "Unaffiliated Activity", 1,
    "We're not coordinating, A-WINK", 0, 0, { on_play = unaffiliated_activity, text = "Draw two cards" }),
  action("sister_soulja_moment", "Sister Soulja Moment", 2,
    "Certain members of my party suck", 7, -7),
  action("gaffe", "Gaffe", 2,
    "I am the only anti-unicorn candidate in this race", -3, -3),
  action("true_blue", "True Blue", 2,
    "I agree with my party in every way", 0, 5),
  action("civil_debate", "Civil Debate", 2,
    "Man, I LOVE you guys", 0, 3),
  action("uncivil_debate", "Uncivil Debate", 2,
    "My opponent hates dogs", -3, 0),
  action("strange_pronouncement", "Strange Pronouncement", 2,
    "Sure, I believe in UFOs", 0, 2),
  action("party_endorsement", "Party Endorsement", 2,
    "My party member is obviously the best to lead our nation!", 0, 5),
  action("newspaper_endorsement", "Newspaper Endorsement", 3,
    "\"Dude, this guy rocks\" - High Times", 3, 0),
  action("policy_proposal", "Policy Proposal", 3,
    "Everyone should get nifty things", 0, 3),
  action("voter_adhd", "Voter ADHD", 4,
    "The average citizen has the same memory as a gold- hey, what's that over there?", 0, 0,
    { removes = true, on_play = voter_adhd, text = "Remove one card from play" }),

  style("screaming_partisan", "Screaming Partisan",
    "While a Screaming Partisan, your Affiliation is doubled.",
    { scale_affiliation = function(a) return a * 2 end }),
  style("outsider", "Outsider Candidate",
    "While an Outsider, your Affiliation is zero, and you may not play cards on other players "
      .. "that would decrease their Affiliation.",
    { zero_affiliation = own, restrict = no_lowering_others }),
  style("insider", "Insider Candidate",
    "While an Insider, your Electability is halved, but you may play two cards each turn, "
      .. "then draw one card.",
    { scale_electability = attr.half,
      plays_per_turn = function() return 2, 1 end }),
  style("great_debater", "Great Debater",
    "When someone plays a card on you, you may immediately play a card on them, then draw a card.",
    { answers = function() return true end,
      answered = function(g, holder, _, K) K.draw(g, holder, 1) end }),
  style("mudslinger", "The Mudslinger",
    "Subtract your Affiliation from everyone's Electability",
    { modify = mudslinging }),
  style("necromancer", "The Necromancer",
    "In the General Election, subtract the other Candidate's Affiliation from your Electability "
      .. "instead of your own.",
    { general_total = necromancy }),
  style("lesser_evil", "The Lesser Evil",
    "Your Affiliation is zero",
    { zero_affiliation = own }),
  style("greater_evil", "The Greater Evil",
    "Your opponents' Affiliation is zero",
    { zero_affiliation = others }),
  style("highlander", "The Highlander",
    "As a Spoiler, you may still participate in the General Election as if you were a Candidate",
    { contends = function() return true end }),
  style("hairpiece", "The Hairpiece",
    "Your Style has no effects",
    {}),
  style("third_party", "Third-Party Candidate",
    "Ignore all effects of Affiliation, even from other Candidates. Your Affiliation is zero.",
    { zero_affiliation = own, ignore_affiliation_effects = true }),
  style("teflon_wonder", "The Teflon Wonder",
    "Before playing a card, you may remove a card that's been played on you",
    { turn_actions = shed_actions, act = shed,
      describe_action = function(g, a)
        return string.format("Teflon Wonder: remove %s from in front of you", g.defs[a.card].name)
      end }),
}
