import { render, screen } from '@testing-library/react';
import { PageErrorBoundary } from '@/app/route-error';
import { reportClientError } from '@/lib/error-reporting';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'packageTitle')");
}

const sentReports = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => ({ url, init, body: JSON.parse(String(init.body)) }));

describe('the error boundary', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 202 });
    global.fetch = fetchMock;
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
  });
  afterEach(() => jest.restoreAllMocks());

  it('when a page throws while rendering, then the visitor reads what to do and the API gets a report without query strings', async () => {
    window.history.replaceState(null, '', '/packages?email=ama@example.com');
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'This page did not load' })).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong while showing this page\. Please try again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

    const [report] = sentReports(fetchMock);
    expect(report.url).toBe('/api/client-errors');
    expect(report.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(report.body).toEqual({
      kind: 'render',
      message: "TypeError: Cannot read properties of undefined (reading 'packageTitle')",
      stack: expect.stringContaining('Broken'),
      path: '/packages',
      release: 'test-build',
    });
    expect(JSON.stringify(report.body)).not.toContain('ama@example.com');
  });

  it('when the screen for a failed chunk is mounted again before its reload (React restarted the render, or the route moved on), then it still says it loads the latest version, not that the page did not load', async () => {
    sessionStorage.clear();
    const failure = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/staff-layout-Ab12.js');
    function Console(): never {
      throw failure; // React.lazy throws the same failure each time it renders
    }
    const mount = () =>
      render(
        <PageErrorBoundary>
          <Console />
        </PageErrorBoundary>,
      );
    mount().unmount();
    mount();
    expect(await screen.findByText('Loading the latest version of the site…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This page did not load' })).toBeNull();
  });

  it('when a page fails in a loop, then at most 5 distinct reports leave the browser', () => {
    for (let i = 0; i < 20; i += 1) reportClientError('error', new Error(`loop ${i % 8}?token=secret`));
    const bodies = sentReports(fetchMock).map((r) => r.body);
    expect(bodies.length).toBeLessThanOrEqual(5);
    expect(JSON.stringify(bodies)).not.toContain('secret');
  });
});
