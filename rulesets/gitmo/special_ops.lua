-- What each Special Ops card does in GITMO, by card id: its hooks (README,
-- "How a card's behaviour is written"). The cards themselves (names, texts,
-- points) are the box's, shared by the family (scripts/ratify/gitmo/
-- cards.lua); cards.lua puts these hooks on them, and a variant's card
-- carries its own.
--   on_draw(g, p, c, E)   p has drawn card c (it lies in "spent"): do what it
--                         says. Every Special Ops card has one.
--   decision              the choice the card asks for, queued by E.ask(g,
--                         { handler = name, player = p, card = c }):
--                         { choices(g, d, E) -> list of E.choice{...} actions,
--                           describe(g, d, a, E) -> label,
--                           resolve(g, d, a, E) }
--                         (d: the pending decision; a: the chosen action)
-- E is effects.lua, the kit the hooks work with: E.keep, E.ask,
-- E.lose_turn, E.extra_turn, E.opponents, E.pick_opponent, E.choice,
-- E.rows, E.owner, E.to_gitmo, E.board, E.runs. A card uses the kit, never the
-- zones' names or g.state directly: what it needs and the kit lacks goes
-- in the kit.

-- Kept beside the drawer: protectors to lay on a run later, points cards.
local function keep(g, p, c, E) E.keep(g, p, c) end

-- A decision named `handler`, asked of the drawer about card c.
local function asks(handler)
  return function(g, p, c, E) E.ask(g, { handler = handler, player = p, card = c }) end
end

