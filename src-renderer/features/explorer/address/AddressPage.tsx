import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { Link } from '../../../components/Link';
import { addressTextProblem, BAD_CHECKSUM } from '../../../../src-shared/chain/addressTextProblem';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { useApi } from '../../../api/useApi';
import { MoneyBeside } from '../../../components/money/MoneyBeside';
import { EthAmount } from '../../../components/chain/Amounts';
import { CidLink } from '../../../components/chain/ChainLinks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { HexValue } from '../../../components/HexValue';
import { PageHeader } from '../../../components/PageHeader';
import { InfoList } from '../../../components/InfoList';
import { InfoRow } from '../../../components/InfoRow';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatNumber } from '../../../lib/formatChain';
import { SOURCE_LABEL } from '../../../../src-shared/decoding/types';
import { addressQuery } from '../explorerQueries';
import { WaitingForNode } from '../../../components/WaitingForNode';
import { LoadingState } from '../../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../../lib/lazyScreen';
import { AbiImport } from './AbiImport';
import { StorageReader } from './StorageReader';
import { NonceRow } from './NonceRow';
import { ProxyRow } from './ProxyRow';
import { AddressTabs, addressTabOf } from './AddressTabs';
import { CreationRow } from './history/CreationRow';
import { loadHistoryTabs } from './history/historyTabsModule';
import { TokenFactsCard } from './TokenFactsCard';
import { countOf } from '../../../../src-shared/text/countOf';
import { shortHex } from '../../../../src-shared/text/shortHex';
import { ADDRESS_NAME_SOURCE_WORDS } from '../../../../src-shared/names/addressName';

// The history tabs' script is loaded apart (the overview needs none of it): when the window is idle after the page
// shows (preloadScreens.ts), or beside the page's own when a link opens a tab (routes.ts), so that a tab is drawn at
// once, not through its fallback.
const history = loadHistoryTabs;
const Approvals = lazyScreen(history, (module) => module.Approvals);
const BalanceHistory = lazyScreen(history, (module) => module.BalanceHistory);
const Callers = lazyScreen(history, (module) => module.Callers);
const ContractEvents = lazyScreen(history, (module) => module.ContractEvents);
const Holdings = lazyScreen(history, (module) => module.Holdings);
const SentTransactions = lazyScreen(history, (module) => module.SentTransactions);
const TokenHolders = lazyScreen(history, (module) => module.TokenHolders);
const TokenTransfers = lazyScreen(history, (module) => module.TokenTransfers);

