-- First Hand: declaring a party, the Forced Lead, later leads, and the
-- trick winner leading after the first trick.
local S = require "scenario"

local function game(t, options)
  return t.game { players = 4, seed = 1, options = options }
end

return {
  { name = "the first lead declares the party: the lowest State card of the leader's own party", run = function(t)
      local G = game(t)
      S.arrange(G, { first_lead = true, hands = {
        { "new_hampshire", "florida", "delaware", "kentucky", "president_washington" } } })
      t.eq(S.legal(G), { "new_hampshire" })
      t.ok(G:can("Play New Hampshire (Democratic 4) - declares the Democratic party"))
    end },

  { name = "the first lead is forced to the opposing party's lowest when the own party is missing", run = function(t)
      local G = game(t)
      S.arrange(G, { first_lead = true, hands = {
        { "new_york", "vermont", "delaware", "secretary_of_war" } } })
      t.eq(S.legal(G), { "delaware" })
      t.ok(G:can("Play Delaware (Republican 3) - Forced Lead: no Democratic State card"))
    end },

  { name = "a Republican partnership declares with its lowest Republican card", run = function(t)
      local G = game(t)
      S.arrange(G, { first_lead = true, leader = 2, hands = { {}, { "new_mexico", "rhode_island", "iowa" } } })
      t.eq(S.legal(G), { "rhode_island" })
    end },

  { name = "a Suffrage State is lowest by its double vote (Wyoming 3 counts 6)", run = function(t)
      local G = game(t)
      S.arrange(G, { first_lead = true, hands = { { "wyoming", "new_hampshire", "alabama" } } })
      t.eq(S.legal(G), { "new_hampshire" })
    end },

  { name = "neither a Thirteen nor a President may make the first lead", run = function(t)
      local G = game(t)
      S.arrange(G, { first_lead = true, hands = { { "kentucky", "president_washington", "alabama" } } })
      t.eq(S.legal(G), { "alabama" })
    end },

  { name = "later leads: the lowest of either party, a Thirteen or a President at any time", run = function(t)
      local G = game(t)
      S.arrange(G, { hands = { { "new_mexico", "florida", "delaware", "maine", "kentucky",
        "wisconsin", "president_adams", "secretary_of_war", "chief_justice", "first_flag" } } })
      t.eq(S.legal(G), { "delaware", "kentucky", "new_mexico", "president_adams", "wisconsin" })
    end },

  { name = "equal lowest cards of a party leave the choice (Arizona 3 doubled = Florida 6)", run = function(t)
      local G = game(t)
      S.arrange(G, { hands = { { "arizona", "florida", "alabama" } } })
      t.eq(S.legal(G), { "arizona", "florida" })
    end },

  { name = "Forced Lead: with only Honor cards left, any one of them is led", run = function(t)
      local G = game(t)
      S.arrange(G, { hands = { { "secretary_of_war", "first_flag", "chief_justice" } } })
      t.eq(S.legal(G), { "chief_justice", "first_flag", "secretary_of_war" })
    end },

  { name = "only the deal's first lead declares; option each_player: every hand's first lead", run = function(t)
      local hands = { { "new_mexico", "alabama" }, { "delaware", "maine" },
        { "florida", "texas", "iowa" }, { "new_hampshire", "vermont", "georgia" } }
      local G = game(t)
      S.arrange(G, { first_lead = true, leader = 1, hands = hands })
      -- Trick 1: New Mexico is doubled by Florida (third hand), who then leads.
      S.play(G, "new_mexico", "maine", "florida", "vermont")
      t.eq(S.leader(G), 3)
      t.eq(S.legal(G), { "iowa", "texas" }, "not declaring: the lowest of each party")
      G = game(t, { declare_party = "each_player" })
      S.arrange(G, { first_lead = true, leader = 1, hands = hands })
      S.play(G, "new_mexico", "maine", "florida", "vermont")
      t.eq(S.legal(G), { "texas" }, "seat 3's own first lead declares the Democratic party")
    end },

  { name = "after the first trick the trick winner leads", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "secretary_of_war", "maine" },
        { "florida", "texas" }, { "vermont", "georgia" } } })
      S.play(G, "new_mexico", "secretary_of_war", "florida", "vermont")
      t.eq(S.leader(G), 2)
      t.eq(G.g.state.turn, 2)
      t.eq(G:actor(), 2)
      t.eq(G.g.count("tricks:2"), 4, "the trick goes to the Republican partnership")
    end },
}
