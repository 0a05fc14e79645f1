/**
 * Jest runs this after each test file's own setup (functions/jest.config.cjs): the SMS and mails a
 * request started sending after it answered (notifications/send-soon.ts) finish before the file
 * ends, so no Firestore call outlives the file's test environment (under load that broke suites
 * with "Test suite failed to run").
 */
import { sendsSettled } from '../notifications/send-soon';

afterAll(sendsSettled);
