// The transaction page's replay tabs (trace, state, what if), one script loaded apart from the page
// (explorerPageModules.txReplay): the overview, which a transaction link opens, needs none of them.
export { StateTab } from './state/StateTab';
export { TraceTab } from './trace/TraceTab';
export { WhatIfTab } from './whatif/WhatIfTab';
