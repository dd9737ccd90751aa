-- The 122 cards of Article V 4u2 Amend. 120 are played; the two reference
-- cards (play diagram, amendment list) are data only and stay in their own
-- zone, never dealt.
--
-- Ruleset fields: `number` (amendments 1..27), `subject` (what a player must
-- name under rule 9), `wild_low`/`wild_high` (the numbers a wild stands
-- for), `stop`/`remedy` (which stop a remedy lifts).

-- Subjects of the 27 amendments (README, "Rulings": card texts).
local SUBJECTS = {
  "religion, speech, press, assembly, petition",
  "right to bear arms",
  "quartering of soldiers",
  "search and seizure",
  "due process, self-incrimination, double jeopardy",
  "speedy jury trial, counsel",
  "civil jury trial",
  "no cruel and unusual punishment or excessive bail",
  "rights retained by the people",
  "powers reserved to the states and the people",
  "suits against states",
  "election of President and Vice President",
  "abolition of slavery",
  "citizenship, equal protection",
  "race no bar to vote",
  "income tax",
  "direct election of senators",
  "prohibition",
  "women's suffrage",
  "lame duck: terms begin in January",
  "repeal of prohibition",
  "two-term limit for President",
  "electors for the District of Columbia",
  "no poll tax",
  "presidential succession and disability",
  "voting age 18",
  "congressional pay changes",
}

local function ordinal(n)
  local tens = n % 100
  if tens >= 11 and tens <= 13 then return n .. "th" end
  local suffix = ({ "st", "nd", "rd" })[n % 10] or "th"
  return n .. suffix
end

local cards = {
  { id = "article_v", name = "Article V 4u2 Amend", count = 12, kind = "article", color = "#1f4e9c",
    short = "ART V",
    text = "Play before your first run (one per player/team each hand). "
      .. "Also the remedy for Judicial Review: place it on top of that card." },
  { id = "judicial_review", name = "Judicial Review Unconstitutional", count = 3, kind = "stop", color = "red",
    short = "JR", stop = true, remedy_by = "article_v",
    text = "Stop: play on an opponent (even one without an Article V). They may not start or add to runs "
      .. "until they play an Article V 4u2 Amend on it." },
  { id = "filibuster", name = "Filibuster", count = 3, kind = "stop", color = "red", short = "FIL",
    stop = true, remedy_by = "cloture",
    text = "Stop: play on an opponent (even one without an Article V). They may not start or add to runs "
      .. "until they play a Cloture on it." },
  { id = "cloture", name = "Cloture", count = 7, kind = "remedy", color = "#2e7d32", short = "CLO",
    text = "Remedy for a Filibuster: place it on top of the Filibuster, then play amendments again." },
  { id = "liberty", name = "Liberty", count = 7, kind = "wild", color = "#b8860b", short = "LIB",
    wild_low = 1, wild_high = 10,
    text = "Wild: stands for any Bill of Rights amendment, 1 through 10. Counts 10 points." },
  { id = "we_the_people", name = "We the People", count = 7, kind = "wild", color = "#b8860b", short = "WTP",
    wild_low = 11, wild_high = 27,
    text = "Wild: stands for any amendment 11 through 27. Counts 10 points." },
}

for n, subject in ipairs(SUBJECTS) do
  cards[#cards + 1] = {
    id = "amendment_" .. n, name = ordinal(n) .. " Amendment", count = 3, kind = "amendment",
    rank = n, short = tostring(n), color = n <= 10 and "blue" or "black",
    number = n, subject = subject,
    text = "Amendment " .. n .. ": " .. subject .. ". Counts 5 points.",
  }
end

cards[#cards + 1] = { id = "play_diagram", name = "Play diagram", count = 1, kind = "reference",
  text = "Reference card: the Article V card stands vertically, stops lie beside it, runs in front." }
local list = {}
for n, subject in ipairs(SUBJECTS) do list[n] = n .. " " .. subject end
cards[#cards + 1] = { id = "amendment_list", name = "Amendment list", count = 1, kind = "reference",
  text = "Reference card: " .. table.concat(list, "; ") .. "." }

return cards
