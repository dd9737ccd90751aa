return {
  name = "Partners",
  doc = "4 or 6 players; partners sit opposite, share their cards during either's turn and combine points",
  options = { partners = true },
  players = { 4, 6 },  -- partners sit opposite
}
