-- A patience whose only line is very long, for the solver's own tests: one
-- card moves from "start" to "end" and back, and the deal is won after
-- `steps` moves. The solver must say "unknown" for a line longer than it
-- searches, not overflow its stack.
local STEP = { kind = "step" }

return {
  id = "long_line", name = "Long line (solver fixture)",
  players = { min = 1, max = 1 },
  options = {
    steps = { default = 20000, min = 1, max = 1000000, doc = "Moves to the win" },
  },
  cards = { { id = "token", name = "Token", count = 1, text = "Moves back and forth" } },
  setup = function(g)
    g.zone("start", { visibility = "all", kind = "pile" })
    g.zone("end", { visibility = "all", kind = "pile" })
    g.move(1, "start")
    g.state.done = 0
  end,
  actor = function(g) if g.state.done < g.options.steps then return 1 end end,
  actions = function() return { STEP } end,
  describe = function() return "Step" end,
  apply = function(g)
    g.move(1, g.where(1) == "start" and "end" or "start")
    g.state.done = g.state.done + 1
  end,
  result = function(g)
    if g.state.done >= g.options.steps then return { winners = { 1 } } end
  end,
}