-- Declassified: an unprotected lone card of an opponent, into one of your
-- vacant spots or onto one of your runs where it fits.
local take_card = {
  -- (asked at every step while the decision waits: each row is read once)
  choices = function(g, d, E)
    local B, R = E.board, E.runs
    local p, list, rows, own = d.player, {}, E.rows(g), {}
    for t = 1, rows do own[t] = g.cards(B.row(p, t)) end
    for _, q in ipairs(E.opponents(g, p)) do
      for s = 1, rows do
        local row = B.row(q, s)
        local c = g.count(row) == 1 and g.top(row)
        if c and B.numbered(g, c) and g.count(B.cap(q, s)) == 0 then
          for t = 1, rows do
            local mine = own[t]
            if #mine == 0 then
              list[#list + 1] = E.choice { card = c, row = t, at = "fill", target = q, zone = B.row(p, t) }
            else
              for _, at in ipairs { "top", "bottom" } do
                if R.fits(g, { c }, mine, at) then
                  list[#list + 1] = E.choice { card = c, row = t, at = at, target = q, zone = B.row(p, t) }
                end
              end
            end
          end
        end
      end
    end
    return list
  end,
  describe = function(g, d, a, E)
    local B = E.board
    local what = B.short(g, a.card) .. " of " .. B.name(a.target)
    if a.at == "fill" then return "Take " .. what .. " into your vacant row " .. a.row end
    return "Take " .. what .. " onto the " .. a.at .. " of your " .. B.describe_row(g, d.player, a.row)
  end,
  resolve = function(g, d, a, E)
    local B = E.board
    E.runs.attach(g, { a.card }, B.row(d.player, a.row), a.at == "bottom" and "bottom" or "top")
    g.log("%s takes %s from %s", B.name(d.player), B.short(g, a.card), B.name(a.target))
  end,
}

-- False Flag: the card (and its -5) goes to an opponent.
local pin = {
  choices = function(g, d, E) return E.pick_opponent(g, d) end,
  describe = function(_, _, a, E) return "Pin the False Flag on " .. E.board.name(a.target) end,
  resolve = function(g, d, a, E)
    local B = E.board
    g.move(d.card, B.aside(a.target))
    g.log("%s pins the False Flag on %s", B.name(d.player), B.name(a.target))
  end,
}

-- Conspiracy: an opponent loses his next turn.
local silence = {
  choices = function(g, d, E) return E.pick_opponent(g, d) end,
  describe = function(_, _, a, E) return E.board.name(a.target) .. " loses the next turn" end,
  resolve = function(g, _, a, E)
    E.lose_turn(g, a.target)
    g.log("%s will lose the next turn", E.board.name(a.target))
  end,
}

-- Deep State: a Gitmo/Justice/Tribunal card off an opponent's run.
local steal_gitmo = {
  choices = function(g, d, E)
    local B, list = E.board, {}
    for _, q in ipairs(E.opponents(g, d.player)) do
      for s = 1, E.rows(g) do
        for _, c in ipairs(g.cards(B.cap(q, s))) do
          if g.defs[c].cap == "gitmo" then list[#list + 1] = E.choice { card = c, target = q } end
        end
      end
    end
    return list
  end,
  -- the row is not in the choice: the card lies on it ("cap:q:s")
  describe = function(g, _, a, E)
    local B = E.board
    local _, s = E.owner(g, a.card)
    return "Take " .. g.defs[a.card].name .. " off " .. B.name(a.target) .. "'s " .. B.describe_row(g, a.target, s)
  end,
  resolve = function(g, d, a, E)
    local B = E.board
    g.move(a.card, B.aside(d.player))
    g.log("%s takes %s from %s", B.name(d.player), g.defs[a.card].name, B.name(a.target))
  end,
}

-- Grand Jury: one of your own lone, unprotected Traitors goes to Gitmo.
local indict = {
  choices = function(g, d, E)
    local B, list = E.board, {}
    for s = 1, E.rows(g) do
      local cards = g.cards(B.row(d.player, s))
      if #cards == 1 and g.defs[cards[1]].side == "traitor" and g.count(B.cap(d.player, s)) == 0 then
        list[#list + 1] = E.choice { card = cards[1], row = s }
      end
    end
    return list
  end,
  describe = function(g, _, a, E) return "Send " .. E.board.short(g, a.card) .. " (row " .. a.row .. ") to Gitmo" end,
  resolve = function(g, d, a, E)
    E.to_gitmo(g, d.player, a.card, a.row)
    g.log("%s sends %s to Gitmo", E.board.name(d.player), E.board.short(g, a.card))
  end,
}

-- Scotus: the Trump comes to the drawer from the opponent who has it.
local function scotus(g, p, _, E)
  local B = E.board
  for _, t in ipairs(g.all("trump")) do
    local owner, _, kind = E.owner(g, t)
    if kind == "row" then owner = nil end -- held on a cap or set aside, not in a row
    if owner and not B.own(g, p, owner) then
      g.move(t, B.aside(p))
      g.log("%s takes the Trump card from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Scotus: no opponent has the Trump card")
end

-- Truth: the Whistleblower an opponent set aside is the drawer's now.
local function truth(g, p, _, E)
  local B = E.board
  for _, w in ipairs(g.all("whistleblower")) do
    local owner, _, kind = E.owner(g, w)
    if kind ~= "aside" then owner = nil end -- set aside only
    if owner and not B.own(g, p, owner) then
      g.move(w, B.aside(p))
      g.log("%s takes the Whistleblower from %s", B.name(p), B.name(owner))
      return
    end
  end
  g.log("Truth: no opponent has the Whistleblower")
end

local function lose_turn(g, p, _, E) E.lose_turn(g, p) end
local function extra_turn(g, p, _, E) E.extra_turn(g, p) end

return {
  -- the nine the seed names
  tribunal = { on_draw = keep },
  justice = { on_draw = keep },
  jesus_saves = { on_draw = keep },
  false_flag = { on_draw = asks "pin", decision = pin },
  deep_state = { on_draw = asks "steal_gitmo", decision = steal_gitmo },
  truth = { on_draw = truth },
  scotus = { on_draw = scotus },
  conspiracy = { on_draw = asks "silence", decision = silence },
  grand_jury = { on_draw = asks "indict", decision = indict },
  -- the "read aloud and follow" cards
  medal_of_freedom = { on_draw = keep },
  patriot_rally = { on_draw = keep },
  town_hall = { on_draw = keep },
  petition = { on_draw = keep },
  leaked_memo = { on_draw = keep },
  fake_news = { on_draw = keep },
  cover_up = { on_draw = keep },
  subpoena = { on_draw = lose_turn },
  declassified = { on_draw = asks "take_card", decision = take_card },
  executive_order = { on_draw = extra_turn },
}
