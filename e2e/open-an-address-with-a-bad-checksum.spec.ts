import { getAddress } from 'viem';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer pastes an address with one character's case mistyped: the search box and the address page
// (a link to it, on any tab) say the same one thing, the bad checksum, and never a contract path such as
// "Invalid input for logs.run (query.addresses)".

const BAD_CHECKSUM = 'Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check.';

test('a bad-checksum address gets one clear message, the same in the search box and on its page, on every tab', async ({ readOnlyApp: app, page }) => {
  const good = getAddress(seededManifest().contracts.reverter);
  // Flip the case of one letter: mixed case whose EIP-55 checksum now fails.
  const at = [...good].findIndex((char, index) => index > 1 && /[a-fA-F]/.test(char));
  const bad = `${good.slice(0, at)}${good[at] === good[at]!.toUpperCase() ? good[at]!.toLowerCase() : good[at]!.toUpperCase()}${good.slice(at + 1)}`;

  await page.goto(appPath(app.url, '/explorer'));
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill(bad);
  await search.press('Enter');
  await expect(page.getByRole('search').getByRole('alert')).toHaveText(BAD_CHECKSUM);
  await expect(page).toHaveURL(/\/explorer$|\/explorer#/);

  for (const tab of ['', '?tab=events', '?tab=transactions']) {
    await page.goto(appPath(app.url, `/explorer/address/${bad}${tab}`));
    const notice = page.getByRole('main').getByRole('alert');
    await expect(notice).toContainText(`"${bad}" has a bad checksum`);
    await expect(notice).toContainText(BAD_CHECKSUM);
    await expect(page.getByRole('main')).not.toContainText(/Invalid input for|query\.addresses|logs\.run/);
  }
});
