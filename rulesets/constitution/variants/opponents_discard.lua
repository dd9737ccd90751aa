-- The other reading of "discard the highest State card from his opposing
-- political party".
return {
  name = "Opponents' discard",
  doc = "A hand that cannot vote discards the highest State card of the party opposing the player, "
    .. "not of the party other than the suit led",
  options = { opposing_party = "player" },
}
