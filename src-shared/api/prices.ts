import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import { method } from './define';
import { addressSchema } from './explorer';

// Area `prices`: what one ETH is worth on a network, in a currency, and where that figure comes from: an on-chain
// Chainlink-style feed where the network has one, else a price the person set for the network, else none. The
// renderer turns fees, values and balances into that currency beside ETH, always naming the source and its time.

/** A price read from an on-chain aggregator (AggregatorV3Interface's `latestRoundData`). */
export interface FeedPriceSource {
  kind: 'feed';
  /** The aggregator's address. */
  address: string;
  /** Its `description()` ("ETH / USD"). */
  description: string;
  /** Where the feed's address came from: the app's table of known feeds, or the Local sandbox's manifest. */
  listedBy: 'known-feeds' | 'sandbox';
  /** The round read (`roundId`), as a decimal string (uint80). */
  roundId: string;
  /** The round's `updatedAt`, in Unix seconds. */
  updatedAt: number;
  /** The block the feed was read at, a 0x quantity. */
  block: string;
  /** Seconds after `updatedAt` past which the feed is called stale (its heartbeat, with a margin). */
  staleAfterSeconds: number;
  /** True when the round is older than `staleAfterSeconds` at the time of reading. */
  stale: boolean;
}

/** A price the person set for the network. */
export interface UserPriceSource {
  kind: 'user';
  /** When it was set, in Unix milliseconds. */
  setAt: number;
}

/** What one ETH is worth: `amount` (an exact decimal, `raw` / 10^`decimals`) of `currency`, and its source. */
export interface EthPrice {
  /** ISO 4217 code: USD for a feed; the person's choice for a price they set. */
  currency: string;
  /** The price as an integer (the feed's `answer`, or the person's figure scaled), a decimal string. */
  raw: string;
  /** Decimals of `raw` (a feed's `decimals()`). */
  decimals: number;
  source: FeedPriceSource | UserPriceSource;
  /** When the price was read (Unix milliseconds). */
  readAt: number;
}

/** A network's price as the app would use it, and the price the person set (shown in settings even when a feed wins). */
export interface EthPriceView {
  networkId: string;
  /** The price used: the feed's, else the person's; null when neither is there (see `none`). */
  price: EthPrice | null;
  /** Why there is no price, or why the feed was not used (it could not be read), in words; absent when the feed answered. */
  note?: string;
  /** The price the person set for this network, if any. */
  userPrice: { amount: string; currency: string; setAt: number } | null;
  /** The feed the network has (from the known table or the sandbox), if any, read or not. */
  feed: { address: string; listedBy: 'known-feeds' | 'sandbox' } | null;
}

/** Gas figures for what the gas page prices: a transfer, a token transfer, a swap. */
export interface TypicalGas {
  kind: 'transfer' | 'token-transfer' | 'swap';
  /** Gas used, a decimal string. */
  gas: string;
  /** `protocol`: fixed by the protocol (21,000); `receipt`: gasUsed of a transaction on this chain; `typical`: a documented typical figure. */
  basis: 'protocol' | 'receipt' | 'typical';
  /** The transaction whose receipt gave the figure (basis `receipt`). */
  transaction?: string;
}

/** Currency codes a person may set a price in (ISO 4217, as the JavaScript runtime knows them). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

const DECIMAL = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/;

/** A price typed by a person: a positive decimal in the currency's units, up to 18 places after the point. */
export const priceAmountSchema = z
  .string({ message: 'A price is a number, such as 3012.45.' })
  .trim()
  .superRefine((text, context) => {
    if (text.startsWith('-')) context.addIssue({ code: 'custom', message: `A price is more than zero; “${text.slice(0, 40)}” is negative.` });
    else if (!DECIMAL.test(text)) context.addIssue({ code: 'custom', message: `A price is a number such as 3012.45 (digits, one point, at most 18 places); “${text.slice(0, 40)}” is not.` });
    else if (!/[1-9]/.test(text)) context.addIssue({ code: 'custom', message: 'A price is more than zero.' });
  });

/** A currency code a person picks: three letters of ISO 4217. */
export const currencySchema = z
  .string({ message: 'A currency is a three-letter code, such as USD or EUR.' })
  .trim()
  .transform((code) => code.toUpperCase())
  .superRefine((code, context) => {
    if (!isCurrencyCode(code)) {
      context.addIssue({ code: 'custom', message: `“${code.slice(0, 20)}” is not a currency code this app knows; use a three-letter ISO 4217 code such as USD, EUR or JPY.` });
    }
  });

/** The methods of area `prices`. */
export const pricesMethods = {
  'prices.ethPrice': method<EthPriceView>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: "What one ETH is worth on a network: its on-chain feed's latest round (a known Chainlink ETH/USD aggregator for its chain id, or the Local sandbox's), else the price the person set for it, else none said in words. A round older than the feed's heartbeat is marked stale.",
  }),
  'prices.setUserPrice': method<EthPriceView>()({
    input: z.strictObject({ networkId: networkIdSchema, amount: priceAmountSchema, currency: currencySchema }),
    doc: 'Sets the price of one ETH on a network, in a currency the person picks (kept in settings with the time it was set); answers the network price view.',
  }),
  'prices.clearUserPrice': method<EthPriceView>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: 'Removes the price the person set for a network; answers the network price view.',
  }),
  'prices.typicalGas': method<TypicalGas[]>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: 'Gas of a plain transfer (21,000), a token transfer and a swap: on the Local sandbox the seeded transactions’ receipts, elsewhere documented typical figures, each said as such.',
  }),
  'prices.estimateGas': method<{ gas: string }>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      call: z.strictObject({
        from: addressSchema.optional(),
        to: addressSchema,
        data: z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'Data is 0x followed by whole bytes of hex.').max(2 * 1024 * 1024).optional(),
        value: z.string().regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, 'A value is a 0x quantity.').optional(),
      }),
    }),
    doc: "The node's eth_estimateGas for a call at the latest block (a saved call's cost on the gas page), a decimal string.",
  }),
} as const;
