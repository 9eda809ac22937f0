/** The ssh processes a test's clients started: those that run with the sandbox's ssh_config. */
import { readdirSync, readFileSync } from 'node:fs';

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
