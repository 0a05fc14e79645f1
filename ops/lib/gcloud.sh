# shellcheck shell=bash
# Sourced by the ops/ scripts that create resources: gcloud on $PROJECT without prompts, and
# create-unless-it-exists, so a script can be run again after a step failed halfway.

g() { gcloud --project="$PROJECT" --quiet "$@"; }

# Runs the create command unless the describe command finds the resource.
ensure() {
  local what=$1 describe=$2 create=$3
  if eval "g $describe" >/dev/null 2>&1; then
    echo "✔ $what exists"
  else
    echo "… creating $what"
    eval "g $create"
  fi
}
