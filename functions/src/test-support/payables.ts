/** The payable kinds as index.ts registers them, for tests that call a service without the app. */
import '../payables';
