// @ts-check
// The Node Firestore emulator (@firestore-emulator/server: same gRPC protocol as the
// official one) for machines without Java 21. firebase-admin reaches it through
// FIRESTORE_EMULATOR_HOST. It keeps data in memory and enforces no rules.
import { FirestoreServer } from '@firestore-emulator/server';

const port = Number(process.env.FIRESTORE_PORT ?? 8080);
const server = new FirestoreServer();
await server.start(port);
console.log(`Firestore emulator (Node) listening on 127.0.0.1:${port}`);

const stop = () => {
  server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
