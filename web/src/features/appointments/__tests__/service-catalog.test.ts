import { SERVICES } from '@/content/services';
import { SERVICES as SERVER_SERVICES } from '../../../../../functions/src/api/service-catalog';

/** The API keeps its own list (functions cannot import web code): the two must agree. */
describe('the services the site shows and the services the API books', () => {
  it('when compared, then ids, titles and payment rules are the same', () => {
    const shown = SERVICES.map(({ id, itemTitle, requiresPayment }) => ({ id, title: itemTitle, requiresPayment }));
    expect(SERVER_SERVICES).toEqual(shown);
  });
});
