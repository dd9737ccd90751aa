return {
  name = "Runs of one kind",
  doc = "All runs are Patriot cards only or Traitor cards only (the seed: harder, and the game lasts longer)",
  options = { pure_runs = true },
}
