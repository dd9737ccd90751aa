-- House rule: the General Election starts every player's attributes from
-- zero again (Styles still stay); the Primary only chooses the Candidates.
return {
  name = "Fresh General Election",
  doc = "Electability and Affiliation reset to zero after the Primary",
  options = { reset_between_phases = true },
}
