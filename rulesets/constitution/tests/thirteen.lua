-- When Thirteen is Led, Presidents, Following Suit, the Chief Justice, and
-- the collisions between these and the hand rules.
local S = require "scenario"

local function arranged(t, hands, leader)
  local G = t.game { players = 4, seed = 1 }
  S.arrange(G, { leader = leader or 1, hands = hands })
  return G
end

return {
  { name = "a Thirteen may be led at any time and is followed with thirteen or more", run = function(t)
      local G = arranged(t, { { "kentucky", "new_mexico" }, { "georgia", "alabama", "secretary_of_war", "first_flag" },
        { "new_york", "nebraska" }, { "tennessee", "vermont", "chief_justice", "lady_adams" } })
      t.eq(S.legal(G), { "kentucky", "new_mexico" })
      S.play(G, "kentucky")
      t.eq(S.legal(G), { "georgia" }, "thirteen or more of the party led; no Honor, no refusing")
      S.play(G, "georgia")
      t.eq(S.legal(G), { "new_york" }, "failing the party led, thirteen or more of the other party")
      S.play(G, "new_york")
      t.eq(S.legal(G), { "chief_justice", "tennessee" }, "the highest State card, or the Chief Justice")
      S.play(G, "chief_justice")
      t.eq(S.leader(G), 4, "the Chief Justice takes the Thirteen")
    end },

  { name = "a Thirteen not doubled, with nobody able to take it, goes to its leader", run = function(t)
      local G = arranged(t, { { "kentucky", "new_mexico" }, { "georgia", "alabama" },
        { "new_york", "nebraska" }, { "tennessee", "vermont" } })
      S.play(G, "kentucky", "georgia", "new_york", "tennessee")
      t.eq(S.leader(G), 1)
    end },

  { name = "California takes a Thirteen of either party; no Chief Justice once doubled", run = function(t)
      local G = arranged(t, { { "iowa", "new_mexico" }, { "california", "minnesota" },
        { "chief_justice", "vermont" }, { "wisconsin", "virginia" } })
      S.play(G, "iowa")
      t.eq(S.legal(G), { "california" }, "no Democratic card of 13: California from the other party")
      S.play(G, "california")
      t.ok(G.g.state.trick.plays[2].doubles)
      t.eq(S.legal(G), { "vermont" }, "the highest State card; the Chief Justice may not take a doubled Thirteen")
      S.play(G, "vermont")
      t.eq(S.legal(G), { "wisconsin" }, "the Thirteen rule holds after California has the trick")
      S.play(G, "wisconsin")
      t.eq(S.leader(G), 2)
    end },

  { name = "a forced Honor does not take a Thirteen (only California or the Chief Justice)", run = function(t)
      local G = arranged(t, { { "kentucky", "new_mexico" }, { "secretary_of_war" },
        { "alabama", "texas" }, { "vermont", "iowa" } })
      S.play(G, "kentucky")
      t.eq(S.legal(G), { "secretary_of_war" })
      S.play(G, "secretary_of_war", "texas", "iowa")
      t.eq(G.g.count("tricks:1"), 4, "the leader's partnership takes it")
    end },

  { name = "a President leads at any time and assumes the politics of its leader", run = function(t)
      local G = arranged(t, { { "minnesota", "alabama", "rhode_island", "chief_justice" },
        { "president_adams", "delaware", "secretary_of_state" },
        { "iowa", "georgia", "new_jersey" }, { "oregon", "vermont" } }, 2)
      t.eq(S.legal(G), { "delaware", "president_adams" }, "not the Secretary of State")
      S.play(G, "president_adams")
      t.eq(G.g.state.trick.suit, "Republican")
      t.eq(S.legal(G), { "iowa", "new_jersey" }, "Republican cards of thirteen or more")
      S.play(G, "iowa")
      t.eq(S.legal(G), { "oregon" }, "Oregon 5 doubled counts 10: the highest State card")
      S.play(G, "oregon")
      t.eq(S.legal(G), { "alabama", "chief_justice", "minnesota" }, "equal highest either party, or the Chief Justice")
      S.play(G, "alabama")
      t.eq(S.leader(G), 2, "the President takes the trick")
    end },

  { name = "Following Suit: Democratic President led, Democratic 10 and Republican 12: the 12", run = function(t)
      local G = arranged(t, { { "president_washington", "nebraska" }, { "louisiana", "minnesota", "new_mexico" },
        { "mississippi", "ohio" }, { "vermont", "delaware" } })
      S.play(G, "president_washington")
      t.eq(S.legal(G), { "minnesota" })
      S.play(G, "minnesota", "ohio", "vermont")
      t.eq(S.leader(G), 1)
    end },

  { name = "the Chief Justice takes a President's trick when the rule cannot be followed", run = function(t)
      local G = arranged(t, { { "president_washington", "nebraska" }, { "chief_justice", "minnesota" },
        { "mississippi", "ohio" }, { "vermont", "delaware" } })
      S.play(G, "president_washington", "chief_justice", "ohio", "vermont")
      t.eq(S.leader(G), 2)
    end },

  { name = "the Chief Justice is not an optional Honor with vote", run = function(t)
      local G = arranged(t, { { "florida", "nebraska" }, { "chief_justice", "maryland", "new_york" },
        { "mississippi", "ohio" }, { "vermont", "delaware" } })
      S.play(G, "florida")
      t.eq(S.legal(G), { "new_york" })
    end },

  { name = "a forced Chief Justice takes any trick", run = function(t)
      local G = arranged(t, { { "florida", "nebraska" }, { "lady_adams", "maryland" },
        { "chief_justice" }, { "vermont", "delaware" } })
      S.play(G, "florida", "lady_adams")
      t.eq(S.legal(G), { "chief_justice" })
      S.play(G, "chief_justice", "vermont")
      t.eq(S.leader(G), 3)
    end },

  { name = "the discard of the other party's highest is the one exception to following suit", run = function(t)
      local G = arranged(t, { { "florida", "nebraska" }, { "maryland", "louisiana", "pennsylvania" },
        { "mississippi", "ohio" }, { "vermont", "delaware" } })
      S.play(G, "florida")
      t.eq(S.legal(G), { "pennsylvania" }, "holding Democratic cards, the Republican highest is discarded")
    end },
}
