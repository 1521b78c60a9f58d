import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, type RunningApp } from './appFixture';
import { appPath } from './chain';

// Axe (WCAG 2.x A and AA rules) on what a person sees: each screen once its content is on the page, each dialog
// while it is open. Only serious and critical violations count; each is reported with where it is.

/** A screen: its route, and what is on the page once its content is. */
export interface Screen {
  name: string;
  route: string;
  ready: (page: Page) => Locator;
  /** What opens over the screen (popovers, lists, dialogs), each checked while open. */
  opens?: (page: Page, checker: AccessibilityChecker) => Promise<void>;
}

/** What of the page's DOM the wait for animations uses (the journeys are typed without the DOM's types). */
interface PageWithAnimations {
  document: { getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[] };
}

/** The serious and critical violations axe finds on the page, one line each, with where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A theme switched a moment ago is still fading (colour transitions): axe would measure the colours halfway.
  // Wait for every finite animation and transition to end; a spinner's endless one does not count.
  await page.waitForFunction(() =>
    (globalThis as unknown as PageWithAnimations).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.slice(0, 3).map((node) => `${violation.impact} ${violation.id}: ${violation.help} — ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** Checks what is on the page now, and opens screens and dialogs to check them; collects what axe finds. */
export class AccessibilityChecker {
  readonly found: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly app: RunningApp,
  ) {}

  /** Axe on the page as it is now. */
  async check(what: string): Promise<void> {
    for (const line of await seriousViolations(this.page)) this.found.push(`${what}: ${line}`);
  }

  /** Opens a route and waits for its content and the connection. */
  async open(route: string, ready: (page: Page) => Locator): Promise<void> {
    await this.page.goto(appPath(this.app.url, route));
    await ready(this.page).first().waitFor({ timeout: 120_000 });
    // Found by its role, so in the app: a page opened by URL may come first as the shell's frame, hidden from the
    // accessibility tree (and from axe) until the app has taken it over.
    await this.page.getByRole('img', { name: /^Connected to / }).waitFor({ timeout: 60_000 });
    await expect(this.page.locator('#root')).not.toHaveAttribute('inert');
  }

  /** Opens a screen, checks it, then what opens over it. */
  async visit(screen: Screen): Promise<void> {
    await this.open(screen.route, screen.ready);
    await this.check(screen.name);
    await screen.opens?.(this.page, this);
  }

  /** Opens a dialog with `opener`, checks it while it is open, then cancels it. */
  async dialog(what: string, opener: Locator, title: string): Promise<void> {
    await opener.click();
    const dialog = this.page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await this.check(`${what} dialog`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
}
