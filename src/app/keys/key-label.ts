/** How help and the footer write key names: '↑', 'Enter', 'Ctrl-B' rather than 'up', 'return', 'ctrl+b'. */
const names: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  return: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift-Tab',
  backspace: 'Backspace',
  delete: 'Del',
  ' ': 'Space',
  wheelup: 'wheel↑',
  wheeldown: 'wheel↓',
};

export function prettyKey(key: string): string {
  const named = names[key];
  if (named) return named;
  if (key.startsWith('ctrl+')) return `Ctrl-${key.slice(5).toUpperCase()}`;
  if (key.startsWith('meta+')) return `Alt-${key.slice(5)}`;
  return key;
}

/** The footer's short form: the first two keys. */
export function labelFor(keys: readonly string[]): string {
  return keys.slice(0, 2).map(prettyKey).join('/');
}
