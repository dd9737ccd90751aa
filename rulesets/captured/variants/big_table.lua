return {
  name = "Big table",
  doc = "Many players: the most Traitors earn 50 points instead of 100, as the seed suggests",
  options = { bonus = 50 },
}
