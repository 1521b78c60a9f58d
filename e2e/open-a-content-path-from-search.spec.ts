import { expect, test } from './appFixture';

// Someone pastes a content path into the search box. However the path is written, Enter opens the
// content screen for that CID: `..` never climbs out of it to another screen.

const CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

test('a CID path with .. in it stays on the content screen', async ({ readOnlyApp: app, page }) => {
  await page.goto(app.url);
  const search = page.getByPlaceholder('Block, transaction hash, address or CID');
  await search.fill(`${CID}/../../../settings`);
  await search.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${CID}/settings`);
  await expect(page.getByRole('heading', { name: /settings/i })).toHaveCount(0);
});
