-- The other pair of Honor cards carries the two extra electoral votes.
return {
  name = "Ladies vote",
  doc = "In the second deal Lady Washington and Lady Adams carry one electoral vote each "
    .. "instead of the Presidents (the total stays 533)",
  options = { second_deal_honors = "ladies" },
}
