/**
 * Jest runs this after each test file's own setup (functions/jest.config.cjs): the SMS a request
 * started sending after it answered (notifications/sms-sender.ts sendSoon) finish before the file
 * ends, so no Firestore call outlives the file's test environment (under load that broke suites
 * with "Test suite failed to run").
 */
import { sendsSettled } from '../notifications/sms-sender';

afterAll(sendsSettled);
