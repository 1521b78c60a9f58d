import { z } from 'zod';

// Imported FIRST by the Settings screen (the only one with schemas, loaded lazily), before any schema is
// built: zod's JIT probes `new Function`, which the page's CSP (no 'unsafe-eval') refuses and reports as a
// violation. The renderer only checks small forms, so the interpreter is plenty.
z.config({ jitless: true });
