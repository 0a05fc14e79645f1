#!/usr/bin/env bash
# The restore drill (docs/operations.md, 'Backups and the restore drill'; monthly): restores the
# newest backup of the (default) database (ops/firestore.sh schedules them) into a scratch
# database, counts the documents of every collection in it against the live database as it was
# at the backup's snapshot time (point-in-time recovery; scripts/restore-compare.mjs), writes the
# result to ops/restore-drills/<date>.json (commit it: that is the drill's record) and deletes
# the scratch database (--keep leaves it, to look into a difference; it is billed while it exists).
# Exits 1 when a count differs or the newest backup is too old to check.
#
#   ops/restore-drill.sh <project-id> [--keep]
#
# Runs as the gcloud account and the application-default sign-in (docs/operations.md,
# 'Project, billing, APIs and sign-ins'), which need to restore and delete databases and read
# them (roles/datastore.owner). About 20 minutes, most of it the restore.
set -euo pipefail

USAGE="usage: ops/restore-drill.sh <project-id> [--keep]"
case "${1:-}" in -h | --help)
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
  ;;
esac
PROJECT=${1:?$USAGE}
KEEP=false
case "${2:-}" in
'') ;;
--keep) KEEP=true ;;
*)
  echo "$USAGE" >&2
  exit 2
  ;;
esac
HERE=$(cd "$(dirname "$0")" && pwd)
LOCATION=europe-west1 # firebase.json firestore.location, where the backups live beside the database
LIVE='(default)'
SCRATCH=restore-drill
PITR_DAYS=7 # ops/firestore.sh: point-in-time recovery reads the last 7 days
RECORD="$HERE/restore-drills/$(date -u +%F).json"

# shellcheck source=lib/gcloud.sh
source "$(dirname "$0")/lib/gcloud.sh"
# A value from the JSON on stdin: a JavaScript expression over it as `d` (empty when undefined).
pick() { node -e "const d = JSON.parse(require('fs').readFileSync(0, 'utf8')); console.log(($1) ?? '')"; }

NEWEST=$(g firestore backups list --location="$LOCATION" --format=json |
  pick 'd.filter((b) => b.state === "READY" && b.database.endsWith("/databases/(default)")).sort((a, b) => b.snapshotTime.localeCompare(a.snapshotTime)).map((b) => `${b.name} ${b.snapshotTime}`)[0]')
[ -n "$NEWEST" ] || {
  echo "✘ no finished backup of $LIVE in $LOCATION: run ops/firestore.sh $PROJECT (the schedules), then wait a day." >&2
  exit 1
}
BACKUP=${NEWEST% *}
SNAPSHOT=${NEWEST#* }
AGE_HOURS=$(SNAPSHOT=$SNAPSHOT node -p 'Math.floor((Date.now() - Date.parse(process.env.SNAPSHOT)) / 3.6e6)')
echo "newest backup: ${BACKUP##*/}, snapshot $SNAPSHOT ($AGE_HOURS h ago)"
if [ "$AGE_HOURS" -ge $((PITR_DAYS * 24)) ]; then
  echo "✘ the newest backup is older than $PITR_DAYS days: the daily schedule has stopped (gcloud firestore backups schedules list --project $PROJECT)," >&2
  echo "  and the live database cannot be read that far back to compare." >&2
  exit 1
fi
[ "$AGE_HOURS" -lt 48 ] || echo "… no backup in the last two days: check the daily schedule (gcloud firestore backups schedules list --project $PROJECT)"

if g firestore databases describe --database="$SCRATCH" >/dev/null 2>&1; then
  echo "✘ database $SCRATCH exists (an earlier drill's copy): look, then delete it:" >&2
  echo "  gcloud firestore databases delete --project $PROJECT --database=$SCRATCH" >&2
  exit 1
fi

echo "… restoring it into database $SCRATCH"
OPERATION=$(g firestore databases restore --source-backup="$BACKUP" --destination-database="$SCRATCH" --format='value(name)')
until [ "$(g firestore operations describe "$OPERATION" --database="$SCRATCH" --format='value(done)')" = True ]; do
  sleep 30
done
ERROR=$(g firestore operations describe "$OPERATION" --database="$SCRATCH" --format='value(error.message)')
[ -z "$ERROR" ] || {
  echo "✘ the restore failed: $ERROR" >&2
  exit 1
}
echo "✔ restored"

status=0
(cd "$HERE/.." && npm run build -w functions --silent >/dev/null &&
  GCLOUD_PROJECT="$PROJECT" node scripts/restore-compare.mjs --live "$LIVE" --restored "$SCRATCH" \
    --at "$SNAPSHOT" --backup "$BACKUP" --record "$RECORD") || status=$?

if $KEEP; then
  echo "… $SCRATCH kept; delete it after looking: gcloud firestore databases delete --project $PROJECT --database=$SCRATCH"
else
  g firestore databases delete --database="$SCRATCH" >/dev/null
  echo "✔ $SCRATCH deleted"
fi
[ ! -f "$RECORD" ] || echo "Commit ops/restore-drills/${RECORD##*/}: the drill's record."
exit "$status"
