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
local KING = 13
local WIN_CARDS = FOUNDATIONS * JACK -- 88

-- Zone names and their display names, made once: the hot loops build no
-- strings at all (labels come from describe, only when someone reads them).
-- PLACE[level][i] names a place; the same 32 places are also numbered in one
-- list, row by row from the People (PLACE_ZONE, BASE[level] + i), so that
-- one table holds the top card of every place.
local PLACE, PLACE_ZONE, BASE, FOUNDATION, NAME = {}, {}, {}, {}, {}
local IS_PEOPLE = {} -- place name -> true for the People's places
for level, row in ipairs(ROWS) do
  PLACE[level], BASE[level] = {}, (level - 1) * PLACES
  for i = 1, PLACES do
    local zone = row .. ":" .. i
    PLACE[level][i], PLACE_ZONE[BASE[level] + i] = zone, zone
    NAME[zone] = ROW_NAME[row] .. " " .. i
    IS_PEOPLE[zone] = level == 1
  end
end
for f = 1, FOUNDATIONS do
  FOUNDATION[f] = "foundation:" .. f
  NAME[FOUNDATION[f]] = "Government " .. f
end
NAME.talon = "the talon"
local TOP_ZONE, GOVERNMENT = { table.unpack(PLACE_ZONE) }, #PLACE_ZONE -- read_tops
for f = 1, FOUNDATIONS do TOP_ZONE[GOVERNMENT + f] = FOUNDATION[f] end
-- The same zones by number (the host finds a number faster than a name):
-- make_zones creates the zones in the same order in every game, so their
-- numbers are the same too; filled at the first setup of this interpreter
-- (a game loaded without one reads the tops by name).
local TOP_NUMBER = {}

-- What the rules ask of a card, by card id, read once from g.defs (card ids
-- follow the definitions, the same in every game of these rules), so that
-- the hot loops index a list instead of calling the host:
--   RANK, SUIT;
--   SHOWS: its rank and colour as one number, and BUILDS_ON: the SHOWS of
--   the card it builds on (Rule IV: one rank up, the other colour), so a
--   build is one comparison;
--   IN_SUIT: its suit and rank as one number, and NEXT_IN_SUIT: that of the
--   card the Government takes on it (same suit, one rank up);
--   and each of these numbers (all below 64) as a bit, BIT_*, so that one
--   integer holds the set of them for a whole row.
local RANK, SUIT, SHOWS, BUILDS_ON, IN_SUIT, NEXT_IN_SUIT = {}, {}, {}, {}, {}, {}
local BIT_BUILDS_ON, BIT_IN_SUIT, BIT_NEXT_IN_SUIT = {}, {}, {}
local RED = { red = 1, black = 0 } -- two colours: "the other colour" is one
local SUIT_NUMBER = { spades = 0, hearts = 1, diamonds = 2, clubs = 3 }
local learned_from = nil -- the g.defs they were read from
local function learn_cards(g)
  local defs = g.defs
  if learned_from == defs then return end
  for card, def in ipairs(defs) do
    local red = assert(RED[def.color], "a card is red or black")
    local suit = assert(SUIT_NUMBER[def.suit], "a card has one of the four suits")
    RANK[card], SUIT[card] = def.rank, def.suit
    SHOWS[card], BUILDS_ON[card] = 2 * def.rank + red, 2 * (def.rank + 1) + 1 - red
    IN_SUIT[card], NEXT_IN_SUIT[card] = (KING + 1) * suit + def.rank, (KING + 1) * suit + def.rank + 1
    BIT_BUILDS_ON[card] = 1 << BUILDS_ON[card]
    BIT_IN_SUIT[card], BIT_NEXT_IN_SUIT[card] = 1 << IN_SUIT[card], 1 << NEXT_IN_SUIT[card]
  end
  learned_from = defs
end

-- The top card of every place and foundation (false when empty), by
-- number: People 1-8, House of Commons 9-16, House of Lords 17-24, Privy
-- Council 25-32, the Government 33-40 (GOVERNMENT + f). The host keeps
-- the list between decisions (g.memo) and reads again only the places
-- whose cards changed: a move changes two or three of the forty. Beside
-- the list, sets (one bit each) that the loops below ask instead of
-- looking at every place:
--   tops.filled           the places and foundations with a card, bit k - 1;
--   tops.shown[level]     the SHOWS of the tops of that row,
--   tops.wanted[level]    and the SHOWS they build on (BUILDS_ON);
--   (tops.count: how many tops of the row show each, as two packs may show
--   one twice: a bit goes when its count does).
local ROW_BITS = {} -- the places of each row as a set
for level = 1, #ROWS do ROW_BITS[level] = ((1 << PLACES) - 1) << BASE[level] end
local PLACE_OF_BIT = {}
for k = 1, #TOP_ZONE do PLACE_OF_BIT[1 << (k - 1)] = k end

