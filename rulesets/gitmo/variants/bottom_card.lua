return {
  name = "Bottom card eligible",
  doc = "The bottom card of a run may be taken or moved alone (the seed's ELIGIBLE CARDS paragraph)",
  options = { bottom_card = true },
}
