/**
 * Copying to the clipboard through the terminal (OSC 52), as k9s does: it works over ssh and in
 * most terminals without a clipboard tool on the machine berth runs on. Terminals that do not
 * support it (or tmux without `set-clipboard on`) ignore the sequence; nothing is drawn.
 */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
