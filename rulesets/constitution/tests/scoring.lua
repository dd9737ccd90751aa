-- Voting or Scoring: the popular vote, the electoral vote, the final count
-- and the Vice President's vote in a tie.
local S = require "scenario"

-- One trick left: Wyoming led, an Honor forced on it, First Flag, Delaware.
local function last_trick(t, deal, honor, options, scores)
  local G = t.game { players = 4, seed = 1, options = options }
  S.arrange(G, { deal = deal, scores = scores, leader = 1,
    hands = { { "wyoming" }, { honor }, { "first_flag" }, { "delaware" } } })
  S.play(G, "wyoming", honor, "first_flag", "delaware")
  return G
end

return {
  { name = "first deal: popular votes, Suffrage doubled, Honors with vote one, First Flag none", run = function(t)
      local G = last_trick(t, 1, "secretary_of_war")
      -- Wyoming 3 x 2 + Secretary of War 1 + First Flag 0 + Delaware 3
      t.eq(G.g.state.scores[1], { 0, 10 })
      t.eq(G.g.state.deal, 2, "the second deal follows")
      -- The line the window's summary between the deals shows (layout.phases).
      local parties, said = G.g.state.parties, false
      for _, line in ipairs(G:log()) do
        said = said or line == string.format("Deal 1 (popular vote): %s 0, %s 10", parties[1], parties[2])
      end
      t.ok(said, "the first deal's votes are logged")
    end },

  { name = "second deal: electoral votes, Presidents one each, Secretaries none", run = function(t)
      local G = last_trick(t, 2, "president_adams", nil, { { 50, 40 } })
      -- Wyoming 3 + President 1 + First Flag 0 + Delaware 3
      t.eq(G.g.state.scores[2], { 0, 7 })
      local r = G:result()
      t.eq(r.scores, { 50, 47, 50, 47 })
      t.eq(r.winners, { 1, 3 })
      t.ok(r.text:find("Democratic candidate is elected"), r.text)
      G = last_trick(t, 2, "secretary_of_war", nil, { { 50, 40 } })
      t.eq(G.g.state.scores[2], { 0, 6 })
    end },

  { name = "option second_deal_honors = ladies: the Ladies carry the two votes", run = function(t)
      local G = last_trick(t, 2, "president_adams", { second_deal_honors = "ladies" }, { { 50, 40 } })
      t.eq(G.g.state.scores[2], { 0, 6 })
      G = last_trick(t, 2, "lady_adams", { second_deal_honors = "ladies" }, { { 50, 40 } })
      t.eq(G.g.state.scores[2], { 0, 7 })
    end },

  { name = "a tie: the Vice President's holder casts the vote with his party", run = function(t)
      local G = t.game { players = 4, seed = 1 }
      S.arrange(G, { deal = 2, scores = { { 100, 107 } }, leader = 1,
        hands = { { "new_mexico" }, { "vice_president" }, { "chief_justice" }, { "vermont" } } })
      S.play(G, "new_mexico", "vice_president", "chief_justice", "vermont")
      local r = G:result()
      t.eq(r.scores, { 107, 107, 107, 107 })
      t.eq(r.winners, { 2, 4 }, "the Republican Vice President's holder decides")
      t.ok(r.text:find("Republican candidate is elected"), r.text)
    end },

  { name = "3 players: the lone player of seats 2 & 4 wins or loses alone", run = function(t)
      local G = t.game { players = 3, seed = 1 }
      S.arrange(G, { deal = 2, scores = { { 100, 90 } }, leader = 1,
        hands = { { "wyoming" }, { "president_adams" }, { "first_flag" }, { "new_york" } } })
      S.play(G, "wyoming", "president_adams", "first_flag", "new_york")
      local r = G:result()
      t.eq(r.scores, { 100, 139, 100 })
      t.eq(r.winners, { 2 })
    end },
}
