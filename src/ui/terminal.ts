import { DISABLE_BRACKETED_PASTE, ENABLE_BRACKETED_PASTE } from './keys/bracketed-paste.ts';

/**
 * The alternate screen, so berth leaves the user's scrollback as it found it, and bracketed paste,
 * so a pasted newline is text and not Enter. Ink manages neither, so berth does, and restores both
 * on every way out.
 */
const ENTER = `\u001b[?1049h\u001b[H${ENABLE_BRACKETED_PASTE}`;
const LEAVE = `${DISABLE_BRACKETED_PASTE}\u001b[?25h\u001b[?1049l`;

let active = false;
let exitHook = false;

export function enterFullscreen(stdout: NodeJS.WriteStream): void {
  if (active || !stdout.isTTY) return;
  active = true;
  stdout.write(ENTER);
  // A last resort: even a hard exit path gets the normal screen back. Once, however often
  // berth takes the screen again (after a shell in a container, after a suspend).
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => leaveFullscreen(stdout));
  }
}

/** Whether berth has the alternate screen now (what a suspend gives back and takes again). */
export function isFullscreen(): boolean {
  return active;
}

export function leaveFullscreen(stdout: NodeJS.WriteStream): void {
  if (!active) return;
  active = false;
  stdout.write(LEAVE);
}
