return {
  name = "First to 250",
  doc = "The game ends after the hand in which a player/team reaches 250 points (rule 10's alternative)",
  options = { game_end = "points", points_target = 250 },
}
