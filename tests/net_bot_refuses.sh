#!/usr/bin/env bash
# A searching client bot refuses rules that differ from the server's: the
# server plays a copy of article2 with one line more, the client's
# article2 is the shipped one, so their hashes differ and `join --bot
# heuristic` says so and exits 1 before its first move; `--bot random`,
# which needs no rules, plays the same game on.
# Usage: net_bot_refuses.sh RATIFY WORKDIR
set -euo pipefail
ratify=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
cp -r rulesets/article2 "$work/article2"
echo "-- a line more: another version of the rules" >> "$work/article2/ruleset.lua"
"$ratify" serve "$work/article2" --seats human,human --listen 127.0.0.1:0 > "$work/serve.out" 2> "$work/serve.err" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ "$(grep -c 'token=' "$work/serve.out" 2>/dev/null)" -ge 2 ] && break
  sleep 0.1
done
link1=$(grep '^ws://.*seat=1' "$work/serve.out")
link2=$(grep '^ws://.*seat=2' "$work/serve.out")
set +e
# A built-in bot's bad spec is refused before connecting, as play and sim do.
"$ratify" join "$link1" --text --bot mcts:iters=lots > "$work/bad_spec.out" 2>&1
code=$?
[ $code -eq 2 ] || { echo "a bad --bot spec: expected exit 2, got $code"; cat "$work/bad_spec.out"; exit 1; }
grep -q "ratify join: --bot mcts:iters=lots" "$work/bad_spec.out" ||
  { echo "no clear message:"; cat "$work/bad_spec.out"; exit 1; }
timeout 60 "$ratify" join "$link1" --text --bot heuristic --quiet > "$work/join1.out" 2>&1
code=$?
set -e
[ $code -eq 1 ] || { echo "expected exit 1, got $code"; cat "$work/join1.out"; exit 1; }
grep -q "the rules of article2 here differ from the server's" "$work/join1.out" ||
  { echo "no clear refusal:"; cat "$work/join1.out"; exit 1; }
# The seat is free again: a random bot plays both seats to the end.
timeout 120 "$ratify" join "$link1" --text --bot random --quiet > "$work/join1.out" 2>&1 &
one=$!
timeout 120 "$ratify" join "$link2" --text --bot random --quiet > "$work/join2.out" 2>&1
wait $one
grep -q '^Game over' "$work/join2.out"
cat "$work/join1.out" | head -3
