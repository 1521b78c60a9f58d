import type { Page } from '@playwright/test';
import { toEventSelector } from 'viem';
import { TRANSFER_TOPIC } from '../src-main/services/history/tokenTransfers';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import type { DevNodeChain } from '../test-support/nodes/seedDevNode';
import { HOME } from './pageLoads';

// The soak's cycle (bench/soak.ts, and the journey e2e/leave-the-app-open.spec.ts): every screen visited in turn in
// one window, as a person leaving the app open goes from page to page: the explorer (home, a block, transactions,
// a trace, an address and each of its tabs), a log query run, a call run, the gas dashboard, the content browser and
// settings. Each visit is a navigation inside the running app (as a link does) and waits for the page's content to
// be there and settled: its ready selector present, and nothing in the page still loading. And a few explorer pages
// are opened in a new window each cycle, as a link from elsewhere opens them: a document load, whose first frame the
// host draws in its own process (src-main/shell-common/firstFrame.ts), so what that holds is watched too.

/** One visit of the cycle. */
export interface SoakStep {
  name: string;
  /** The route, as a link has it (`/explorer/tx/0x…?tab=trace`). */
  route: string;
  /** A selector present once the page's content is there (the page bench's, bench/pageCases.ts, where it has one). */
  ready: string;
  /** The text of a button to click once enabled (a query's or a call's Run), as a regular expression. */
  run?: string;
  /** Opened in a new window (closed after), not inside the running one: a document load, with its first frame. */
  newWindow?: boolean;
}

/** The same pages opened each in a new window, as a link from elsewhere opens them. */
const inNewWindows = (steps: SoakStep[]): SoakStep[] => steps.map((step) => ({ ...step, name: `${step.name}, opened in a new window`, newWindow: true }));

/** The address page's tabs a cycle opens, each with the section that shows it. */
const ADDRESS_TABS: [tab: string, ready: string][] = [
  ['transactions', 'section[aria-labelledby=sent-title]'],
  ['transfers', 'section[aria-labelledby=transfers-title]'],
  ['holdings', 'section[aria-labelledby=holdings-title]'],
  ['approvals', 'section[aria-labelledby=approvals-title]'],
  ['balance', 'section[aria-labelledby=balance-title]'],
];

/** An address's overview, then each of its tabs. */
function addressSteps(who: string, address: string): SoakStep[] {
  return [
    { name: `${who}: overview`, route: `/explorer/address/${address}`, ready: 'dl[aria-label="Address overview"]' },
    ...ADDRESS_TABS.map(([tab, ready]) => ({ name: `${who}: ${tab}`, route: `/explorer/address/${address}?tab=${tab}`, ready })),
  ];
}

/** Gas, content and settings: the end of every cycle (`content` is the content browser's visits on this network). */
function tailSteps(content: SoakStep[]): SoakStep[] {
  return [
    { name: 'gas dashboard', route: '/gas', ready: '[data-testid^="max-fee-"]' },
    ...content,
    { name: 'settings: networks', route: '/settings/networks', ready: 'section[aria-labelledby=networks-title]' },
    { name: 'settings: sandbox', route: '/settings/sandbox', ready: 'section[aria-labelledby=sandbox-title]' },
  ];
}

const TX_SUMMARY = 'section[aria-labelledby=tx-summary]';
const FIRST_TX_ROW = '[role=grid][aria-label=transactions] [role=row][aria-rowindex="2"]';
const TRACE_TREE = 'section[aria-labelledby=tx-trace] [role=treegrid]';
const FIRST_LOG_ROW = '[role=grid][aria-label=logs] [role=row][aria-rowindex="2"]';
const CALL_OUTCOME = '[aria-labelledby=call-outcome-title].call-outcome';
const RUN_QUERY = '^(Run query|Run anyway)$';
const RUN_CALL = '^Run eth_call$';

