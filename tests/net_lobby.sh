#!/usr/bin/env bash
# The lobby (issue 24): `ratify serve --data DIR` without a ruleset hosts
# many games. Clients list, create and join games through it, a watcher
# watches one, bad creates are refused, the per-address limit holds; then
# kill -9 of the server mid-game and a restart on the same port and
# folder: every game resumes, the clients join again by themselves, both
# games finish and their replays verify against the commitments.
# Usage: net_lobby.sh RATIFY WORKDIR
set -euo pipefail
ratify=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done' EXIT
wait_for() {  # wait_for FILE PATTERN [COUNT]
  for _ in $(seq 200); do
    [ "$(grep -c -- "$2" "$1" 2>/dev/null)" -ge "${3:-1}" ] && return 0
    sleep 0.1
  done
  echo "no '$2' in $1"; cat "$1"; return 1
}
serve() {  # serve LISTEN OUT
  "$ratify" serve --listen "$1" --data lobby > "$2" 2>&1 &
  server=$!
  pids+=($server)
  wait_for "$2" 'a lobby at'
}
serve 127.0.0.1:0 s1.out
lobby=$(grep -o 'ws://[^ ]*/' s1.out | head -1)
port=${lobby##*:}; port=${port%/}
"$ratify" join "$lobby" --list | grep -q 'no open games'

# Refused creates: not a ruleset id, a search bot, a bad seat count.
for bad in "--create ../rulesets/article2" "--create nosuch" \
           "--create article2 --seats human,mcts" "--create article2 --seats human"; do
  if "$ratify" join "$lobby" $bad --bot random > bad.out 2>&1; then
    echo "accepted: $bad"; cat bad.out; exit 1
  fi
done
grep -q 'bad_create' bad.out || { cat bad.out; exit 1; }
# A lobby link alone names no game.
if "$ratify" join "$lobby" --bot random > bad.out 2>&1; then exit 1; fi

# Game A: seat 1 a client bot, seat 2 a person typing through a fifo.
mkfifo typed
exec 3<>typed
"$ratify" join "$lobby" --create article2 --seats human,human --bot random --quiet > a1.out 2>&1 &
a1=$!
pids+=($a1)
wait_for a1.out 'your seat 1'
game_a=$(grep -o 'created game [0-9a-f]*' a1.out | cut -d' ' -f3)
"$ratify" join "$lobby?game=$game_a" --text < typed > a2.out 2>&1 &
a2=$!
pids+=($a2)
wait_for a2.out 'your seat 2'
# A watcher of game A, and game B, listed with its free seat 2 (taken after the restart).
"$ratify" join "$lobby?game=$game_a&watch" --quiet > watch.out 2>&1 &
watcher=$!
pids+=($watcher)
"$ratify" join "$lobby" --create captured --seats human,human --bot random --quiet > b1.out 2>&1 &
b1=$!
pids+=($b1)
wait_for b1.out 'your seat 1'
game_b=$(grep -o 'created game [0-9a-f]*' b1.out | cut -d' ' -f3)
"$ratify" join "$lobby" --list > list.out
grep -q "^$game_a .*free: none" list.out && grep -q "^$game_b .*free: 2;" list.out || { cat list.out; exit 1; }
# No free seat is handed out twice.
if "$ratify" join "$lobby?game=$game_a" --bot random > taken.out 2>&1; then exit 1; fi
grep -q no_seat taken.out || { cat taken.out; exit 1; }
# Four open games an address: two more are taken, the next is refused.
for k in 1 2; do
  "$ratify" join "$lobby" --create article2 --seats human,human > idle$k.out 2>&1 &
  pids+=($!)
  wait_for idle$k.out 'your seat 1'
done
if "$ratify" join "$lobby" --create article2 --seats human,human > limit.out 2>&1; then exit 1; fi
grep -q 'limit' limit.out || { cat limit.out; exit 1; }

# A few moves of game A, then kill -9 mid-game.
for _ in 1 2 3; do echo 1 >&3; done
journal=lobby/games/$game_a/journal.jsonl
for _ in $(seq 100); do [ "$(wc -l < "$journal")" -ge 5 ] && break; sleep 0.1; done
steps=$(($(wc -l < "$journal") - 1))
[ "$steps" -ge 3 ] || { echo "only $steps actions before the crash"; cat a2.out; exit 1; }
[ ! -e lobby/games/$game_a/replay.jsonl ] || { echo "game A over before the crash"; exit 1; }
kill -9 $server
wait $server 2>/dev/null || true
sleep 1
serve "127.0.0.1:$port" s2.out
grep -q 'resumed [0-9]* games from lobby' s2.out || { cat s2.out; exit 1; }
# The person plays on; every client joins again by itself.
yes 1 >&3 &
typist=$!
pids+=($typist)
"$ratify" join "$lobby?game=$game_b" --bot random --quiet > b2.out 2>&1 &
b2=$!
pids+=($b2)
for p in $a1 $a2 $b1 $b2; do wait $p || { echo "client $p failed"; cat a1.out a2.out b1.out b2.out; exit 1; }; done
kill $typist 2>/dev/null || true
wait $watcher || true
for f in a1.out a2.out b1.out b2.out watch.out; do
  grep -q '^Game over' $f && grep -q 'matches the commitment' $f || { echo "$f:"; cat $f; exit 1; }
done
for f in a1.out a2.out b1.out; do
  grep -q 'trying again' $f || { echo "$f did not reconnect"; cat $f; exit 1; }
done
# Both replays verify against the commitment the first server published.
for g in $game_a $game_b; do
  c=$(grep -o 'commitment [0-9a-f]*' $( [ $g = $game_a ] && echo a1.out || echo b1.out) | head -1 | cut -d' ' -f2)
  "$ratify" replay lobby/games/$g/replay.jsonl --commitment "$c"
done
kill $server
echo "lobby: games $game_a and $game_b resumed after kill -9 and finished"