/** An address: balance, nonce, code, its ABI when a source knows it, and a storage-slot reader. */
export function AddressPage({ networkId, networkName, address }: { networkId: string; networkName: string; address: string }) {
  const api = useApi();
  // Refused as the search refuses it: not 20 bytes of hex, or mixed case whose checksum fails (a mistyped link).
  const problem = addressTextProblem(address);
  const valid = problem === undefined;
  const account = useQuery({ ...addressQuery(api, networkId, address), enabled: valid });
  const tab = addressTabOf(useSearch());
  if (!valid) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Address</h1>
        <ErrorNotice
          error={
            problem === 'checksum'
              ? { name: 'InvalidAddressError', kind: 'invalidInput', shortMessage: `${quoteInput(address)} has a bad checksum`, details: BAD_CHECKSUM }
              : { name: 'InvalidAddressError', kind: 'invalidInput', shortMessage: `${quoteInput(address)} is not an address`, details: 'An address is 0x followed by 40 hex digits.' }
          }
        />
      </div>
    );
  }
  return (
    <div className="page explorer-page">
      <PageHeader
        headingClassName="explorer-page-heading"
        title={
          <>
            {account.data?.isContract ? 'Contract' : 'Address'}
            {account.data?.isContract ? <span className="badge badge-warn title-badge">holds code</span> : null}
            {account.data?.label ? (
              <span className="badge badge-accent title-badge" title={account.data.labelSource ? `${account.data.label}: ${ADDRESS_NAME_SOURCE_WORDS[account.data.labelSource]}` : undefined} data-name-source={account.data.labelSource}>
                {account.data.label}
              </span>
            ) : null}
          </>
        }
        description={<HexValue value={address} label="address" />}
        actions={
          account.data?.isContract ? (
            // The playground reads the same ABI sources (imported, metadata, signature database): it opens loaded.
            <Link className="btn btn-small" href={`/call?to=${address}`}>
              Call this contract
            </Link>
          ) : null
        }
      />
      <AddressTabs address={address} current={tab} isContract={account.data?.isContract ?? false} />
      <ScreenFallback fallback={<LoadingState screen label="Opening this tab…" />}>
        {tab === 'transactions' ? (
          // A contract: who called it first (what it sent counts only the contracts it created); an account: what it
          // sent, then what came in. Each waits for the address to be read (keyed: what it sent never starts twice).
          <>
            {account.data?.isContract ? <Callers key={`callers:${networkId}:${address}`} networkId={networkId} address={address} isContract /> : null}
            <SentTransactions key={`${networkId}:${address}`} networkId={networkId} address={address} isContract={account.data?.isContract ?? false} />
            {account.data && !account.data.isContract ? <Callers key={`received:${networkId}:${address}`} networkId={networkId} address={address} isContract={false} /> : null}
          </>
        ) : null}
        {tab === 'transfers' ? <TokenTransfers key={`${networkId}:${address}`} networkId={networkId} address={address} /> : null}
        {tab === 'holdings' ? <Holdings key={`${networkId}:${address}`} networkId={networkId} address={address} /> : null}
        {tab === 'approvals' ? <Approvals key={`${networkId}:${address}`} networkId={networkId} address={address} /> : null}
        {tab === 'balance' ? <BalanceHistory key={`${networkId}:${address}`} networkId={networkId} address={address} /> : null}
        {tab === 'events' ? <ContractEvents key={`${networkId}:${address}`} networkId={networkId} address={address} /> : null}
        {tab === 'holders' ? <TokenHolders key={`${networkId}:${address}`} networkId={networkId} token={address} /> : null}
      </ScreenFallback>
      {tab === 'overview' ? (
        <>
      {account.isPending ? <WaitingForNode networkId={networkId} networkName={networkName} label={`Reading ${shortHex(address)} on ${networkName}…`} onRetry={() => void account.refetch()} /> : null}
      {account.isError ? (
        <WaitingForNode networkId={networkId} networkName={networkName} label="" failed={apiErrorOf(account.error)} failedTitle="This address could not be read" onRetry={() => void account.refetch()} />
      ) : null}
      {account.data?.isContract ? <TokenFactsCard networkId={networkId} address={address} /> : null}
      {account.data ? (
        <section className="card explorer-section" aria-labelledby="address-overview">
          <h2 id="address-overview" className="section-title">
            Overview <span className="muted explorer-at">at block {formatNumber(account.data.block)}</span>
          </h2>
          <InfoList label="Address overview">
            <InfoRow label="Balance">
              <EthAmount wei={account.data.balance} />
              <MoneyBeside networkId={networkId} wei={account.data.balance} testId="balance-money" />
            </InfoRow>
            <NonceRow nonce={account.data.nonce} isContract={account.data.isContract} />
            <InfoRow label="Code">
              {account.data.isContract
                ? countOf(Number(account.data.codeSize), 'byte')
                : account.data.proxy?.kind === 'eip7702'
                  ? `${countOf(Number(account.data.codeSize), 'byte')}: a delegation designator (EIP-7702) of an externally owned account`
                  : 'none: an externally owned account'}
            </InfoRow>
            <ProxyRow proxy={account.data.proxy} />
            {account.data.isContract ? <CreationRow networkId={networkId} address={address} /> : null}
            {account.data.isContract ? (
              <InfoRow label="ABI">
                {account.data.abi?.source === 'guess' ? (
                  <span>
                    <span className="badge badge-warn">a guess</span> read from the bytecode: the selectors it dispatches on, named from the signature database
                    {account.data.abi.interfaces?.map((standard) => (
                      <span key={standard} className="badge badge-accent abi-standard">
                        {standard}
                      </span>
                    ))}
                  </span>
                ) : account.data.abi ? (
                  <span>
                    from the {SOURCE_LABEL[account.data.abi.source]}
                    {account.data.abi.contractName ? ` · ${account.data.abi.contractName}` : ''}
                    {account.data.abi.compiler ? ` · solc ${account.data.abi.compiler}` : ''}
                    {account.data.abi.metadataCid ? (
                      <>
                        {' · metadata '}
                        <CidLink cid={account.data.abi.metadataCid} name="metadata.json" />
                      </>
                    ) : null}
                  </span>
                ) : (
                  <span className="muted">No ABI known: calls and logs decode from the signature database, or with guessed types.</span>
                )}
              </InfoRow>
            ) : null}
          </InfoList>
          {account.data.abi?.sources && account.data.abi.sources.length > 0 ? (
            <details className="explorer-abi">
              <summary>
                {countOf(account.data.abi.sources.length, 'source file')}, from the content store
              </summary>
              {account.data.abi.sources.map((source) => (
                <details key={source.path} className="explorer-source">
                  <summary className="mono">{source.path}</summary>
                  {source.content !== null ? <pre className="mono explorer-source-text" tabIndex={0} aria-label={source.path}>{source.content}</pre> : <p className="muted">The content store does not hold this file.</p>}
                </details>
              ))}
            </details>
          ) : null}
          {account.data.abi ? (
            <details className="explorer-abi">
              <summary>
                {countOf(account.data.abi.functions.length, 'function')}, {countOf(account.data.abi.events.length, 'event')}, {countOf(account.data.abi.errors.length, 'error')}
              </summary>
              <ul className="mono">
                {[...account.data.abi.functions.map((s) => `function ${s}`), ...account.data.abi.events.map((s) => `event ${s}`), ...account.data.abi.errors.map((s) => `error ${s}`)].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      ) : null}
      {account.data?.isContract ? <AbiImport networkId={networkId} account={account.data} /> : null}
      <StorageReader networkId={networkId} address={address} />
        </>
      ) : null}
    </div>
  );
}
