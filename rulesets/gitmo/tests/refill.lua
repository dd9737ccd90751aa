-- The turn player's own vacant spot is refilled at once from the deck
-- (issue #14, rule 1); the dealer still refills everybody else's spots when
-- the turn ends. And the dealer's refill leaves a laid Alliance in its run.
local K = require "testkit"
local F = require "flow"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

-- Each test quotes the words of the rulebook (the seed) it checks.

-- No action of the list puts a card into an empty row.
local function nothing_into_vacant(t, G)
  for _, a in ipairs(G:actions()) do
    if a.zone and a.zone:find("^row:") then t.ok(G.g.count(a.zone) > 0, "into a vacant row: " .. a.zone) end
  end
end

local FULL2 = { { T(1) }, { T(3) }, { T(5) }, { T(11) } }

return {
  { name = "Switching a lone card away: its spot takes the deck's top card at once", run = function(t)
      -- Seed: "if a Player is dealt a 9 and 10, Player could, during his/her turn only, place
      -- the 9 below the 10, building a 2-card RUN in one row, and leaving a vacant spot in the
      -- other row, which is immediately refilled from the top card on the deck."
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } }, [2] = FULL2 },
        deck = { T(8), P(12) } })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(K.ids(G, "row:1:2"), { P(9), P(10) })
      t.eq(K.ids(G, "row:1:1"), { T(8) }, "refilled before any other move")
      t.eq(G.g.top("deck"), K.find(G, "deck", P(12)), "the next card shows")
      t.eq(G:actor(), 1, "the turn goes on")
      t.eq(G.g.state.moves, 1, "the refill is not a move of its own")
    end },

  { name = "Moving a whole run away (discarding it) refills the spot at once", run = function(t)
      -- Seed: "leaving a vacant spot in the other row, which is immediately refilled from the
      -- top card on the deck"; "Player should attempt to ‘get rid of’ as many traitor
      -- cards as possible from the deck and their own hand (including a whole run) by
      -- ‘discarding’ them to an opponent when they fit the opponent’s run."
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(2) }, { T(6), T(7) }, { P(9) }, { P(11) } },
        [2] = { { T(8), P(9, "b") }, { T(3) }, { T(5) }, { T(11) } } }, deck = { P(4), P(6) } })
      G:act("Move your run [T6 T7] (row 2) onto the bottom of Player 2's row 1 [T8 P9]")
      t.eq(K.ids(G, "row:2:1"), { T(6), T(7), T(8), P(9, "b") })
      t.eq(K.ids(G, "row:1:2"), { P(4) })
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], P(6))
    end },

  { name = "A run switched with its Trump: the Trump goes along, the refilled spot is bare", run = function(t)
      -- Seed: "Players can SWITCH 'eligible cards' in their own HAND from one row/run to
      -- another ... leaving a vacant spot in the other row, which is immediately refilled
      -- from the top card on the deck."
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(4), P(5) }, { P(6) }, { P(1) }, { P(9) } }, [2] = FULL2 },
        caps = { [1] = { [1] = { "trump" } } }, deck = { P(12) } })
      G:act("Move your run [P4 P5]+TR (row 1) onto the bottom of your row 2 [P6]")
      t.eq(K.ids(G, "row:1:1"), { P(12) })
      t.eq(K.ids(G, "cap:1:1"), {})
      t.eq(K.ids(G, "cap:1:2"), { "trump" })
    end },

  { name = "The deck's top card cannot be played elsewhere instead of filling the spot", run = function(t)
      -- Seed: "leaving a vacant spot in the other row, which is immediately refilled from the
      -- top card on the deck"; "only the top deck card can be used to fill a vacant spot, and
      -- then only by the current player during his/her turn". T8 would fit player 2's run,
      -- but it goes into the vacant spot.
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } },
        [2] = { { T(6), T(7) }, { T(3) }, { T(5) }, { T(11) } } }, deck = { T(8), P(12, "b") } })
      local t8 = K.find(G, "deck", T(8))
      t.ok(G:can { kind = "deck", card = t8, owner = 2, row = 1, at = "top" }, "before: T8 may go to player 2")
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(G.g.where(t8), "row:1:1")
      t.ok(not G:can { card = t8 }, "no action plays T8 any more")
      t.ok(not G:can { kind = "fill" }, "filling is no action of the player")
      nothing_into_vacant(t, G)
      -- ending the turn now leaves no vacant spot of his own
      for s = 1, 4 do t.ok(G.g.count("row:1:" .. s) > 0) end
    end },

  { name = "Opponents' spots emptied by taking wait for the dealer at the end of the turn", run = function(t)
      -- Seed: "During a hand, vacant spots may be created when the current Player takes/steals
      -- cards or runs from opponents. These will be replenished BY THE DEALER, only when the
      -- current player ‘resigns’"
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(7) }, { P(1) }, { P(3) }, { P(5) } },
        [2] = { { P(8) }, { T(3) }, { T(5) }, { T(11) } } }, deck = { T(2), P(12) } })
      G:act("Take Player 2's lone card P8 (row 1) onto the top of your row 1 [P7]")
      t.eq(G.g.count("row:2:1"), 0, "stays vacant during the turn")
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], T(2), "the deck is untouched")
      nothing_into_vacant(t, G)
      G:act("End your turn (no more moves)")
      t.eq(K.ids(G, "row:2:1"), { T(2) }, "the dealer's refill")
      t.eq(G:actor(), 2)
    end },

  { name = "Partners: own spot refilled at once, the partner's waits for the dealer", run = function(t)
      -- Seed: "Players can still fill their own vacant spots during their turn, but not their
      -- partner’s vacant spots." and "immediately refilled from the top card on the deck"
      local G = t.game { players = 4, seed = 1, options = { partners = true } }
      K.arrange(G, { rows = {
          [1] = { { P(6) }, { P(1) }, { T(9) } },
          [2] = { { T(1) }, { T(3) }, { T(5) } },
          [3] = { { P(4), P(5) }, { P(10) }, { P(12) } },
          [4] = { { T(2) }, { T(4) }, { T(6) } } }, deck = { P(7), T(12), P(2) } })
      G:act("Move Player 3's run [P4 P5] (row 1) onto the bottom of your row 1 [P6]")
      t.eq(G.g.count("row:3:1"), 0, "the partner's spot is not refilled by the turn player")
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], P(7))
      G:act("Move your lone card T9 (row 3) onto the bottom of Player 3's row 2 [P10]")
      t.eq(K.ids(G, "row:1:3"), { P(7) }, "his own spot: at once")
      t.eq(G.g.count("row:3:1"), 0)
      G:act("End your turn (no more moves)")
      t.eq(K.ids(G, "row:3:1"), { T(12) }, "the dealer fills the partner's spot")
    end },

  { name = "Deck empty: the spot stays vacant, the hand ends after the turn", run = function(t)
      -- Seed: "immediately refilled from the top card on the deck": with no card left the
      -- spot stays vacant, and the hand ends after the turn (ruling 15)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } }, [2] = FULL2 },
        deck = {}, only_deck = true })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(G.g.count("row:1:1"), 0)
      t.eq(G.g.state.hand, 1, "the turn goes on")
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.hand, 2)
      t.eq(G.g.state.history[1], { 4, -4 })
    end },

  { name = "The refill takes the deck's last card: the turn goes on, then the hand ends", run = function(t)
      -- Seed: "immediately refilled from the top card on the deck" (the last one); then ruling 15
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } }, [2] = FULL2 },
        deck = { T(8) }, only_deck = true })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(K.ids(G, "row:1:1"), { T(8) })
      t.eq(G.g.count("deck"), 0)
      t.eq(G:actor(), 1)
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.history[1], { 3, -4 })
    end },

  { name = "A bonus card shown by the refill belongs to the turn player", run = function(t)
      -- Seed: "immediately refilled from the top card on the deck", and "If any Bonus card or
      -- 'Draw A Card' appears at the top of the deck during a Player’s turn, it belongs to
      -- that Player."
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } }, [2] = FULL2 },
        deck = { T(8), "whistleblower", P(12) } })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.eq(K.ids(G, "row:1:1"), { T(8) })
      t.eq(K.ids(G, "aside:1"), { "whistleblower" })
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], P(12))
    end },

  { name = "Grand Jury empties an own spot during the turn: refilled at once", run = function(t)
      -- Seed: "In addition to filling his/her own newly vacated spots from the deck" and
      -- "If any Bonus card or 'Draw A Card' appears at the top of the deck during a Player’s
      -- turn, it belongs to that Player.": a bonus card on top goes to the player first, the
      -- spot takes the first Patriot or Traitor (a bonus card never fills a spot)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { T(4) }, { P(6) }, { P(1) }, { P(2) } }, [2] = FULL2 },
        deck = { "draw_card", P(12), T(12) }, special_ops = { "grand_jury" } })
      G:act("Send T4 (row 1) to Gitmo")
      t.eq(K.ids(G, "row:1:1"), { P(12) })
      local H = t.game { players = 2, seed = 1 }
      K.arrange(H, { rows = { [1] = { { T(4) }, { P(6) }, { P(1) }, { P(2) } }, [2] = FULL2 },
        deck = { "draw_card", "whistleblower", T(12) }, special_ops = { "grand_jury" } })
      H:act("Send T4 (row 1) to Gitmo")
      t.eq(K.ids(H, "aside:1"), { "whistleblower" })
      t.eq(K.ids(H, "row:1:1"), { T(12) })
    end },

  { name = "Option bottom_card: lifting a bottom card leaves no vacant spot, nothing is refilled",
    run = function(t)
      -- Seed: "Any single card can be taken, or the bottom card on any run": the run stays,
      -- no spot is "newly vacated"
      local G = t.game { players = 2, seed = 1, options = { bottom_card = true } }
      K.arrange(G, { rows = { [1] = { { P(4), P(5) }, { P(3, "b") }, { P(9) }, { P(11) } }, [2] = FULL2 },
        deck = { T(8) } })
      G:act("Move your bottom card P4 of row 1 [P4 P5] onto the top of your row 2 [P3]")
      t.eq(K.ids(G, "row:1:1"), { P(5) })
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], T(8))
    end },

  { name = "Option card_laid_is_played off: a move that emptied an own spot cannot be taken back",
    run = function(t)
      -- Seed: "a card laid is a card played" (optional rule, off here) and "immediately
      -- refilled from the top card on the deck": the refill showed a new card (ruling 14)
      local G = t.game { players = 2, seed = 1, options = { card_laid_is_played = false } }
      K.arrange(G, { rows = { [1] = { { P(9) }, { P(10) }, { P(1) }, { P(3) } }, [2] = FULL2 },
        deck = { T(8) } })
      G:act("Move your lone card P9 (row 1) onto the bottom of your row 2 [P10]")
      t.ok(not G:can { kind = "take_back" })
    end },

  { name = "Random games: at every move of the turn player his own spots are full while the deck lasts",
    run = function(t)
      -- Seed: "immediately refilled from the top card on the deck" and "In addition to filling
      -- his/her own newly vacated spots from the deck": whatever he does, he never faces a
      -- vacant spot of his own
      local cases = {
        { players = 2, options = {} },
        { players = 3, options = { bottom_card = true, card_laid_is_played = false } },
        { players = 4, options = { partners = true } },
        { players = 6, options = { partners = true, bottom_card = true, help_opponents = true } },
      }
      local looked = 0
      for i, case in ipairs(cases) do
        local G = t.game { players = case.players, seed = 40 + i, options = case.options }
        local g, s = G.g, G.g.state
        while G:actor() do
          if s.phase == "play" and not s.pending[1] and g.count("deck") > 0 then
            looked = looked + 1
            for r = 1, s.size do
              if g.count("row:" .. s.turn .. ":" .. r) == 0 then
                t.ok(false, string.format("game %d: player %d's row %d is vacant", i, s.turn, r))
              end
            end
          end
          G:playout(1)
        end
      end
      t.ok(looked > 500, "looked at " .. looked .. " decisions")
    end },

  { name = "The dealer's refill leaves an Alliance laid on a run's top end in its run", run = function(t)
      -- Seed: "once the “Alliance” card is placed within a run as a wild card, it cannot
      -- be removed from that run, but becomes part of the run"; README: laid "where it
      -- stays" (only an Alliance dealt into a spot, alone there, is set aside and replaced)
      for _, at in ipairs { "top", "bottom" } do
        local G = t.game { players = 2, seed = 1 }
        K.arrange(G, { rows = { [1] = { { P(3) }, { P(8) }, { P(10) }, { P(12) } },
          [2] = { { T(9) }, { T(3) }, { T(5) }, { T(11) } } }, aside = { [1] = { "alliance" } },
          deck = { T(1), P(6) } })
        G:act("Lay the Alliance (wild) on the " .. at .. " of your row 1 [P3]")
        -- an empty spot of player 2 so that the dealer deals a card
        G:act("Take Player 2's lone card T9 (row 1) onto the top of your row 2 [P8]")
        G:act("End your turn (no more moves)")
        local want = at == "top" and { P(3), "alliance" } or { "alliance", P(3) }
        t.eq(K.ids(G, "row:1:1"), want, at)
        t.eq(K.ids(G, "aside:1"), {}, at)
        t.eq(K.ids(G, "row:2:1"), { T(1) }, "the dealer filled player 2's spot")
        t.eq(F.hand_score(G.g, 1), 3, at)
      end
    end },
}
