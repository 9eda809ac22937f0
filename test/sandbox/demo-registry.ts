/**
 * The registry `npm run demo` shows: the sandbox registry behind a throttle, so the multi-layer
 * pull (24 MiB) takes long enough to watch its bars move instead of ending in a blink. Only the
 * demo goes through it: tests pull from the sandbox registry itself. It has its own client
 * config, with the sandbox registry's credentials under the throttle's address (the one in the
 * image references berth is given).
 */
import path from 'node:path';
import { MULTI_LAYER_MIB, writeClientConfig } from './images.ts';
import type { Sandbox } from './sandbox.ts';
import { startThrottleProxy } from './throttle-proxy.ts';

/** About 2 MB/s for the whole pull (its layers share it): the multi-layer image takes ~12 s. */
export const DEMO_PULL_BYTES_PER_SECOND = 2 * 1024 * 1024;

export interface DemoRegistry {
  /** `127.0.0.1:<port>` of the throttle. */
  address: string;
  /** A dir with config.json holding `auths` for `address`. */
  clientConfigDir: string;
  images: { busybox: string; registryBusybox: string; multiLayer: string };
  bytesPerSecond: number;
  /** Bytes the throttle has passed on. */
  served(): number;
  close(): Promise<void>;
}

export async function startDemoRegistry(sandbox: Pick<Sandbox, 'dir' | 'registry' | 'images'>, bytesPerSecond = DEMO_PULL_BYTES_PER_SECOND): Promise<DemoRegistry> {
  const proxy = await startThrottleProxy(sandbox.registry.address, bytesPerSecond, { shared: true });
  const clientConfigDir = path.join(sandbox.dir, 'demo-client-config');
  writeClientConfig(clientConfigDir, { ...sandbox.registry, address: proxy.address });
  const via = (ref: string) => (ref.startsWith(`${sandbox.registry.address}/`) ? `${proxy.address}/${ref.slice(sandbox.registry.address.length + 1)}` : ref);
  return {
    address: proxy.address,
    clientConfigDir,
    images: { busybox: sandbox.images.busybox, registryBusybox: via(sandbox.images.registryBusybox), multiLayer: via(sandbox.images.multiLayer) },
    bytesPerSecond,
    served: proxy.served,
    close: proxy.close,
  };
}

/** What the demo prints about its registry: where, how fast, and what to try. */
export function demoRegistryLines(registry: Pick<DemoRegistry, 'address' | 'clientConfigDir' | 'images' | 'bytesPerSecond'>): string[] {
  const mb = (registry.bytesPerSecond / (1024 * 1024)).toFixed(registry.bytesPerSecond % (1024 * 1024) === 0 ? 0 : 1);
  const mib = MULTI_LAYER_MIB.reduce((sum, n) => sum + n, 0);
  const seconds = Math.round((mib * 1024 * 1024) / registry.bytesPerSecond);
  return [
    `registry ${registry.address} (credentials in ${registry.clientConfigDir}/config.json), slowed to ~${mb} MB/s so a pull can be watched`,
    `try: p then ${registry.images.multiLayer} to watch a multi-layer pull (${mib} MiB, ~${seconds} s; berth's status bar shows the registry too)`,
  ];
}
