return {
  name = "Article V per run",
  doc = "An Article V 4u2 Amend must be played before every run, not once per hand",
  options = { article_v = "per_run" },
}