/** The cycle on the Local sandbox's seeded chain (`manifest`), with the content store's demo folder (`demoFolder`, its CID). */
export function localCycle(manifest: SeedManifest, demoFolder: string): SoakStep[] {
  const token = manifest.contracts.tokens[0]!;
  const trader = manifest.accounts.traders[0]!.address;
  const home: SoakStep = { name: 'explorer home', route: '/explorer', ready: HOME };
  const block: SoakStep = { name: `block ${manifest.bigBlock.number} (${manifest.bigBlock.transactionCount} transactions)`, route: `/explorer/block/${manifest.bigBlock.number}`, ready: FIRST_TX_ROW };
  const failed: SoakStep = { name: 'a failed transaction', route: `/explorer/tx/${manifest.transactions.failed}`, ready: TX_SUMMARY };
  const [overview, ...tabs] = addressSteps('a trader', trader);
  return [
    home,
    block,
    { name: 'a token transfer', route: `/explorer/tx/${manifest.transactions.erc20Transfer}`, ready: 'section[aria-labelledby=tx-transfers]' },
    failed,
    { name: 'the deep revert: its trace', route: `/explorer/tx/${manifest.transactions.deepRevert.hash}?tab=trace`, ready: TRACE_TREE },
    { name: 'the deep revert: its state changes', route: `/explorer/tx/${manifest.transactions.deepRevert.hash}?tab=state`, ready: 'section[aria-labelledby=tx-state]' },
    overview!,
    ...tabs,
    ...inNewWindows([home, block, failed, overview!]),
    // The seeded blocks, not the whole chain: a sandbox a week old has dropped its older live blocks, and a log query
    // reaching into them is refused (src-sandbox/liveNode.ts).
    { name: `log query: ${token.symbol} Transfer logs, the seeded blocks`, route: `/logs?address=${token.address}&topic0=${TRANSFER_TOPIC}&fromBlock=0&toBlock=${manifest.seededToBlock}`, ready: FIRST_LOG_ROW, run: RUN_QUERY },
    { name: 'call playground: a custom error', route: `/call?to=${manifest.contracts.reverter}&data=${manifest.reverts.customError.data}`, ready: CALL_OUTCOME, run: RUN_CALL },
    ...tailSteps([
      { name: 'content browser', route: '/content', ready: '.content-demo .mono' },
      { name: 'content: the demo folder', route: `/content/${demoFolder}`, ready: '[role=grid][aria-label*=entries] [role=row][aria-rowindex="2"]' },
    ]),
  ];
}

/** The CID of the content store's demo folder, as the content browser's landing shows it (the window goes there). */
export async function demoFolderCid(page: Page): Promise<string> {
  await goTo(page, '/content');
  const cid = page.locator('.content-demo .mono').first();
  try {
    return (await cid.textContent({ timeout: 60_000 }))!.trim();
  } catch (error) {
    // Said with what the page shows instead: a landing without the demo, a notice, or a screen still loading.
    const shown = (await page.locator('main').first().innerText({ timeout: 1000 }).catch(() => '(no main region)')).replace(/\s+/g, ' ').slice(0, 600);
    throw new Error(`the content browser's landing showed no demo folder within 60 s; the page at ${page.url()} shows: ${shown}`, { cause: error });
  }
}

/**
 * The cycle on a development node seeded by test-support/nodes/seedDevNode.ts (`chain`), added as a custom network:
 * the block of its failed transaction (`failedBlock`), that transaction, the deep revert's trace (replayed here: the
 * node has no call tracer), the sender's address and tabs, the Noticeboard's `Posted` logs, a call that returns.
 */
export function devNodeCycle(chain: DevNodeChain, failedBlock: bigint): SoakStep[] {
  const posted = toEventSelector('Posted(address,uint256,string)');
  const home: SoakStep = { name: 'explorer home', route: '/explorer', ready: HOME };
  const block: SoakStep = { name: `block ${failedBlock} (a failed transaction)`, route: `/explorer/block/${failedBlock}`, ready: FIRST_TX_ROW };
  const failed: SoakStep = { name: 'a failed transaction', route: `/explorer/tx/${chain.failed.customError.hash}`, ready: TX_SUMMARY };
  const [overview, ...tabs] = addressSteps('the sender', chain.accounts.sender);
  return [
    home,
    block,
    failed,
    { name: 'the deep revert: its trace (replayed)', route: `/explorer/tx/${chain.trace.deepRevert.hash}?tab=trace`, ready: TRACE_TREE },
    overview!,
    ...tabs,
    ...inNewWindows([home, block, failed, overview!]),
    { name: 'log query: Posted logs, whole chain', route: `/logs?address=${chain.contracts.noticeboard}&topic0=${posted}&fromBlock=0&toBlock=latest`, ready: FIRST_LOG_ROW, run: RUN_QUERY },
    { name: 'call playground: a call that returns', route: `/call?to=${chain.contracts.reverter}&data=${chain.value.data}&from=${chain.accounts.sender}`, ready: CALL_OUTCOME, run: RUN_CALL },
    ...tailSteps([{ name: 'content browser (none on this network)', route: '/content', ready: '.empty-state' }]),
  ];
}

