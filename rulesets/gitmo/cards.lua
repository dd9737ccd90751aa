-- GITMO uses both decks of the box: the Basic deck (58 cards) and the
-- Special Ops deck (41 cards). The definitions are shared by the family.
local C = require "ratify.gitmo.cards"

local list = C.basic()
for _, d in ipairs(C.special_ops()) do list[#list + 1] = d end
return list
