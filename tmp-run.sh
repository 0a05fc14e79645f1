set -x
node tmp-shots.mjs
npx jest functions/src/routes/__tests__/client-errors.test.ts functions/src/http/__tests__/rate-limit.test.ts --selectProjects functions
npx jest e2e/deploy-recovery.e2e.ts e2e/record.e2e.ts e2e/throttle.e2e.ts --selectProjects e2e
