// The preload exposes verbs, never ipcRenderer. The API contract (next issue) derives the
// exposed methods; for now the page only learns which shell it runs in.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('blockglass', Object.freeze({ shell: 'electron' as const }));
