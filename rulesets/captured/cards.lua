-- CAPTURED uses the Basic and Special Ops decks without the 6 Draw-A-Cards
-- and the 11 cards that "don't apply in this game" (Gitmo, Alliance,
-- Tribunal, Justice, False Flag, Deep State, Jesus Saves, Truth, Scotus,
-- Conspiracy, Grand Jury). The Trump stays in the box unless the option
-- `trump` is on (the ruleset leaves it out at setup).
local C = require "ratify.gitmo.cards"

local list = {}
for _, d in ipairs(C.patriots()) do
  d.text = "Patriot no. " .. d.rank .. ": the Patriot deck's top card moves a player that many "
    .. "spaces. One Patriot is each player's identity."
  list[#list + 1] = d
end
for _, d in ipairs(C.traitors()) do
  d.text = "Traitor no. " .. d.rank .. ", captured: +1 point in your stash."
  list[#list + 1] = d
end
for _, d in ipairs(C.bonus()) do
  if d.id == "trump" then
    d.text = "Optional card: whoever holds it at the end of the game scores none of the negative "
      .. "cards in his stash."
    list[#list + 1] = d
  elseif d.id == "whistleblower" then
    d.text = "Stash it: +10 points at the end of the game."
    list[#list + 1] = d
  end
end
for _, d in ipairs(C.generic_special_ops()) do list[#list + 1] = d end
return list
