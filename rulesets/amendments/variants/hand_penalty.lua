return {
  name = "Hand penalty",
  doc = "Each card left in a player's hand at the end of a hand scores -5 for the player/team",
  options = { hand_penalty = true },
}
