#!/usr/bin/env bash
# Puts the previous release back (docs/operations.md, 'Rolling a release back'), in seconds and
# without a build:
#   hosting    the live channel serves again the version it served before the current one: the
#              Firebase Hosting REST API lists the live channel's releases (newest first) and
#              releases that version anew (the console's release history shows it as a release).
#   functions  each function's Cloud Run service sends all its traffic to the ready revision made
#              before the one serving now. A 2nd gen function is a Cloud Run service and every
#              deploy makes it a revision holding that release's code, params and secret versions,
#              so the old revision is the old release exactly. The next `firebase deploy` puts
#              each function it deploys back on its newest revision (Cloud Functions routes all
#              traffic to the latest revision on every deploy).
# Not rolled back: Firestore rules and indexes (deploy them from the good commit) and data.
# --dry-run prints what it would do and changes nothing; --only picks one of the two.
#
#   ops/rollback.sh <project-id> [--dry-run] [--only hosting|functions]
set -euo pipefail

USAGE="usage: ops/rollback.sh <project-id> [--dry-run] [--only hosting|functions]"
case "${1:-}" in -h | --help)
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
  ;;
esac
PROJECT=${1:?$USAGE}
shift
REGION=europe-west1 # functions/src/config.ts REGION
HOSTING_API=https://firebasehosting.googleapis.com/v1beta1
DRY_RUN=false
ONLY=
while [ $# -gt 0 ]; do
  case "$1" in
  --dry-run) DRY_RUN=true ;;
  --only)
    ONLY=${2:?$USAGE}
    shift
    ;;
  *)
    echo "$USAGE" >&2
    exit 2
    ;;
  esac
  shift
done
case "$ONLY" in '' | hosting | functions) ;; *)
  echo "$USAGE" >&2
  exit 2
  ;;
esac

# shellcheck source=lib/gcloud.sh
source "$(dirname "$0")/lib/gcloud.sh"

# Hosting's REST API as the gcloud account, billed to the project.
hosting() {
  local body=()
  [ $# -lt 3 ] || body=(--data "$3")
  curl -fsS -X "$1" "$HOSTING_API/$2" -H "Authorization: Bearer $(gcloud auth print-access-token)" \
    -H "x-goog-user-project: $PROJECT" -H 'Content-Type: application/json' "${body[@]}"
}
# A value from the JSON on stdin: a JavaScript expression over it as `d` (empty when undefined).
pick() { node -e "const d = JSON.parse(require('fs').readFileSync(0, 'utf8')); console.log(($1) ?? '')"; }

rollback_hosting() {
  local site releases current previous
  site=$(hosting GET "projects/$PROJECT/sites" | pick 'd.sites.find((s) => s.type === "DEFAULT_SITE").name.split("/").pop()')
  releases=$(hosting GET "sites/$site/channels/live/releases?pageSize=20")
  current=$(pick 'd.releases?.[0]?.version?.name' <<<"$releases")
  # The version live before the current release: the newest older release of another version that still exists.
  previous=$(CURRENT=$current pick 'd.releases.find((r) => r.version?.name && r.version.name !== process.env.CURRENT && r.type !== "SITE_DISABLE" && r.version.status === "FINALIZED")?.version.name' <<<"$releases")
  [ -n "$current" ] || {
    echo "✘ hosting: site $site has no release yet." >&2
    return 1
  }
  [ -n "$previous" ] || {
    echo "✘ hosting: site $site has no earlier version to go back to (the last 20 releases)." >&2
    return 1
  }
  echo "hosting: site $site serves ${current##*/}; the version before it is ${previous##*/}."
  if $DRY_RUN; then
    echo "  (dry run) would release ${previous##*/} on the live channel"
    return
  fi
  hosting POST "sites/$site/channels/live/releases?versionName=$previous" \
    "{\"message\":\"ops/rollback.sh: back to ${previous##*/} from ${current##*/}\"}" >/dev/null
  echo "✔ hosting: ${previous##*/} is live again"
}

rollback_functions() {
  local services service revisions serving previous
  services=$(g functions list --regions="$REGION" --filter='environment=GEN_2' --format='value(serviceConfig.service.basename())')
  [ -n "$services" ] || {
    echo "✘ functions: no 2nd gen function in $REGION." >&2
    return 1
  }
  for service in $services; do
    serving=$(g run services describe "$service" --region="$REGION" --format=json |
      pick 'd.status.traffic.find((t) => t.percent === 100)?.revisionName ?? (d.status.traffic.length === 1 && d.status.traffic[0].latestRevision ? d.status.latestReadyRevisionName : "")')
    [ -n "$serving" ] || {
      echo "✘ functions: $service splits its traffic between revisions; set it by hand (gcloud run services update-traffic)." >&2
      return 1
    }
    revisions=$(g run revisions list --service="$service" --region="$REGION" --format=json)
    # Newest first; the first ready revision made before the serving one.
    previous=$(SERVING=$serving pick 'd.sort((a, b) => b.metadata.creationTimestamp.localeCompare(a.metadata.creationTimestamp)).slice(d.findIndex((r) => r.metadata.name === process.env.SERVING) + 1).find((r) => r.status.conditions.some((c) => c.type === "Ready" && c.status === "True"))?.metadata.name' <<<"$revisions")
    if [ -z "$previous" ]; then
      echo "… functions: $service serves $serving and has no earlier ready revision: left as it is"
      continue
    fi
    echo "functions: $service serves $serving; the revision before it is $previous."
    if $DRY_RUN; then
      echo "  (dry run) would send all of $service's traffic to $previous"
      continue
    fi
    g run services update-traffic "$service" --region="$REGION" --to-revisions="$previous=100" >/dev/null
    echo "✔ functions: $service serves $previous"
  done
}

[ "$ONLY" = functions ] || rollback_hosting
[ "$ONLY" = hosting ] || rollback_functions
if ! $DRY_RUN; then
  echo
  echo "Rolled back. Deploy the fix (or the good commit) with firebase deploy: each function it deploys"
  echo "serves its new revision again. Then: bash ops/check-client-address.sh https://<the site's domain>"
fi
