/** Temp directories, config files and fake `docker-credential-*` scripts for the auth tests. */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Sandbox {
  dir: string;
  /** A directory to put on PATH, holding the fake helpers. */
  bin: string;
  /** PATH with only `bin` and the system directories `sh` needs. */
  path: string;
  cleanup(): Promise<void>;
}

export async function makeSandbox(): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'berth-auth-'));
  const bin = join(dir, 'bin');
  await mkdir(bin);
  return { dir, bin, path: `${bin}:/usr/bin:/bin`, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function writeConfig(dir: string, config: unknown): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'config.json');
  await writeFile(path, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return path;
}

/**
 * A helper that answers like the real ones: a JSON object for known servers, "credentials
 * not found" with exit 1 otherwise, and some special servers for the failure paths. It
 * records its arguments, stdin and environment next to itself.
 */
export const FAKE_HELPER = `#!/bin/sh
here=$(dirname "$0")
printf '%s\\n' "$@" > "$here/last-args"
env > "$here/last-env"
IFS= read -r url || true
printf '%s' "$url" > "$here/last-stdin"
case "$url" in
  "https://index.docker.io/v1/") printf '{"ServerURL":"%s","Username":"hubuser","Secret":"hub-s3cret"}\\n' "$url" ;;
  "registry.example.com:5000") printf '{"ServerURL":"%s","Username":"alice","Secret":"alice-s3cret"}\\n' "$url" ;;
  "token.example.com") printf '{"ServerURL":"%s","Username":"<token>","Secret":"refresh-t0ken"}\\n' "$url" ;;
  "empty.example.com") printf '{"ServerURL":"","Username":"","Secret":""}\\n' ;;
  "garbage.example.com") printf '{"Username":"bob","Secret":"bob-s3cret"' ;;
  "fails.example.com") echo "error talking to the keychain daemon" >&2; exit 3 ;;
  "leaky.example.com") printf '{"Username":"bob","Secret":"bob-s3cret"}\\n'; exit 1 ;;
  "slow.example.com") exec sleep 30 ;;
  *) echo "credentials not found in native keychain"; exit 1 ;;
esac
`;

export async function installHelper(bin: string, name: string, script = FAKE_HELPER): Promise<void> {
  const path = join(bin, `docker-credential-${name}`);
  await writeFile(path, script);
  await chmod(path, 0o755);
}
