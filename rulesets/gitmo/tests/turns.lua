-- Turns, the dealer's refill, the end of a hand, rounds and the options that
-- change them.
local K = require "testkit"
local F = require "flow"

local function P(n, copy) return string.format("patriot_%02d%s", n, copy or "a") end
local function T(n, copy) return string.format("traitor_%02d%s", n, copy or "a") end

-- Two players with every spot full: nothing to refill.
local FULL = {
  [1] = { { P(1) }, { P(3) }, { P(5) }, { P(7) } },
  [2] = { { T(1) }, { T(3) }, { T(5) }, { T(7) } },
}

return {
  { name = "A bonus card turned up on the deck during a turn belongs to the turn player", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(1) } } }, deck = { P(2), "whistleblower", P(9) } })
      G:act("Put P2 from the deck on the top of your row 1 [P1]")
      t.eq(K.ids(G, "aside:1"), { "whistleblower" })
      t.eq(K.ids(G, "deck")[#K.ids(G, "deck")], P(9))
      t.eq(F.hand_score(G.g, 1), 12)
    end },

  { name = "A Draw-A-Card turned up during a turn: its Special Ops card is followed", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = { [1] = { { P(1) } } }, deck = { P(2), "draw_card", P(9) },
        special_ops = { "cover_up" } })
      G:act("Put P2 from the deck on the top of your row 1 [P1]")
      t.eq(K.ids(G, "aside:1"), { "cover_up" })
      t.eq(F.hand_score(G.g, 1), 2 - 5)
    end },

  { name = "End of turn: the dealer fills the vacant spots one card per player from his left",
    run = function(t)
      local G = t.game { players = 3, seed = 1 }
      K.arrange(G, { turn = 1, dealer = 3,
        rows = { [1] = { nil, nil, { P(5) }, { P(7) } }, [2] = { nil, { T(3) }, { T(5) }, { T(7) } },
          [3] = { { T(1) }, { T(2) }, { T(4) }, { T(6) } } },
        deck = { P(10), P(11), P(12) } })
      G:act("End your turn (no more moves)")
      t.eq(K.ids(G, "row:1:1"), { P(10) })
      t.eq(K.ids(G, "row:2:1"), { P(11) })
      t.eq(K.ids(G, "row:1:2"), { P(12) })
      t.eq(G:actor(), 2)
    end },

  { name = "Using up the deck ends the hand after that turn; the next hand is dealt by the next player",
    run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = FULL, deck = { P(2) }, only_deck = true })
      G:act("Put P2 from the deck on the top of your row 1 [P1]")
      t.eq(G.g.state.hand, 1, "the turn goes on")
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.hand, 2)
      t.eq(G.g.state.history[1], { 5, -4 })
      t.eq(G.g.state.dealer, 1)
      t.eq(G.g.state.totals, { 5, -4 })
    end },

  { name = "Dealer's refill uses the last card: the hand ends (option final_turn: one more turn)",
    run = function(t)
      local spec = { rows = { [1] = { nil, { P(3) }, { P(5) }, { P(7) } }, [2] = FULL[2] },
        deck = { P(9) }, only_deck = true }
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, spec)
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.hand, 2)
      local H = t.game { players = 2, seed = 1, options = { final_turn = true } }
      K.arrange(H, spec)
      H:act("End your turn (no more moves)")
      t.eq(H.g.state.hand, 1)
      t.eq(H:actor(), 2)
      H:act("End your turn (no more moves)")
      t.eq(H.g.state.hand, 2)
    end },

  { name = "A round in which nobody moves puts the top deck card under the deck", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = FULL, deck = { P(12), T(12) }, only_deck = true })
      G:act("End your turn (no more moves)")
      t.eq(K.ids(G, "deck"), { T(12), P(12) }, "bottom to top")
      G:act("End your turn (no more moves)")
      t.eq(K.ids(G, "deck"), { P(12), T(12) })
    end },

  { name = "A hand whose deck turns over completely without a move ends", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      K.arrange(G, { rows = FULL, deck = { P(12), T(12) }, only_deck = true })
      for _ = 1, 6 do G:act("End your turn (no more moves)") end
      t.eq(G.g.state.hand, 2)
    end },

  { name = "Option hand_turn_limit ends a hand after that many turns", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { hand_turn_limit = 3 } }
      K.arrange(G, { rows = FULL, deck = { P(12) } })
      G:act("Put P12 from the deck on the bottom of Player 2's row 1 [T1]") -- a move: no rotation
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.turns, 2)
      G:act("End your turn (no more moves)")
      G:act("End your turn (no more moves)")
      t.eq(G.g.state.hand, 2)
    end },

  { name = "Rounds: every player deals one hand per round; the game ends after the last", run = function(t)
      local G = t.game { players = 3, seed = 4, options = { rounds = 2 } }
      local dealers = {}
      while G:actor() do
        dealers[G.g.state.hand] = G.g.state.dealer
        G:playout(1)
      end
      t.eq(#G.g.state.history, 6)
      t.eq(dealers, { 3, 1, 2, 3, 1, 2 })
      local r = G:result()
      for p = 1, 3 do
        local sum = 0
        for h = 1, 6 do sum = sum + G.g.state.history[h][p] end
        t.eq(r.scores[p], sum)
      end
    end },

  { name = "Option help_opponents: no resigning while the deck card fits your own cards", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { help_opponents = true } }
      K.arrange(G, { rows = { [1] = FULL[1], [2] = { { T(9) }, { T(3) }, { T(5) }, { T(7) } } },
        deck = { P(2), T(10) } })
      t.ok(not G:can { kind = "end" })
      G:act("Put P2 from the deck on the top of your row 1 [P1]")
      -- T10 fits only the opponent's run: resigning is allowed again
      t.ok(G:can { kind = "end" })
      local H = t.game { players = 2, seed = 1 }
      K.arrange(H, { rows = FULL, deck = { P(2) } })
      t.ok(H:can { kind = "end" }, "by default a player may miss a play")
    end },

  { name = "Option card_laid_is_played off: a move that showed no card may be taken back", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { card_laid_is_played = false } }
      K.arrange(G, { rows = { [1] = { { P(4), P(5) }, { P(6) } }, [2] = FULL[2] },
        caps = { [1] = { [1] = { "trump" } } }, deck = { P(3) } })
      G:act("Take Player 2's lone card T7 (row 4) onto the top of your row 2 [P6]")
      G:act("Take back your last move")
      t.eq(K.ids(G, "row:1:2"), { P(6) })
      t.eq(K.ids(G, "row:2:4"), { T(7) })
      t.ok(not G:can { kind = "take_back" })
      G:act("Move Trump from your row 1 to your row 2 [P6]")
      G:act("Take back your last move")
      t.eq(K.ids(G, "cap:1:1"), { "trump" })
      G:act("Put P3 from the deck on the bottom of your row 1 [P4 P5]+TR")
      t.ok(not G:can { kind = "take_back" }, "the deck showed a new card")
      -- moving an own run away shows a new card too: the refill (tests/refill.lua)
      local H = t.game { players = 2, seed = 1 }
      K.arrange(H, { rows = { [1] = { { P(4), P(5) }, { P(6) } }, [2] = FULL[2] } })
      H:act("Take Player 2's lone card T7 (row 4) onto the top of your row 2 [P6]")
      t.ok(not H:can { kind = "take_back" }, "a card laid is a card played")
    end },

  { name = "turn_move_limit: then only the deck card and resigning remain", run = function(t)
      local G = t.game { players = 2, seed = 1, options = { turn_move_limit = 1 } }
      K.arrange(G, { rows = { [1] = { { P(4) }, { P(5) }, { P(6) } } }, deck = { P(3) } })
      G:act("Move your lone card P4 (row 1) onto the bottom of your row 2 [P5]")
      for _, a in ipairs(G:actions()) do
        t.ok(a.kind == "deck" or a.kind == "end", a.label)
      end
    end },

  { name = "Partners: use each other's cards, fill only your own spots, share the score", run = function(t)
      local G = t.game { players = 4, seed = 1, options = { partners = true } }
      K.arrange(G, { rows = { [1] = { { P(6) } }, [3] = { { P(4), P(5) }, nil, { P(1) } }, [2] = { { T(9) } } },
        caps = { [3] = { [1] = { "trump" } } }, deck = { P(7) } })
      G:act("Move Player 3's run [P4 P5]+TR (row 1) onto the bottom of your row 1 [P6]")
      t.eq(K.ids(G, "cap:1:1"), { "trump" })
      t.eq(G.g.count("row:3:1"), 0, "the partner's spot waits for the dealer (tests/refill.lua)")
      G:act("Put P7 from the deck on the top of your row 1 [P4 P5 P6]+TR")
      t.ok(G:can { kind = "move_cap", owner = 3, row = 3 }, "Trump may go to the partner's run")
      local R = require "ruleset"
      t.eq(R.status(G.g, 1)[#R.status(G.g, 1)], "Partner: Player 3")
    end },

  { name = "Partners need 4 or 6 players", run = function(t)
      t.fails(function() t.game { players = 3, seed = 1, options = { partners = true } } end, "partners")
    end },

  { name = "Partners: team totals, both partners win", run = function(t)
      local G = t.game { players = 4, seed = 7, options = { partners = true } }
      G:playout()
      local r = G:result()
      t.eq(r.scores[1], r.scores[3])
      t.eq(r.scores[2], r.scores[4])
      t.ok(#r.winners == 2 or #r.winners == 4)
    end },
}
