import { Fragment, memo } from 'react';
import type { AccountChangeView, AccountRole, SlotChangeView } from '../../../../../src-shared/trace/stateView';
import { countOf } from '../../../../../src-shared/text/countOf';
import { EthAmount } from '../../../../components/chain/Amounts';
import { AddressLink } from '../../../../components/chain/ChainLinks';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import { slotValueText } from './slotValueText';

const ROLE_WORDS: Record<AccountRole, { text: string; title: string }> = {
  sender: { text: 'sender', title: "The transaction's sender: it paid the fee and its nonce counts the transaction" },
  recipient: { text: 'recipient', title: 'The address the transaction was sent to' },
  feeRecipient: { text: 'fee recipient', title: "The block's fee recipient (its miner or validator's address), paid the transaction's priority fee" },
};

/** Code as the table shows it: its size, or that there is none. */
const codeText = (code: `0x${string}`) => (code === '0x' ? 'none' : countOf((code.length - 2) / 2, 'byte'));

/** A signed wei difference (`+0.5 ETH`, `−0.0021 ETH`). */
function balanceDelta(before: string, after: string): string {
  const delta = BigInt(after) - BigInt(before);
  return `${delta < 0n ? '−' : '+'}${formatEth(delta < 0n ? -delta : delta)}`;
}

/** One changed address: its label and contract, whether the transaction created or destroyed it, and each changed field before and after. */
export const AccountChange = memo(function AccountChange({ account }: { account: AccountChangeView }) {
  const hasCode = account.code ? account.code.before !== '0x' || account.code.after !== '0x' : account.contract !== undefined || account.storage.length > 0;
  return (
    <article className="state-account" aria-label={`Changes of ${account.label ?? account.contract ?? account.address}`}>
      <header className="state-account-header">
        <AddressLink address={account.address} isContract={hasCode} full {...(account.label ? { label: account.label } : {})} />
        {account.roles.map((role) => (
          <span key={role} className="badge badge-accent" title={ROLE_WORDS[role].title}>
            {ROLE_WORDS[role].text}
          </span>
        ))}
        {account.contract ? <span className="badge" title="The contract's name, from its Solidity metadata">{account.contract}</span> : null}
        {account.layoutContract ? (
          <span className="muted state-layout-note" title="A proxy keeps its implementation's variables: its slots are named by the implementation's storage layout">
            slots named by {account.layoutContract}
          </span>
        ) : null}
        {account.created ? <span className="badge badge-ok" title="The transaction created this account's code">created</span> : null}
        {account.destroyed ? <span className="badge badge-danger" title="The transaction destroyed this account">destroyed</span> : null}
      </header>
      <table className="state-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {account.balance ? (
            <tr>
              <th scope="row">Balance</th>
              <td>
                <EthAmount wei={account.balance.before} />
              </td>
              <td>
                <EthAmount wei={account.balance.after} /> <span className={`state-delta mono ${BigInt(account.balance.after) < BigInt(account.balance.before) ? 'state-decrease' : 'state-increase'}`}>({balanceDelta(account.balance.before, account.balance.after)})</span>
              </td>
            </tr>
          ) : null}
          {account.nonce ? (
            <tr>
              <th scope="row">Nonce</th>
              <td className="mono">{formatNumber(account.nonce.before)}</td>
              <td className="mono">{formatNumber(account.nonce.after)}</td>
            </tr>
          ) : null}
          {account.code ? (
            <tr>
              <th scope="row">Code</th>
              <td className="mono">{codeText(account.code.before)}</td>
              <td className="mono">{codeText(account.code.after)}</td>
            </tr>
          ) : null}
          {account.storage.map((slot) => (
            <SlotRow key={slot.slot} slot={slot} />
          ))}
        </tbody>
      </table>
    </article>
  );
});

/** One storage slot: its variable (or its number), and its word before and after, read as the variable's type. */
function SlotRow({ slot }: { slot: SlotChangeView }) {
  return (
    <tr>
      <th scope="row" className="state-slot">
        {/* What the row is, and the variable's type, above the variable's name (or the slot's number). */}
        <span className="state-slot-what">Storage{slot.name && slot.type ? ` · ${slot.type}` : ' slot'}</span>{' '}
        {slot.name ? (
          <span className="state-slot-name mono" title={`Slot ${slot.slot}`}>
            {slot.name}
          </span>
        ) : (
          <span className="state-slot-name mono" title={`Slot ${slot.slot} (no storage layout names it)`}>
            {shortSlot(slot.slot)}
          </span>
        )}
      </th>
      <td className="mono state-word" title={slot.before}>
        <WordText text={slotValueText(slot.before, slot.type)} />
      </td>
      <td className="mono state-word" title={slot.after}>
        <WordText text={slotValueText(slot.after, slot.type)} />
      </td>
    </tr>
  );
}

/**
 * A word's text that breaks where it reads well when the column is narrow: a grouped number after a comma, long hex
 * before its last 16 bytes (not one stray digit on a line of its own).
 */
function WordText({ text }: { text: string }) {
  if (/^−?[\d,]+$/.test(text) && text.includes(',')) {
    const groups = text.split(',');
    return (
      <>
        {groups.map((group, index) => (
          <Fragment key={index}>
            {group}
            {index < groups.length - 1 ? (
              <>
                ,<wbr />
              </>
            ) : null}
          </Fragment>
        ))}
      </>
    );
  }
  if (!/^0x[0-9a-f]{33,}$/.test(text)) return <>{text}</>;
  return (
    <>
      {text.slice(0, -32)}
      <wbr />
      {text.slice(-32)}
    </>
  );
}

/** A small slot number in full (`0x8`), a hashed one cut in the middle (`0x3607…2bbc`). */
function shortSlot(slot: string): string {
  const value = BigInt(slot);
  return value < 1n << 32n ? `0x${value.toString(16)}` : `${slot.slice(0, 6)}…${slot.slice(-4)}`;
}
