return {
  name = "With the Trump",
  doc = "The Trump card stays in the Board deck; its holder at the end scores none of his negative cards",
  options = { trump = true },
}
