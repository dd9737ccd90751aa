#!/usr/bin/env python3
"""A generator of hostile rulesets (issue 29 point 8).

Draws cases from the issue's classes of attack (crash, hang, memory,
reading outside the folder, wrong results): a payload of the class, the
place it runs (the top of ruleset.lua, setup, actions, apply, result) and
the command that meets it (lint, check, sim with two threads, test). Each
drawn case is written as a ruleset folder and run; it must end with the
class's clear message naming a .lua file, a non-zero exit (1 or 2, never
a signal) and within the time a hang would exceed.

  hostile_gen.py RATIFY OUT [--per-class K] [--seed S] [--all] [--measure] [--list]

Every case is a fixed function of --seed, so a failure is reproduced by
the same command; --list prints the whole space and the count. --measure
runs each under /usr/bin/time and ends with each class's worst peak RSS
and wall time (docs/architecture.md, "Hostile rulesets").
"""
import argparse
import itertools
import os
import random
import re
import shutil
import subprocess
import sys

# The base game: two players, one action, one apply ends it. PAYLOAD_<where>
# is replaced by the drawn payload where it runs, or by nothing.
BASE = """PAYLOAD_load
local M = { id = "hostile", name = "Hostile", players = { min = 2, max = 2 },
  cards = { { id = "c", name = "Card", text = "x" } } }
function M.setup(g) PAYLOAD_setup g.state.done = false end
function M.actor(g) if g.state.done then return nil end return 1 end
function M.actions(g) PAYLOAD_actions return ACTIONS end
function M.apply(g, a) PAYLOAD_apply g.state.done = true end
function M.result(g) PAYLOAD_result if g.state.done then return RESULT end end
return M
"""
OK_ACTIONS = "{ { kind = 'go', label = 'Go' } }"
OK_RESULT = "{ winners = { 1 } }"

# A scenario test that plays the game through, for `ratify test`.
TEST = """return {
  { name = "plays through", run = function(t)
      local G = t.game { players = 2, seed = 1 }
      G:act { kind = "go" }
      t.eq(G:actor(), nil)
    end },
}
"""

ANY = ("load", "setup", "actions", "apply")
PLAYED = ("setup", "actions", "apply")

# class -> [(name, payload, message regex, places)]. A payload named
# "actions:" replaces the actions list, "result:" the result table.
CLASSES = {
    "crash": [
        ("deep_recursion", "local function f(n) return 1 + f(n + 1) end f(1)", "stack overflow", ANY),
        ("format_width", "string.format('%999999999d', 1)", "invalid conversion", ANY),
        ("error_table", "error({})", r"error|table", ANY),
        ("zone_count", "for i = 1, 1e9 do g.zone('z' .. i) end", "zones in one game", PLAYED),
        ("bad_zone_name", "g.zone(string.rep('n', 1e6))", r"zone", PLAYED),
    ],
    "hang": [
        ("endless", "while true do end", "time limit exceeded", ANY),
        ("loop_in_pcall", "while true do pcall(function() while true do end end) end",
         "time limit exceeded", ANY),
        ("find_quadratic", "string.find(string.rep('a', 1e6), '.*b')", "could take more than", ANY),
        ("gsub_backtrack", "string.gsub(string.rep('a', 1e4), '.-.-.-b', '')", "this pattern", ANY),
        ("insert_front", "local t = {} for i = 1, 1e9 do table.insert(t, 1, i) end",
         r"time limit exceeded|memory cap", ANY),
        # A batch run never walks the state of a game that ends at once (no
        # hang, no wrong result): the strict check of check and test does.
        ("shared_state", "local t = {} for _ = 1, 60 do t = { t, t } end g.state.x = t",
         "appears twice", ("setup", "apply"), ("check", "test")),
    ],
    # Filling a GiB in one call takes about a second of CPU: which limit
    # comes first depends on the machine.
    "memory": [
        ("table_growth", "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 100) .. i end",
         r"memory cap|time limit exceeded", ANY),
        ("string_doubling", "local s = 'x' while true do s = s .. s end",
         r"memory cap|time limit exceeded", ANY),
        ("rep_huge", "string.rep('x', 1e12)", "over the memory cap", ANY),
        ("log_lines", "for i = 1, 1e9 do g.log(string.rep('x', 1000) .. i) end",
         r"memory cap|time limit exceeded", PLAYED),
        ("load_huge_chunk", "load(string.rep(' ', 2e7))", "load: a chunk of", ANY),
        # Each call well under the time limit, the sum over the cap: kept in
        # a global, the game going on until the cap stops it (sim's two
        # threads share one cap).
        ("kept_across_calls",
         "KEEP = KEEP or {} KEEP[#KEEP + 1] = string.rep('x', 1 << 26) .. #KEEP "
         "if #KEEP < 1000 then return end", "memory cap", ("apply",), ("check", "sim")),
    ],
    "outside": [
        ("io", "io.open('/etc/passwd')", "global 'io'", ANY),
        ("os", "os.execute('true')", "global 'os'", ANY),
        ("require_path", "require '..etc.passwd'", "module name", ANY),
        ("bytecode", "local f, e = load('\\27Lua\\84\\0') error(e)", "binary chunk", ANY),
        ("linked_module", "require 'linked'", "outside the ruleset's folder", ANY),
    ],
    "wrong": [
        ("options_write", "g.options.x = 1", "g.options is read-only", PLAYED),
        ("options_rawset", "rawset(g.options, 'x', 1)", "g.options is read-only", PLAYED),
        ("winners_twice", "result:{ winners = { 1, 1 } }", r"winners\[2\] names player 1 again",
         ("result",)),
        ("score_nan", "result:{ winners = { 1 }, scores = { 0 / 0, 0 } }",
         r"scores\[1\] is not a finite number", ("result",)),
        # Actions' data is checked in strict mode (check, test, play); a
        # batch run builds no labels and reads only what apply reads.
        ("action_nan", "actions:{ { kind = 'go', label = 'Go', size = 0 / 0 } }", "is NaN",
         ("actions",), ("check", "test")),
        ("label_utf8", "actions:{ { kind = 'go', label = '\\255' } }", "not valid UTF-8",
         ("actions",), ("check", "test")),
        ("action_write", "a.kind = 'x'", "an action is read-only", ("apply",)),
    ],
}

