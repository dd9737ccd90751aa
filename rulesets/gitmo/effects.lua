-- Bonus cards and Special Ops cards: what happens when a player receives one,
-- and the follow-up choices some of them ask for (pending decisions, stored
-- in g.state.pending by handler name).
--
-- A Special Ops card carries its own effect (special_ops.lua, README "How
-- a card's behaviour is written"): `on_draw(g, p, c, E)` when p
-- draws it, and `decision = { choices, describe, resolve }` when it asks p to
-- choose. E is this module, the kit the hooks work with.

local B = require "board"
local R = require "runs"

local E = {}

E.board, E.runs = B, R

function E.opponents(g, p)
  local list = {}
  for q = 1, g.players do
    if not B.own(g, p, q) then list[#list + 1] = q end
  end
  return list
end

-- Decision handlers of the rules themselves (deal_cap): choices(g, d, E)
-- lists the actions, describe(g, d, a, E) labels one, resolve(g, d, a, E)
-- acts. A card's decision (d.card's `decision`) has the same three.
local D = {}
E.decisions = D

local function handler(g, d) return D[d.handler] or g.defs[d.card].decision end

-- A choice of a pending decision: an action of kind "decide".
function E.choice(t) t.kind = "decide" return t end

-- Queue decision d ({ handler = name, player = p, card = c }: the name is
-- what the state records), or log that the card has nothing to act on.
function E.ask(g, d)
  if #handler(g, d).choices(g, d, E) == 0 then
    g.log("%s: nothing to do", g.defs[d.card].name)
    return
  end
  local q = g.state.pending
  q[#q + 1] = d
end

-- p keeps card c beside him (aside: points cards, protectors to lay later).
function E.keep(g, p, c) g.move(c, B.aside(p)) end

-- p loses his next turn; p takes another turn right after this one.
function E.lose_turn(g, p) g.state.skip[p] = g.state.skip[p] + 1 end
function E.extra_turn(g, p) g.state.extra[p] = g.state.extra[p] + 1 end

-- The rows each player has in this game (the cards dealt to each).
function E.rows(g) return g.state.size end

-- Whose card c is, and where: the player whose zone holds it, the row (nil
-- for an aside) and the kind of zone ("row", "cap" or "aside"); nil when it
-- lies in no player's zone (the deck, spent, Gitmo). The cards that take
-- from an opponent ask this.
function E.owner(g, c)
  local zone = g.where(c)
  local kind, p, s = zone:match("^(%a+):(%d+):(%d+)$")
  if not kind then
    p = zone:match("^aside:(%d+)$")
    if not p then return nil end
    return tonumber(p), nil, "aside"
  end
  return tonumber(p), tonumber(s), kind
end

-- Card c of p's row `row` goes to Gitmo; the turn player's own spot, emptied
-- during his turn, is refilled at once (F.refill_own); in a refill or the
-- deal the dealer fills it.
function E.to_gitmo(g, p, c, row)
  g.move(c, "prison")
  local s = g.state
  if s.phase == "play" and s.turn == p then s.refill_row = row end
end

-- The choices "an opponent of yours": one decision action per opponent.
function E.pick_opponent(g, d)
  local list = {}
  for _, q in ipairs(E.opponents(g, d.player)) do list[#list + 1] = E.choice { target = q } end
  return list
end

function E.choices(g, d) return handler(g, d).choices(g, d, E) end

-- The label of a decision's choice, for describe (the decision is still
-- pending: the host asks while the choice is offered).
function E.describe(g, a)
  local d = g.state.pending[1]
  return handler(g, d).describe(g, d, a, E)
end

function E.decide(g, a)
  local d = table.remove(g.state.pending, 1)
  handler(g, d).resolve(g, d, a, E)
end

-- p draws the top Special Ops card (it goes to "spent") and does what it
-- says: its `on_draw`, which every Special Ops card has. (A bot's guess at
-- the hidden cards may put another card on the Special Ops deck: drawing it
-- is an error, and the bot drops the move that led there.)
function E.draw_special_ops(g, p)
  local c = g.top("special_ops")
  if not c then
    g.log("The Special Ops deck is empty")
    return
  end
  g.move(c, "spent")
  local d = g.defs[c]
  g.log("%s draws Special Ops '%s': %s", B.name(p), d.name, d.text)
  if not d.on_draw then error("card '" .. d.id .. "' in the Special Ops deck has no on_draw") end
  d.on_draw(g, p, c, E)
end

-- A bonus card reaching player p (dealt to a spot, or on top of the deck
-- during p's turn): Draw-A-Cards are followed at once, the rest set aside.
function E.resolve_bonus(g, p, c)
  local d = g.defs[c]
  if d.id == "draw_card" then
    g.move(c, "spent")
    g.log("%s gets a Draw-A-Card", B.name(p))
    E.draw_special_ops(g, p)
  else
    g.move(c, B.aside(p))
    g.log("%s sets %s aside", B.name(p), d.name)
  end
end

----------------------------------------------------------------- decisions

local decide = E.choice

-- Protectors received in the initial deal may be laid on a run before play.
D.deal_cap = {
  choices = function(g, d)
    local list = {}
    for s = 1, g.state.size do
      if g.count(B.row(d.player, s)) > 0 then
        list[#list + 1] = decide { row = s, card = d.card, zone = B.row(d.player, s) }
      end
    end
    list[#list + 1] = decide { keep = true, card = d.card }
    return list
  end,
  describe = function(g, d, a)
    local name = g.defs[d.card].name
    if a.keep then return "Keep " .. name .. " aside until your turn" end
    return "Lay " .. name .. " on your " .. B.describe_row(g, d.player, a.row)
  end,
  resolve = function(g, d, a)
    if a.keep then return end
    g.move(d.card, B.cap(d.player, a.row))
    g.log("%s lays %s on row %d", B.name(d.player), g.defs[d.card].name, a.row)
  end,
}

return E
