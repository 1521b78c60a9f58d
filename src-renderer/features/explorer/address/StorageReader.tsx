import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { decodeWord, mappingSlot, parsePosition, plainSlot, SlotInputError, type MappingKeyType, type WordType } from '../../../../src-shared/chain/storageSlot';
import { classifyQuery } from '../../../../src-shared/search/classifyQuery';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { HexValue } from '../../../components/HexValue';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatNumber } from '../../../lib/formatChain';
import { untilSandboxRuns } from '../../../queries/untilSandboxRuns';

const WORD_TYPES: WordType[] = ['uint', 'int', 'address', 'bool', 'bytes32'];
const KEY_TYPES: MappingKeyType[] = ['address', 'uint256', 'int256', 'bytes32', 'bool', 'string'];

/**
 * Reads one storage slot: a plain variable at declaration position n, or a mapping's element from its key and
 * the mapping's position (keccak256 of both, each left-padded to 32 bytes), at any block, read as a type.
 */
export function StorageReader({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  const id = useId();
  const [mode, setMode] = useState<'plain' | 'mapping'>('plain');
  const [position, setPosition] = useState('0');
  const [keyType, setKeyType] = useState<MappingKeyType>('address');
  const [key, setKey] = useState('');
  const [block, setBlock] = useState('latest');
  const [as, setAs] = useState<WordType>('uint');
  const [inputError, setInputError] = useState<string | undefined>();
  const read = useMutation({ mutationFn: (input: { slot: string; block: string }) => api.call('explorer.storage', { networkId, address, ...input }), ...untilSandboxRuns });

  const submit = () => {
    try {
      const at = parsePosition(position);
      const slot = mode === 'plain' ? plainSlot(at) : mappingSlot(keyType, key, at);
      const blockQuery = classifyQuery(block);
      if (blockQuery.kind !== 'block' && blockQuery.kind !== 'blockTag' && blockQuery.kind !== 'hash') throw new SlotInputError(blockQuery.kind === 'invalid' ? blockQuery.message : 'A block is a number, a block hash, or latest, earliest, pending, safe or finalized.');
      setInputError(undefined);
      read.mutate({ slot, block: block.trim() });
    } catch (error) {
      setInputError(error instanceof SlotInputError ? error.message : String(error));
    }
  };

  let shown: string | undefined;
  try {
    shown = read.data ? decodeWord(read.data.value, as) : undefined;
  } catch (error) {
    shown = (error as Error).message;
  }

  return (
    <section className="card explorer-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Read storage
      </h2>
      <form
        className="storage-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="storage-mode">
          <legend className="field-label">Slot of</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'plain'} onChange={() => setMode('plain')} /> a plain variable
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'mapping'} onChange={() => setMode('mapping')} /> a mapping element
          </label>
        </fieldset>
        <div className="storage-fields">
          <TextField label={mode === 'plain' ? 'Declaration position' : "Mapping's position"} mono value={position} onChange={(event) => setPosition(event.target.value)} />
          {mode === 'mapping' ? (
            <>
              <Select label="Key type" value={keyType} onChange={(event) => setKeyType(event.target.value as MappingKeyType)}>
                {KEY_TYPES.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </Select>
              <TextField className="storage-key" label="Key" mono value={key} placeholder={keyType === 'address' ? '0x…' : ''} onChange={(event) => setKey(event.target.value)} />
            </>
          ) : null}
          <TextField label="At block" mono value={block} onChange={(event) => setBlock(event.target.value)} />
          <Select label="Read as" value={as} onChange={(event) => setAs(event.target.value as WordType)}>
            {WORD_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </Select>
          <button type="submit" className="btn btn-primary storage-submit" disabled={read.isPending}>
            {read.isPending ? 'Reading…' : 'Read slot'}
          </button>
        </div>
        {inputError ? (
          <p className="field-error" role="alert">
            {inputError}
          </p>
        ) : null}
      </form>
      {read.isError ? <ErrorNotice error={apiErrorOf(read.error)} title="The slot could not be read" /> : null}
      {read.data ? (
        <dl className="info-list storage-result" aria-label="Storage slot">
          <div className="info-row">
            <dt>Slot</dt>
            <dd>
              <HexValue value={read.data.slot} label="slot" />
            </dd>
          </div>
          <div className="info-row">
            <dt>At block</dt>
            <dd>{formatNumber(read.data.block)}</dd>
          </div>
          <div className="info-row">
            <dt>Raw word</dt>
            <dd>
              <HexValue value={read.data.value} label="storage word" />
            </dd>
          </div>
          <div className="info-row">
            <dt>As {as}</dt>
            <dd className="mono" data-testid="storage-decoded">
              {shown}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
