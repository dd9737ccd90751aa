-- GITMO uses both decks of the box: the Basic deck (58 cards) and the
-- Special Ops deck (41 cards). The cards are the family's (shared by the
-- four games of the box); what a Special Ops card does in GITMO is this
-- game's own (special_ops.lua), put on each card here.
local C = require "ratify.gitmo.cards"
local effects = require "special_ops"

local list = C.basic()
for _, d in ipairs(C.special_ops()) do
  local hooks = effects[d.id] or error("special_ops.lua: no effect for the Special Ops card '" .. d.id .. "'")
  for k, v in pairs(hooks) do d[k] = v end
  list[#list + 1] = d
end
return list
