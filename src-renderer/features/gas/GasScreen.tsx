import { ComingSoon } from '../../components/ComingSoon';

/** The gas dashboard (coming in a later version). */
export function GasScreen() {
  return <ComingSoon title="Gas" line="Gas dashboard — coming in a later version: live fee suggestions, base fee trends and wait times." />;
}
