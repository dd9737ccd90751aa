-- Seats, partnerships and who plays which hand.
--
-- There are always four hands (seats 1..4, play passing to the left:
-- 1, 2, 3, 4). Partners sit opposite: seats 1 & 3 against 2 & 4. With fewer
-- than four players the missing seats are open dummy hands, each played by
-- its partner.
local M = {}

M.SEATS = 4

function M.left(seat) return seat % 4 + 1 end
function M.right(seat) return (seat + 2) % 4 + 1 end

-- Partnership 1 is seats 1 & 3, partnership 2 is seats 2 & 4.
function M.team(seat) return (seat - 1) % 2 + 1 end

function M.party(g, seat) return g.state.parties[M.team(seat)] end

function M.other_party(party)
  return party == "Democratic" and "Republican" or "Democratic"
end

-- The player who decides for a seat: the seat itself, or for a dummy its
-- partner (3 players: seat 4 is played by player 2; 2 players: seats 3
-- and 4 by players 1 and 2).
function M.controller(g, seat)
  if seat <= g.players then return seat end
  return seat - 2
end

function M.is_dummy(g, seat) return seat > g.players end

-- Zone names, made once: "hand:1" .. "hand:4".
M.HAND = {}
for seat = 1, M.SEATS do M.HAND[seat] = "hand:" .. seat end

function M.hand(seat) return M.HAND[seat] end

function M.name(g, seat)
  if M.is_dummy(g, seat) then
    return string.format("Dummy %d (Player %d)", seat, M.controller(g, seat))
  end
  return "Player " .. seat
end

function M.team_name(g, team)
  local members = team == 1 and "seats 1 & 3" or "seats 2 & 4"
  return string.format("%s (%s)", g.state.parties[team], members)
end

return M
