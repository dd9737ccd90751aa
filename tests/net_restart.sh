#!/usr/bin/env bash
# kill -9 of `ratify serve --data DIR` mid-game, a restart on the same
# folder, and the game finishes: the clients join again with the same
# links (a new port, the same tokens), both print the result, the seed
# matches the commitment made before the crash, and both replays verify
# against it.
# Usage: net_restart.sh RATIFY WORKDIR
set -euo pipefail
ratify=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
links() {  # waits for serve's two seat links in $1
  for _ in $(seq 100); do
    [ "$(grep -c 'token=' "$1" 2>/dev/null)" -ge 2 ] && return 0
    sleep 0.1
  done
  echo "no links in $1"; cat "$1"; return 1
}
"$ratify" serve article2 --seats human,human --listen 127.0.0.1:0 --data game --seed 42 > s1.out &
server=$!
trap 'kill -9 $server 2>/dev/null || true' EXIT
links s1.out
l1=$(grep 'seat=1' s1.out) l2=$(grep 'seat=2' s1.out)
# Seat 2 a bot; seat 1 a person who types "1" three times and leaves.
timeout 60 "$ratify" join "$l2" --bot random --quiet > before2.out 2>&1 &
printf '1\n1\n1\n' | timeout 60 "$ratify" join "$l1" --text > before1.out 2>&1
for _ in $(seq 50); do
  [ "$(wc -l < game/journal.jsonl)" -ge 4 ] && break
  sleep 0.1
done
steps=$(($(wc -l < game/journal.jsonl) - 1))
[ "$steps" -ge 3 ] || { echo "only $steps actions before the crash"; cat before1.out; exit 1; }
kill -9 $server
wait $server 2>/dev/null || true
echo "killed after $steps actions"

"$ratify" serve article2 --seats human,human --listen 127.0.0.1:0 --data game --replay game.jsonl \
  > s2.out &
server=$!
links s2.out
grep -q "resumed from game after $steps actions" s2.out || { cat s2.out; exit 1; }
# The same tokens as before the crash.
[ "$(grep -o 'token=.*' s2.out | head -2)" = "$(grep -o 'token=.*' s1.out | head -2)" ]
l1=$(grep 'seat=1' s2.out) l2=$(grep 'seat=2' s2.out)
timeout 60 "$ratify" join "$l1" --bot random --quiet > after1.out 2>&1 &
c1=$!
timeout 60 "$ratify" join "$l2" --bot random --quiet > after2.out 2>&1
wait $c1
wait $server
trap - EXIT
for f in after1.out after2.out; do
  grep -q '^Game over' $f && grep -q 'matches the commitment' $f || { cat $f; exit 1; }
done
# The commitment after the restart is the one published before the crash.
[ "$(grep -o 'commitment [0-9a-f]*' s1.out)" = "$(grep -o 'commitment [0-9a-f]*' s2.out)" ]
# Both replays (--replay and the data folder's) verify against it.
before=$(grep -o 'commitment [0-9a-f]*' s1.out | cut -d' ' -f2)
"$ratify" replay game.jsonl --commitment "$before"
"$ratify" replay game/replay.jsonl --commitment "$before"
