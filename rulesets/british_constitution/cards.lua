-- Two entire packs: 52 definitions, two copies each (104 cards).
-- Card ids are the corner labels ("9H", "10S", "QD"), so tests read like the
-- tableau. Kings and queens never play; their text says what they stand for.

local SUITS = {
  { key = "S", name = "Spades", suit = "spades", color = "black" },
  { key = "H", name = "Hearts", suit = "hearts", color = "red" },
  { key = "D", name = "Diamonds", suit = "diamonds", color = "red" },
  { key = "C", name = "Clubs", suit = "clubs", color = "black" },
}

local RANKS = {
  { key = "A", name = "Ace" }, { key = "2", name = "Two" },
  { key = "3", name = "Three" }, { key = "4", name = "Four" },
  { key = "5", name = "Five" }, { key = "6", name = "Six" },
  { key = "7", name = "Seven" }, { key = "8", name = "Eight" },
  { key = "9", name = "Nine" }, { key = "10", name = "Ten" },
  { key = "J", name = "Jack" }, { key = "Q", name = "Queen" },
  { key = "K", name = "King" },
}

-- What a card stands for in the Constitution (rulebook's words).
local function role_text(rank, suit)
  if rank == 1 then return "The Government: a foundation, built up in suit to the knave" end
  if rank == 12 and suit.key == "D" then
    return "The Sovereign (one queen of diamonds; the other queens are thrown aside)"
  end
  if rank == 12 then return "Thrown aside" end
  if rank == 13 and suit.color == "black" then return "A Bishop" end
  if rank == 13 then return "A Judge" end
  return "Climbs the Constitution row by row: built down in alternate colours on the row above"
end

local cards = {}
for _, suit in ipairs(SUITS) do
  for rank, r in ipairs(RANKS) do
    cards[#cards + 1] = {
      id = r.key .. suit.key,
      name = r.name .. " of " .. suit.name,
      count = 2,
      suit = suit.suit,
      rank = rank,
      color = suit.color,
      short = r.key .. suit.key,
      text = role_text(rank, suit),
    }
  end
end

return cards
