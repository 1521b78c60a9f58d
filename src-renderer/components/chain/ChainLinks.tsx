import { memo, useContext } from 'react';
import { Link } from '../Link';
import { checksumAddress } from '../../../src-shared/chain/checksumAddresses';
import { ADDRESS_NAME_SOURCE_WORDS, type AddressNameSource } from '../../../src-shared/names/addressName';
import { isWellKnownName, wellKnownContract } from '../../../src-shared/names/wellKnownContracts';
import { NamesChainContext } from './NamesChain';
import { groupDigits } from '../../lib/formatQuantity';
import { shortHex } from '../../../src-shared/text/shortHex';
import { CopyButton } from '../CopyButton';
import { MiddleCut } from '../MiddleCut';
import './chain.css';

/** A link to a block by number (or hash), with the number grouped. */
export const BlockLink = memo(function BlockLink({ number, hash }: { number?: string | null; hash?: string | null }) {
  const id = number ? BigInt(number).toString(10) : hash ?? '';
  if (!id) return <span className="muted">pending</span>;
  const text = number ? groupDigits(BigInt(number)) : shortHex(id);
  return (
    <Link href={`/explorer/block/${id}`} className={`chain-link mono${number ? '' : ' is-short'}`} title={hash ?? `Block ${id}`}>
      {text}
    </Link>
  );
});

/** A link to a transaction, its hash cut with the full value in the title, and a copy button. */
export const TxLink = memo(function TxLink({ hash, full = false, copy = true }: { hash: string; full?: boolean; copy?: boolean }) {
  return (
    <span className="chain-value">
      <Link href={`/explorer/tx/${hash}`} className={`chain-link mono${full ? ' is-full' : ' is-short'}`} title={hash} aria-label={full ? hash : undefined}>
        {/* Its name is the whole hash, said in one piece: the two halves of a cut value are two boxes to a reader. */}
        {full ? <MiddleCut value={hash} /> : shortHex(hash)}
      </Link>
      {copy ? <CopyButton value={hash} label="transaction hash" /> : null}
    </span>
  );
});

/**
 * A link to an address, with its name and a mark when it holds code, and a copy button; written checksummed. The name
 * is the one main gave (the person's label, else the contract's metadata name, else Blockglass's list of well-known
 * contracts); where a screen gives none, the list's name on the selected network's chain ({@link NamesChainContext}).
 * The hover says where a name comes from: `labelSource` when the caller knows it, the list when the name is the list's.
 */
export const AddressLink = memo(function AddressLink({
  address: given,
  label: givenLabel,
  labelSource,
  isContract,
  full = false,
  copy = true,
}: {
  address: string;
  label?: string | undefined;
  labelSource?: AddressNameSource | undefined;
  isContract?: boolean | undefined;
  full?: boolean;
  copy?: boolean;
}) {
  // A node answers lowercase; the address page, the search and the exports write it checksummed: one way everywhere.
  const address = checksumAddress(given);
  // Where a screen carries no name for it, Blockglass's list may know the contract on the selected network's chain.
  const chainId = useContext(NamesChainContext);
  const listed = !givenLabel && chainId !== undefined ? wellKnownContract(chainId, address) : undefined;
  const label = givenLabel || listed?.name;
  const source = listed ? 'well-known' : label ? (labelSource ?? (isWellKnownName(address, label) ? 'well-known' : undefined)) : undefined;
  const title = label && source ? `${label}: ${ADDRESS_NAME_SOURCE_WORDS[source]}\n${address}` : address;
  return (
    <span className="chain-value">
      {isContract ? (
        <span className="contract-mark" title="A contract: this address holds code" aria-label="contract">
          ◆
        </span>
      ) : null}
      <Link href={`/explorer/address/${address}`} className={`chain-link mono${label ? ' is-labelled' : full ? ' is-full' : ' is-short'}`} title={title} data-name-source={source} aria-label={full && !label ? address : undefined}>
        {label ? (
          // The label may be cut to fit; the short address after it never is (it is already short).
          <>
            <span className="chain-link-label">{label}</span> <span className="chain-link-short">({shortHex(address)})</span>
          </>
        ) : full ? (
          <MiddleCut value={address} />
        ) : (
          shortHex(address)
        )}
      </Link>
      {copy ? <CopyButton value={address} label="address" /> : null}
    </span>
  );
});

/** A link to content in the content browser; `name` names a file reached by its CID alone (`metadata.json`). */
export const CidLink = memo(function CidLink({ cid, name }: { cid: string; name?: string }) {
  return (
    <span className="chain-value">
      <Link href={`/content/${cid}${name ? `?name=${encodeURIComponent(name)}` : ''}`} className="chain-link mono is-short" title={cid}>
        {shortHex(cid)}
      </Link>
      <CopyButton value={cid} label="CID" />
    </span>
  );
});
