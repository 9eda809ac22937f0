/**
 * Single-node swarm on the sandbox engine. `swarm init` works with --bridge=none, but it
 * creates a `docker_gwbridge` bridge interface on the host and listens on 0.0.0.0:2377 and
 * VXLAN 4789 by default. So before init we create docker_gwbridge ourselves with a per-
 * sandbox interface name (recorded for crash cleanup) and no masquerading, and we pass a
 * loopback listen address and a free data-path port so concurrent sandboxes do not collide.
 * (The gossip port, 7946 on the advertise address, is not configurable in dockerd 20.10;
 * two swarm sandboxes at once still both init and run services — gossip only matters
 * between nodes, and each sandbox is a single node.)
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordBridge } from './cleanup.ts';
import { engineJson, engineRequest, EngineHttpError } from './engine-http.ts';
import { LOCAL_BUSYBOX } from './images.ts';
import { freeTcpPort, freeUdpPort } from './ports.ts';

export interface SwarmInfo {
  nodeId: string;
  /** 127.0.0.1:PORT, the swarm manager's listen address. */
  listenAddr: string;
  dataPathPort: number;
  /** Host interface name of this sandbox's docker_gwbridge. */
  gatewayBridge: string;
}

export interface ServiceOptions {
  name?: string;
  image?: string;
  /** Default `['sleep', '3600']`. */
  command?: string[];
  replicas?: number;
  /** How long to wait for all replicas to be running (default 30 s). */
  timeoutMs?: number;
}

export interface ServiceInfo {
  id: string;
  name: string;
  /** Ids of the running task containers. */
  containerIds: string[];
}

export function gatewayBridgeName(sandboxDir: string): string {
  // Interface names are at most 15 bytes; mkdtemp's 6-character suffix keeps it unique.
  return `berthgw-${path.basename(sandboxDir).slice(-6)}`;
}

/** This engine's own docker_gwbridge, made before it inits or joins (see the file's comment). */
async function prepareGatewayBridge(socketPath: string, sandboxDir: string): Promise<string> {
  const gatewayBridge = gatewayBridgeName(sandboxDir);
  recordBridge(sandboxDir, gatewayBridge);
  await engineJson(socketPath, 'POST', '/networks/create', {
    Name: 'docker_gwbridge',
    Driver: 'bridge',
    CheckDuplicate: true,
    Options: {
      'com.docker.network.bridge.name': gatewayBridge,
      'com.docker.network.bridge.enable_icc': 'false',
      'com.docker.network.bridge.enable_ip_masquerade': 'false',
    },
  });
  return gatewayBridge;
}

export async function enableSwarm(socketPath: string, sandboxDir: string): Promise<SwarmInfo> {
  const gatewayBridge = await prepareGatewayBridge(socketPath, sandboxDir);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const listenAddr = `127.0.0.1:${await freeTcpPort()}`;
    const dataPathPort = await freeUdpPort();
    try {
      const nodeId = await engineJson<string>(socketPath, 'POST', '/swarm/init', {
        ListenAddr: listenAddr,
        AdvertiseAddr: '127.0.0.1',
        DataPathPort: dataPathPort,
      });
      return { nodeId, listenAddr, dataPathPort, gatewayBridge };
    } catch (e) {
      lastError = e;
      if (!(e instanceof EngineHttpError) || !/address already in use/i.test(e.body)) break;
    }
  }
  throw lastError;
}

/**
 * Joins another engine to the swarm `manager` runs, as a worker advertising `advertiseAddr`
 * (127.0.0.2: on 127.0.0.1 its gossip port would collide with the manager's). Overlay networks do
 * not work between two engines on one host; services on the default ingress-less spec do.
 */
export async function joinSwarm(managerSocket: string, manager: SwarmInfo, socketPath: string, sandboxDir: string, advertiseAddr = '127.0.0.2'): Promise<void> {
  await prepareGatewayBridge(socketPath, sandboxDir);
  const swarm = await engineJson<{ JoinTokens?: { Worker?: string } }>(managerSocket, 'GET', '/swarm');
  await engineJson(socketPath, 'POST', '/swarm/join', {
    ListenAddr: `${advertiseAddr}:2377`,
    AdvertiseAddr: advertiseAddr,
    RemoteAddrs: [manager.listenAddr],
    JoinToken: swarm.JoinTokens?.Worker ?? '',
  });
}

export async function createService(socketPath: string, opts: ServiceOptions = {}): Promise<ServiceInfo> {
  const name = opts.name ?? `svc-${Date.now().toString(36)}`;
  const replicas = opts.replicas ?? 1;
  const { ID: id } = await engineJson<{ ID: string }>(socketPath, 'POST', '/services/create', {
    Name: name,
    TaskTemplate: {
      ContainerSpec: { Image: opts.image ?? LOCAL_BUSYBOX, Command: opts.command ?? ['sleep', '3600'] },
      RestartPolicy: { Condition: 'none' },
    },
    Mode: { Replicated: { Replicas: replicas } },
  });

  const timeoutMs = opts.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  const filters = encodeURIComponent(JSON.stringify({ service: [id] }));
  type Task = { Status?: { State?: string; Err?: string; ContainerStatus?: { ContainerID?: string } } };
  for (;;) {
    const tasks = await engineJson<Task[]>(socketPath, 'GET', `/tasks?filters=${filters}`);
    const running = tasks.filter((t) => t.Status?.State === 'running');
    if (running.length >= replicas) {
      return { id, name, containerIds: running.map((t) => t.Status?.ContainerStatus?.ContainerID ?? '') };
    }
    const failed = tasks.find((t) => ['failed', 'rejected'].includes(t.Status?.State ?? ''));
    if (failed || Date.now() > deadline) {
      const states = tasks.map((t) => `${t.Status?.State ?? '?'}${t.Status?.Err ? ` (${t.Status.Err})` : ''}`);
      throw new Error(`service ${name} did not reach ${replicas} running task(s): [${states.join(', ')}]`);
    }
    await sleep(100);
  }
}

/** Leaves the swarm (removing its task containers) and deletes our gateway bridge. */
export async function leaveSwarm(socketPath: string): Promise<void> {
  const info = await engineJson<{ Swarm?: { LocalNodeState?: string } }>(socketPath, 'GET', '/info');
  if (info.Swarm?.LocalNodeState && info.Swarm.LocalNodeState !== 'inactive') {
    await engineJson(socketPath, 'POST', '/swarm/leave?force=true');
  }
  // The gateway network stays after leaving; deleting it removes the host interface.
  const res = await engineRequest(socketPath, 'DELETE', '/networks/docker_gwbridge');
  if (res.status >= 300 && res.status !== 404) {
    throw new EngineHttpError('DELETE', '/networks/docker_gwbridge', res.status, res.body);
  }
}
