#!/usr/bin/env bash
# `ratify replay` checks a finished network game against the seed
# commitment its players were shown: a game of article2 through `ratify
# serve` and two `ratify join --bot random` clients; its replay verifies
# with the commitment join printed; a changed seed, nonce, published
# commitment or action is refused with a message that says which.
# Usage: net_replay_verify.sh RATIFY WORKDIR
set -euo pipefail
ratify=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$ratify" serve article2 --seats human,human --listen 127.0.0.1:0 --seed 42 \
  --replay game.jsonl > serve.out 2> serve.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ "$(grep -c 'token=' serve.out 2>/dev/null)" -ge 2 ] && break
  sleep 0.1
done
p=0
for link in $(grep '^ws://.*token=' serve.out); do
  p=$((p + 1))
  timeout 120 "$ratify" join "$link" --text --bot random --seed "$p" --quiet > "join$p.out" 2>&1 &
done
wait $server || { echo "serve failed"; cat serve.err; exit 1; }
trap - EXIT
wait
commitment=$(sed -n 's/.*seed commitment \([0-9a-f]\{64\}\).*/\1/p' join1.out | head -1)
[ -n "$commitment" ] || { echo "join printed no commitment"; cat join1.out; exit 1; }
grep -q -- "--commitment $commitment" join1.out || { echo "join: no hint"; cat join1.out; exit 1; }

# expect NAME STATUS PATTERN ARGS...: `ratify replay ARGS` exits STATUS and prints PATTERN.
expect() {
  local name=$1 status=$2 pattern=$3 rc=0
  shift 3
  "$ratify" replay "$@" > "$name.out" 2>&1 || rc=$?
  if [ "$rc" -ne "$status" ] || ! grep -q -- "$pattern" "$name.out"; then
    echo "$name: expected exit $status and '$pattern', got exit $rc:"; cat "$name.out"; exit 1
  fi
}
expect honest 0 "seed 42 matches the seed commitment $commitment" game.jsonl --commitment "$commitment"
expect honest_alone 0 "every state hash matches" game.jsonl

# A seed changed after the game: it no longer opens the commitment.
sed -E '1s/"seed":42/"seed":43/' game.jsonl > seed.jsonl
expect seed 1 'seed 43 with nonce .* does not match the seed commitment' seed.jsonl
# A nonce changed.
sed -E '1s/"nonce":"[0-9a-f]+"/"nonce":"00000000000000000000000000000000"/' game.jsonl > nonce.jsonl
expect nonce 1 'does not match the seed commitment' nonce.jsonl
# A forger who recomputes the commitment for another seed: the file is
# consistent, but not with the commitment the players were shown.
nonce=$(sed -n '1s/.*"nonce":"\([0-9a-f]*\)".*/\1/p' game.jsonl)
forged=$(printf 'ratify-seed-v1:43:%s' "$nonce" | sha256sum | cut -d' ' -f1)
sed -E "1s/\"seed\":42/\"seed\":43/; 1s/\"commitment\":\"[0-9a-f]+\"/\"commitment\":\"$forged\"/" \
  game.jsonl > forged.jsonl
expect forged 1 "is not the one published, $commitment" forged.jsonl --commitment "$commitment"
# A journal with an action taken out: the game diverges from its hashes.
sed '3d' game.jsonl > cut.jsonl
expect cut 1 'diverges at' cut.jsonl --commitment "$commitment"
# A replay with no commitment at all, checked against one.
sed -E '1s/"network":\{[^}]*\},?//' game.jsonl > plain.jsonl
expect plain 1 'carries no seed commitment' plain.jsonl --commitment "$commitment"
echo "the replay verifies against $commitment; every tampered copy was refused"
