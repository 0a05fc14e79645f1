#!/usr/bin/env bash
# What watches the live site: an uptime check of https://<domain>/api/health from three
# continents every 5 minutes, one of the TURN relay (TCP on 443) when its host is given, a
# log-based metric counting the API's 'route budget spent' warnings, and alert policies
# (ops/monitoring/*.json) that mail the clinic when a check fails, when a function logs an error,
# when a route spends its budget, when the relay's certificate is near its end, and (at most
# hourly) when browsers report errors or the mail sender gives up on a mail. Needs gcloud's alpha
# component for the policies (in Cloud Shell already; else gcloud components install alpha, or
# Debian's google-cloud-cli-alpha). Safe to run again: existing checks and metrics are kept, and
# existing policies are brought up to date with their files (keeping their mail channels).
#
#   ops/monitoring.sh <project-id> <site-domain> <alert-email> [turn-host]
set -euo pipefail

USAGE="usage: ops/monitoring.sh <project-id> <site-domain> <alert-email> [turn-host]"
PROJECT=${1:?$USAGE}
DOMAIN=${2:?$USAGE}
EMAIL=${3:?$USAGE}
TURN_HOST=${4:-} # ops/turn.sh's; none with a hosted TURN, whose provider watches it
HERE=$(cd "$(dirname "$0")" && pwd)
CHECK="ExpMed Health API health"
TURN_CHECK="ExpMed Health TURN relay"
BUDGET_METRIC=route-budget-spent # functions/src/http/rate-limit.ts and services/ussd/session.ts log it

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

if [ -z "$TURN_HOST" ]; then
  echo "… no TURN host given: the relay is not watched"
elif g monitoring uptime list-configs --filter="displayName=\"$TURN_CHECK\"" --format='value(name)' | grep -q .; then
  echo "✔ TURN uptime check exists"
else
  echo "… uptime check of $TURN_HOST:443 (TCP; coturn takes TLS there)"
  g monitoring uptime create "$TURN_CHECK" \
    --resource-type=uptime-url --resource-labels="host=$TURN_HOST,project_id=$PROJECT" \
    --protocol=tcp --port=443 --period=5 --timeout=10 --regions=europe,usa-virginia,south-america
fi

if g logging metrics describe "$BUDGET_METRIC" >/dev/null 2>&1; then
  echo "✔ log-based metric $BUDGET_METRIC exists"
else
  echo "… log-based metric $BUDGET_METRIC"
  g logging metrics create "$BUDGET_METRIC" --description="Calls a public route (or USSD) refused because its budget for the minute was spent" \
    --log-filter='resource.type="cloud_run_revision" AND jsonPayload.message="route budget spent"'
fi

CHANNEL=$(g beta monitoring channels list --filter="labels.email_address=\"$EMAIL\"" --format='value(name)' | head -n1)
if [ -z "$CHANNEL" ]; then
  echo "… mail channel for $EMAIL"
  CHANNEL=$(g beta monitoring channels create --type=email --display-name="Clinic alerts ($EMAIL)" \
    --channel-labels="email_address=$EMAIL" --format='value(name)')
fi

for policy in "$HERE"/monitoring/*.json; do
  if [ -z "$TURN_HOST" ] && [[ "$policy" == */turn-*.json ]]; then continue; fi
  NAME=$(sed -n 's/^  "displayName": "\(.*\)",$/\1/p' "$policy" | head -n1)
  sed -e "s/\${DOMAIN}/$DOMAIN/g" -e "s/\${TURN_HOST}/$TURN_HOST/g" "$policy" >"${TMPDIR:-/tmp}/policy.json"
  EXISTING=$(g alpha monitoring policies list --filter="displayName=\"$NAME\"" --format='value(name)' | head -n1)
  if [ -n "$EXISTING" ]; then
    # A release may change a policy (a function added to 'Function errors'): its file wins, its channels stay.
    CHANNELS=$(g alpha monitoring policies describe "$EXISTING" --format='value(notificationChannels)' | tr ';' ',')
    echo "… alert policy '$NAME' exists: brought up to date with its file"
    g alpha monitoring policies update "$EXISTING" --policy-from-file="${TMPDIR:-/tmp}/policy.json" \
      --set-notification-channels="${CHANNELS:-$CHANNEL}" >/dev/null
    continue
  fi
  echo "… alert policy '$NAME'"
  g alpha monitoring policies create --policy-from-file="${TMPDIR:-/tmp}/policy.json" --notification-channels="$CHANNEL"
done
