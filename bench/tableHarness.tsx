import { createRoot } from 'react-dom/client';
import { DataTable, type DataColumn } from '../src-renderer/components/table/DataTable';
import '../src-renderer/styles/theme.css';
import '../src-renderer/styles/base.css';

// A page for the benchmark only: the app's DataTable with 100,000 rows, the size a log query can reach.

interface Row {
  index: number;
  hash: string;
  from: string;
  value: bigint;
}

const COUNT = Number(new URLSearchParams(location.search).get('rows') ?? '100000');
const rows: Row[] = Array.from({ length: COUNT }, (_, index) => ({
  index,
  hash: `0x${index.toString(16).padStart(64, '0')}`,
  from: `0x${((index * 2654435761) >>> 0).toString(16).padStart(40, 'a')}`,
  value: BigInt(index) * 10n ** 15n,
}));
const columns: DataColumn<Row>[] = [
  { id: 'index', header: '#', width: '80px', align: 'end', value: (row) => row.index, text: (row) => String(row.index) },
  { id: 'hash', header: 'Hash', width: 'minmax(200px, 2fr)', value: (row) => row.hash, text: (row) => row.hash },
  { id: 'from', header: 'From', width: 'minmax(200px, 1fr)', value: (row) => row.from, text: (row) => row.from },
  { id: 'value', header: 'Value (wei)', width: '220px', align: 'end', value: (row) => row.value, text: (row) => row.value.toString() },
];

createRoot(document.getElementById('root')!).render(<DataTable rows={rows} columns={columns} rowKey={(row) => row.hash} label="rows" maxHeight={700} />);
