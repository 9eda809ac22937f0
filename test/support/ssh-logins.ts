/**
 * How many times the sandbox's sshd let in the `berth-sandbox-counted` key: its log (LogLevel
 * INFO) says "Accepted publickey for … SHA256:<fingerprint>" once per login, that is once per
 * ssh handshake. That key is used by the tests that count alone, so other files running their
 * own ssh meanwhile do not change the count.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `sshCommand` is the sandbox's `ssh -F <dir>/ssh_config`. */
export function countedLogins(sshCommand: string): number {
  const dir = path.dirname(sshCommand.split(' ').at(-1)!);
  const blob = readFileSync(path.join(dir, 'counted_key.pub'), 'utf8').trim().split(' ')[1]!;
  const fingerprint = `SHA256:${createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64').replace(/=+$/, '')}`;
  const log = readFileSync(path.join(dir, 'sshd.log'), 'utf8');
  return log.split('\n').filter((line) => line.includes('Accepted publickey') && line.includes(fingerprint)).length;
}
