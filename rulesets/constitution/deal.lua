-- The Deal and the Lead: choosing the first dealer, dealing one by one,
-- the odd card, and Uncle Sam.
local seats = require "seats"

local M = {}

M.HAND_SIZE = 15

-- Every card back into the pack, face down, in card order (the order the
-- shuffle starts from).
function M.gather(g)
  for c = 1, g.ncards do g.move(c, "deck") end
end

-- The card laid on the table by its holder (Uncle Sam), found once per
-- card data (the definitions are shared and never change).
local uncle_sam_of = setmetatable({}, { __mode = "k" })

function M.uncle_sam(g)
  local found = uncle_sam_of[g.defs]
  if found then return found end
  for c, def in ipairs(g.defs) do
    if def.on_table then
      uncle_sam_of[g.defs] = c
      return c
    end
  end
  error("constitution: no card has on_table = true (Uncle Sam) in the card data")
end

-- Each hand draws a card from the spread pack; the highest State card (not
-- doubling for Suffrage States) deals. No single highest: draw again.
function M.draw_for_dealer(g)
  for _ = 1, 100 do
    M.gather(g)
    g.shuffle("deck")
    local deck = g.cards("deck")
    local best, dealer, tie = -1, nil, false
    for seat = 1, seats.SEATS do
      local def = g.defs[deck[#deck - seat + 1]]
      if def.kind == "state" and def.votes > best then
        best, dealer, tie = def.votes, seat, false
      elseif def.kind == "state" and def.votes == best then
        tie = true
      end
    end
    if g.logging then
      local drawn = {}
      for seat = 1, seats.SEATS do
        drawn[seat] = seats.name(g, seat) .. " draws " .. g.defs[deck[#deck - seat + 1]].name
      end
      g.log(table.concat(drawn, "; "))
    end
    if dealer and not tie then return dealer end
    g.log("No single highest State card: the draw is repeated")
  end
  return 1
end

local function seat_of_hand(zone)
  return tonumber(zone:match("^hand:(%d+)$"))
end

-- Deal one by one to the left of the dealer, 15 each; the odd card stays
-- face down. Uncle Sam's holder picks the odd card up and lays Uncle Sam
-- face up on the table at his right hand. Returns Uncle Sam's holder.
-- Should Uncle Sam himself be the odd card nobody can lead: the same
-- dealer deals again (a misdeal; our ruling).
function M.deal(g, dealer)
  local us = M.uncle_sam(g)
  for _ = 1, 100 do
    M.gather(g)
    g.shuffle("deck")
    -- One by one from the top of the pack (the end of the list).
    local pack = g.cards("deck")
    local seat = seats.left(dealer)
    for i = 1, M.HAND_SIZE * seats.SEATS do
      g.move(pack[#pack + 1 - i], seats.HAND[seat])
      seat = seats.left(seat)
    end
    g.draw("deck", "odd")
    local holder = seat_of_hand(g.where(us))
    if holder then
      g.draw("odd", seats.hand(holder))
      g.move(us, "table")
      g.log("%s holds Uncle Sam: takes the odd card, lays Uncle Sam on the table and leads", seats.name(g, holder))
      return holder
    end
    g.state.misdeals = g.state.misdeals + 1
    g.log("Uncle Sam is the odd card: misdeal, %s deals again", seats.name(g, dealer))
  end
  error("constitution: Uncle Sam was the odd card 100 deals in a row")
end

return M
