-- Issue #14, rule 2: a turn is one take or one accusation, never both.
-- Each test quotes the words of the seed (002, "Instructions For Game 2 -
-- 'ESCAPED'") it checks; "ruling:" marks one of README.md's rulings.

local function hand(p) return "hand:" .. p end

local function prisoner(G) return G.g.def(G.g.top("prisoner")).id end

local function kinds(G)
  local n = {}
  for _, a in ipairs(G:actions()) do n[a.kind] = (n[a.kind] or 0) + 1 end
  return n
end

-- The names offered to be named, as a set.
local function named(G)
  local set = {}
  for _, a in ipairs(G:actions()) do
    if a.kind == "accuse" then set[a.name] = true end
  end
  return set
end

-- The names p has not checked off, as a set.
local function unchecked(G, p)
  local set = {}
  for c = 1, G.g.ncards do
    local id = G.g.def(c).id
    if not G.g.state.checked[p][id] then set[id] = true end
  end
  return set
end

local function unchecked_wrong(G, p)
  for id in pairs(unchecked(G, p)) do
    if id ~= prisoner(G) then return id end
  end
end

-- Every card of the other players' hands but the first `keep` goes to p, who
-- checks it off as if he had taken it.
local function gather(G, p, keep)
  local g, kept = G.g, 0
  for q = 1, g.players do
    if q ~= p then
      for _, c in ipairs(g.cards(hand(q))) do
        if kept < keep then
          kept = kept + 1
        else
          g.move(c, hand(p))
          g.state.checked[p][g.def(c).id] = true
        end
      end
    end
  end
end

return {
  { name = "#14.2 take: taking a card ends the turn; the next player plays, no accusation offered to the taker",
    run = function(t)
      -- "Player 1 randomly selects 1 card that is in front of any other
      -- player and slides it discreetly to themself, looks at the card,
      -- checks it off their suspect card and then places that card in one
      -- of his own two rows. [...] All players follow suit"
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      t.eq(G:actor(), 3)
      local c = g.cards(hand(1))[1]
      G:act("Take card 1 of Player 1")
      t.eq(g.where(c), hand(3))
      t.ok(g.state.checked[3][g.def(c).id], "checked off")
      t.eq(G:actor(), 1, "the turn passed to the next player")
      t.eq(g.state.turns, 1)
      local k = kinds(G)
      t.eq(k.pass, nil, "no End-turn action: the take was the turn")
      t.eq(k.look, nil)
      t.eq(named(G), unchecked(G, 1), "the names offered are player 1's, not the taker's")
      t.ok(not G:can("End your turn"))
    end },

  { name = "#14.2 take: even with 23 Traitors checked off by the take, the taker names on his next turn",
    run = function(t)
      -- "This might be when any player has solid evidence after checking off
      -- 23 traitor cards [...] (at anytime in the game when it's their turn)"
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      gather(G, 3, 1) -- player 3 holds 22 cards, player 1 the last other one
      t.eq(g.count(hand(1)) + g.count(hand(2)), 1)
      G:act { kind = "take", target = g.count(hand(1)) == 1 and 1 or 2, slot = 1 }
      local left = unchecked(G, 3)
      t.eq(left, { [prisoner(G)] = true }, "player 3 knows the prisoner")
      t.eq(G:actor(), 1, "but his turn is over")
      G:act("Take card 1 of Player 3")
      G:act("Take card 1 of Player 3")
      t.eq(G:actor(), 3)
      G:act { kind = "accuse", name = prisoner(G) }
      G:act("Look discreetly at the card in the middle")
      t.eq(G:result().winners, { 3 })
    end },

  { name = "#14.2 accuse: a turn may instead be an accusation, and then no card is taken",
    run = function(t)
      -- "wants to jump the gun (at anytime in the game when it's their turn)
      -- and take a chance at naming the missing prisoner. After player (on
      -- their turn) says they know the escaped traitor they believe to be in
      -- the middle, that player looks discreetly at the card"
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      local k = kinds(G)
      t.ok(k.take > 0 and k.accuse > 0, "the first turn offers both")
      t.eq(named(G), unchecked(G, 3))
      local before = g.count(hand(3))
      G:act { kind = "accuse", name = unchecked_wrong(G, 3) }
      t.eq(G:actor(), 3)
      t.eq(kinds(G), { look = 1 }, "only the look: no take after naming")
      -- "If not, the player places the card back in the middle and does not
      -- reveal the name, and is now out of the game."
      G:act("Look discreetly at the card in the middle")
      t.ok(g.state.out[3])
      t.eq(g.count(hand(3)), before, "he took nothing this turn")
      t.eq(G:actor(), 1)
      t.eq(g.state.turns, 1, "the accusation was the whole turn")
    end },

  { name = "#14.2 ruling: a player with nothing left to take may only name, and his one name is right",
    run = function(t)
      -- "selects 1 card that is in front of any other player": when every
      -- other player's rows are empty (he holds all 23), the turn can only
      -- be an accusation
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      gather(G, 3, 0)
      t.eq(g.count(hand(3)), 23)
      t.eq(kinds(G), { accuse = 1 })
      t.ok(G:can { kind = "accuse", name = prisoner(G) })
      G:act { kind = "accuse", name = prisoner(G) }
      G:act("Look discreetly at the card in the middle")
      t.eq(G:result().winners, { 3 })
    end },

  { name = "#14.2 ruling: the last player still in plays alone, one card a turn, until he names",
    run = function(t)
      -- "Remaining players continue until someone is successful in
      -- identifying the missing prisoner."
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      for _ = 1, 2 do -- players 3 and 1 guess wrong
        G:act { kind = "accuse", name = unchecked_wrong(G, G:actor()) }
        G:act("Look discreetly at the card in the middle")
      end
      t.eq(G:actor(), 2)
      local held = g.count(hand(2))
      G:act("Take card 1 of Player 3") -- from a player who is out
      t.eq(G:actor(), 2, "his turn again")
      t.eq(g.count(hand(2)), held + 1)
      t.eq(g.state.turns, 3)
      t.eq(kinds(G).pass, nil)
      G:act { kind = "accuse", name = prisoner(G) }
      G:act("Look discreetly at the card in the middle")
      t.eq(G:result().winners, { 2 })
    end },

  { name = "#14.2 ruling: every take is a turn for turn_limit", run = function(t)
      local G = t.game { players = 3, seed = 5, options = { turn_limit = 3 } }
      G:act("Take card 1 of Player 1")
      G:act("Take card 1 of Player 2")
      t.eq(G:result(), nil)
      G:act("Take card 1 of Player 3")
      t.eq(G:result().winners, {})
    end },

  { name = "#14.2 heuristic: at the start of a turn a sure name beats a take, a take beats a 50/50 name",
    run = function(t)
      -- The heuristic bot looks one action ahead. Now that a take ends the
      -- turn, the bot names only when it starts a turn with one name left.
      -- Two names left (22 checked off): naming is worth 0, taking 23.
      local G = t.game { players = 3, seed = 5 }
      gather(G, 3, 1)
      local function take_unseen(H) -- the other player's last card
        H:act { kind = "take", target = H.g.count(hand(1)) == 1 and 1 or 2, slot = 1 }
      end
      t.eq(G:heuristic(3), 22)
      local A = t.game { players = 3, seed = 5 }
      gather(A, 3, 1)
      A:act { kind = "accuse", name = prisoner(A) } -- even the right name: the bot cannot know
      t.eq(A:heuristic(3), 0)
      take_unseen(G)
      t.eq(G:heuristic(3), 23)
      -- One name left (23 checked off), on his next turn: naming is worth
      -- 1000 (a sure win), a take of a card he knows still 23.
      G:act("Take card 1 of Player 3")
      G:act("Take card 1 of Player 3")
      t.eq(G:actor(), 3)
      t.ok(G:can("Take card 1 of Player 1"))
      G:act { kind = "accuse", name = prisoner(G) }
      t.eq(G:heuristic(3), 1000)
    end },

  { name = "private log: the taker and the giver are told which card changed hands, nobody else",
    run = function(t)
      local G = t.game { players = 3, seed = 5 }
      local g = G.g
      local c = g.cards(hand(1))[1]
      local name = g.def(c).name
      G:act("Take card 1 of Player 1")
      local function has(lines, text)
        for _, l in ipairs(lines) do
          if l == text then return true end
        end
        return false
      end
      local took, lost = "You took " .. name .. " from Player 1.", "Player 3 took your " .. name .. "."
      t.ok(has(G:log(3), took), "the taker reads which card he took")
      t.ok(has(G:log(1), lost), "the giver reads which card he lost")
      -- (the engine logs the take itself for everyone: tests/view_test.cpp)
      for _, seat in ipairs { 0, 1, 2 } do
        t.ok(not has(G:log(seat), took), "seat " .. seat .. " never reads the taker's line")
      end
      for _, seat in ipairs { 0, 2, 3 } do
        t.ok(not has(G:log(seat), lost), "seat " .. seat .. " never reads the giver's line")
      end
    end },
}
