#!/usr/bin/env bash
# TLS: `ratify serve --tls-cert --tls-key` with a self-signed certificate
# made here (openssl CLI) prints wss:// links; two `ratify join --bot
# random --trust-cert CERT` clients play the game through; a client that
# does not trust the certificate, or speaks plain ws://, is refused, and
# so is a trusted certificate that names another host.
# Usage: net_tls.sh RATIFY WORKDIR (exit 77, skipped, with no openssl CLI)
set -euo pipefail
ratify=$1 work=$2
command -v openssl > /dev/null || { echo "no openssl CLI: skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work" && cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout key.pem -out cert.pem 2> openssl.err
"$ratify" serve article2 --seats human,human --listen 127.0.0.1:0 --tls-cert cert.pem \
  --tls-key key.pem --replay game.jsonl > serve.out 2> serve.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ "$(grep -c 'token=' serve.out 2>/dev/null)" -ge 2 ] && break
  sleep 0.1
done
[ "$(grep -c '^wss://.*token=' serve.out)" -eq 2 ] || { echo "no wss:// links"; cat serve.out; exit 1; }
grep -q '^https://' serve.out || { echo "no https:// link for the browser"; cat serve.out; exit 1; }
link1=$(grep '^wss://.*seat=1' serve.out) link2=$(grep '^wss://.*seat=2' serve.out)
# Not trusted: the system's roots do not hold a certificate made a moment ago.
if "$ratify" join "$link1" --bot random --quiet > untrusted.out 2>&1; then
  echo "a client that does not trust the certificate joined"; cat untrusted.out; exit 1
fi
grep -q 'certificate verify failed' untrusted.out || { cat untrusted.out; exit 1; }
# Plain ws:// to a TLS server: refused too.
if timeout 20 "$ratify" join "ws://${link1#wss://}" --bot random --quiet > plain.out 2>&1; then
  echo "a plain ws:// client joined a TLS server"; cat plain.out; exit 1
fi
timeout 120 "$ratify" join "$link1" --bot random --seed 1 --quiet --trust-cert cert.pem \
  > join1.out 2>&1 &
c1=$!
timeout 120 "$ratify" join "$link2" --bot random --seed 2 --quiet --trust-cert cert.pem \
  > join2.out 2>&1 || { echo "join 2 failed"; cat join2.out; exit 1; }
wait $c1 || { echo "join 1 failed"; cat join1.out; exit 1; }
wait $server || { echo "serve failed"; cat serve.err; exit 1; }
trap - EXIT
for f in join1.out join2.out; do
  grep -q '^Game over' $f && grep -q 'matches the commitment' $f || { cat $f; exit 1; }
done
"$ratify" replay game.jsonl

# A trusted certificate for another host: refused, since it does not name
# the link's host (a stolen certificate of some other server).
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=10.9.9.9 \
  -addext subjectAltName=IP:10.9.9.9 -keyout other-key.pem -out other.pem 2>> openssl.err
"$ratify" serve article2 --seats human,human --listen 127.0.0.1:0 --tls-cert other.pem \
  --tls-key other-key.pem > other.out 2> other.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q 'seat=1' other.out 2>/dev/null && break
  sleep 0.1
done
if "$ratify" join "$(grep '^wss://.*seat=1' other.out)" --bot random --quiet \
  --trust-cert other.pem > other-host.out 2>&1; then
  echo "a certificate for another host was accepted"; cat other-host.out; exit 1
fi
grep -q 'certificate verify failed' other-host.out || { cat other-host.out; exit 1; }
echo "a whole game over wss:// with a certificate made here"
