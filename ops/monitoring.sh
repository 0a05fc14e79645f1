#!/usr/bin/env bash
# What watches the live site: an uptime check of https://<domain>/api/health from three
# continents every 5 minutes, and alert policies (ops/monitoring/*.json) that mail the clinic
# when the check fails, when a function logs an error, and (at most hourly) when browsers report
# errors or the mail sender gives up on a mail. Needs gcloud's alpha component for the policies
# (in Cloud Shell already; else gcloud components install alpha, or Debian's
# google-cloud-cli-alpha). Safe to run again: existing checks and policies are kept.
#
#   ops/monitoring.sh <project-id> <site-domain> <alert-email>
set -euo pipefail

PROJECT=${1:?usage: ops/monitoring.sh <project-id> <site-domain> <alert-email>}
DOMAIN=${2:?usage: ops/monitoring.sh <project-id> <site-domain> <alert-email>}
EMAIL=${3:?usage: ops/monitoring.sh <project-id> <site-domain> <alert-email>}
HERE=$(cd "$(dirname "$0")" && pwd)
CHECK="ExpMed Health API health"

g() { gcloud --project="$PROJECT" --quiet "$@"; }

g services enable monitoring.googleapis.com logging.googleapis.com

if g monitoring uptime list-configs --filter="displayName=\"$CHECK\"" --format='value(name)' | grep -q .; then
  echo "✔ uptime check exists"
else
  echo "… uptime check of https://$DOMAIN/api/health"
  g monitoring uptime create "$CHECK" \
    --resource-type=uptime-url --resource-labels="host=$DOMAIN,project_id=$PROJECT" \
    --protocol=https --path=/api/health --request-method=get \
    --matcher-type=contains-string --matcher-content='"status":"ok"' \
    --period=5 --timeout=10 --regions=europe,usa-virginia,south-america
fi

CHANNEL=$(g beta monitoring channels list --filter="labels.email_address=\"$EMAIL\"" --format='value(name)' | head -n1)
if [ -z "$CHANNEL" ]; then
  echo "… mail channel for $EMAIL"
  CHANNEL=$(g beta monitoring channels create --type=email --display-name="Clinic alerts ($EMAIL)" \
    --channel-labels="email_address=$EMAIL" --format='value(name)')
fi

for policy in "$HERE"/monitoring/*.json; do
  NAME=$(sed -n 's/^  "displayName": "\(.*\)",$/\1/p' "$policy" | head -n1)
  if g alpha monitoring policies list --filter="displayName=\"$NAME\"" --format='value(name)' | grep -q .; then
    echo "✔ alert policy '$NAME' exists"
    continue
  fi
  echo "… alert policy '$NAME'"
  sed "s/\${DOMAIN}/$DOMAIN/g" "$policy" >"${TMPDIR:-/tmp}/policy.json"
  g alpha monitoring policies create --policy-from-file="${TMPDIR:-/tmp}/policy.json" --notification-channels="$CHANNEL"
done
