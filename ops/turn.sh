#!/usr/bin/env bash
# The TURN relay for video visits (docs/visits.md, 'STUN and TURN in production'): coturn on one
# small VM (e2-small, Debian 12) with a static IP, TLS on 443 (turns:, for networks that allow
# only HTTPS) and 3478 (UDP and TCP), credentials checked against TURN_SHARED_SECRET, which the VM
# reads from Secret Manager at each boot (its own service account may read that secret and no
# other, and write log entries: the daily certificate check's). The certificate comes from Let's
# Encrypt once <turn-host> names the VM's IP in DNS.
# Safe to run again: what exists is left as it is.
#
#   ops/turn.sh <project-id> <turn-host> [region]
#   e.g. ops/turn.sh expmed-health turn.expmedhealth.com europe-southwest1
#
# The region: the one the clinic's own figures favour (docs/operations.md, 'TURN' says how to
# measure); without one, europe-southwest1 (Madrid).
set -euo pipefail

USAGE="usage: ops/turn.sh <project-id> <turn-host> [region]"
PROJECT=${1:?$USAGE}
TURN_HOST=${2:?$USAGE}
REGION=${3:-europe-southwest1}
HERE=$(cd "$(dirname "$0")" && pwd)
NAME=expmed-turn
NETWORK=expmed-vpc # ops/network.sh
SUBNET=expmed-turn-subnet
SUBNET_RANGE=10.8.16.0/28
ADDRESS=expmed-turn-ip
FIREWALL=expmed-turn-allow
SECRET=TURN_SHARED_SECRET # functions/src/config.ts
SA_NAME=turn-relay
SA=$SA_NAME@$PROJECT.iam.gserviceaccount.com

# shellcheck source=lib/gcloud.sh
source "$(dirname "$0")/lib/gcloud.sh"

g services enable compute.googleapis.com secretmanager.googleapis.com

if ! g secrets versions describe latest --secret="$SECRET" >/dev/null 2>&1; then
  echo "✘ $SECRET has no version in Secret Manager: set it first (docs/operations.md, 'Params and secrets')." >&2
  exit 1
fi
g compute networks describe "$NETWORK" >/dev/null 2>&1 || {
  echo "✘ network $NETWORK is missing: run ops/network.sh $PROJECT first." >&2
  exit 1
}
ZONE=$(g compute zones list --filter="region:$REGION" --format='value(name)' --sort-by=name --limit=1)
[ -n "$ZONE" ] || {
  echo "✘ $REGION is not a Compute Engine region (gcloud compute regions list)." >&2
  exit 1
}

ensure "subnet $SUBNET" \
  "compute networks subnets describe $SUBNET --region=$REGION" \
  "compute networks subnets create $SUBNET --network=$NETWORK --region=$REGION --range=$SUBNET_RANGE"
# 80 only for Let's Encrypt's HTTP challenge (issue and renewal); 49152-65535 the relayed ports.
ensure "firewall rule $FIREWALL" \
  "compute firewall-rules describe $FIREWALL" \
  "compute firewall-rules create $FIREWALL --network=$NETWORK --direction=INGRESS --target-tags=turn --source-ranges=0.0.0.0/0 --allow=tcp:80,tcp:443,tcp:3478,udp:3478,udp:49152-65535"
ensure "service account $SA_NAME" \
  "iam service-accounts describe $SA" \
  "iam service-accounts create $SA_NAME --display-name='TURN relay (reads TURN_SHARED_SECRET)'"
echo "… $SA_NAME may read $SECRET (and no other secret) and write log entries (its certificate check's)"
g secrets add-iam-policy-binding "$SECRET" --member="serviceAccount:$SA" --role=roles/secretmanager.secretAccessor >/dev/null
g projects add-iam-policy-binding "$PROJECT" --member="serviceAccount:$SA" --role=roles/logging.logWriter --condition=None >/dev/null
ensure "static IP $ADDRESS" \
  "compute addresses describe $ADDRESS --region=$REGION" \
  "compute addresses create $ADDRESS --region=$REGION --network-tier=PREMIUM"
IP=$(g compute addresses describe "$ADDRESS" --region="$REGION" --format='value(address)')
ensure "VM $NAME in $ZONE" \
  "compute instances describe $NAME --zone=$ZONE" \
  "compute instances create $NAME --zone=$ZONE --machine-type=e2-small --image-family=debian-12 --image-project=debian-cloud --subnet=$SUBNET --address=$IP --network-tier=PREMIUM --tags=turn --service-account=$SA --scopes=cloud-platform --metadata=turn-host=$TURN_HOST --metadata-from-file=startup-script=$HERE/turn/startup.sh"

echo
echo "The TURN relay's IP is $IP ($REGION)."
echo "1. At the DNS host of the domain: an A record $TURN_HOST -> $IP. The VM waits for it, then takes"
echo "   its certificate (a few minutes after the record is visible)."
echo "2. In functions/.env.$PROJECT:"
echo "   STUN_URLS=stun:$TURN_HOST:3478"
echo "   TURN_URLS=turn:$TURN_HOST:3478?transport=udp,turns:$TURN_HOST:443?transport=tcp"
echo "3. npm run deploy:check -- --project $PROJECT --online   (allocates a relay with a minted credential)"
