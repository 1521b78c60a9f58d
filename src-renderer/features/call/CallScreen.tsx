import { ComingSoon } from '../../components/ComingSoon';

/** The call playground (coming in a later version). */
export function CallScreen() {
  return <ComingSoon title="Call" line="Call playground — coming in a later version: encode calls from an ABI, run eth_call and decode results and reverts." />;
}