local function count_top(tops, level, card, by)
  local shows, builds, count = SHOWS[card], BUILDS_ON[card], tops.count[level]
  local n, m = count[shows] + by, count[64 + builds] + by
  count[shows], count[64 + builds] = n, m
  local shown, wanted = tops.shown, tops.wanted
  if n == 0 then shown[level] = shown[level] & ~(1 << shows) else shown[level] = shown[level] | 1 << shows end
  if m == 0 then wanted[level] = wanted[level] & ~(1 << builds) else wanted[level] = wanted[level] | 1 << builds end
end

local function read_top(g, tops, zone, k)
  if not tops.filled then -- a new list (a new game)
    tops.filled, tops.shown, tops.wanted, tops.count = 0, {}, {}, {}
    for level = 1, #ROWS do
      tops.shown[level], tops.wanted[level], tops.count[level] = 0, 0, {}
      for v = 0, 127 do tops.count[level][v] = 0 end
    end
  end
  local old, card, level = tops[k], g.top(zone) or false, k <= GOVERNMENT and (k - 1) // PLACES + 1
  tops[k] = card
  if level and old then count_top(tops, level, old, -1) end
  if level and card then count_top(tops, level, card, 1) end
  if card then tops.filled = tops.filled | 1 << (k - 1) else tops.filled = tops.filled & ~(1 << (k - 1)) end
end

