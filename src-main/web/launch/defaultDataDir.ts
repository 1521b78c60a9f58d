import os from 'node:os';
import path from 'node:path';

/** The web host's default data folder: `$XDG_DATA_HOME/blockglass`, else `~/.local/share/blockglass` (as the sandbox's). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const base = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(home, '.local', 'share');
  return path.join(base, 'blockglass');
}
