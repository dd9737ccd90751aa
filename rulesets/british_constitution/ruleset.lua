-- The Constitution: a patience for two packs (seed 003). See README.md for
-- the rules as implemented and every ruling.
--
-- Zones hold the whole game: each of the 32 places of the Constitution is
-- its own zone, so g.state stays empty. In the default (strict) game the
-- one vacancy waiting to be filled is read from the zones: see vacancy().

local ROWS = { "people", "commons", "lords", "privy" } -- level 1 is lowest
local ROW_NAME = {
  people = "People", commons = "House of Commons",
  lords = "House of Lords", privy = "Privy Council",
}
local PLACES = 8       -- places in each row
local FOUNDATIONS = 8  -- the Government: one per ace
local JACK = 11        -- foundations ascend to the knave
local WIN_CARDS = FOUNDATIONS * JACK -- 88

-- Zone names and their display names, made once: the hot loops below build
-- no strings but the labels of legal actions.
local PLACE, FOUNDATION, NAME = {}, {}, {}
for level, row in ipairs(ROWS) do
  PLACE[level] = {}
  for i = 1, PLACES do
    PLACE[level][i] = row .. ":" .. i
    NAME[PLACE[level][i]] = ROW_NAME[row] .. " " .. i
  end
end
for f = 1, FOUNDATIONS do
  FOUNDATION[f] = "foundation:" .. f
  NAME[FOUNDATION[f]] = "Government " .. f
end
NAME.talon = "the talon"

-- rows[level][i]: the definition of the top card of each place (false when
-- empty), and tops[level][i] its card. Definitions are the host's own tables:
-- the hot loop builds no table per card and no string at all (labels come
-- from describe, only when someone reads them).
local function read_rows(g)
  local rows, tops = {}, {}
  for level = 1, #ROWS do
    local row, top = {}, {}
    for i = 1, PLACES do
      local card = g.top(PLACE[level][i])
      row[i], top[i] = card and g.def(card) or false, card or false
    end
    rows[level], tops[level] = row, top
  end
  return rows, tops
end

-- Rule IV: descending by one, alternate colours.
local function builds_on(def, onto)
  return onto.rank == def.rank + 1 and def.color ~= onto.color
end

local function row_has_cards(row)
  for i = 1, PLACES do
    if row[i] then return true end
  end
  return false
end

-- Strict game (Rule V): a vacancy is filled at once from the row below, so
-- an empty upper place whose row below still holds a card is the vacancy
-- being filled now. A place left empty because the row below was empty stays
-- empty for good (that row can never be refilled), so it is never mistaken.
local function vacancy(g, rows)
  if g.options.relaxed then return nil end
  for level = #ROWS, 2, -1 do
    if row_has_cards(rows[level - 1]) then
      for i = 1, PLACES do
        if not rows[level][i] then return PLACE[level][i], level end
      end
    end
  end
  return nil
end

-- A People vacancy takes the talon's top card, or the pack's when there is
-- no talon (Rule V); in the relaxed game likewise (PySolFC fills from the
-- waste, dealing the stock to it when it runs dry).
local function refill_people(g, zone)
  local source = g.count("talon") > 0 and "talon" or "pack"
  local moved = g.draw(source, zone, 1)
  if moved[1] then
    g.log("People vacancy " .. NAME[zone] .. " filled with " .. g.def(moved[1]).short .. " from the " .. source)
  end
end

