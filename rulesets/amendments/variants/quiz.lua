return {
  name = "Quiz",
  doc = "Rule 9 as a quiz: name each amendment's subject from four choices; "
    .. "the next player may challenge a wrong naming, which costs the named player the next turn",
  options = { quiz = true },
}
