/** How the actions' one-line results name things (the state layer cannot use the UI's formatters). */
export function shortId(id: string): string {
  return id.replace(/^sha256:/, '').slice(0, 12);
}

/** `web (0123456789ab)`, or the short id alone when the container has no name to show. */
export function containerLabel(name: string, id: string): string {
  return `${name || shortId(id)} (${shortId(id)})`;
}
