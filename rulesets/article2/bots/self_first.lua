-- A strategy bot, as a designer writes one: play the card that helps your
-- own total most, or hurts a rival's most. In the Primary a total is
-- Electability plus Affiliation, in the General Electability minus
-- Affiliation. Styles, removals and passing count as nothing.
return {
  choose = function(g, player, actions)
    local sign = g.state.phase == "general" and -1 or 1
    local best, top = 1, -math.huge
    for i, a in ipairs(actions) do
      local value = 0
      if a.card and a.target and (a.kind == "play" or a.kind == "respond") then
        local def = g.defs[a.card]
        local gain = (def.electability or 0) + sign * (def.affiliation or 0)
        value = a.target == player and gain or -gain
      end
      if value > top then best, top = i, value end
    end
    return best
  end,
}
