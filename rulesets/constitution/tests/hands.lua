-- Second, Third and Fourth Hand; Suffrage States; When Lead is not Doubled;
-- Failure of Rules to Apply; Should More Than One Honor Be Played.
local S = require "scenario"

local function game(t, options)
  return t.game { players = 4, seed = 1, options = options }
end

-- Seat 1 (Democratic) leads Florida, Democratic 6, with these other hands.
local function florida_led(t, hands, options)
  local G = game(t, options)
  hands[1] = hands[1] or { "florida", "oklahoma" }
  S.arrange(G, { leader = 1, hands = hands })
  S.play(G, "florida")
  return G
end

return {
  { name = "Second Hand follows with the same votes before the double", run = function(t)
      local G = florida_led(t, { [2] = { "arizona", "alabama", "secretary_of_war" } })
      t.eq(S.legal(G), { "arizona" })
      t.ok(G:can("Play Arizona (Democratic 3, Double Vote) - same votes"))
    end },

  { name = "Second Hand doubles failing the same votes", run = function(t)
      local G = florida_led(t, { [2] = { "alabama", "tennessee", "georgia", "secretary_of_war", "new_york" } })
      t.eq(S.legal(G), { "alabama", "tennessee" })
    end },

  { name = "Second Hand failing: Honor with vote, refusing to vote, or the other party's highest", run = function(t)
      local G = florida_led(t, { [2] = { "maryland", "secretary_of_war", "first_flag", "new_york",
        "vermont", "chief_justice" } })
      t.eq(S.legal(G), { "first_flag", "new_york", "secretary_of_war" })
    end },

  { name = "option opposing_party = player: discard the highest of the party opposing the player", run = function(t)
      local hands = { [2] = { "maryland", "louisiana", "vermont" } }
      t.eq(S.legal(florida_led(t, hands)), { "vermont" }, "default: the party other than the suit led")
      hands[1] = nil
      t.eq(S.legal(florida_led(t, hands, { opposing_party = "player" })), { "louisiana" },
        "Republican seat 2 discards the highest Democratic card")
    end },

  { name = "Failure of Rules to Apply: the lowest card in hand, or the Chief Justice", run = function(t)
      local G = florida_led(t, { [2] = { "maryland", "louisiana", "chief_justice", "lady_adams" },
        [3] = { "nebraska", "mississippi" }, [4] = { "texas", "missouri" } })
      t.eq(S.legal(G), { "lady_adams" }, "an Honor with vote applies: no Chief Justice")
      G = florida_led(t, { [2] = { "maryland", "louisiana", "chief_justice" },
        [3] = { "nebraska", "mississippi" }, [4] = { "texas", "missouri" } })
      t.eq(S.legal(G), { "chief_justice", "maryland" })
      t.ok(G:can("Play Maryland (Democratic 8) - lowest card (no rule applies)"))
      S.play(G, "chief_justice", "nebraska", "missouri")
      t.eq(S.leader(G), 2, "the Chief Justice takes the trick")
    end },

  { name = "Third Hand must double the card played by Second Hand", run = function(t)
      local G = florida_led(t, { [2] = { "arizona", "north_carolina" },
        [3] = { "alabama", "georgia", "secretary_of_state" },
        [4] = { "ohio", "texas", "new_york" } })
      S.play(G, "arizona")
      t.eq(S.legal(G), { "alabama" })
      S.play(G, "alabama")
      t.eq(S.legal(G), { "ohio" }, "Fourth Hand doubles the last State card played")
      S.play(G, "ohio")
      t.eq(S.leader(G), 4, "the last to double takes the trick")
    end },

  { name = "Third Hand: no Honor over Second Hand's Honor; the lowest of the suit led once taken", run = function(t)
      local G = florida_led(t, { [2] = { "secretary_of_war", "maine" },
        [3] = { "lady_adams", "first_flag", "maryland", "missouri", "new_york" }, [4] = { "vermont", "texas" } })
      S.play(G, "secretary_of_war")
      t.eq(S.legal(G), { "first_flag", "maryland", "new_york" })
      S.play(G, "new_york")
      S.play(G, "vermont")
      t.eq(S.leader(G), 2, "an Honor card with vote takes the trick")
    end },

  { name = "Fourth Hand doubles the last State card, not a discard", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "florida", "iowa" },
        { "new_york", "maryland" }, { "virginia", "texas", "vermont" } } })
      S.play(G, "new_mexico", "florida", "new_york")
      t.eq(S.legal(G), { "virginia" }, "Virginia 12 doubles Florida 6, not New York 45")
      S.play(G, "virginia")
      t.eq(S.leader(G), 4)
    end },

  { name = "Fourth Hand refusing to vote: the trick goes to the last to double", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "florida", "iowa" },
        { "new_york", "maryland" }, { "first_white_house", "missouri", "georgia" } } })
      S.play(G, "new_mexico", "florida", "new_york")
      t.eq(S.legal(G), { "first_white_house" })
      S.play(G, "first_white_house")
      t.eq(S.leader(G), 2)
    end },

  { name = "When Lead is not Doubled the lead takes the trick", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "iowa", "delaware" },
        { "first_flag", "texas" }, { "new_jersey", "vermont" } } })
      S.play(G, "new_mexico", "iowa", "first_flag", "new_jersey")
      t.eq(S.leader(G), 1)
    end },

  { name = "a card that cannot be doubled has the trick: later hands may play their lowest", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_york", "alabama" },
        { "vermont", "connecticut", "first_flag", "georgia" }, { "texas", "ohio" }, { "iowa", "delaware" } } })
      S.play(G, "new_york")
      t.eq(S.legal(G), { "first_flag", "georgia", "vermont" })
      S.play(G, "vermont")
      t.eq(S.legal(G), { "ohio", "texas" }, "no Republican card: the other suit's highest or its lowest")
    end },

  { name = "Suffrage States double for the trick, with the Double Vote announced", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "wyoming", "delaware" },
        { "colorado", "florida" }, { "vermont", "iowa" } } })
      S.play(G, "new_mexico")
      t.eq(S.legal(G), { "wyoming" }, "Wyoming 3 counts 6: it doubles New Mexico 3")
      S.play(G, "wyoming")
      local plays = G.g.state.trick.plays
      t.ok(plays[2].double_vote and plays[2].doubles, "Double Vote")
      t.ok(not plays[1].double_vote)
      t.eq(S.legal(G), { "colorado" }, "Colorado 6 counts 12: it doubles Wyoming")
      S.play(G, "colorado", "iowa")
      t.eq(S.leader(G), 3)
    end },

  { name = "Should More Than One Honor Be Played: the highest ranking Honor takes", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "new_mexico", "alabama" }, { "secretary_of_war", "delaware" },
        { "vice_president", "lady_adams" }, { "first_flag", "secretary_of_state" } } })
      S.play(G, "new_mexico", "secretary_of_war")
      t.eq(S.legal(G), { "lady_adams", "vice_president" }, "only Honors: forced")
      S.play(G, "vice_president", "first_flag")
      t.eq(S.leader(G), 3)
    end },

  { name = "two Honors of equal rank: the earlier one takes", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "president_washington", "alabama" }, { "president_adams" },
        { "florida" }, { "iowa" } } })
      S.play(G, "president_washington", "president_adams", "florida", "iowa")
      t.eq(G.g.count("tricks:1"), 4)
    end },

  { name = "a Forced Lead of an Honor with vote takes unless a higher Honor is forced", run = function(t)
      local G = game(t)
      S.arrange(G, { leader = 1, hands = { { "secretary_of_war", "alabama" }, { "lady_adams", "delaware" },
        { "florida", "texas" }, { "vermont", "iowa" } } })
      G.g.move(G:card("alabama"), "deck")
      S.play(G, "secretary_of_war")
      t.eq(S.legal(G), { "delaware" }, "no Honor over an Honor unless forced: the lowest card")
      S.play(G, "delaware", "florida", "vermont")
      t.eq(S.leader(G), 1)
    end },
}
