import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { parseSolidityMetadata, readMetadataPointer } from './solidityMetadata';

const sandbox = inject('sandbox');

async function codeAt(address: string): Promise<string> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }) });
  return ((await response.json()) as { result: string }).result;
}

describe('the metadata pointer in a contract’s code', () => {
  it('reads the IPFS CID and compiler of a contract the sandbox compiled', async () => {
    const pointer = readMetadataPointer(await codeAt(sandbox.manifest.contracts.reverter));
    expect(pointer?.ipfs).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/);
    expect(pointer?.solc).toMatch(/^0\.8\.\d+$/);
  });

  it('reads the Swarm hash of the Uniswap factory (solc 0.5, from its npm build)', async () => {
    const pointer = readMetadataPointer(await codeAt(sandbox.manifest.contracts.uniswapFactory));
    expect(pointer?.ipfs).toBeUndefined();
    expect(pointer?.swarm).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('finds nothing in code without a tail, and never throws (property)', () => {
    expect(readMetadataPointer('0x')).toBeUndefined();
    expect(readMetadataPointer('0x6000')).toBeUndefined();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (bytes) => {
        const pointer = readMetadataPointer(`0x${Buffer.from(bytes).toString('hex')}`);
        expect(pointer === undefined || typeof pointer === 'object').toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a metadata file', () => {
  it('gives the ABI, the compiler, the target and the sources with their CIDs', () => {
    const text = JSON.stringify({
      compiler: { version: '0.8.30+commit.73712a01' },
      language: 'Solidity',
      output: { abi: [{ type: 'function', name: 'ping', inputs: [], outputs: [], stateMutability: 'view' }] },
      settings: { compilationTarget: { 'Ping.sol': 'Ping' } },
      sources: { 'Ping.sol': { keccak256: '0x00', urls: ['bzz-raw://00', 'dweb:/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'] } },
    });
    expect(parseSolidityMetadata(text)).toEqual({
      abi: [{ type: 'function', name: 'ping', inputs: [], outputs: [], stateMutability: 'view' }],
      compiler: '0.8.30+commit.73712a01',
      contractName: 'Ping.sol:Ping',
      sources: [{ path: 'Ping.sol', cid: 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG' }],
    });
    expect(parseSolidityMetadata('{"output":{}}')).toBeUndefined();
    expect(parseSolidityMetadata('not json')).toBeUndefined();
  });
});
