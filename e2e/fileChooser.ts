import type { FileChooser, Page } from '@playwright/test';
import { test } from './appFixture';

/**
 * Clicks the button named `name` and gives the file chooser it opens `files`, as a person picks them.
 *
 * Chromium drops input that reaches a new document before its first frame is presented, and Playwright's click
 * resolves all the same: the check run of b150ad3 waited a minute for a chooser after such a click. So the click
 * waits for the page's first contentful paint; and if no chooser comes within ten seconds, it clicks once more, as a
 * person whose click went nowhere does, and says so in the journey's report (a second miss fails the journey).
 */
export async function chooseFiles(page: Page, name: string, files: string | string[]): Promise<void> {
  await page.waitForFunction(() => performance.getEntries().some((entry) => (entry.entryType as string) === 'paint' && entry.name === 'first-contentful-paint'));
  const button = page.getByRole('button', { name, exact: true });
  const clickForChooser = async (timeout?: number): Promise<FileChooser> => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout }), button.click()]);
    return chooser;
  };
  let chooser: FileChooser;
  try {
    chooser = await clickForChooser(10_000);
  } catch {
    test.info().annotations.push({ type: 'clicked twice', description: `no file chooser came from the first click on "${name}"` });
    chooser = await clickForChooser();
  }
  await chooser.setFiles(files);
}
