return {
  name = "Relaxed (PySolFC)",
  doc = "PySolFC's British Constitution: vacancies may stay empty and be filled later from the row below; "
    .. "People vacancies filled from the talon (waste) automatically; the talon's top card may be built on the People",
  options = { relaxed = true },
}
