#!/usr/bin/env bash
# The database's safety nets, which firebase deploy cannot set: point-in-time recovery (any
# minute of the last 7 days), delete protection, and backup schedules (daily kept 7 days,
# weekly kept 14 weeks). Creates the database in europe-west1 first if no deploy has yet (the
# location firebase.json names; docs/operations.md says why). Safe to run again.
#
#   ops/firestore.sh <project-id>
#
# The restore drill is written out in docs/operations.md, 'Backups and the restore drill'.
set -euo pipefail

PROJECT=${1:?usage: ops/firestore.sh <project-id>}
LOCATION=europe-west1 # firebase.json firestore.location
DATABASE='(default)'

g() { gcloud --project="$PROJECT" --quiet "$@"; }

g services enable firestore.googleapis.com

if g firestore databases describe --database="$DATABASE" >/dev/null 2>&1; then
  echo "✔ database $DATABASE exists"
else
  echo "… creating database $DATABASE in $LOCATION"
  g firestore databases create --database="$DATABASE" --location="$LOCATION" --type=firestore-native
fi

echo "… point-in-time recovery and delete protection on"
g firestore databases update --database="$DATABASE" --enable-pitr --delete-protection

SCHEDULES=$(g firestore backups schedules list --database="$DATABASE" --format=json)
if grep -q '"dailyRecurrence"' <<<"$SCHEDULES"; then
  echo "✔ daily backup schedule exists"
else
  echo "… daily backups, kept 7 days"
  g firestore backups schedules create --database="$DATABASE" --recurrence=daily --retention=7d
fi
if grep -q '"weeklyRecurrence"' <<<"$SCHEDULES"; then
  echo "✔ weekly backup schedule exists"
else
  echo "… weekly backups (Sundays), kept 14 weeks"
  g firestore backups schedules create --database="$DATABASE" --recurrence=weekly --day-of-week=SUN --retention=14w
fi

g firestore databases describe --database="$DATABASE" \
  --format='table(locationId, pointInTimeRecoveryEnablement, deleteProtectionState, earliestVersionTime)'
g firestore backups schedules list --database="$DATABASE"
