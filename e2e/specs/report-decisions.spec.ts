import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { drawSignature } from './support/signature.js';
import { signIn } from './support/staff.js';

/**
 * The customer's report on a phone, decisions first (docs/reports.md): Jane sees the two priced
 * decisions before anything else, the item priced at zero as information and the good items folded
 * under their count; she opens a picture full screen, approves one item and declines the other,
 * signs, and sees the thank-you screen; the total approved is the same on the page, the sign sheet,
 * the thank-you screen, the server's report and the shop's audit trail.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Made {
  storeId: string;
  orderId: string;
  path: string;
  token: string;
  headers: Record<string, string>;
  okay: number;
}

type TypeItems = {
  groups: Array<{ sections: Array<{ items: Array<{ itemKey: string; measurement: unknown }> }> }>;
};

/**
 * A new order of Jane's car with a promised time: the front brake pads critical (with a picture),
 * the battery worn, the wiper blades worn but priced at zero, and a dozen good items; the brakes and
 * the battery priced; a report link.
 */
async function janesReport(request: APIRequestContext): Promise<Made> {
  const login = await request.post('/v2/api/user/login', { data: { username: 'advisor', password: 'Demo1234!' } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  const headers = { authorization: `Bearer ${body.token ?? body.accessToken}` };
  const claims = JSON.parse(Buffer.from(String(body.token).split('.')[1]!, 'base64url').toString()) as {
    storeId: string;
  };
  const base = `/v2/api/store/${claims.storeId}`;
  const call = async <T,>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const answer = await request[method](`${base}${path}`, { headers, data });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return (await answer.json()) as T;
  };
  const found = await call<{ _embedded: { customer: Array<{ _id: string }> } }>(
    'get',
    '/customer?email=jane%40example.com',
  );
  const customerId = found._embedded.customer[0]!._id;
  const household = await call<{ vehicles: Array<{ _id: string }> }>('get', `/customer/${customerId}/household`);
  const promised = new Date(Date.now() + 26 * 3_600_000);
  promised.setMinutes(30, 0, 0);
  const order = await call<{ _id: string }>('post', '/inspectionOrder', {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    mileageIn: 84500,
    timePromised: promised.toISOString(),
  });
  const results = `/inspectionOrder/${order._id}/result`;
  const pads = await call<{ _id: string }>('post', results, { itemKey: 'frontBrakePads', result: 'critical', value: 2 });
  await call('post', results, { itemKey: 'batteryVoltage', result: 'warning', value: 12.1 });
  await call('post', results, { itemKey: 'wiperBlades', result: 'warning' });
  const type = await call<TypeItems>('get', `/inspection/${MULTI_POINT_INSPECTION_ID}`);
  const good = type.groups
    .flatMap((g) => g.sections.flatMap((s) => s.items))
    .filter((i) => i.measurement === null && !['frontBrakePads', 'batteryVoltage', 'wiperBlades'].includes(i.itemKey))
    .slice(0, 12);
  for (const item of good) await call('post', results, { itemKey: item.itemKey, result: 'okay' });

  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a6d5a' } })
    .jpeg()
    .toBuffer();
  const upload = await request.post(`${base}${results}/${pads._id}/picture`, {
    headers,
    multipart: { name: 'IMG_0042.jpg', image: { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);

  // The estimate is drawn on first read; the brakes and the battery priced, the wipers left at zero.
  const estimate = await call<{ lines: Array<{ _id: string; description: string }> }>(
    'get',
    `/inspectionOrder/${order._id}/estimate?language=en`,
  );
  const line = (pattern: RegExp) => estimate.lines.find((l) => pattern.test(l.description))!;
  await call('put', `/inspectionOrder/${order._id}/estimate/line/${line(/brake pads/i)._id}`, {
    labourHours: 1.5,
    parts: [{ number: 'D1089', description: 'Front brake pads', quantity: 1, unitPrice: 8999 }],
  });
  await call('put', `/inspectionOrder/${order._id}/estimate/line/${line(/battery/i)._id}`, {
    labourHours: 0.4,
    parts: [{ number: 'H6-AGM', description: 'Battery', quantity: 1, unitPrice: 21999 }],
  });
  const link = await call<{ url: string }>('post', `/inspectionOrder/${order._id}/reportLink`, {});
  const url = new URL(link.url);
  return {
    storeId: claims.storeId,
    orderId: order._id,
    path: url.pathname + url.search,
    token: url.searchParams.get('t')!,
    headers,
    okay: good.length,
  };
}

const cards = (scope: Locator | Page) => scope.locator('.sb-report-item');
/** Downtown's money in English: Canadian dollars as Canadians write them ("$126.47"), as every page does. */
const money = (cents: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);

/** The sections of the report, in the order the page shows them. */
const sectionOrder = (page: Page) =>
  page.locator('[data-section]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-section')));

test.describe("the customer's decisions on a phone", () => {
  test.use(PHONE);

  test('Jane sees the two decisions first, approves one and declines one, sees the thank-you screen, and the totals agree everywhere', async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // a dozen results, a picture, a signature and the shop's trail: room for a loaded machine
    const made = await janesReport(request);
    await page.goto(made.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Downtown' })).toBeVisible();

    // Decisions first: the critical brake pads, then the battery; then the information, the estimate, the fold.
    const decisions = page.locator('[data-section="decisions"]');
    await expect(decisions.getByRole('heading', { name: 'Your decisions' })).toBeVisible();
    await expect(cards(decisions)).toHaveCount(2);
    await expect(cards(decisions).nth(0)).toHaveAttribute('data-severity', 'critical');
    await expect(cards(decisions).nth(0)).toContainText('Front brake pads');
    await expect(cards(decisions).nth(1)).toContainText('Battery');
    await expect(cards(page).first()).toContainText('Front brake pads');
    expect(await sectionOrder(page)).toEqual(['decisions', 'information', 'okay']);
    for (const card of [cards(decisions).nth(0), cards(decisions).nth(1)]) {
      await expect(card.getByText('Price', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Decline' })).toBeVisible();
    }
    // Priced at zero: information, not offered for approval.
    const information = page.locator('[data-section="information"]');
    await expect(cards(information)).toHaveCount(1);
    await expect(cards(information)).toContainText('Wiper blades');
    await expect(information.getByRole('button')).toHaveCount(0);
    // The good items are folded under their count.
    const fold = page.getByRole('button', { name: `${made.okay} items OK` });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(cards(page.locator('.sb-report-okay-items')).first()).toBeHidden();
    const approvedTotal = page.locator('[data-total="approved"]');
    await expect(approvedTotal).toHaveText(money(0));
    await expectAccessible(page);
    await expectReadableBadges(page);

    // The picture opens full screen, captioned with its finding instead of its file name; Escape closes it.
    await cards(decisions).nth(0).getByRole('button', { name: 'Enlarge picture 1 of Front brake pads' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Front brake pads' });
    await expect(lightbox).toBeVisible();
    const caption = await cards(decisions).nth(0).locator('p').filter({ hasText: 'Finding:' }).textContent();
    const finding = caption!.replace('Finding:', '').trim();
    await expect(lightbox.getByRole('img', { name: finding })).toBeVisible();
    await expect(lightbox.getByText(finding, { exact: true })).toBeVisible();
    await expect(lightbox.getByText('IMG_0042.jpg')).toHaveCount(0);
    const box = (await lightbox.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    // Approve the brakes, decline the battery: the running total follows, the same on the bar and the page.
    await cards(decisions).nth(0).getByRole('button', { name: 'Approve' }).click();
    await cards(decisions).nth(1).getByRole('button', { name: 'Decline' }).click();
    const shown = (await approvedTotal.textContent())!;
    expect(shown).not.toBe(money(0));
    await expect(page.getByTestId('running-total')).toHaveText(`Total approved: ${shown}`);
    await page.getByRole('button', { name: 'Review and sign (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm your decisions' });
    await expect(sheet.getByTestId('review-total')).toHaveText(`Total approved: ${shown}`);
    await sheet.getByLabel('Your name').fill('Jane Doe');
    await drawSignature(page);
    await expect(sheet.getByText('Battery voltage')).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'Sign and send' }).click();

    // The thank-you screen, not a toast: what she approved and declined, the total, what happens next.
    const thanks = page.getByTestId('thank-you');
    await expect(thanks.getByRole('heading', { level: 1, name: 'Thank you, Jane Doe!' })).toBeFocused();
    await expect(thanks.getByTestId('thanks-approved')).toContainText('Front brake pads');
    await expect(thanks.getByTestId('thanks-approved')).not.toContainText('Battery');
    await expect(thanks.getByTestId('thanks-declined')).toContainText('Battery');
    await expect(thanks.getByTestId('thanks-total')).toHaveText(shown);
    await expect(thanks.getByText('Downtown has been told and will start on the work you approved.')).toBeVisible();
    await expect(thanks.getByTestId('thanks-promised')).toContainText('Your vehicle should be ready by');
    await expectAccessible(page);
    await expectReadableBadges(page);

    // The server's report and the shop's audit trail say the same total.
    const view = await (await request.get(`/v2/api/report/${made.orderId}?t=${encodeURIComponent(made.token)}`)).json();
    expect(money(view.estimate.totals.approvedTotal)).toBe(shown);
    const trail = await (
      await request.get(`/v2/api/store/${made.storeId}/inspectionOrder/${made.orderId}/approval`, { headers: made.headers })
    ).json();
    expect(trail.approvals).toHaveLength(1);
    expect(money(trail.approvals[0].approvedTotal)).toBe(shown);

    // Back to the report: the decisions recorded, the same total.
    await thanks.getByRole('button', { name: 'Back to the report' }).click();
    await expect(cards(decisions).nth(0).locator('[data-decision="approved"]')).toHaveText('Approved');
    await expect(cards(decisions).nth(1).locator('[data-decision="declined"]')).toHaveText('Declined');
    await expect(approvedTotal).toHaveText(shown);
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await expect(cards(page.locator('.sb-report-okay-items'))).toHaveCount(made.okay);
    await expectAccessible(page);
    await page.close();

    // The shop's pages agree with the report: the wipers, priced at zero, are information, not
    // awaiting a decision; the approved total is the one Jane signed.
    const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const staff = await staffContext.newPage();
    await signIn(staff, 'advisor');
    await expect(staff.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const orderPath = `/app/store/${made.storeId}/inspectionOrder/${made.orderId}`;
    await staff.goto(`${orderPath}/approvedWork`);
    await expect(staff.getByTestId('approved-lines')).toContainText('Front brake pads');
    await expect(staff.getByTestId('deferred-lines')).toContainText('Battery');
    await expect(staff.getByTestId('approved-total-heading')).toHaveText(shown);
    await expect(staff.getByTestId('undecided-count')).toHaveCount(0);
    await expect(staff.getByTestId('information-count')).toHaveText(
      '1 item priced at zero is shown to the customer as information, with nothing to decide.',
    );
    await staff.getByRole('button', { name: 'Customer review' }).click();
    const review = staff.getByRole('dialog', { name: 'Customer review' });
    const wipers = review.getByTestId('review-row').filter({ hasText: 'Wiper blades' });
    await expect(wipers.getByTestId('review-decision')).toHaveText('For information');
    await expect(review.getByTestId('review-approved-total')).toHaveText(shown);
    await expectAccessible(staff);
    await expectReadableBadges(staff);
    await staff.keyboard.press('Escape');
    await staff.goto(`${orderPath}/estimates`);
    const drawn = (await (
      await request.get(`/v2/api/store/${made.storeId}/inspectionOrder/${made.orderId}/estimate`, { headers: made.headers })
    ).json()) as { lines: Array<{ description: string }> };
    const line = (text: string) =>
      staff.getByTestId('estimate-line').nth(drawn.lines.findIndex((l) => l.description.startsWith(text)));
    await expect(line('Wiper blades').getByTestId('line-decision')).toHaveText('For information');
    await expect(line('Front brake pads').getByTestId('line-decision')).toHaveText('Approved');
    await expect(line('Battery').getByTestId('line-decision')).toHaveText('Declined');
    await expectAccessible(staff);
    await expectReadableBadges(staff);
    await staffContext.close();
  });

  test('the French report shows no English', async ({ page, request }) => {
    test.slow(); // the demo report whole, its good items unfolded, a picture: room for a loaded machine
    const login = await (
      await request.post('/v2/api/user/login', { data: { username: 'advisor', password: 'Demo1234!' } })
    ).json();
    const headers = { authorization: `Bearer ${login.token}` };
    const storeId = (JSON.parse(Buffer.from(String(login.token).split('.')[1]!, 'base64url').toString()) as { storeId: string })
      .storeId;
    const base = `/v2/api/store/${storeId}`;
    const get = async <T,>(path: string): Promise<T> => {
      const answer = await request.get(path, { headers });
      expect(answer.status(), path).toBe(200);
      return (await answer.json()) as T;
    };
    // The demo report of Jane's second car (ticket 10261): priced, signed, in the shop's English.
    const list = await get<{ _embedded: { inspectionOrder: Array<{ _id: string; orderNumber: string }> } }>(
      `${base}/inspectionOrder?search=10261&closed=false`,
    );
    const order = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10261')!;
    const made = await request.post(`${base}/inspectionOrder/${order._id}/reportLink`, { headers, data: {} });
    expect(made.status()).toBe(201);
    const link = new URL((await made.json()).url);

    // English words: the report's catalogs and the inspection's template texts, less any word French uses too.
    const words = (text: string) =>
      text
        .replace(/\{\{[^}]*\}\}/g, ' ')
        .toLowerCase()
        .match(/\p{L}[\p{L}’']+/gu) ?? [];
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
    const localized = (value: unknown, language: 'en' | 'fr'): string[] => {
      if (!value || typeof value !== 'object') return [];
      const own = value as Record<string, unknown>;
      if (typeof own.en === 'string' && typeof own.fr === 'string') return [own[language] as string];
      return Object.values(own).flatMap((v) => localized(v, language));
    };
    const en = await get<Record<string, unknown>>('/i18n/en.i18n.json');
    const fr = await get<Record<string, unknown>>('/i18n/fr.i18n.json');
    const type = await get<unknown>(`${base}/inspection/${MULTI_POINT_INSPECTION_ID}`);
    const french = new Set([...strings(fr), ...localized(type, 'fr')].flatMap(words));
    const english = new Set(
      [...['customerReport', 'media', 'ui'].flatMap((ns) => strings(en[ns])), ...localized(type, 'en')]
        .flatMap(words)
        .filter((word) => !french.has(word)),
    );
    expect(english.size).toBeGreaterThan(200);
    // What the technician typed (notes) is shown as written, in whatever language it was written.
    const results = await get<{ results: Array<{ note: string | null; findingText: string | null; recommendationText: string | null }> }>(
      `${base}/inspectionOrder/${order._id}/result`,
    );
    const typed = results.results.flatMap((r) => [r.note, r.findingText, r.recommendationText]).filter((t): t is string => !!t);

    /** Every word the page shows or reads out (text, labels, alternative texts), but typed texts and names of other languages. */
    const leaks = async () => {
      const seen = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: any }).document;
        const out: string[] = [];
        const foreign = (el: any) => {
          const lang = el.closest?.('[lang]')?.getAttribute('lang');
          return lang && !lang.startsWith('fr');
        };
        const walker = doc.createTreeWalker(doc.body, 4);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          if (!el || foreign(el) || el.closest('script, style') || !el.getClientRects().length) continue;
          if ((globalThis as any).getComputedStyle(el).visibility === 'hidden') continue;
          out.push(node.textContent);
        }
        for (const el of doc.querySelectorAll('[aria-label], img[alt], [title], input[placeholder]'))
          if (!foreign(el) && el.getClientRects().length)
            out.push(el.getAttribute('aria-label') ?? '', el.getAttribute('alt') ?? '', el.getAttribute('title') ?? '', el.getAttribute('placeholder') ?? '');
        return out.join('\n');
      });
      let text: string = seen;
      for (const t of typed) text = text.split(t).join(' ');
      return [...new Set(words(text).filter((word) => english.has(word)))];
    };

    await page.goto(`${link.pathname}${link.search}&lang=fr`);
    await expect(page.getByRole('heading', { name: 'Rapport d’inspection du véhicule' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('button', { name: /points OK$/ }).click();
    await expect(page.locator('.sb-report-okay-items .sb-report-item').first()).toBeVisible();
    // Lines drawn from the template in French; taxes by their French names; French punctuation and numbers.
    const pads = page.locator('[data-section="decisions"] .sb-report-item').filter({ hasText: 'Plaquettes avant' });
    await expect(pads.getByText(/^Plaquettes avant — /)).toBeVisible();
    await expect(pads.getByText('Constat\u00a0:', { exact: true })).toBeVisible();
    const estimate = page.locator('[aria-labelledby="sb-report-estimate"]');
    await expect(estimate.getByText('TPS (5\u00a0%)', { exact: true })).toBeVisible();
    await expect(estimate.getByText('TVQ (9,975\u00a0%)', { exact: true })).toBeVisible();
    expect(await leaks()).toEqual([]);
    await expectAccessible(page);
    await expectReadableBadges(page);

    // The picture full screen, in French too.
    await pads.getByRole('button', { name: /^Agrandir la photo 1/ }).click();
    const lightbox = page.getByRole('dialog', { name: 'Plaquettes avant' });
    await expect(lightbox.getByRole('img', { name: 'Usées jusqu’au témoin' })).toBeVisible();
    expect(await leaks()).toEqual([]);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
  });
});
