return {
  name = "Classic memory",
  doc = "Every turn turns over two cards, whether or not a number was seen before",
  options = { second_flip = "always" },
}
