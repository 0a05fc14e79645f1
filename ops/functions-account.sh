#!/usr/bin/env bash
# The account every function runs as (functions/src/config.ts FUNCTIONS_SERVICE_ACCOUNT), with
# only what the code does, instead of the default compute account (often a project Editor):
#   roles/datastore.user       Firestore reads and writes (firebase-admin)
#   roles/firebaseauth.admin   Auth accounts: look up, create, update, delete, set roles, sign out
# firebase deploy adds the rest to it, each on one resource: read access to each secret a
# function names (roles/secretmanager.secretAccessor on that secret) and the right to call each
# scheduled function (roles/run.invoker on its service; Cloud Scheduler calls as this account).
# Logs need no role (Cloud Run collects stdout). Safe to run again. Run it before the first
# deploy: firebase deploy stops when the account does not exist.
#
#   ops/functions-account.sh <project-id>
set -euo pipefail

PROJECT=${1:?usage: ops/functions-account.sh <project-id>}
NAME=expmed-functions # functions/src/config.ts FUNCTIONS_SERVICE_ACCOUNT
SA=$NAME@$PROJECT.iam.gserviceaccount.com

# shellcheck source=lib/gcloud.sh
source "$(dirname "$0")/lib/gcloud.sh"

g services enable iam.googleapis.com
ensure "service account $NAME" \
  "iam service-accounts describe $SA" \
  "iam service-accounts create $NAME --display-name='Cloud Functions (ExpMed Health)'"
for role in roles/datastore.user roles/firebaseauth.admin; do
  echo "… $NAME holds $role"
  g projects add-iam-policy-binding "$PROJECT" --member="serviceAccount:$SA" --role="$role" --condition=None >/dev/null
done
echo "✔ the functions run as $SA from the next deploy"
