/** How a chain object's field is shown (see FieldValue). */
export type FieldKind = 'number' | 'wei' | 'gwei' | 'hash' | 'block' | 'blockHash' | 'address' | 'time' | 'hex' | 'text' | 'bloom' | 'json' | 'bytes' | 'status' | 'txType';
