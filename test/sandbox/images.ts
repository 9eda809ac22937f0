/**
 * Test images made without any network: a busybox image imported from the host's static
 * busybox, and a multi-layer image of random bytes on top of it. Both are pushed to the
 * sandbox registry, and the registry copies are then deleted locally so that a later pull
 * really transfers layers (the busybox base layer is the one exception: it stays local as
 * berth-test/busybox, so pulls report it as "Already exists").
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DockerCli } from './docker-cli.ts';
import { run } from './exec.ts';
import { createTar } from './tar.ts';
import type { TarEntry } from './tar.ts';

export interface SandboxImages {
  /** Local only: `berth-test/busybox:latest`. */
  busybox: string;
  /** `<registry>/berth/busybox:latest`, in the registry, not present locally under this name. */
  registryBusybox: string;
  /** `<registry>/berth/layers:latest`, in the registry only: busybox + 4 random-data layers. */
  multiLayer: string;
}

export const LOCAL_BUSYBOX = 'berth-test/busybox:latest';
/** Sizes of the random layers of the multi-layer image, in MiB (24 MiB in all). */
export const MULTI_LAYER_MIB = [3, 5, 7, 9] as const;

export async function busyboxRootfs(busyboxBin: string): Promise<Buffer> {
  const { stdout } = await run(busyboxBin, ['--list']);
  const applets = stdout.split('\n').map((s) => s.trim()).filter((s) => s && s !== 'busybox');
  const entries: TarEntry[] = [
    { type: 'dir', name: 'bin' },
    { type: 'file', name: 'bin/busybox', data: readFileSync(busyboxBin), mode: 0o755 },
    // Everything in /bin: it is on the default PATH and keeps the image to one directory.
    ...applets.map((a): TarEntry => ({ type: 'symlink', name: `bin/${a}`, target: 'busybox' })),
    { type: 'dir', name: 'etc' },
    // So that `id`, `whoami` and `ls -l` print names instead of numbers.
    { type: 'file', name: 'etc/passwd', data: Buffer.from('root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n') },
    { type: 'file', name: 'etc/group', data: Buffer.from('root:x:0:\nnogroup:x:65534:\n') },
    { type: 'dir', name: 'root', mode: 0o700 },
    { type: 'dir', name: 'tmp', mode: 0o1777 },
  ];
  return createTar(entries);
}

function multiLayerContext(): Buffer {
  const dockerfile = [
    `FROM ${LOCAL_BUSYBOX}`,
    ...MULTI_LAYER_MIB.map((_, i) => `COPY layer${i + 1}.bin /data/layer${i + 1}.bin`),
    'LABEL org.berth.sandbox="multi-layer"',
    'CMD ["/bin/sh"]',
    '',
  ].join('\n');
  return createTar([
    { type: 'file', name: 'Dockerfile', data: Buffer.from(dockerfile) },
    // Random bytes do not compress, so the registry holds (and a pull moves) the full size.
    ...MULTI_LAYER_MIB.map((mib, i): TarEntry => ({ type: 'file', name: `layer${i + 1}.bin`, data: randomBytes(mib * 1024 * 1024) })),
  ]);
}

export interface RegistryLogin {
  address: string;
  username: string;
  password: string;
}

export async function prepareImages(
  docker: DockerCli,
  busyboxBin: string,
  registry: RegistryLogin,
): Promise<SandboxImages> {
  await docker(['import', '--change', 'CMD ["/bin/sh"]', '-', LOCAL_BUSYBOX], { input: await busyboxRootfs(busyboxBin) });

  const registryBusybox = `${registry.address}/berth/busybox:latest`;
  const multiLayer = `${registry.address}/berth/layers:latest`;
  await Promise.all([
    docker(['login', '--username', registry.username, '--password-stdin', registry.address], {
      input: `${registry.password}\n`,
    }),
    docker(['build', '--quiet', '--tag', multiLayer, '-'], { input: multiLayerContext() }),
    docker(['tag', LOCAL_BUSYBOX, registryBusybox]),
  ]);
  await Promise.all([docker(['push', '--quiet', registryBusybox]), docker(['push', '--quiet', multiLayer])]);
  // Untag the registry copies (and delete the multi-layer image's own layers) locally.
  await docker(['rmi', registryBusybox, multiLayer]);
  return { busybox: LOCAL_BUSYBOX, registryBusybox, multiLayer };
}

/** A client config with `auths` for the registry, for tests of berth's credential lookup. */
export function writeClientConfig(dir: string, registry: RegistryLogin): void {
  mkdirSync(dir, { recursive: true });
  const auth = Buffer.from(`${registry.username}:${registry.password}`).toString('base64');
  writeFileSync(path.join(dir, 'config.json'), `${JSON.stringify({ auths: { [registry.address]: { auth } } }, null, 2)}\n`, {
    mode: 0o600,
  });
}
