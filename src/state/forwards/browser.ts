/**
 * Opening a URL in the user's browser, where one can show: `$BROWSER` first (the convention
 * xdg-utils and many CLIs follow: a command, `%s` standing for the URL, else the URL appended),
 * then the platform's opener — `open` on macOS, `wslview` under WSL, `xdg-open` where a display
 * exists (DISPLAY or WAYLAND_DISPLAY). Over ssh with no display there is no browser to start:
 * the caller then shows the URL as a link and copies it (OSC 8 and OSC 52).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
}

/** The argv that opens `url`, or undefined when nothing here can show a browser. */
export function browserCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] | undefined {
  const custom = env.BROWSER?.split(':').map((c) => c.trim()).find((c) => c !== '');
  if (custom) {
    const words = custom.split(/\s+/);
    return words.some((w) => w.includes('%s')) ? words.map((w) => w.replace(/%s/g, url)) : [...words, url];
  }
  if (platform === 'darwin') return ['open', url];
  const wsl = env.WSL_DISTRO_NAME !== undefined || env.WSL_INTEROP !== undefined;
  if (wsl && onPath('wslview', env)) return ['wslview', url];
  const display = (env.DISPLAY ?? '') !== '' || (env.WAYLAND_DISPLAY ?? '') !== '';
  if (display && onPath('xdg-open', env)) return ['xdg-open', url];
  return undefined;
}

/** Starts the browser on its own (berth does not wait for it, nor hands it the terminal). */
export function openBrowser(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    if (!file) return reject(new Error('no browser command'));
    const child = spawn(file, args, { env, stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new Error(`${file}: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
