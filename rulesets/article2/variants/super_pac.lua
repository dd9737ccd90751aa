-- A house card, written in this file alone: two "Super PAC" cards. Played
-- on a player, it stays in front of them like any numbers card (+2
-- Electability), and the player who played it draws a card.
return {
  name = "Super PAC",
  doc = "Adds two Super PAC cards: +2 Electability to the target, and the player who plays it draws a card",
  cards = {
    super_pac = {
      name = "Super PAC", count = 2, kind = "action",
      text = "+2 Electability\nThe player who plays it draws a card",
      quote = "We are just concerned citizens with a very large bank account.",
      electability = 2, affiliation = 0,
      -- p plays it on action.target; K is the card kit (kit.lua)
      on_play = function(g, p, action, K)
        K.keep(g, action) -- in front of the target: its +2 counts from now on
        K.draw(g, p, 1)
      end,
    },
  },
}
