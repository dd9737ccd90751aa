return {
  name = "Strict",
  doc = "Every harder house rule at once: the quiz, an Article V before every run, -5 per card left in hand",
  options = { quiz = true, article_v = "per_run", hand_penalty = true },
}
