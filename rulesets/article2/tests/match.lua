-- The four-game party match (variants/party_match.lua).
local K = require "testkit"

return {
  { name = "Party match: a Candidate scores 1, the President 2, party members 1", run = function(t)
      local G = t.game { players = 4, seed = 1, options = { match = true } }
      local g = G.g
      local s = g.state
      K.clear(G, 1)
      s.players[1].base_e = 5
      s.players[3].base_e = 4
      K.finish(G, 4)
      t.eq(s.candidates, { 1, 3 })
      local function points()
        local list = {}
        for p = 1, 4 do list[p] = s.players[p].points end
        return list
      end
      t.eq(points(), { 1, 0, 1, 0 })
      K.finish(G, 4)
      t.eq(s.history[1], { president = 1, candidates = { 1, 3 } })
      t.eq(points(), { 3, 0, 2, 0 }, "Player 3 shares Player 1's party")
      t.eq(s.game, 2)
      t.eq(s.phase, "primary")
      t.eq(G:result(), nil)
      t.eq({ s.players[1].base_e, s.players[1].base_a }, { 0, 0 }, "a new game starts from zero")
      for p = 1, 4 do
        t.eq(g.count("style:" .. p), 0)
        t.eq(g.count("hand:" .. p), 7)
      end
    end },

  { name = "Party match: after four games the most points wins", run = function(t)
      local G = t.game { players = 4, seed = 2, options = { match = true } }
      G:playout()
      local s, r = G.g.state, G:result()
      t.eq(#s.history, 4)
      local total, top = 0, -1
      for p = 1, 4 do
        total = total + r.scores[p]
        if r.scores[p] > top then top = r.scores[p] end
      end
      t.eq(total, 4 * (2 + 2 + 1), "per game: two Candidates, President, one party member")
      for _, w in ipairs(r.winners) do t.eq(r.scores[w], top) end
    end },

  { name = "Party match: the game count is an option", run = function(t)
      local G = t.game { players = 2, seed = 3, options = { match = true, match_games = 2 } }
      G:playout()
      t.eq(#G.g.state.history, 2)
      t.ok(G:result().text:find("match"))
    end },
}