/** Navigates inside the running app, as a link does (the router follows history.pushState), and lets it render. */
async function goTo(page: Page, route: string): Promise<void> {
  await page.evaluate(`(async () => {
    history.pushState(null, '', ${JSON.stringify(route)});
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  })()`);
}

/**
 * Whether the page is settled on `ready`: the route is the one asked, its ready selector is there, and nothing in
 * the page is still loading (a spinner, a history stream's progress, a section marked busy). Runs in the page (a
 * function, not a string: the app's CSP allows no eval), and declares no inner function (the runner's transform
 * would wrap it in a helper the page lacks).
 */
const settled = ([route, ready]: [string, string]): boolean => {
  const { location, document } = globalThis as unknown as PageScope;
  // A first frame (#root inert) shows the page before the app has it: settled once the app has taken it over.
  return (
    location.pathname + location.search === route &&
    document.querySelector(ready) !== null &&
    document.querySelector('#root[inert]') === null &&
    !document.querySelector('main')?.querySelector('.loading-state, .history-progress, [aria-busy=true]')
  );
};

/** What {@link settled} reads of the page (this file is typed for Node). */
interface PageScope {
  location: { pathname: string; search: string };
  document: { querySelector(selector: string): { querySelector(selector: string): unknown } | null };
}

/** What went wrong on one page of a cycle. */
export interface CycleProblem {
  step: string;
  /** True when the page showed its content but with an error notice on it; false when it never settled. */
  settled: boolean;
  /** What happened, and what the page showed. */
  says: string;
}

/** A problem in one line. */
export const describeProblem = (problem: CycleProblem) => `${problem.step}: ${problem.says}`;

/**
 * Visits every step in turn; resolves with what went wrong (a page that did not settle in `timeoutMs`, and what it
 * showed instead; an error notice on a settled page), empty when every page showed its content. `appUrl` is the
 * app's address as it was opened (its token in the fragment): a step opened in a new window is opened from it.
 */
export async function runCycle(page: Page, steps: SoakStep[], appUrl: string, timeoutMs = 60_000): Promise<CycleProblem[]> {
  const problems: CycleProblem[] = [];
  for (const step of steps) {
    const window = step.newWindow ? await page.context().newPage() : page;
    try {
      if (step.newWindow) {
        const { origin, hash } = new URL(appUrl);
        await window.goto(`${origin}${step.route}${hash}`);
      } else await goTo(window, step.route);
      if (step.run) await window.getByRole('button', { name: new RegExp(step.run) }).first().click({ timeout: timeoutMs });
      await window.waitForFunction(settled, [step.route, step.ready] as [string, string], { timeout: timeoutMs, polling: 100 });
      const notice = await window.locator('main .error-notice').first().textContent({ timeout: 100 }).catch(() => null);
      if (notice) problems.push({ step: step.name, settled: true, says: `the page shows an error: ${notice.replace(/\s+/g, ' ').slice(0, 300)}` });
    } catch (error) {
      const shown = await window.locator('main').innerText({ timeout: 5_000 }).catch(() => '(the page could not be read)');
      problems.push({ step: step.name, settled: false, says: `${step.route}: ${(error as Error).message.split('\n')[0]}; the page showed: ${shown.replace(/\s+/g, ' ').slice(0, 400)}` });
    } finally {
      if (window !== page) await window.close();
    }
  }
  return problems;
}
