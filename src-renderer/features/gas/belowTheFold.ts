// The gas page below its levels, one script apart from the page's own: the charts (uPlot) and the settings forms
// (zod). A cold /gas draws the levels without parsing them; the page loads this once its first frame is painted,
// and a running window has it preloaded (preloadScreens.ts), so a visit draws them at once.
import '../../app/configureZod';

export { AlertsPanel } from './AlertsPanel';
export { BlocksChart } from './BlocksChart';
export { EthPriceForm } from './EthPriceForm';
export { GasSettingsForm } from './GasSettingsForm';
export { HistoryChart } from './HistoryChart';
