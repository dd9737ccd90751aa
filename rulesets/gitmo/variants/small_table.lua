return {
  name = "Small table",
  doc = "With 2-3 players, play with 4 Draw-A-Cards instead of 6, as the seed suggests",
  options = { remove_draw_cards = 2 },
}