COMMANDS = {
    "lint": lambda d: ["lint", d],
    "check": lambda d: ["check", d, "-n", "3"],
    "sim": lambda d: ["sim", d, "-n", "4", "--threads", "2", "--no-history"],
    "test": lambda d: ["test", d],
}


def commands_for(place):
    # lint only loads: it meets a payload at the top of the file alone.
    return list(COMMANDS) if place == "load" else ["check", "sim", "test"]


def space():
    for cls, payloads in CLASSES.items():
        for name, payload, message, places, *only in payloads:
            for place in places:
                for command in only[0] if only else commands_for(place):
                    yield cls, name, payload, message, place, command


def write_ruleset(folder, payload, place):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "tests"))
    actions, result = OK_ACTIONS, OK_RESULT
    if payload.startswith("actions:"):
        actions, payload = payload[len("actions:"):], ""
    elif payload.startswith("result:"):
        result, payload = payload[len("result:"):], ""
    text = BASE.replace("ACTIONS", actions).replace("RESULT", result)
    for where in ("load", "setup", "actions", "apply", "result"):
        text = text.replace("PAYLOAD_" + where, payload if where == place else "")
    with open(os.path.join(folder, "ruleset.lua"), "w", encoding="latin-1") as f:
        f.write(text)
    with open(os.path.join(folder, "tests", "rules.lua"), "w") as f:
        f.write(TEST)
    os.symlink("/etc/passwd", os.path.join(folder, "linked.lua"))


def run_case(ratify, out, case, timeout, measure=None):
    cls, name, payload, message, place, command = case
    folder = os.path.join(out, "hostile")  # the id must be the folder's name
    write_ruleset(folder, payload, place)
    argv = [ratify] + COMMANDS[command](folder)
    if measure:
        argv = ["/usr/bin/time", "-f", "%M %e %U %S", "-o", measure] + argv
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(out, "data"))
    try:
        p = subprocess.run(argv, capture_output=True, timeout=timeout, env=env, cwd=out)
    except subprocess.TimeoutExpired:
        return f"no end within {timeout} s (a hang)"
    text = (p.stdout + p.stderr).decode("utf-8", "replace")
    if p.returncode < 0:
        return f"killed by signal {-p.returncode} (a crash)\n{text[-2000:]}"
    if p.returncode not in (1, 2):
        return f"exit {p.returncode}, expected 1 or 2\n{text[-2000:]}"
    if not re.search(message, text):
        return f"expected /{message}/ in:\n{text[-2000:]}"
    if ".lua" not in text:
        return f"the message names no file:\n{text[-2000:]}"
    if "/etc/passwd" in text.replace("'/etc/passwd'", "") or "root:" in text:
        return f"shows what is outside the folder:\n{text[-2000:]}"
    if "terminate called" in text or "json.exception" in text:
        return f"a raw exception reached the user:\n{text[-2000:]}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ratify")
    ap.add_argument("out")
    ap.add_argument("--per-class", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--all", action="store_true", help="every case, not a draw")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--command", choices=list(COMMANDS), help="only the cases of this command")
    ap.add_argument("--measure", action="store_true", help="peak RSS and time of each")
    a = ap.parse_args()
    cases = [c for c in space() if not a.command or c[5] == a.command]
    if a.list:
        for c in cases:
            print(c[0], c[1], c[4], c[5])
        print(f"{len(cases)} cases in {len(CLASSES)} classes")
        return 0
    if not a.all:
        rng = random.Random(a.seed)
        drawn = []
        for cls in CLASSES:
            of_class = [c for c in cases if c[0] == cls]
            drawn += rng.sample(of_class, min(a.per_class, len(of_class)))
        cases = drawn
    os.makedirs(a.out, exist_ok=True)
    failed = 0
    worst = {}  # class -> (peak KiB, seconds, label)
    measure = os.path.join(os.path.abspath(a.out), "time.txt") if a.measure else None
    for case in cases:
        why = run_case(os.path.abspath(a.ratify), os.path.abspath(a.out), case, a.timeout, measure)
        label = f"{case[0]}/{case[1]} in {case[4]}, ratify {case[5]}"
        if measure:
            with open(measure) as f:
                kib, secs, user, system = f.read().split()[-4:]
            cpu = float(user) + float(system)
            label += f"  ({int(kib) / 1024:.0f} MiB, {float(secs):.1f} s, CPU {cpu:.1f} s)"
            if int(kib) > worst.get(case[0], (0,))[0]:
                worst[case[0]] = (int(kib), float(secs), label)
        print(("FAIL " if why else "ok   ") + label, flush=True)
        if why:
            failed += 1
            print("  " + why.replace("\n", "\n  "), flush=True)
    print(f"{len(cases) - failed} of {len(cases)} hostile cases handled (seed {a.seed})")
    for cls, (kib, secs, label) in worst.items():
        print(f"worst peak RSS of {cls}: {label}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
