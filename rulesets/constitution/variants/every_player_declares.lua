-- The other reading of "The first lead by any player": each hand's first
-- lead of a deal declares its party.
return {
  name = "Every player declares",
  doc = "Each hand's first lead in a deal must be the lowest State card of its own party "
    .. "(or, failing it, the opposing party's lowest: a forced lead)",
  options = { declare_party = "each_player" },
}