local function read_tops(g)
  learn_cards(g)
  return g.memo(read_top, TOP_NUMBER[#TOP_ZONE] and TOP_NUMBER or TOP_ZONE)
end

local function row_has_cards(tops, level) return tops.filled & ROW_BITS[level] ~= 0 end

-- The first empty place of row `level` (zone name), or nil.
local function first_empty_place(tops, level)
  local empty = ROW_BITS[level] & ~tops.filled
  if empty == 0 then return nil end
  return PLACE_ZONE[PLACE_OF_BIT[empty & -empty]]
end

-- Strict game (Rule V): a vacancy is filled at once from the row below, so
-- an empty upper place whose row below still holds a card is the vacancy
-- being filled now. A place left empty because the row below was empty stays
-- empty for good (that row can never be refilled), so it is never mistaken.
local function vacancy(g, tops)
  if g.options.relaxed then return nil end
  for level = #ROWS, 2, -1 do
    if row_has_cards(tops, level - 1) then
      local zone = first_empty_place(tops, level)
      if zone then return zone, level end
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
    g.log("People vacancy %s filled with %s from the %s", NAME[zone], g.defs[moved[1]].short, source)
  end
end

-- Every move names a card, where it comes from and where it goes, and
-- means the same in every game: each is made once and offered again (the
-- host never writes into an action, nor does apply). ACTION[kind][key],
-- the key packing the card and the two zones' places in ZONE_INDEX.
local ZONE_INDEX = { talon = 0 }
for k, zone in ipairs(TOP_ZONE) do ZONE_INDEX[zone] = k end
local ACTION = { fill = {}, build = {}, foundation = {} }
local DEAL = { kind = "deal", zone = "talon" }

local function action(kind, card, from, zone)
  local key = (card * 64 + ZONE_INDEX[from]) * 64 + ZONE_INDEX[zone]
  local made = ACTION[kind]
  local a = made[key]
  if not a then
    a = { kind = kind, card = card, from = from, zone = zone }
    made[key] = a
  end
  return a
end

local function fill_actions(tops, list, zone, level)
  for k = BASE[level - 1] + 1, BASE[level - 1] + PLACES do
    local card = tops[k]
    if card then
      list[#list + 1] = action("fill", card, PLACE_ZONE[k], zone)
    end
  end
end

-- Rules I and VI: Privy Council tops to the Government, in suit, up to the
-- knave; an empty foundation takes an ace. Of two foundations of one suit at
-- the same height only the first is offered: the choice changes nothing.
local function foundation_actions(tops, list)
  local takes, empty = 0, false -- the set of IN_SUIT the Government takes
  for f = GOVERNMENT + 1, GOVERNMENT + FOUNDATIONS do
    local card = tops[f]
    if card then takes = takes | BIT_NEXT_IN_SUIT[card] else empty = true end
  end
  for k = BASE[#ROWS] + 1, BASE[#ROWS] + PLACES do
    local card = tops[k]
    if card and RANK[card] <= JACK and (takes & BIT_IN_SUIT[card] ~= 0 or empty and RANK[card] == 1) then
      for f = 1, FOUNDATIONS do
        local top = tops[GOVERNMENT + f]
        if top and NEXT_IN_SUIT[top] == IN_SUIT[card] or not top and RANK[card] == 1 then
          list[#list + 1] = action("foundation", card, PLACE_ZONE[k], FOUNDATION[f])
          break -- any later foundation that takes it is at the same height
        end
      end
    end
  end
end

-- Rules II-IV: the top card of a sequence onto a sequence of the row directly
-- above. In the relaxed game an empty upper place (first_empty) takes any
-- card from the row below; empty places of one row are alike, so only the
-- first is offered.
local function build_targets(card, from, above, tops, first_empty, list)
  local need = BUILDS_ON[card]
  for k = BASE[above] + 1, BASE[above] + PLACES do
    local onto = tops[k]
    if onto and SHOWS[onto] == need then
      list[#list + 1] = action("build", card, from, PLACE_ZONE[k])
    end
  end
  if first_empty then
    list[#list + 1] = action("fill", card, from, first_empty)
  end
end

-- Higher rows first: a depth-first solver tries the moves nearest the
-- Government before the others. Only a card whose target the row above
-- shows (or may fill) is looked at closer.
local function build_actions(g, tops, list)
  local relaxed, builds_on = g.options.relaxed, BIT_BUILDS_ON
  for level = #ROWS - 1, 1, -1 do
    local above = level + 1
    local shown = tops.shown[above]
    local first_empty = relaxed and first_empty_place(tops, above)
    if first_empty or shown & tops.wanted[level] ~= 0 then -- (else no card of the row builds there)
      for k = BASE[level] + 1, BASE[level] + PLACES do
        local card = tops[k]
        if card and (shown & builds_on[card] ~= 0 or first_empty) then
          build_targets(card, PLACE_ZONE[k], above, tops, first_empty, list)
        end
      end
    end
  end
  -- PySolFC's British Constitution also builds from the waste onto the People.
  local card = relaxed and g.top("talon")
  if card then build_targets(card, "talon", 1, tops, first_empty_place(tops, 1), list) end
end

-- The label of an action, built only when the window, a log or a test asks.
local function describe(g, a)
  if a.kind == "deal" then return "Deal a card from the pack to the talon" end
  local short = g.defs[a.card].short
  if a.kind == "foundation" then
    return "Play " .. short .. " from " .. NAME[a.from] .. " to " .. NAME[a.zone]
  elseif a.kind == "build" then
    local onto = g.defs[g.top(a.zone)].short
    return "Build " .. short .. " from " .. NAME[a.from] .. " on " .. onto .. " in " .. NAME[a.zone]
  elseif g.count(a.zone) == 0 and not g.options.relaxed then
    return "Fill " .. NAME[a.zone] .. " with " .. short .. " from " .. NAME[a.from]
  end
  return "Move " .. short .. " from " .. NAME[a.from] .. " to the vacancy " .. NAME[a.zone]
end

-- No chores: the host plays an action marked `auto` for a player who lets
-- it (docs/lua-api.md "Actions"). Each forced copy is made once, as the
-- actions are.
local FORCED = {}
local function forced(a)
  local f = FORCED[a]
  if not f then
    f = { kind = a.kind, card = a.card, from = a.from, zone = a.zone, auto = true }
    FORCED[a] = f
  end
  return f
end
-- A card is safe on the Government when no card could still build on it
-- where it lies (as PySolFC's auto-play judges): every foundation of the
-- other colour has reached the rank below it, so those cards are all there.
local function safe_on_government(tops, card)
  local red, below = SHOWS[card] % 2, RANK[card] - 1
  for f = GOVERNMENT + 1, GOVERNMENT + FOUNDATIONS do
    local top = tops[f]
    if top and SHOWS[top] % 2 ~= red and RANK[top] < below then return false end
  end
  return true
end
-- The moves to play for the player: the only move there is (the one fill
-- of a vacancy, the last deal), and a safe move to the Government.
local function mark_forced(tops, list)
  if #list == 1 then
    list[1] = forced(list[1])
    return
  end
  for i = 1, #list do
    local a = list[i]
    if a.kind == "foundation" and safe_on_government(tops, a.card) then list[i] = forced(a) end
  end
end
local function legal_actions(g)
  local list, tops = {}, read_tops(g)
  local zone, level = vacancy(g, tops)
  if zone then
    fill_actions(tops, list, zone, level)
    mark_forced(tops, list)
    return list
  end
  foundation_actions(tops, list)
  build_actions(g, tops, list)
  if g.count("pack") > 0 then list[#list + 1] = DEAL end
  mark_forced(tops, list)
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

-- The zones, their specs made once at load (setup runs for every game).
local ZONES = {
  { "pack", { visibility = "none", kind = "deck", label = "Pack" } },
  { "talon", { visibility = "top", kind = "pile", label = "Talon" } },
  { "sovereign", { visibility = "all", kind = "decoration", label = "The Sovereign" } },
  { "bishops", { visibility = "all", kind = "decoration", label = "Bishops" } },
  { "judges", { visibility = "all", kind = "decoration", label = "Judges" } },
  -- Visible so that bots never imagine a thrown-aside queen in the pack.
  { "aside", { visibility = "all", kind = "pile", label = "Queens thrown aside" } },
}
for f = 1, FOUNDATIONS do
  ZONES[#ZONES + 1] = { FOUNDATION[f], { visibility = "all", kind = "foundation", label = NAME[FOUNDATION[f]] },
    GOVERNMENT + f }
end
for level = #ROWS, 1, -1 do
  for i = 1, PLACES do
    ZONES[#ZONES + 1] = { PLACE[level][i], { visibility = "all", kind = "run", label = NAME[PLACE[level][i]] },
      BASE[level] + i }
  end
end

local function make_zones(g)
  for _, z in ipairs(ZONES) do
    local number = g.zone(z[1], z[2])
    if z[3] then TOP_NUMBER[z[3]] = number end
  end
end

-- "Take from the pack the kings, queens, and aces": the Sovereign (a queen
-- of diamonds), Bishops (black kings), Judges (red kings), the aces to the
-- Government in suit order; the other seven queens thrown aside.
-- (The pack is read once, in its order, and the cards judged from g.defs:
-- the same as asking the host to find them, without a call back per card.)
local function take_out_court(g)
  local defs, sovereign = g.defs, false
  for _, card in ipairs(g.cards("pack")) do
    local def = defs[card]
    if def.rank == 13 then
      g.move(card, def.color == "black" and "bishops" or "judges")
    elseif def.rank == 12 and def.id == "QD" and not sovereign then
      g.move(card, "sovereign")
      sovereign = true
    elseif def.rank == 12 then
      g.move(card, "aside")
    end
  end
  local f = 0
  for card, def in ipairs(defs) do -- every ace is in the pack: in card order
    if def.rank == 1 then
      f = f + 1
      g.move(card, FOUNDATION[f])
    end
  end
end

local function setup(g)
  make_zones(g)
  g.move_all("box", "pack") -- every card, in card order
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
    g.log("Dealt %s to the talon", g.defs[moved[1]].short)
    return
  end
  if g.logging then g.log(describe(g, a)) end -- before the move: it reads the target
  g.move(a.card, a.zone)
  if IS_PEOPLE[a.from] and g.count(a.from) == 0 then refill_people(g, a.from) end
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
  local zone, level = vacancy(g, read_tops(g))
  if zone then
    lines[#lines + 1] = "Vacancy " .. NAME[zone] .. ": fill from the " .. ROW_NAME[ROWS[level - 1]]
  end
  return lines
end

-- The rank each suit's lower foundation wants next (ace 1 .. beyond jack 12).
local function wanted_ranks(g)
  local wanted, top = {}, g.top
  for f = 1, FOUNDATIONS do
    local card = top(FOUNDATION[f])
    if card then wanted[SUIT[card]] = math.min(wanted[SUIT[card]] or JACK + 1, RANK[card] + 1) end
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

-- The heuristic runs for every move a bot or the solver weighs.
local function heuristic(g)
  learn_cards(g)
  local score = GOVERNMENT_WORTH * on_foundations(g)
  local wanted = wanted_ranks(g)
  local count, top, cards_of = g.count, g.top, g.cards
  for level = 1, #ROWS do
    local worth = LEVEL_WORTH[level]
    for i = 1, PLACES do
      local zone = PLACE[level][i]
      local n = count(zone)
      local cards = n > 1 and cards_of(zone) -- a place of one card needs no list
      for depth = 1, n do
        local card = cards and cards[depth] or top(zone)
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
    -- A card in the pack is not on the Government, and the deal is a move.
    if g.count("pack") > 0 then return 1 end
    if on_foundations(g) < WIN_CARDS and any_action(g) then return 1 end
    return nil
  end,
  actions = legal_actions,
  describe = describe,
  apply = apply,
  result = result,
  status = status,
  -- the window's Normal and Hard bots: judge new positions by the heuristic
  -- at once (README, "Bots")
  search = "depth=0",
  heuristic = heuristic,
  -- Each place is a pile showing its top cards; the rows keep their own lines.
  layout = { ["*:*"] = { fan = "stack" } },
}
