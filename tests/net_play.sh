#!/usr/bin/env bash
# A whole game of RULESET through `ratify serve` and `ratify join`: one
# `join --text --bot BOT` client per seat (BOT: random unless given; a
# searching bot makes its worlds from its view and the rules here), each
# must print the result and a seed that matches the commitment, and none
# may fall back to random choices; then the server's replay verifies.
# Usage: net_play.sh RATIFY RULESET PLAYERS WORKDIR [BOT]
set -euo pipefail
ratify=$1 ruleset=$2 players=$3 work=$4 bot=${5:-random}
rm -rf "$work" && mkdir -p "$work" && cd "$work"
seats=$(printf 'human%.0s,' $(seq "$players")); seats=${seats%,}
"$ratify" serve "$ruleset" --seats "$seats" --listen 127.0.0.1:0 --replay game.jsonl \
  > serve.out 2> serve.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ "$(grep -c 'token=' serve.out 2>/dev/null)" -ge "$players" ] && break
  sleep 0.1
done
clients=()
p=0
while read -r link; do
  p=$((p + 1))
  timeout 120 "$ratify" join "$link" --text --bot "$bot" --seed "$p" --quiet > "join$p.out" 2>&1 &
  clients+=($!)
done < <(grep '^ws://.*token=' serve.out)
[ ${#clients[@]} -eq "$players" ] || { echo "expected $players links"; cat serve.out serve.err; exit 1; }
for p in $(seq "$players"); do
  wait "${clients[$((p - 1))]}" || { echo "join $p failed:"; cat "join$p.out"; exit 1; }
  grep -q '^Game over' "join$p.out" || { echo "join $p printed no result"; cat "join$p.out"; exit 1; }
  grep -q 'matches the commitment' "join$p.out" || { echo "join $p: seed"; cat "join$p.out"; exit 1; }
  if grep -q 'choosing at random' "join$p.out"; then echo "join $p: $bot fell back"; cat "join$p.out"; exit 1; fi
done
wait $server || { echo "serve failed"; cat serve.err; exit 1; }
trap - EXIT
grep -q 'replay written' serve.out
"$ratify" replay game.jsonl
cat join1.out
