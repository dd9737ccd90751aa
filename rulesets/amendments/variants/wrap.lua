return {
  name = "Wrap-around runs",
  doc = "Runs wrap past the 27th Amendment back to the 1st (26, 27, 1, 2 ...)",
  options = { wrap = true },
}
