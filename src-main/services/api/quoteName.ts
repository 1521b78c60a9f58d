/** A method or topic name as the renderer sent it, quoted and cut short for a log line (it is untrusted text). */
export function quoteName(name: string): string {
  const cut = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return JSON.stringify(cut);
}
