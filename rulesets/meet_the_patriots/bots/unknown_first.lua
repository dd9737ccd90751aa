-- A strategy bot that plays as the heuristic bot does, in one call a move,
-- so that mcts can afford thousands of playouts by it to the end of the
-- game (`mcts:rollout=unknown_first`, README "Bots"): claim a pair whenever
-- a number's two cards are known, else turn over a card nobody has seen.
-- It reads only what every player knows: which cards were turned over
-- (g.state.turned) and where they lie. In a bot's world a card never
-- turned over is a guess, and it is never read.

local SLOTS = 12
local SLOT = {}
for k = 1, SLOTS do SLOT[k] = "slot:" .. k end

return {
  choose = function(g, _, actions)
    local s, top, defs = g.state, g.top, g.defs
    local turned = s.turned
    -- the places of the cards turned over before, by number, and the
    -- actions that turn over a card nobody has seen
    local known, unknown, n = {}, {}, 0
    for i = 1, #actions do
      local a = actions[i]
      if a.kind == "flip" then
        local c = top(SLOT[a.slot])
        if turned[c] then
          local rank = defs[c].rank
          local other = known[rank]
          -- a number's two cards known: claim them (the second of a pair)
          if other and s.phase == "first" then return other end
          known[rank] = i
        else
          n = n + 1
          unknown[n] = i
        end
      end
    end
    if s.phase == "second" then
      local claim = known[defs[top(SLOT[s.first])].rank]
      if claim then return claim end
    end
    if n > 0 then return unknown[g.random(1, n)] end
    return 1 -- every card on the table known: any
  end,
}
