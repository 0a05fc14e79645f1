import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newContext, PHONE, SITE_URL } from './support/browser';

const browser = useBrowser();

const SERVICES = [
  'Virtual Consultation (Telemedicine)',
  'Doctor Consultation at home',
  'Nursing Home Care',
  'Physiotherapy at Home',
  'Dietary Management',
  'Labs/Medical Checkup',
  'Medicine Delivery',
  'Corporate/Community Wellness',
  'Agric Health',
];

async function open(viewport: typeof PHONE, path: string): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await page.goto(path);
  return page;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the visitor content pages at %s width', (_name, viewport) => {
  it('when the home page opens, then every section, the 9 services, the counters and 5 testimonials are there, all from the site itself', async () => {
    const page = await (await newContext(browser(), viewport)).newPage();
    const hosts = new Set<string>();
    page.on('request', (req) => hosts.add(new URL(req.url()).origin));
    await page.goto('/', { waitUntil: 'networkidle' });

    for (const id of ['Home', 'AboutUs', 'services', 'packages', 'stats', 'download', 'testimonials']) {
      await expect(page.locator(`section#${id}`).count()).resolves.toBe(1);
    }
    for (const box of ['Preventive Healthcare', 'Most Accessible', 'All-in-One Convenience']) {
      await expect(page.getByRole('heading', { name: box, exact: true }).isVisible()).resolves.toBe(true);
    }
    const services = page.locator('#services').getByRole('heading', { level: 3 });
    await expect(services.allTextContents()).resolves.toEqual(SERVICES);
    await expect(page.locator('#packages').textContent()).resolves.toMatch(/GHS 99\/month.*Cancel anytime/);
    await expect(page.locator('#AboutUs').getByRole('link', { name: 'Read More' }).getAttribute('href')).resolves.toBe(
      '/about-us',
    );

    // The counters count up once in view and settle on the home page's figures.
    await page.locator('#stats').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => [...document.querySelectorAll('#stats .stat-value')].map((el) => el.textContent).join(' ') === '50+ 20+ 50+ 10K+',
    );
    await expect(page.locator('#stats li').allTextContents()).resolves.toEqual([
      expect.stringContaining('Medical professionals'),
      expect.stringContaining('Partner hospitals'),
      expect.stringContaining('Corporate and communities'),
      expect.stringContaining('Clients served'),
    ]);

    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('[aria-roledescription="slide"]').count()).resolves.toBe(5);
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    // The slide scrolls into view (smoothly, slower on a busy machine): wait for it, as a reader's eye does.
    await carousel.getByRole('group', { name: '2 of 5' }).waitFor({ state: 'visible', timeout: 10_000 });

    expect([...hosts]).toEqual([SITE_URL]);
  });

  it('when a team member’s profile is opened on About us, then a dialog shows the bio and Escape closes it', async () => {
    const page = await open(viewport, '/about-us');
    const button = page.getByRole('button', { name: 'View profile of Esi Quaye, RN' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Esi Quaye, RN' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(dialog.textContent()).resolves.toContain('Head of Nursing');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it('when a name is searched on Specialists, then the list and count follow, and a miss shows the empty message', async () => {
    const page = await open(viewport, '/specialists');
    await page.getByText('9 doctor(s) found').waitFor();
    await page.getByLabel('Search by name').fill('asare');
    await page.getByText('1 doctor(s) found').waitFor();
    await expect(page.getByRole('heading', { level: 2, name: 'Dr. Kwame Asare' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Search by name').fill('Nobody Here');
    await page.getByText('No doctors found matching your criteria.').waitFor();
    await expect(page.getByText('0 doctor(s) found').isVisible()).resolves.toBe(true);
  });

  it('when a category and tab without videos are chosen in the E-library, then the empty message shows', async () => {
    const page = await open(viewport, '/e-library');
    await page.getByRole('button', { name: 'Neurology', exact: true }).click();
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByText('No videos available for this category and tab combination').waitFor();
    await page.getByRole('tab', { name: 'Lectures' }).click();
    await expect(page.getByRole('heading', { name: 'Recognising stroke early: FAST and beyond' }).isVisible()).resolves.toBe(
      true,
    );
  });

  it('when the Gallery opens, then it shows the projects the API returns', async () => {
    const res = await fetch(`${SITE_URL}/api/projects`);
    const projects = ((await res.json()) as { data: { title: string; location: string }[] }).data;
    expect(projects.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Community health screening in Ashaiman', 'Agric health outreach for farmers']),
    );
    const page = await open(viewport, '/gallery');
    const list = page.locator('section[aria-labelledby="projects-title"]');
    await list.getByRole('heading', { level: 3 }).first().waitFor();
    const shown = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(shown).toEqual(projects.map((p) => p.title));
    await expect(list.textContent()).resolves.toContain(projects[0].location);
  });
});
