-- Guess: one of nine cards lies face down as the secret; guess its number.
-- A strategy bot that tries to read the secret (bots/peek.lua) is handed a
-- determinized game, so it reads a guess, not the secret: the tests check
-- that it wins about one game in nine, not every game.
local M = {
  id = "guess", name = "Guess",
  players = { min = 1, max = 1 },
  cards = {},
}
for v = 1, 9 do M.cards[v] = { id = "n" .. v, name = tostring(v), text = "number " .. v, rank = v } end

function M.setup(g)
  g.zone("secret", { visibility = "none", kind = "pile" })
  g.zone("rest", { visibility = "none", kind = "pile" })
  g.move_all("box", "rest")
  g.shuffle("rest")
  g.move(g.top("rest"), "secret")
end

function M.actor(g) return g.state.guess == nil and 1 or nil end

local GUESSES = {}
for v = 1, 9 do GUESSES[v] = { kind = "guess", number = v } end
function M.actions() return GUESSES end
function M.describe(_, a) return "Guess " .. a.number end
function M.apply(g, a) g.state.guess = a.number end

function M.result(g)
  if g.state.guess == nil then return nil end
  local right = g.defs[g.top("secret")].rank == g.state.guess
  return { winners = right and { 1 } or {}, scores = { right and 1 or 0 } }
end

return M
