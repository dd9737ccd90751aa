#!/usr/bin/env bash
# Undo in the text UI of `ratify join`: seat 1 passes, then asks to undo
# while it is seat 2's turn, and seat 2, sitting at its prompt, sees the
# request before typing anything and accepts it. Both read their keys
# between the server's messages (a blocking prompt used to hold the
# request back until its player typed, and a seat not at a prompt could
# neither ask nor answer).
# Usage: net_text_undo.sh RATIFY WORKDIR   (run from the source tree)
set -euo pipefail
ratify=$1 work=$2
src=$(pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$ratify" serve "$src/tests/fixtures/tiny" --seats human,human --undo --seed 3 \
  --listen 127.0.0.1:0 > serve.out 2> serve.err &
server=$!
mkfifo keys1 keys2
exec 3<> keys1 4<> keys2  # held open both ways: no end of input while the test types
clients=()
cleanup() { kill $server "${clients[@]}" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 100); do
  [ "$(grep -c 'token=' serve.out 2>/dev/null)" -ge 2 ] && break
  sleep 0.1
done
p=0
while read -r link; do
  p=$((p + 1))
  timeout 60 "$ratify" join "$link" --text < "keys$p" > "join$p.out" 2>&1 &
  clients+=($!)
done < <(grep '^ws://.*token=' serve.out)
# Waits until file $1 has $2 lines matching $3.
wait_for() {
  for _ in $(seq 200); do
    [ "$(grep -c -- "$3" "$1" 2>/dev/null)" -ge "$2" ] && return 0
    sleep 0.05
  done
  echo "timed out waiting for '$3' in $1:"; cat "$1"; exit 1
}
wait_for join1.out 1 'your action'
pass=$(grep -o '[0-9]*) Pass' join1.out | head -1 | cut -d')' -f1)
echo "$pass" >&3
wait_for join2.out 1 'your action'
echo undo >&3
# Seat 2 is at its prompt and has typed nothing: the request shows at once.
wait_for join2.out 1 'player 1 asks to undo their last move'
echo accept >&4
wait_for join1.out 1 'player 1 took back their last move'
wait_for join1.out 2 'your action'  # seat 1's turn again
echo q >&3
echo q >&4
for c in "${clients[@]}"; do wait "$c" || true; done
cat join1.out join2.out
