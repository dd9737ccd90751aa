-- House rule: the Insider's halving rounds down (-3 halves to -2), not
-- toward zero (-1).
return {
  name = "Round down",
  doc = "Halving rounds down instead of toward zero",
  options = { rounding = "down" },
}
