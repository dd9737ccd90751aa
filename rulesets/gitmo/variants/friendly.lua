return {
  name = "Friendly table",
  doc = "Players help each other spot their own deck plays, a move that showed no card may be taken "
    .. "back, and the player after the last refill gets a final turn",
  options = { help_opponents = true, card_laid_is_played = false, final_turn = true },
}
