-- Scenario tests of the bot heuristic (issue point 6): each arranges one
-- position and ranks every legal action the way the one-step heuristic bot
-- does: apply it to a fresh copy of the position, then read heuristic(g, p)
-- for the player who acted. (The bot also re-deals the cards it cannot see;
-- these positions do not depend on them.)

local kit = require "testkit"
local heuristic = require("heuristic").heuristic

-- The legal actions of the position `make()` builds, best first, each with
-- the heuristic value of its result for the acting player.
local function ranked(make)
  local G = make()
  local p = G:actor()
  local out = {}
  for _, a in ipairs(G:actions()) do
    local spec = {}
    for k, v in pairs(a) do
      if k ~= "label" then spec[k] = v end
    end
    local H = make()
    H:act(spec)
    out[#out + 1] = { action = a, value = heuristic(H.g, p) }
  end
  table.sort(out, function(x, y) return x.value > y.value end)
  return out, G
end

-- The value of the first ranked action matching every field of `spec`.
local function value_of(list, spec)
  for _, r in ipairs(list) do
    local same = true
    for k, v in pairs(spec) do
      if r.action[k] ~= v then same = false end
    end
    if same then return r.value end
  end
  error("no ranked action matches")
end

-- The best action, checked to be better than every other (no tie).
local function best(t, list)
  t.ok(#list == 1 or list[1].value > list[2].value, "a tie at the top")
  return list[1].action
end

-- The value of discarding player p's card of definition x.
local function discard_value(G, list, p, x)
  return value_of(list, { kind = "discard", card = kit.in_hand(G.g, p, x) })
end

-- A position at player 1's play step (seven cards in hand: the draw takes none).
local function at_play(spec)
  return function(t)
    return function()
      local G = kit.table_game(t, spec)
      kit.draw(G)
      return G
    end
  end
end

return {
  { name = "heuristic builds toward runs: adds the card that fits a run", run = function(t)
      local list = ranked(at_play { article = { 1 }, runs = { { 1, 5, { 5, 6, 7 } } },
        hands = { [1] = { 8, 13, 16, 19, 22, 25, 20 } } }(t))
      local a = best(t, list)
      t.eq(a.kind, "extend")
      t.eq(a.at, "high")
    end },

  { name = "heuristic builds toward runs: breaks out three consecutive", run = function(t)
      local list = ranked(at_play { article = { 1 }, hands = { [1] = { 4, 5, 6, 13, 16, 19, 22 } } }(t))
      local a = best(t, list)
      t.eq(a.kind, "breakout")
      t.eq(a.lo, 4)
    end },

  { name = "heuristic builds toward runs: opens with Article V", run = function(t)
      local list = ranked(at_play { hands = { [1] = { "article_v", 4, 5, 13, 16, 19, 22 } } }(t))
      t.eq(best(t, list).kind, "article_v")
    end },

  { name = "heuristic builds toward runs: discards a loose card, keeps neighbours and a fitting wild",
    run = function(t)
      local list, G = ranked(at_play { article = { 1 }, hands = { [1] = { 5, 6, 9, 13, 17, 21, 25 } } }(t))
      t.eq(list[1].action.kind, "discard")
      t.ok(list[1].value > discard_value(G, list, 1, 5) and list[1].value > discard_value(G, list, 1, 6))
      list, G = ranked(at_play { article = { 1 }, hands = { [1] = { "liberty", 2, 13, 17, 21, 25, 27 } } }(t))
      t.eq(list[1].action.kind, "discard")
      t.ok(list[1].value > discard_value(G, list, 1, "liberty") and list[1].value > discard_value(G, list, 1, 2))
    end },

  { name = "heuristic builds toward runs: draws from the discard stack when its top fits a run", run = function(t)
      local make = function()
        local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 5, { 5, 6, 7 } } },
          hands = { [1] = { 13, 17, 21, 25, 2, 24 } }, discard = { 20, 8 } })
        G.g.move(kit.take(G.g, 10), "deck") -- a loose card on top of the face-down stack
        return G
      end
      local a = best(t, ranked(make))
      t.eq(a.kind, "draw")
      t.eq(a.from, "discard")
    end },

  { name = "heuristic stops the leader: the stop goes on the opponent nearest to ten", run = function(t)
      local list = ranked(at_play { players = 3, article = { 2, 3 },
        runs = { { 2, 1, { 1, 2, 3, 4, 5, 6, 7 } }, { 3, 20, { 20, 21, 22 } } },
        hands = { [1] = { "filibuster", 13, 16, 19, 24, 11, 26 } } }(t))
      local a = best(t, list)
      t.eq(a.kind, "stop")
      t.eq(a.side, 2)
      t.ok(value_of(list, { kind = "stop", side = 2 }) > value_of(list, { kind = "stop", side = 3 }))
    end },

  { name = "heuristic stops the leader: in teams, the leading team", run = function(t)
      local list = ranked(at_play { players = 4, article = { 2 },
        runs = { { 2, 14, { 14, 15, 16, 17, 18, 19 } } },
        hands = { [1] = { "judicial_review", 1, 4, 7, 10, 23, 26 } } }(t))
      local a = best(t, list)
      t.eq(a.kind, "stop")
      t.eq(a.target, 2)
    end },

  { name = "heuristic keeps remedies: discards a loose card, not the Cloture or the spare Article V",
    run = function(t)
      local make = at_play { article = { 1 }, hands = { [1] = { "cloture", "article_v", 3, 13, 17, 21, 25 } } }(t)
      local list, G = ranked(make)
      t.eq(list[1].action.kind, "discard")
      t.ok(list[1].value > discard_value(G, list, 1, "cloture"), "keeps the Cloture")
      t.ok(list[1].value > discard_value(G, list, 1, "article_v"), "keeps the spare Article V")
    end },

  { name = "heuristic keeps remedies: and plays one when stopped", run = function(t)
      local make = function()
        local G = kit.table_game(t, { article = { 1 }, runs = { { 1, 5, { 5, 6, 7 } } },
          hands = { [1] = { "cloture", 8, 13, 17, 21, 25, 3 } } })
        kit.put(G.g, "stop:1", { "filibuster" })
        kit.draw(G)
        return G
      end
      t.eq(best(t, ranked(make)).kind, "remedy")
    end },

  { name = "heuristic under the quiz: names rightly, and challenges a wrong naming", run = function(t)
      local make = function()
        local G = kit.table_game(t, { options = { quiz = true }, article = { 1 },
          hands = { [1] = { 4, 5, 6, 13, 16, 19, 22 }, [2] = { 20, 20, 21, 21, 24, 24, 27 } } })
        kit.draw(G)
        G:act { kind = "breakout", lo = 4 }
        return G
      end
      local a = best(t, ranked(make))
      t.eq(a.choice, a.number, "the right subject")
      local wrong = function()
        local G = make()
        while G.g.state.phase == "name" do
          for _, n in ipairs(G:actions()) do
            if n.choice ~= n.number then
              G:act { kind = "name", number = n.number, choice = n.choice }
              break
            end
          end
        end
        G:act { kind = "discard", card = kit.in_hand(G.g, 1, 13) }
        return G
      end
      t.eq(best(t, ranked(wrong)).challenge, true)
    end },
}
