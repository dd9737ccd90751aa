-- The seed's last paragraph: four games, two parties (odd seats against
-- even seats), party points. See README.md, "Party match".
return {
  name = "Party match",
  doc = "Four games in one; Candidates score 1 point, the President 2 and each party member 1",
  options = { match = true, match_games = 4 },
}