local function fill_actions(tops, list, zone, level)
  for i = 1, PLACES do
    local card = tops[level - 1][i]
    if card then
      list[#list + 1] = { kind = "fill", card = card, from = PLACE[level - 1][i], zone = zone }
    end
  end
end

-- Rules I and VI: Privy Council tops to the Government, in suit, up to the
-- knave. Of two foundations of one suit at the same height only the first is
-- offered: the choice changes nothing.
local function foundation_actions(g, rows, tops, list)
  local heights, suits = {}, {}
  for f = 1, FOUNDATIONS do
    local card = g.top(FOUNDATION[f])
    local def = card and g.def(card)
    heights[f], suits[f] = def and def.rank or 0, def and def.suit
  end
  for i = 1, PLACES do
    local def = rows[#ROWS][i]
    local seen = {}
    for f = 1, def and FOUNDATIONS or 0 do
      if not seen[heights[f]] and heights[f] + 1 == def.rank and def.rank <= JACK
          and (suits[f] == def.suit or heights[f] == 0) then
        seen[heights[f]] = true
        list[#list + 1] = { kind = "foundation", card = tops[#ROWS][i], from = PLACE[#ROWS][i], zone = FOUNDATION[f] }
      end
    end
  end
end

-- Rules II-IV: the top card of a sequence onto a sequence of the row directly
-- above. In the relaxed game an empty upper place takes any card from the row
-- below; empty places of one row are alike, so only the first is offered.
local function build_targets(g, card, def, from, above, rows, list)
  local first_empty = nil
  for i = 1, PLACES do
    local onto, zone = rows[above][i], PLACE[above][i]
    if onto and builds_on(def, onto) then
      list[#list + 1] = { kind = "build", card = card, from = from, zone = zone }
    elseif not onto and not first_empty then
      first_empty = zone
    end
  end
  if g.options.relaxed and first_empty then
    list[#list + 1] = { kind = "fill", card = card, from = from, zone = first_empty }
  end
end

-- Higher rows first: a depth-first solver tries the moves nearest the
-- Government before the others.
local function build_actions(g, rows, tops, list)
  for level = #ROWS - 1, 1, -1 do
    for i = 1, PLACES do
      local def = rows[level][i]
      if def then build_targets(g, tops[level][i], def, PLACE[level][i], level + 1, rows, list) end
    end
  end
  -- PySolFC's British Constitution also builds from the waste onto the People.
  local card = g.options.relaxed and g.top("talon")
  if card then build_targets(g, card, g.def(card), "talon", 1, rows, list) end
end

-- The label of an action, built only when the window, a log or a test asks.
local function describe(g, a)
  if a.kind == "deal" then return "Deal a card from the pack to the talon" end
  local short = g.def(a.card).short
  if a.kind == "foundation" then
    return "Play " .. short .. " from " .. NAME[a.from] .. " to " .. NAME[a.zone]
  elseif a.kind == "build" then
    local onto = g.def(g.top(a.zone)).short
    return "Build " .. short .. " from " .. NAME[a.from] .. " on " .. onto .. " in " .. NAME[a.zone]
  elseif g.count(a.zone) == 0 and not g.options.relaxed then
    return "Fill " .. NAME[a.zone] .. " with " .. short .. " from " .. NAME[a.from]
  end
  return "Move " .. short .. " from " .. NAME[a.from] .. " to the vacancy " .. NAME[a.zone]
end

local function legal_actions(g)
  local list = {}
  local rows, tops = read_rows(g)
  local zone, level = vacancy(g, rows)
  if zone then
    fill_actions(tops, list, zone, level)
    return list
  end
  foundation_actions(g, rows, tops, list)
  build_actions(g, rows, tops, list)
  if g.count("pack") > 0 then list[#list + 1] = { kind = "deal", zone = "talon" } end
  return list
end

-- While the pack lasts there is always a move: the deal, or the fills of a
-- waiting vacancy (whose row below holds a card). Saves a full enumeration.
local function any_action(g)
  return g.count("pack") > 0 or #legal_actions(g) > 0
end

local function on_foundations(g)
  local n = 0
  for f = 1, FOUNDATIONS do n = n + g.count(FOUNDATION[f]) end
  return n
end

local function make_zones(g)
  g.zone("pack", { visibility = "none", kind = "deck", label = "Pack" })
  g.zone("talon", { visibility = "top", kind = "pile", label = "Talon" })
  g.zone("sovereign", { visibility = "all", kind = "decoration", label = "The Sovereign" })
  g.zone("bishops", { visibility = "all", kind = "decoration", label = "Bishops" })
  g.zone("judges", { visibility = "all", kind = "decoration", label = "Judges" })
  -- Visible so that bots never imagine a thrown-aside queen in the pack.
  g.zone("aside", { visibility = "all", kind = "pile", label = "Queens thrown aside" })
  for f = 1, FOUNDATIONS do
    g.zone(FOUNDATION[f], { visibility = "all", kind = "foundation", label = NAME[FOUNDATION[f]] })
  end
  for level = #ROWS, 1, -1 do
    for i = 1, PLACES do
      g.zone(PLACE[level][i], { visibility = "all", kind = "run", label = NAME[PLACE[level][i]] })
    end
  end
end

-- "Take from the pack the kings, queens, and aces": the Sovereign (a queen
-- of diamonds), Bishops (black kings), Judges (red kings), the aces to the
-- Government in suit order; the other seven queens thrown aside.
local function take_out_court(g)
  for _, card in ipairs(g.find("pack", function(_, def) return def.rank >= 12 end)) do
    local def = g.def(card)
    if def.rank == 13 then
      g.move(card, def.color == "black" and "bishops" or "judges")
    elseif def.id == "QD" and g.count("sovereign") == 0 then
      g.move(card, "sovereign")
    else
      g.move(card, "aside")
    end
  end
  local aces = g.find("pack", function(_, def) return def.rank == 1 end)
  table.sort(aces)
  for f, card in ipairs(aces) do g.move(card, "foundation:" .. f) end
end

local function setup(g)
  make_zones(g)
  for _, card in ipairs(g.all()) do g.move(card, "pack") end
  g.shuffle("pack")
  take_out_court(g)
  for level = 1, #ROWS do -- beginning with the lowest row, the People
    for i = 1, PLACES do g.draw("pack", PLACE[level][i], 1) end
  end
end

local function apply(g, a)
  if a.kind == "deal" then
    local moved = g.draw("pack", "talon", 1)
    -- Dealt face up: the player remembers it once others cover it.
    g.reveal(moved[1], "all")
    g.log("Dealt " .. g.def(moved[1]).short .. " to the talon")
    return
  end
  g.log(describe(g, a))
  g.move(a.card, a.zone)
  if a.from:match("^people:") and g.count(a.from) == 0 then refill_people(g, a.from) end
end

local function result(g)
  local n = on_foundations(g)
  if n == WIN_CARDS then
    return { winners = { 1 }, scores = { n }, text = "The Constitution is complete: all 88 cards on the Government" }
  end
  if any_action(g) then return nil end
  return { winners = {}, scores = { n }, text = "No move left: " .. n .. " of 88 cards on the Government" }
end

local function status(g)
  local lines = {
    "Government " .. on_foundations(g) .. "/" .. WIN_CARDS,
    "Pack " .. g.count("pack") .. ", talon " .. g.count("talon"),
  }
  local zone, level = vacancy(g, (read_rows(g)))
  if zone then
    lines[#lines + 1] = "Vacancy " .. NAME[zone] .. ": fill from the " .. ROW_NAME[ROWS[level - 1]]
  end
  return lines
end

-- The rank each suit's lower foundation wants next (ace 1 .. beyond jack 12).
local function wanted_ranks(g)
  local wanted = {}
  for f = 1, FOUNDATIONS do
    local top = g.top(FOUNDATION[f])
    if top then
      local def = g.def(top)
      wanted[def.suit] = math.min(wanted[def.suit] or JACK + 1, def.rank + 1)
    end
  end
  return wanted
end

-- For bots: a card is worth the square of its row's level (People 1 ..
-- Privy Council 16; the Government 16 too), since each row climbed makes the
-- next climb likelier. A card the Government wants soon loses by each card
-- lying on it; one the Government can take now is worth a little more where
-- it is, so a one-ply bot defers the vacancy (the rulebook's note) until no
-- other move helps. Cards buried in the talon count against.
local LEVEL_WORTH = { 1, 4, 9, 16 }
local GOVERNMENT_WORTH = 16
local SOON = 4 -- ranks ahead of a foundation that count as wanted soon

-- Rank and suit of each card id, read once: the heuristic runs for every
-- move a bot or the solver weighs, and card ids never change in a game.
local RANK, SUIT = {}, {}
local function learn_cards(g)
  for card = 1, g.ncards do
    local def = g.def(card)
    RANK[card], SUIT[card] = def.rank, def.suit
  end
end

local function heuristic(g)
  if not RANK[g.ncards] then learn_cards(g) end
  local score = GOVERNMENT_WORTH * on_foundations(g)
  local wanted = wanted_ranks(g)
  for level = 1, #ROWS do
    local worth = LEVEL_WORTH[level]
    for i = 1, PLACES do
      local cards = g.cards(PLACE[level][i])
      local n = #cards
      for depth = 1, n do
        local card = cards[depth]
        local soon = SOON - (RANK[card] - (wanted[SUIT[card]] or 1))
        if soon > 0 then
          score = score + worth - soon * (n - depth) * 0.5
          if level == #ROWS and depth == n and soon == SOON then score = score + 2 end
        else
          score = score + worth
        end
      end
    end
  end
  return score - math.max(0, g.count("talon") - 1)
end

return {
  id = "british_constitution",
  name = "The Constitution",
  players = { min = 1, max = 1 },
  options = {
    relaxed = {
      default = false,
      doc = "PySolFC's British Constitution: vacancies above the People may stay empty and take any card "
        .. "from the row below later; the talon's top card may also be built onto the People",
    },
  },
  cards = require "cards",
  setup = setup,
  actor = function(g)
    if on_foundations(g) < WIN_CARDS and any_action(g) then return 1 end
    return nil
  end,
  actions = legal_actions,
  describe = describe,
  apply = apply,
  result = result,
  status = status,
  heuristic = heuristic,
  -- Each place is a pile showing its top cards; the rows keep their own lines.
  layout = { ["*:*"] = { fan = "stack" } },
}
