-- MEET THE PATRIOTS uses only the 24 Patriot cards (numbers 1..12, two of
-- each, every card a different person; placeholder names).
local C = require "ratify.gitmo.cards"

local list = C.patriots()
for _, d in ipairs(list) do
  d.text = "Patriot no. " .. d.rank .. ". Read the card aloud."
  d.note = "Placeholder: the real card tells who this Patriot is and what he or she has done "
    .. "for our freedoms."
end
return list
