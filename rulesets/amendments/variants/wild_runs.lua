return {
  name = "Wild runs",
  doc = "No wild limit: a run may be made of Liberty and We the People cards alone",
  options = { real_amendment = false },
}
