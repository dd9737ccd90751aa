-- Bonus cards and Special Ops cards: what happens when a player receives one,
-- and the follow-up choices some of them ask for (pending decisions, stored
-- in g.state.pending by handler name).

local B = require "board"
local R = require "runs"

local E = {}

local function opponents(g, p)
  local list = {}
  for q = 1, g.players do
    if not B.own(g, p, q) then list[#list + 1] = q end
  end
  return list
end

-- Decision handlers: choices(g, d) lists the actions, resolve(g, d, a) acts.
local D = {}
E.decisions = D

-- Queue a decision, or log that the card has nothing to act on.
local function ask(g, d)
  if #D[d.handler].choices(g, d) == 0 then
    g.log("%s: nothing to do", g.defs[d.card].name)
    return
  end
  local q = g.state.pending
  q[#q + 1] = d
end

function E.choices(g, d) return D[d.handler].choices(g, d) end

-- The label of a decision's choice, for describe (the decision is still
-- pending: the host asks while the choice is offered).
function E.describe(g, a)
  local d = g.state.pending[1]
  return D[d.handler].describe(g, d, a)
end

function E.decide(g, a)
  local d = table.remove(g.state.pending, 1)
  D[d.handler].resolve(g, d, a)
end

-- What each Special Ops effect does to its drawer p (card c is in "spent").
local EFFECTS = {}

function EFFECTS.cap(g, p, c) g.move(c, B.aside(p)) end
function EFFECTS.points(g, p, c) g.move(c, B.aside(p)) end
function EFFECTS.lose_turn(g, p) g.state.skip[p] = g.state.skip[p] + 1 end
function EFFECTS.extra_turn(g, p) g.state.extra[p] = g.state.extra[p] + 1 end
function EFFECTS.take_card(g, p, c) ask(g, { handler = "take_card", player = p, card = c }) end
function EFFECTS.pin(g, p, c) ask(g, { handler = "pin", player = p, card = c }) end
function EFFECTS.silence(g, p, c) ask(g, { handler = "silence", player = p, card = c }) end
function EFFECTS.indict(g, p, c) ask(g, { handler = "indict", player = p, card = c }) end

-- Scotus takes the Trump, Deep State a Gitmo/Justice/Tribunal card.
function EFFECTS.steal_cap(g, p, c)
  if g.defs[c].steal == "gitmo" then
    ask(g, { handler = "steal_gitmo", player = p, card = c })
    return
  end
  for _, t in ipairs(g.all("trump")) do
    local zone = g.where(t)
    local owner = tonumber(zone:match("^cap:(%d+):") or zone:match("^aside:(%d+)$"))
    if owner and not B.own(g, p, owner) then
      g.move(t, B.aside(p))
      g.log("%s takes the Trump card from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Scotus: no opponent has the Trump card")
end

function EFFECTS.truth(g, p)
  for _, w in ipairs(g.all("whistleblower")) do
    local owner = tonumber(g.where(w):match("^aside:(%d+)$"))
    if owner and not B.own(g, p, owner) then
      g.move(w, B.aside(p))
      g.log("%s takes the Whistleblower from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Truth: no opponent has the Whistleblower")
end

function E.draw_special_ops(g, p)
  local c = g.top("special_ops")
  if not c then
    g.log("The Special Ops deck is empty")
    return
  end
  g.move(c, "spent")
  local d = g.defs[c]
  g.log("%s draws Special Ops '%s': %s", B.name(p), d.name, d.text)
  EFFECTS[d.effect](g, p, c)
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

local function decide(t) t.kind = "decide" return t end

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

-- Declassified: an unprotected lone card of an opponent, into one of your
-- vacant spots or onto one of your runs where it fits.
D.take_card = {
  choices = function(g, d)
    local p, list = d.player, {}
    for _, q in ipairs(opponents(g, p)) do
      for s = 1, g.state.size do
        local cards = g.cards(B.row(q, s))
        if #cards == 1 and B.numbered(g, cards[1]) and g.count(B.cap(q, s)) == 0 then
          local c = cards[1]
          for t = 1, g.state.size do
            local mine = g.cards(B.row(p, t))
            if #mine == 0 then
              list[#list + 1] = decide { card = c, row = t, at = "fill", target = q, zone = B.row(p, t) }
            else
              for _, at in ipairs { "top", "bottom" } do
                if R.fits(g, { c }, mine, at) then
                  list[#list + 1] = decide { card = c, row = t, at = at, target = q, zone = B.row(p, t) }
                end
              end
            end
          end
        end
      end
    end
    return list
  end,
  describe = function(g, d, a)
    local what = B.short(g, a.card) .. " of " .. B.name(a.target)
    if a.at == "fill" then return "Take " .. what .. " into your vacant row " .. a.row end
    return "Take " .. what .. " onto the " .. a.at .. " of your " .. B.describe_row(g, d.player, a.row)
  end,
  resolve = function(g, d, a)
    R.attach(g, { a.card }, B.row(d.player, a.row), a.at == "bottom" and "bottom" or "top")
    g.log("%s takes %s from %s", B.name(d.player), B.short(g, a.card), B.name(a.target))
  end,
}

local function pick_opponent(g, d)
  local list = {}
  for _, q in ipairs(opponents(g, d.player)) do list[#list + 1] = decide { target = q } end
  return list
end

-- False Flag: the card (and its -5) goes to an opponent.
D.pin = {
  choices = pick_opponent,
  describe = function(_, _, a) return "Pin the False Flag on " .. B.name(a.target) end,
  resolve = function(g, d, a)
    g.move(d.card, B.aside(a.target))
    g.log("%s pins the False Flag on %s", B.name(d.player), B.name(a.target))
  end,
}

-- Conspiracy: an opponent loses his next turn.
D.silence = {
  choices = pick_opponent,
  describe = function(_, _, a) return B.name(a.target) .. " loses the next turn" end,
  resolve = function(g, _, a)
    g.state.skip[a.target] = g.state.skip[a.target] + 1
    g.log("%s will lose the next turn", B.name(a.target))
  end,
}

-- Deep State: a Gitmo/Justice/Tribunal card off an opponent's run.
D.steal_gitmo = {
  choices = function(g, d)
    local list = {}
    for _, q in ipairs(opponents(g, d.player)) do
      for s = 1, g.state.size do
        for _, c in ipairs(g.cards(B.cap(q, s))) do
          if g.defs[c].cap == "gitmo" then list[#list + 1] = decide { card = c, target = q } end
        end
      end
    end
    return list
  end,
  -- the row is not in the choice: the card lies on it ("cap:q:s")
  describe = function(g, _, a)
    local s = tonumber(g.where(a.card):match("^cap:%d+:(%d+)$"))
    return "Take " .. g.defs[a.card].name .. " off " .. B.name(a.target) .. "'s " .. B.describe_row(g, a.target, s)
  end,
  resolve = function(g, d, a)
    g.move(a.card, B.aside(d.player))
    g.log("%s takes %s from %s", B.name(d.player), g.defs[a.card].name, B.name(a.target))
  end,
}

-- Grand Jury: one of your own lone, unprotected Traitors goes to Gitmo.
D.indict = {
  choices = function(g, d)
    local list = {}
    for s = 1, g.state.size do
      local cards = g.cards(B.row(d.player, s))
      if #cards == 1 and g.defs[cards[1]].side == "traitor" and g.count(B.cap(d.player, s)) == 0 then
        list[#list + 1] = decide { card = cards[1], row = s }
      end
    end
    return list
  end,
  describe = function(g, _, a) return "Send " .. B.short(g, a.card) .. " (row " .. a.row .. ") to Gitmo" end,
  resolve = function(g, d, a)
    g.move(a.card, "prison")
    g.log("%s sends %s to Gitmo", B.name(d.player), B.short(g, a.card))
    -- the turn player's own spot, emptied during his turn, is refilled at
    -- once (F.refill_own); in a refill or the deal the dealer fills it
    local s = g.state
    if s.phase == "play" and s.turn == d.player then s.refill_row = a.row end
  end,
}

return E
