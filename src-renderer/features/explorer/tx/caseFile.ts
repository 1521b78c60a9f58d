import type { TransactionView } from '../../../../src-shared/api/explorer';
import { checksumAddressesIn } from '../../../../src-shared/chain/checksumAddresses';
import { EMPTY_BLOOM_WORD, isEmptyBloom } from '../../../../src-shared/chain/isEmptyBloom';
import type { TraceView } from '../../../../src-shared/trace/traceView';
import { explainTransaction } from './explainTransaction';
import { revertPath } from './trace/frameNames';

/**
 * The view as a case file writes it: every address checksummed (the node answers lowercase, the summary and the
 * labels use the checksummed form, and one file must not write the same address two ways), and an all-zero
 * logs bloom as the word "empty" instead of 512 zeros.
 */
export function caseFileView(view: TransactionView): TransactionView {
  const checked = checksumAddressesIn(view);
  const bloom = checked.receipt?.logsBloom;
  if (checked.receipt && typeof bloom === 'string' && isEmptyBloom(bloom)) return { ...checked, receipt: { ...checked.receipt, logsBloom: EMPTY_BLOOM_WORD } };
  return checked;
}

/**
 * A Markdown case file for a ticket: the summary first, then the facts, the decoded call, why it failed and (with its
 * trace) the path of calls to where the revert began, the logs, the receipt.
 */
export function caseFileMarkdown(raw: TransactionView, networkName: string, now: Date = new Date(), trace?: TraceView): string {
  const view = caseFileView(raw);
  const { headline, lines } = explainTransaction(view, networkName);
  const hash = String(view.transaction.hash);
  const out: string[] = [
    `# Transaction ${hash}`,
    '',
    `**${headline}**`,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    '## Facts',
    '',
    '| Field | Value |',
    '| --- | --- |',
    `| Network | ${networkName} |`,
    `| Hash | \`${hash}\` |`,
    `| Status | ${view.pending ? 'pending' : view.receipt?.status === '0x0' ? 'failed (0x0)' : 'success (0x1)'} |`,
    `| Block | ${view.block ? BigInt(view.block.number).toString(10) : 'pending'} |`,
    `| From | \`${String(view.transaction.from)}\` |`,
    `| To | ${view.transaction.to ? `\`${String(view.transaction.to)}\`` : 'contract creation'} |`,
    `| Value (wei) | ${BigInt(String(view.transaction.value ?? '0x0')).toString(10)} |`,
    `| Fee (wei) | ${view.fee ? BigInt(view.fee).toString(10) : 'pending'} |`,
    '',
  ];
  if (view.input?.status === 'decoded') {
    out.push('## Call', '', `\`${view.input.signature}\` (from the ${view.input.source === 'guess' ? 'guessed types' : view.input.source})`, '');
    for (const arg of view.input.args) out.push(`- \`${arg.name}\` (${arg.type}): \`${typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value)}\``);
    out.push('');
  }
  if (view.revert) {
    out.push('## Why it failed', '', view.revert.decoding ? view.revert.decoding.message : (view.revert.note ?? 'Unknown.'), '');
    if (view.revert.reproduced) out.push(`Reproduced with \`eth_call\` at block ${BigInt(view.revert.atBlock).toString(10)} (the parent block).`, '');
  }
  const path = trace && revertPath(trace);
  if (path) {
    out.push('## Where the revert began', '', `The path of calls (${trace!.source === 'replay' ? 'replayed in Blockglass' : "from the node's call tracer"}), the last where it began:`, '');
    path.steps.forEach((step, index) => out.push(`${index + 1}. \`${step.call}\`${step.to ? ` at \`${step.to}\`` : ''} (depth ${step.depth})`));
    out.push('', `It reverted with: ${path.reason}`, '');
  }
  if (view.logs.length > 0) {
    out.push('## Events', '');
    view.logs.forEach((log, index) => out.push(`${index + 1}. ${log.decoded.status === 'decoded' ? `\`${log.decoded.signature}\`` : `raw (${log.decoded.reason})`} at \`${String(log.log.address)}\``));
    out.push('');
  }
  out.push('## Receipt', '', '```json', JSON.stringify(view.receipt, null, 2), '```', '', `_Case file made by Blockglass on ${now.toISOString()}._`, '');
  return out.join('\n');
}

/** The JSON export: the transaction, its receipt and what the app made of them (with its trace, the path of calls to where its revert began). */
export function caseFileJson(raw: TransactionView, networkName: string, trace?: TraceView): string {
  const view = caseFileView(raw);
  const path = trace && revertPath(trace);
  return JSON.stringify({ network: networkName, summary: explainTransaction(view, networkName), ...(path ? { revertPath: path } : {}), ...view }, null, 2);
}
