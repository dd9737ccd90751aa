-- Article II, updated: 39 action cards and 12 Candidate Styles (51 cards).
--
-- Action cards carry their printed numbers as data (`electability`,
-- `affiliation`); a card played on a player stays in front of that player
-- and the attributes are read from those cards (see attributes.lua).
-- Two action cards do something else: `draws` (the target draws that many
-- cards) and `removes` (remove one card from play).
--
-- Styles carry their effects as flags, read by attributes.lua (scoring) and
-- ruleset.lua (turn flow). A variant may add a Style built from the same
-- flags:
--   zero_own_affiliation        your Affiliation is zero       (zero step)
--   zero_opponents_affiliation  others' Affiliation is zero    (zero step)
--   affiliation_factor          your Affiliation is multiplied (doubling step)
--   halve_electability          your Electability is halved    (halving step)
--   mudslinger                  your Affiliation is subtracted from every
--                               other player's Electability    (the rest)
--   necromancer                 in the General Election, subtract the other
--                               Candidate's Affiliation instead of your own
--   ignore_affiliation_effects  other players' Affiliation never touches you
--   no_lowering_others          you may not play cards on other players
--                               that would decrease their Affiliation
--   plays_per_turn, draw_after_plays   the Insider's turn
--   responds                    Great Debater's answer
--   sheds                       Teflon Wonder's removal before each play
--   highlander                  a Spoiler still runs in the General Election

local function action(id, name, count, quote, electability, affiliation, extra)
  local parts = {}
  if electability ~= 0 then parts[#parts + 1] = string.format("%+d Electability", electability) end
  if affiliation ~= 0 then parts[#parts + 1] = string.format("%+d Affiliation", affiliation) end
  local card = {
    id = id, name = name, count = count, kind = "action", quote = quote,
    text = table.concat(parts, "\n"),
    electability = electability, affiliation = affiliation,
  }
  for k, v in pairs(extra or {}) do card[k] = v end
  return card
end

local function style(id, name, text, effects)
  local card = { id = id, name = name, count = 1, kind = "style", style = true, text = text }
  for k, v in pairs(effects) do card[k] = v end
  return card
end

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
    "We're not coordinating, A-WINK", 0, 0, { draws = 2, text = "Draw two cards" }),
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
    { removes = 1, text = "Remove one card from play" }),

  style("screaming_partisan", "Screaming Partisan",
    "While a Screaming Partisan, your Affiliation is doubled.",
    { affiliation_factor = 2 }),
  style("outsider", "Outsider Candidate",
    "While an Outsider, your Affiliation is zero, and you may not play cards on other players "
      .. "that would decrease their Affiliation.",
    { zero_own_affiliation = true, no_lowering_others = true }),
  style("insider", "Insider Candidate",
    "While an Insider, your Electability is halved, but you may play two cards each turn, "
      .. "then draw one card.",
    { halve_electability = true, plays_per_turn = 2, draw_after_plays = 1 }),
  style("great_debater", "Great Debater",
    "When someone plays a card on you, you may immediately play a card on them, then draw a card.",
    { responds = true }),
  style("mudslinger", "The Mudslinger",
    "Subtract your Affiliation from everyone's Electability",
    { mudslinger = true }),
  style("necromancer", "The Necromancer",
    "In the General Election, subtract the other Candidate's Affiliation from your Electability "
      .. "instead of your own.",
    { necromancer = true }),
  style("lesser_evil", "The Lesser Evil",
    "Your Affiliation is zero",
    { zero_own_affiliation = true }),
  style("greater_evil", "The Greater Evil",
    "Your opponents' Affiliation is zero",
    { zero_opponents_affiliation = true }),
  style("highlander", "The Highlander",
    "As a Spoiler, you may still participate in the General Election as if you were a Candidate",
    { highlander = true }),
  style("hairpiece", "The Hairpiece",
    "Your Style has no effects",
    {}),
  style("third_party", "Third-Party Candidate",
    "Ignore all effects of Affiliation, even from other Candidates. Your Affiliation is zero.",
    { zero_own_affiliation = true, ignore_affiliation_effects = true }),
  style("teflon_wonder", "The Teflon Wonder",
    "Before playing a card, you may remove a card that's been played on you",
    { sheds = true }),
}
