-- Placeholder names for the GITMO family's Patriot and Traitor cards.
--
-- The published cards carry (disguised) names of real people; that list is
-- not reproduced here. These names are invented and are plain data: a
-- designer replaces them (and may add a `hint`/`answer` per card for the
-- "mixer" party game) without touching any rules code.
--
-- Index i holds the card numbered ((i - 1) % 12) + 1: entries 1..12 are the
-- first copy of numbers 1..12, entries 13..24 the second copy.

return {
  patriots = {
    "Ada Freeman", "Ben Steadfast", "Clara Vigil", "Dan Oakheart",
    "Eve Truelove", "Frank Liberty", "Gwen Homestead", "Hank Ironside",
    "Iris Lantern", "Jack Minuteman", "Kate Harbor", "Luke Anvil",
    "Mae Bellringer", "Ned Fairweather", "Opal Hearth", "Pete Rampart",
    "Quinn Lodestar", "Rosa Meadows", "Sam Keystone", "Tess Guardian",
    "Uma Brightwater", "Vern Bulwark", "Wes Plainsong", "Zoe Beacon",
  },
  traitors = {
    "Vic Turncoat", "Lyle Forsworn", "Mona Doubletalk", "Rex Backroom",
    "Nora Shade", "Otto Graft", "Bella Crook", "Cy Mirage",
    "Dora Leak", "Earl Slick", "Faye Shill", "Gus Payoff",
    "Hal Whisper", "Ivy Spindle", "Jed Smoke", "Kip Ledger",
    "Lola Veneer", "Max Murk", "Nell Fiddle", "Oren Cloak",
    "Pru Wiretap", "Rod Sidedoor", "Tina Twofold", "Walt Shell",
  },
}
