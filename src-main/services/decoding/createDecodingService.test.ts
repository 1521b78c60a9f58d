import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeErrorResult, encodeFunctionData, parseAbi } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { createDecodingService } from './createDecodingService';
import type { SignatureDatabase } from './signatureDatabase';

// The service without a node: every address is an account (no code, so no metadata), the signature database is empty.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-decoding-'));
const store = openStore(dataDir);
afterAll(() => {
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const none = async () => [];
const signatures: SignatureDatabase = { functions: none, errors: none, events: none, allEvents: none };
const rpc = { request: async <T>() => '0x' as T };
// Two networks on one chain, a third on another.
const chainOf = async (networkId: string) => (networkId === 'other' ? '31337/0xbb' : '31337/0xaa');
const decoding = createDecodingService({ rpc, store, chainOf, signatures });
const token = '0x00000000000000000000000000000000000000aa';
const ABI = 'function transfer(address to, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value)';

describe('the decoding service', () => {
  it('keeps an imported ABI and label by chain: every network on that chain decodes and names with it, none other', async () => {
    expect(await decoding.importAbi('local', token, ABI, 'Token')).toEqual({ address: token, format: 'human-readable', functions: 1, events: 1, errors: 0, label: 'Token' });
    const data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount) returns (bool)']), functionName: 'transfer', args: [token, 5n] });
    expect(await decoding.decodeCallData('again', token, data)).toMatchObject({ status: 'decoded', source: 'imported', args: [{ name: 'to' }, { name: 'amount', value: '5' }] });
    // Another chain has no ABI for it: only the guess of its types.
    expect(await decoding.decodeCallData('other', token, data)).toMatchObject({ source: 'guess' });
    expect(decoding.labelsOf('again')(token)).toBe('Token');
    expect(decoding.labelsOf('other')(token)).toBeUndefined();
    expect(await decoding.knownEvents('again', undefined)).toEqual([{ text: 'Transfer(address indexed from, address indexed to, uint256 value)', source: 'imported', address: token }]);
    expect(await decoding.contractAbi('local', token)).toMatchObject({ source: 'imported', contractName: 'Token', functions: [{ name: 'transfer' }] });
    expect(await decoding.abiSource('local', token, '0x')).toMatchObject({ source: 'imported', functions: ['transfer(address,uint256)'] });

    expect(await decoding.deleteAbi('again', token)).toEqual({ deleted: true });
    expect(decoding.labelsOf('local')(token)).toBeUndefined();
    expect(await decoding.decodeCallData('local', token, data)).toMatchObject({ source: 'guess' });
  });

  it('reads labels synchronously from the chain last learned, and forgets the chain with the network', async () => {
    await decoding.importAbi('local', token, ABI, 'Token');
    const fresh = createDecodingService({ rpc, store, chainOf, signatures });
    expect(fresh.labelsOf('local')(token)).toBeUndefined(); // the chain is not known yet: no waiting, no label
    expect(await fresh.chainOf('local')).toBe('31337/0xaa');
    expect(fresh.knownChain('local')).toBe('31337/0xaa');
    expect(fresh.labelsOf('local')(token)).toBe('Token');
    fresh.forgetContracts('local');
    expect(fresh.knownChain('local')).toBe('31337/0xaa');
    fresh.forget('local');
    expect(fresh.knownChain('local')).toBeUndefined();
  });

  it('refuses an ABI that is not one, in words', async () => {
    await expect(decoding.importAbi('local', token, '{"bytecode":"0x"}', undefined)).rejects.toMatchObject({ name: 'AbiInputError', code: 'ABI_INVALID' });
    await expect(createDecodingService({ rpc, signatures }).importAbi('local', token, ABI, undefined)).rejects.toMatchObject({ code: 'NO_STORE' });
  });
});

describe('a custom error named by the signature database', () => {
  it("shows its values by position: the names the database has are another contract's", async () => {
    const database: SignatureDatabase = { ...signatures, errors: async (selector) => (selector === '0xcf479181' ? ['InsufficientBalance(uint256 balance, uint256 needed)'] : []) };
    const named = createDecodingService({ rpc, store, chainOf, signatures: database });
    const data = encodeErrorResult({ abi: parseAbi(['error InsufficientBalance(uint256 requested, uint256 available)']), errorName: 'InsufficientBalance', args: [101n, 100n] });
    const decoded = await named.decodeRevert('local', token, data);
    expect(decoded).toMatchObject({ status: 'decoded', source: 'signatures', message: 'InsufficientBalance(101, 100)' });
    expect(decoded.status === 'decoded' && decoded.args.map((arg) => arg.name)).not.toContain('balance');
  });
});
