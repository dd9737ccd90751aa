-- A tiny game for the engine's own tests: draw cards, play them for
-- points. "boom" fails half way through apply (transaction test); "peek"
-- shows the actor the top of the deck (undo test).
local M = {
  id = "tiny", name = "Tiny",
  players = { min = 2, max = 3 },
  options = {
    target = { default = 6, min = 1, max = 100, doc = "Points to win" },
    bonus = { default = false, doc = "Played cards score one more" },
  },
  cards = {
    { id = "one", name = "One", count = 3, points = 1, text = "1 point" },
    { id = "two", name = "Two", count = 2, points = 2, text = "2 points" },
    { id = "three", name = "Three", count = 1, points = 3, text = "3 points" },
  },
}

function M.setup(g)
  g.zone("deck", { visibility = "none", kind = "deck" })
  g.move_all("box", "deck")
  g.shuffle("deck")
  for p = 1, g.players do
    g.zone("hand:" .. p, { owner = p, visibility = "owner", kind = "hand" })
    g.zone("played:" .. p, { owner = p, visibility = "all", kind = "pile" })
  end
  g.state.turn, g.state.score, g.state.passes = 1, {}, 0
  for p = 1, g.players do g.state.score[p] = 0 end
end

function M.actor(g)
  if M.result(g) then return nil end
  return g.state.turn
end

function M.actions(g)
  local p, list = g.state.turn, {}
  if g.count("deck") > 0 then list[#list + 1] = { kind = "draw", label = "Draw" } end
  for _, c in ipairs(g.cards("hand:" .. p)) do
    list[#list + 1] = { kind = "play", card = c, label = "Play " .. g.def(c).name }
  end
  list[#list + 1] = { kind = "pass", label = "Pass" }
  if g.count("deck") > 0 then list[#list + 1] = { kind = "peek", label = "Peek" } end
  list[#list + 1] = { kind = "boom", label = "Boom" }
  return list
end

local function next_turn(g) g.state.turn = g.state.turn % g.players + 1 end

function M.apply(g, a)
  local p = g.state.turn
  if a.kind == "draw" then
    g.draw("deck", "hand:" .. p)
    g.state.passes = 0
  elseif a.kind == "play" then
    g.move(a.card, "played:" .. p)
    g.state.score[p] = g.state.score[p] + g.def(a.card).points + (g.options.bonus and 1 or 0)
    g.state.passes = 0
    g.log("p%d plays %s", p, g.defs[a.card].name)
  elseif a.kind == "pass" then
    g.state.passes = g.state.passes + 1
  elseif a.kind == "peek" then
    g.reveal(g.top("deck"), p)
    return
  elseif a.kind == "boom" then
    g.state.score[p] = 999
    g.draw("deck", "hand:" .. p)
    error("boom: this action always fails")
  end
  next_turn(g)
end

function M.result(g)
  local best, winners = -1, {}
  for p = 1, g.players do
    if g.state.score[p] >= g.options.target then winners[#winners + 1] = p end
    best = math.max(best, g.state.score[p])
  end
  if #winners > 0 then return { winners = winners, scores = g.state.score } end
  if g.state.passes >= 2 * g.players then
    for p = 1, g.players do
      if g.state.score[p] == best then winners[#winners + 1] = p end
    end
    return { winners = winners, scores = g.state.score }
  end
  return nil
end

function M.heuristic(g, p) return g.state.score[p] end
function M.status(g, p) return { "score " .. g.state.score[p] } end

return M
