/** Whether `location` is `path` or a route below it (`/settings/keys` is within `/settings`). */
export function isWithin(location: string, path: string): boolean {
  return location === path || location.startsWith(`${path}/`);
}
