import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:faults`: only the fault suite (`*.fault.test.ts`), with its table printed at the end. The same
// files also run inside `npm test`, under the main config.
export default defineConfig({ ...base, test: { ...base.test, include: ['src-*/**/*.fault.test.ts'] } });
