import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './appFixture';
import { appPath, seededManifest } from './chain';

// Every screen, in both themes, checked with axe (WCAG 2 A and AA rules): no serious or critical violation.
// Each screen is checked once its content is on the page, so what is checked is what a person sees.

const DEMO = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

function screens() {
  const manifest = seededManifest();
  return [
    { name: 'explorer home', route: '/explorer', ready: '[aria-labelledby=latest-blocks] li' },
    { name: 'block', route: `/explorer/block/${manifest.bigBlock.number}`, ready: '[role=grid] [aria-rowindex="2"]' },
    { name: 'transaction', route: `/explorer/tx/${manifest.transactions.failed}`, ready: 'section[aria-labelledby=tx-receipt] dl' },
    { name: 'address', route: `/explorer/address/${manifest.contracts.reverter}`, ready: 'main h1' },
    { name: 'logs', route: `/logs?address=${manifest.contracts.logStorm}&fromBlock=${manifest.logStorm.denseFromBlock}&toBlock=${manifest.logStorm.denseFromBlock + 2}`, ready: 'form[aria-label="Log query"]' },
    { name: 'call', route: `/call?to=${manifest.contracts.reverter}&data=${manifest.reverts.customError.data}`, ready: 'form[aria-label="Call"]' },
    { name: 'gas', route: '/gas', ready: '[data-testid="max-fee-medium"]' },
    { name: 'content', route: '/content', ready: '.content-landing' },
    { name: 'content folder', route: `/content/${DEMO}`, ready: '[role=grid] [aria-rowindex="2"]' },
    { name: 'content file', route: `/content/${DEMO}/README.md`, ready: '.content-markdown h1' },
    { name: 'settings', route: '/settings', ready: 'main h1' },
    { name: 'settings: networks', route: '/settings/networks', ready: 'main h1' },
    { name: 'settings: sandbox', route: '/settings/sandbox', ready: 'main h1' },
  ];
}

/** The serious and critical violations axe finds on the page, one line each, with where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.slice(0, 3).map((node) => `${violation.impact} ${violation.id}: ${violation.help} — ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen passes axe in the ${scheme} theme`, async ({ app, page }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    for (const screen of screens()) {
      await page.goto(appPath(app.url, screen.route));
      await page.locator(screen.ready).first().waitFor({ timeout: 120_000 });
      await page.getByRole('img', { name: /^Connected to / }).waitFor({ timeout: 60_000 });
      for (const line of await seriousViolations(page)) found.push(`${screen.name}: ${line}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
