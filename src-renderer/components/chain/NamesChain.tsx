import { createContext, type ReactNode } from 'react';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';

/**
 * The chain id whose well-known contracts name the addresses shown (the selected network's, for EVM networks); undefined
 * where none is known, and then nothing is named from the list.
 */
export const NamesChainContext = createContext<number | undefined>(undefined);

/** Gives the screens the selected network's chain id, for {@link NamesChainContext}. */
export function NamesChainProvider({ children }: { children: ReactNode }) {
  const network = useSelectedNetwork();
  const chainId = network?.family === 'evm' && typeof network.chainId === 'number' ? network.chainId : undefined;
  return <NamesChainContext.Provider value={chainId}>{children}</NamesChainContext.Provider>;
}
