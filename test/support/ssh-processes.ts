/** The ssh processes a test's clients started: those that run with the sandbox's ssh_config. */
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export function sshProcesses(sshCommand: string): number[] {
  const config = sshCommand.split(' ').at(-1)!;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv[0]?.endsWith('ssh') === true && argv.includes(config);
      } catch {
        return false;
      }
    });
}

/**
 * The sandbox's `ssh -F <config>` with the config copied, beside it, under a name of the
 * caller's own: `sshProcesses` of it then counts only the caller's ssh processes. Other files of
 * the same pass run their ssh engines with the sandbox's config at the same time (a CI run read
 * another file's master as this file's leftover). `remove` deletes the copy.
 */
export function ownSshCommand(sshCommand: string, name: string): { command: string; remove: () => void } {
  const config = sshConfigOf(sshCommand);
  const copy = path.join(path.dirname(config), `ssh_config.${name}-${process.pid}`);
  copyFileSync(config, copy);
  return { command: sshCommand.replace(config, copy), remove: () => rmSync(copy, { force: true }) };
}

/** The config file the sandbox's `ssh -F <config>` names. */
export function sshConfigOf(sshCommand: string): string {
  const config = /-F\s+(\S+)/.exec(sshCommand)?.[1];
  if (!config) throw new Error(`no -F in the sandbox's ssh command: ${sshCommand}`);
  return config;
}
