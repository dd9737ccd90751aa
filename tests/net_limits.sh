#!/usr/bin/env bash
# The lobby's limits are `serve --limit` options (docs/network.md
# "Limits"): lowered, they refuse what the defaults let through. One open
# game per address: a second `--create` from here is refused; a bad
# limit is a usage error. (The sizes: net_test's NetLobby.LimitsSetLower.)
# Usage: net_limits.sh RATIFY WORKDIR
set -euo pipefail
ratify=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
set +e
"$ratify" serve --limit games_per_address=0 > bad.out 2>&1
code=$?
set -e
[ $code -eq 2 ] && grep -q 'games_per_address takes a whole number from 1' bad.out ||
  { echo "a bad limit: exit $code"; cat bad.out; exit 1; }
"$ratify" serve --listen 127.0.0.1:0 --limit games_per_address=1 \
  > serve.out 2> serve.err &
server=$!
first=""
mkfifo keep
trap 'kill $server $first 2>/dev/null || true; exec 3>&- || true' EXIT
for _ in $(seq 100); do grep -q '^ratify serve: a lobby at' serve.out 2>/dev/null && break; sleep 0.1; done
lobby=$(sed -n 's/^ratify serve: a lobby at //p' serve.out)
# The first game: its creator waits at its prompt (the terminal held open).
"$ratify" join "$lobby" --create article2 --seats human,human --text < keep > first.out 2>&1 &
first=$!
exec 3> keep
for _ in $(seq 100); do grep -q '^created game' first.out 2>/dev/null && break; sleep 0.1; done
grep -q '^created game' first.out || { echo "no first game"; cat first.out serve.err; exit 1; }
set +e
timeout 30 "$ratify" join "$lobby" --create article2 --seats human,human --text < /dev/null > second.out 2>&1
code=$?
set -e
[ $code -eq 1 ] || { echo "second create: exit $code"; cat second.out; exit 1; }
grep -q 'limit: your address has as many open games as it may' second.out ||
  { echo "no limit refusal:"; cat second.out; exit 1; }
echo "limits refused as set"
