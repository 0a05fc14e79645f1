#!/usr/bin/env bash
# The GitHub workflows' identities, one per job that deploys, each reachable only from its job
# (docs/operations.md, 'Continuous deployment'): no key file, Workload Identity Federation.
#   github-preview  the pull request's preview job (GitHub environment `preview`): the custom
#                   role in ops/ci/hosting-deployer.yaml, Hosting only
#   github-deploy   the deploy job on main (GitHub environment `production`, which only `main`
#                   may use): functions, Hosting, rules, secrets, schedules
# GitHub puts the job's environment in its token's subject (repo:<owner>/<repo>:environment:<name>);
# each account trusts one subject, and the provider refuses a `production` token not from main and
# a `preview` token not from a pull request's run.
# Safe to run again.
#
#   ops/ci.sh <project-id> <github-owner>/<github-repo>
set -euo pipefail

PROJECT=${1:?usage: ops/ci.sh <project-id> <github-owner>/<github-repo>}
REPO=${2:?usage: ops/ci.sh <project-id> <github-owner>/<github-repo>}
HERE=$(cd "$(dirname "$0")" && pwd)
POOL=github
PROVIDER=github-repo
ROLE=hostingDeployer
PREVIEW_SA=github-preview@$PROJECT.iam.gserviceaccount.com
DEPLOY_SA=github-deploy@$PROJECT.iam.gserviceaccount.com

g() { gcloud --project="$PROJECT" --quiet "$@"; }
# A role for an account on the project.
grant() { g projects add-iam-policy-binding "$PROJECT" --member="serviceAccount:$1" --role="$2" --condition=None >/dev/null; }
# Lets the GitHub jobs of one environment of the repository act as the account, and no other job.
allow_github() {
  g iam service-accounts add-iam-policy-binding "$1" --role=roles/iam.workloadIdentityUser \
    --member="principal://iam.googleapis.com/projects/$PROJECT_NUMBER/locations/global/workloadIdentityPools/$POOL/subject/repo:$REPO:environment:$2" >/dev/null
}

g services enable iam.googleapis.com iamcredentials.googleapis.com sts.googleapis.com cloudresourcemanager.googleapis.com
PROJECT_NUMBER=$(g projects describe "$PROJECT" --format='value(projectNumber)')

for sa in github-preview github-deploy; do
  g iam service-accounts describe "$sa@$PROJECT.iam.gserviceaccount.com" >/dev/null 2>&1 ||
    g iam service-accounts create "$sa" --display-name="GitHub: $sa"
done

if g iam roles describe "$ROLE" >/dev/null 2>&1; then
  g iam roles update "$ROLE" --file="$HERE/ci/hosting-deployer.yaml" >/dev/null
else
  g iam roles create "$ROLE" --file="$HERE/ci/hosting-deployer.yaml"
fi
grant "$PREVIEW_SA" "projects/$PROJECT/roles/$ROLE"

grant "$DEPLOY_SA" roles/firebase.admin
grant "$DEPLOY_SA" roles/cloudfunctions.admin
grant "$DEPLOY_SA" roles/run.admin
grant "$DEPLOY_SA" roles/iam.serviceAccountUser
grant "$DEPLOY_SA" roles/cloudscheduler.admin
grant "$DEPLOY_SA" roles/secretmanager.admin
grant "$DEPLOY_SA" roles/serviceusage.serviceUsageConsumer

g iam workload-identity-pools describe "$POOL" --location=global >/dev/null 2>&1 ||
  g iam workload-identity-pools create "$POOL" --location=global --display-name="GitHub Actions"
PROVIDER_FLAGS=(
  --attribute-mapping="google.subject=assertion.sub,attribute.repository=assertion.repository"
  --attribute-condition="assertion.repository == '$REPO' && (assertion.environment != 'production' || assertion.ref == 'refs/heads/main') && (assertion.environment != 'preview' || assertion.event_name == 'pull_request')"
)
if g iam workload-identity-pools providers describe "$PROVIDER" --location=global --workload-identity-pool="$POOL" >/dev/null 2>&1; then
  g iam workload-identity-pools providers update-oidc "$PROVIDER" --location=global --workload-identity-pool="$POOL" "${PROVIDER_FLAGS[@]}"
else
  g iam workload-identity-pools providers create-oidc "$PROVIDER" --location=global --workload-identity-pool="$POOL" \
    --issuer-uri=https://token.actions.githubusercontent.com "${PROVIDER_FLAGS[@]}"
fi

allow_github "$PREVIEW_SA" preview
allow_github "$DEPLOY_SA" production

echo
echo "GitHub > $REPO > Settings > Environments:"
echo "  preview:    FIREBASE_PROJECT_ID=$PROJECT"
echo "              WIF_PROVIDER=projects/$PROJECT_NUMBER/locations/global/workloadIdentityPools/$POOL/providers/$PROVIDER"
echo "              PREVIEW_SERVICE_ACCOUNT=$PREVIEW_SA"
echo "              Deployment branches and tags: Selected, the working branches' patterns (e.g. feature/*, fix/*), never main."
echo "  production: FIREBASE_PROJECT_ID=$PROJECT"
echo "              WIF_PROVIDER=projects/$PROJECT_NUMBER/locations/global/workloadIdentityPools/$POOL/providers/$PROVIDER"
echo "              DEPLOY_SERVICE_ACCOUNT=$DEPLOY_SA"
echo "              Deployment branches and tags: Selected, the branch main only."
