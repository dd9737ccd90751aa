-- The cards of {{name}}: a plain 52-card pack. Each entry is one kind of
-- card; `count` copies of it go in the game. `suit` and `rank` (2-14, the
-- ace high) make the window draw it as a playing card. Add a field of your
-- own (`points = 3`) and read it in ruleset.lua with g.defs[card].points.
local SUITS = { "spades", "hearts", "diamonds", "clubs" }
local NAMES = { [11] = "Jack", [12] = "Queen", [13] = "King", [14] = "Ace" }

local cards = {}
for _, suit in ipairs(SUITS) do
  for rank = 2, 14 do
    local name = (NAMES[rank] or tostring(rank)) .. " of " .. suit:sub(1, 1):upper() .. suit:sub(2)
    cards[#cards + 1] = {
      id = suit .. "_" .. rank, name = name, count = 1, suit = suit, rank = rank,
      text = "Worth " .. rank,
    }
  end
end
return cards
