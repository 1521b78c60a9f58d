/** A contract's storage layout, as solc's `storageLayout` output states it (the parts slot naming reads). */
export interface StorageLayout {
  storage: StorageVariable[];
  types: Record<string, StorageType> | null;
}

/** A state variable: its name, type, and where it starts (slot as a decimal string, byte offset within it). */
export interface StorageVariable {
  label: string;
  slot: string;
  offset: number;
  type: string;
}

/** A type of the layout: how it is stored (`inplace`, `mapping`, `dynamic_array`, `bytes`) and what it holds. */
export interface StorageType {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  label: string;
  numberOfBytes: string;
  /** A mapping's key and value types. */
  key?: string;
  value?: string;
  /** An array's element type. */
  base?: string;
  /** A struct's members (slots relative to the struct's). */
  members?: StorageVariable[];
}

/** Whether a value read back (or compiled) is a storage layout. */
export function isStorageLayout(value: unknown): value is StorageLayout {
  const layout = value as Partial<StorageLayout> | null;
  return (
    typeof layout === 'object' &&
    layout !== null &&
    Array.isArray(layout.storage) &&
    layout.storage.every((variable) => typeof variable?.label === 'string' && typeof variable.slot === 'string' && typeof variable.type === 'string') &&
    (layout.types === null || (typeof layout.types === 'object' && layout.types !== undefined))
  );
}
