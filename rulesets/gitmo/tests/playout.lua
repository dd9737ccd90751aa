-- Whole games with random moves finish, with every option.
local tests = {}

local CASES = {
  { players = 2, options = {} },
  { players = 3, options = { bottom_card = true, pure_runs = true } },
  { players = 4, options = { partners = true, final_turn = true } },
  { players = 5, options = { card_laid_is_played = false, help_opponents = true } },
  { players = 6, options = { partners = true, bottom_card = true } },
  { players = 2, options = { remove_draw_cards = 3, rounds = 2 } },
}

for i, case in ipairs(CASES) do
  tests[#tests + 1] = { name = "Random game " .. i .. " (" .. case.players .. " players) ends with a result",
    run = function(t)
      local G = t.game { players = case.players, seed = 10 + i, options = case.options }
      G:playout()
      local r = G:result()
      t.ok(r, "a result")
      t.ok(#r.winners >= 1, "somebody wins")
      t.eq(#G.g.state.history, case.players * (case.options.rounds or 1), "one hand per dealer and round")
      local cards = 0
      for _, z in ipairs(G.g.zones()) do cards = cards + G.g.count(z) end
      t.eq(cards, G.g.ncards)
    end }
end

return tests
