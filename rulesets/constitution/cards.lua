-- The 61 cards of Constitution: 48 State cards and 13 Honor cards.
--
-- Everything here is data a designer may edit (or override from a
-- variant). The rulebook's check totals (531 electoral votes, 623 after the
-- first deal, 533 after the second) are asserted by values.lua when a game
-- is set up, so a slip in this table is reported at once.

-- The States with their 1912-apportionment electoral votes (facts), the
-- party that carried them in 1916 (the default party suits) and the
-- Suffrage States (gold star: full women's suffrage by November 1918).
-- Columns: id, name, postal abbreviation, votes, party, suffrage.
local D, R = "Democratic", "Republican"
local STATES = {
  { "alabama",        "Alabama",        "AL", 12, D },
  { "arizona",        "Arizona",        "AZ",  3, D, true },
  { "arkansas",       "Arkansas",       "AR",  9, D },
  { "california",     "California",     "CA", 13, D, true },
  { "colorado",       "Colorado",       "CO",  6, D, true },
  { "connecticut",    "Connecticut",    "CT",  7, R },
  { "delaware",       "Delaware",       "DE",  3, R },
  { "florida",        "Florida",        "FL",  6, D },
  { "georgia",        "Georgia",        "GA", 14, D },
  { "idaho",          "Idaho",          "ID",  4, D, true },
  { "illinois",       "Illinois",       "IL", 29, R },
  { "indiana",        "Indiana",        "IN", 15, R },
  { "iowa",           "Iowa",           "IA", 13, R },
  { "kansas",         "Kansas",         "KS", 10, D, true },
  { "kentucky",       "Kentucky",       "KY", 13, D },
  { "louisiana",      "Louisiana",      "LA", 10, D },
  { "maine",          "Maine",          "ME",  6, R },
  { "maryland",       "Maryland",       "MD",  8, D },
  { "massachusetts",  "Massachusetts",  "MA", 18, R },
  { "michigan",       "Michigan",       "MI", 15, R, true },
  { "minnesota",      "Minnesota",      "MN", 12, R },
  { "mississippi",    "Mississippi",    "MS", 10, D },
  { "missouri",       "Missouri",       "MO", 18, D },
  { "montana",        "Montana",        "MT",  4, D, true },
  { "nebraska",       "Nebraska",       "NE",  8, D },
  { "nevada",         "Nevada",         "NV",  3, D, true },
  { "new_hampshire",  "New Hampshire",  "NH",  4, D },
  { "new_jersey",     "New Jersey",     "NJ", 14, R },
  { "new_mexico",     "New Mexico",     "NM",  3, D },
  { "new_york",       "New York",       "NY", 45, R },
  { "north_carolina", "North Carolina", "NC", 12, D },
  { "north_dakota",   "North Dakota",   "ND",  5, D },
  { "ohio",           "Ohio",           "OH", 24, D },
  { "oklahoma",       "Oklahoma",       "OK", 10, D },
  { "oregon",         "Oregon",         "OR",  5, R, true },
  { "pennsylvania",   "Pennsylvania",   "PA", 38, R },
  { "rhode_island",   "Rhode Island",   "RI",  5, R },
  { "south_carolina", "South Carolina", "SC",  9, D },
  { "south_dakota",   "South Dakota",   "SD",  5, R, true },
  { "tennessee",      "Tennessee",      "TN", 12, D },
  { "texas",          "Texas",          "TX", 20, D },
  { "utah",           "Utah",           "UT",  4, D, true },
  { "vermont",        "Vermont",        "VT",  4, R },
  { "virginia",       "Virginia",       "VA", 12, D },
  { "washington",     "Washington",     "WA",  7, D, true },
  { "west_virginia",  "West Virginia",  "WV",  8, R },
  { "wisconsin",      "Wisconsin",      "WI", 13, R },
  { "wyoming",        "Wyoming",        "WY",  3, D, true },
}

-- Party suits: red stars for the Democrats, blue for the Republicans.
local COLOR = { Democratic = "red", Republican = "blue" }

-- The Honor cards in the order of their rank. `rank` is the rulebook's
-- rank (the two Presidents share one, so do the two Ladies).
-- vote:        an Honor card with vote (takes a trick); First Flag and
--              First White House have none ("Refusing to Vote").
-- popular:     citizen's votes in the first deal's count.
-- pair:        the option value of `second_deal_honors` under which the card
--              carries one electoral vote in the second deal.
-- president:   may be led at any time after the first lead.
-- chief_justice: played only in the cases the rulebook lists.
-- on_table:    laid face up on the table before play, never in a trick.
-- casts_tie_vote: its holder in the second deal breaks a tie.
local HONORS = {
  { "chief_justice", "Chief Justice", 1, vote = true, popular = 1,
    chief_justice = true, pair = "chief_justice_and_vice_president",
    text = "Takes any trick upon which played, in the cases the rules allow." },
  { "president_washington", "President Washington", 2, vote = true, popular = 1,
    president = true, pair = "presidents",
    text = "May be led at any time after the first lead; assumes the politics of its leader." },
  { "president_adams", "President John Adams", 2, vote = true, popular = 1,
    president = true, pair = "presidents",
    text = "May be led at any time after the first lead; assumes the politics of its leader." },
  { "lady_washington", "Lady Washington", 3, vote = true, popular = 1, pair = "ladies" },
  { "lady_adams", "Lady Adams", 3, vote = true, popular = 1, pair = "ladies" },
  { "vice_president", "Vice President", 4, vote = true, popular = 1,
    pair = "chief_justice_and_vice_president", casts_tie_vote = true,
    text = "His holder in the second deal casts the deciding vote in a tie." },
  { "secretary_of_state", "Secretary of State", 5, vote = true, popular = 1 },
  { "secretary_of_treasury", "Secretary of Treasury", 6, vote = true, popular = 1 },
  { "secretary_of_war", "Secretary of War", 7, vote = true, popular = 1 },
  { "secretary_of_the_navy", "Secretary of the Navy", 8, vote = true, popular = 1 },
  { "first_flag", "First Flag", 9, vote = false, popular = 0,
    text = "No vote: playing it is Refusing to Vote." },
  { "first_white_house", "First White House", 10, vote = false, popular = 0,
    text = "No vote: playing it is Refusing to Vote." },
  -- The District of Columbia had no vote; the card decides the lead.
  { "uncle_sam", "District of Columbia (Uncle Sam)", 11, vote = false, popular = 0,
    on_table = true,
    text = "Its holder takes the odd card, lays Uncle Sam face up and leads." },
}

local function state_card(row)
  local id, name, abbr, votes, party, suffrage = table.unpack(row, 1, 6)
  local text = votes .. " electoral votes"
  if suffrage then text = text .. "; Suffrage State: Double Vote" end
  return {
    id = id, name = name, kind = "state", suit = party, color = COLOR[party],
    rank = votes, short = abbr .. " " .. votes, abbr = abbr,
    votes = votes, suffrage = suffrage == true, text = text,
  }
end

local function honor_card(row)
  return {
    id = row[1], name = row[2], kind = "honor", color = "#b8860b",
    honor_rank = row[3], short = "H" .. row[3], text = row.text or "Honor card with vote",
    vote = row.vote, popular = row.popular, pair = row.pair or "",
    president = row.president == true, chief_justice = row.chief_justice == true,
    on_table = row.on_table == true, casts_tie_vote = row.casts_tie_vote == true,
  }
end

local cards = {}
for _, row in ipairs(STATES) do cards[#cards + 1] = state_card(row) end
for _, row in ipairs(HONORS) do cards[#cards + 1] = honor_card(row) end
return cards
