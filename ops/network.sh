#!/usr/bin/env bash
# A fixed outbound IP for the functions (Hubtel's transaction status API answers only
# whitelisted addresses): a VPC with a /28 subnet, a Serverless VPC Access connector on it, and
# Cloud NAT sending everything from that subnet out through one reserved static IP. Safe to run
# again: what exists is left as it is. Prints the IP to give Hubtel at the end.
#
#   ops/network.sh <project-id>
#
# Then set VPC_CONNECTOR=expmed-egress in functions/.env.<project-id> and deploy: every function
# sends all its traffic through the connector (functions/src/index.ts, vpcConnectorEgressSettings
# ALL_TRAFFIC). docs/operations.md, 'A static IP for the payment provider'.
set -euo pipefail

PROJECT=${1:?usage: ops/network.sh <project-id>}
REGION=europe-west1 # functions/src/config.ts REGION: the connector must be in the functions' region
NETWORK=expmed-vpc
SUBNET=expmed-egress-subnet
SUBNET_RANGE=10.8.0.0/28 # a connector needs its own /28
CONNECTOR=expmed-egress
ADDRESS=expmed-egress-ip
ROUTER=expmed-router
NAT=expmed-nat

# shellcheck source=lib/gcloud.sh
source "$(dirname "$0")/lib/gcloud.sh"

g services enable compute.googleapis.com vpcaccess.googleapis.com

ensure "network $NETWORK" \
  "compute networks describe $NETWORK" \
  "compute networks create $NETWORK --subnet-mode=custom"
ensure "subnet $SUBNET" \
  "compute networks subnets describe $SUBNET --region=$REGION" \
  "compute networks subnets create $SUBNET --network=$NETWORK --region=$REGION --range=$SUBNET_RANGE"
ensure "connector $CONNECTOR" \
  "compute networks vpc-access connectors describe $CONNECTOR --region=$REGION" \
  "compute networks vpc-access connectors create $CONNECTOR --region=$REGION --subnet=$SUBNET --machine-type=e2-micro --min-instances=2 --max-instances=3"
ensure "static IP $ADDRESS" \
  "compute addresses describe $ADDRESS --region=$REGION" \
  "compute addresses create $ADDRESS --region=$REGION --network-tier=PREMIUM"
ensure "router $ROUTER" \
  "compute routers describe $ROUTER --region=$REGION" \
  "compute routers create $ROUTER --network=$NETWORK --region=$REGION"
ensure "Cloud NAT $NAT" \
  "compute routers nats describe $NAT --router=$ROUTER --region=$REGION" \
  "compute routers nats create $NAT --router=$ROUTER --region=$REGION --nat-custom-subnet-ip-ranges=$SUBNET --nat-external-ip-pool=$ADDRESS --enable-logging --log-filter=ERRORS_ONLY"

IP=$(g compute addresses describe "$ADDRESS" --region="$REGION" --format='value(address)')
echo
echo "The functions' outbound IP is $IP."
echo "1. Ask Hubtel to whitelist $IP for the transaction status API (and the SMS API)."
echo "2. Set VPC_CONNECTOR=$CONNECTOR in functions/.env.$PROJECT, then firebase deploy --only functions."
