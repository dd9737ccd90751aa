-- Partners drew Republican cards: seats 1 & 3 play the Republican party.
return {
  name = "Republicans in seats 1 & 3",
  doc = "The partnership of seats 1 & 3 is the Republican party",
  options = { seat1_party = "Republican" },
}
