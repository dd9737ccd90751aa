-- ESCAPED uses only the 24 Traitor cards of the Basic deck; every one is a
-- different (placeholder) person, and the name is what players deduce.
local C = require "ratify.gitmo.cards"

local list = C.traitors()
for _, d in ipairs(list) do
  d.text = "Prisoner at Gitmo. Is this the one who escaped?"
end
return list
