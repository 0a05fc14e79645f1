#!/usr/bin/env bash
# After each deploy (docs/operations.md, step 'Check, then deploy'): proves the client address rule
# (functions/src/config.ts GOOGLE_FRONT_END_RANGES) against the header production really sends.
# Asks the site who it counts this machine as, next to what an outside service says this
# machine's address is; they must agree and the address must not be a shared front end.
#   bash ops/check-client-address.sh https://<the site's domain> [address-echo URL]
set -euo pipefail
site="${1:?usage: bash ops/check-client-address.sh https://<site> [https://api.ipify.org]}"
echo_url="${2:-https://api.ipify.org}"

seen=$(curl -fsS "${site%/}/api/health/client")
mine=$(curl -fsS "$echo_url")
address=$(node -e 'const d=JSON.parse(process.argv[1]).data; console.log(d.address)' "$seen")
shared=$(node -e 'const d=JSON.parse(process.argv[1]).data; console.log(d.shared)' "$seen")
hops=$(node -e 'const d=JSON.parse(process.argv[1]).data; console.log(d.hops)' "$seen")
echo "The API counts this machine as $address (shared front end: $shared; X-Forwarded-For entries: $hops)."
echo "This machine's own address: $mine"
if [ "$address" != "$mine" ] || [ "$shared" != "false" ]; then
  echo "MISMATCH: the rule does not find visitors behind Hosting. Per-address limits would put every" >&2
  echo "visitor in one budget: add the hop the API saw to GOOGLE_FRONT_END_RANGES and redeploy." >&2
  exit 1
fi
echo "OK: the client address rule holds."
