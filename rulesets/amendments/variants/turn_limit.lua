return {
  name = "Timed game",
  doc = "The game ends after 150 turns, standing for a predetermined time (rule 10's alternative); "
    .. "the hand in progress is scored without bonuses",
  options = { game_end = "turns", turn_limit = 150 },
}
