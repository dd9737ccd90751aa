-- The least a ruleset needs: one card, one action, a result.
local M = { id = "minimal", name = "Minimal", players = { min = 1, max = 2 },
  cards = { { id = "a", name = "A", text = "a card" } } }
function M.setup(g) g.zone("deck", { visibility = "none", kind = "deck" }); g.move_all("box", "deck"); g.state.n = 0 end
function M.actor(g) if g.state.n < 3 then return 1 end end
function M.actions() return { { kind = "go", label = "Go" } } end
function M.apply(g) g.state.n = g.state.n + 1; g.log("turn %d", g.state.n) end
function M.result() return { winners = { 1 } } end
return M
