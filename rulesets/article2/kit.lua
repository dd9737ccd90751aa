-- What a card's hooks work with (see cards.lua and README, "How a card's
-- behaviour is written"): the zone names, the moves a played card makes,
-- and the attribute code. Every hook that changes the table gets this
-- module as its last argument, so a variant's card needs no `require`.
--
-- Zones: "deck", "discard" (out of play until the end of the phase), and
-- per player p "hand:p", "played:p" (cards played on p, kept in front of
-- p: their numbers count while they lie there) and "style:p" (p's Style).

local attr = require "attributes"

local K = {}

K.attributes = attr
K.DECK, K.DISCARD = "deck", "discard"

-- Zone and player names, made once (a string built per call costs an
-- allocation every time; see README, "Speed").
K.HAND, K.PLAYED, K.STYLE, K.NAME = {}, {}, {}, {}
for p = 1, 16 do
  K.HAND[p], K.NAME[p] = "hand:" .. p, "Player " .. p
  K.PLAYED[p], K.STYLE[p] = attr.played_zone(p), attr.style_zone(p)
end

function K.name(p) return K.NAME[p] end

-- The names of cards, for a log line: "A, B and C".
function K.names(g, cards)
  local names = {}
  for i, c in ipairs(cards) do names[i] = g.defs[c].name end
  if #names < 2 then return names[1] or "nothing" end
  return table.concat(names, ", ", 1, #names - 1) .. " and " .. names[#names]
end

-- p draws n cards (none when n is nil or 0). Draws stop when the deck is
-- empty; it is not refilled within a phase. Only p is told which cards.
function K.draw(g, p, n)
  if not n or n <= 0 then return end
  local drawn = g.draw(K.DECK, K.HAND[p], n)
  if g.logging and #drawn > 0 then g.log_to(p, "You drew %s.", K.names(g, drawn)) end
end

-- The card played stays in front of its target (what a card without
-- `on_play` does): its numbers count from now on.
function K.keep(g, action)
  g.move(action.card, K.PLAYED[action.target])
end

-- The card leaves play.
function K.discard(g, card)
  g.move(card, K.DISCARD)
end

-- A card in front of a player leaves play ("... is removed from play").
function K.remove(g, card)
  if g.logging then g.log("%s is removed from play", g.defs[card].name) end
  g.move(card, K.DISCARD)
end

-- The Style played goes in front of its target, whose old Style leaves play.
function K.take_style(g, action)
  local zone = K.STYLE[action.target]
  local old = g.top(zone)
  if old then g.move(old, K.DISCARD) end
  g.move(action.card, zone)
end

return K
