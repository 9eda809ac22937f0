import { homedir as osHomedir } from 'node:os';
import { AnswerMemo } from './answer-memo.ts';
import { resolveCredentials, type CredentialResolution, type RegistryAuth } from './auth/index.ts';
import * as containers from './containers.ts';
import { streamEvents, type EventsOptions } from './events.ts';
import * as exec from './exec.ts';
import * as attach from './attach.ts';
import type { DiskUsageAnswer } from './disk-usage.ts';
import { EngineHttp } from './http.ts';
import * as archive from './archive.ts';
import * as backups from './backups.ts';
import * as changes from './changes.ts';
import * as resources from './resources.ts';
import * as pruning from './prune.ts';
import * as swarm from './swarm.ts';
import * as images from './images.ts';
import * as build from './build/build.ts';
import { imageArchive } from './image-get.ts';
import { containerStats, containerTop, type StatsOptions } from './stats.ts';
import * as system from './system.ts';
import { resolveEngineTarget } from './context.ts';
import { EngineError } from './errors.ts';
import { identifyEngine, type EngineIdentity } from './identity.ts';
import { sshForward, sshHostName, type SshForwardSpec } from './ssh-forward.ts';
import type { SshRoute } from './ssh-master.ts';
import { createTransport, parseHost, type Endpoint, type Transport } from './transport.ts';
import type { ContainerCreateConfig, ContainerSummary, ImageSummary, PingResult, VersionInfo, WaitCondition } from './types.ts';
import { negotiateVersion, pinAdvice, pinnedVersion, type PinSource } from './version.ts';

export interface EngineClientOptions {
  /** `--host`; falls back to DOCKER_HOST, then the docker context, then the default socket. */
  host?: string;
  /** `--context`: a docker CLI context by name; falls back to DOCKER_CONTEXT, then config.json. */
  context?: string;
  /** `--api-version`; falls back to DOCKER_API_VERSION. Pinning disables negotiation. */
  apiVersion?: string;
  env?: NodeJS.ProcessEnv;
  homedir?: string;
  /** How long a request that is not a stream may take in all (default 30 s; tests shorten it). */
  timeoutMs?: number;
  /** Told when an ssh engine's connections cannot run through the forward of its socket (ssh-master.ts). */
  sshRoute?: (route: SshRoute) => void;
}

/**
 * The engine API client: one object per engine, safe to share. The API version is negotiated
 * lazily on the first request (HEAD /_ping, GET as fallback) and can be renegotiated after a
 * reconnect, since the engine may have been upgraded meanwhile.
 */
export class EngineClient {
  readonly endpoint: Endpoint;
  /** The docker context in use, when it is not the default one. */
  readonly context: string | undefined;
  private readonly transport: Transport;
  private readonly http: EngineHttp;
  private readonly pinned: string | undefined;
  private readonly pinSource: PinSource;
  /** What the engine told about its versions after refusing the pinned one (asked once). */
  private engineRange: Promise<{ min?: string; max?: string }> | undefined;
  private negotiation: Promise<string> | undefined;
  private negotiatedVersion: string | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private readonly home: string;
  private readonly containerLists = new AnswerMemo<ContainerSummary>();
  private readonly imageLists = new AnswerMemo<ImageSummary>();
  /**
   * Lists asked for with filters (the incident log's scan of exited containers, a backup's check
   * of a volume's users) are remembered apart. Through the one memo, each replaced what it kept
   * of the whole list, so the next poll parsed every entry again, and the store, finding nothing
   * changed, kept its own: two copies of the list from then on (~18 MB over 10,000 containers,
   * bench B11).
   */
  private readonly filteredContainerLists = new AnswerMemo<ContainerSummary>();
  private readonly filteredImageLists = new AnswerMemo<ImageSummary>();

  private diskUsage: Promise<DiskUsageAnswer> | undefined;
  private readonly diskListeners = new Set<(answer: DiskUsageAnswer) => void>();

  constructor(options: EngineClientOptions = {}) {
    this.env = options.env ?? process.env;
    this.home = options.homedir ?? osHomedir();
    const target = resolveEngineTarget({ host: options.host, context: options.context, env: this.env, homedir: this.home });
    this.context = target.context;
    this.endpoint = inContext(target.context, () => parseHost(target.host, target.tls !== undefined));
    this.transport = inContext(target.context, () => createTransport(this.endpoint, target.tls, this.env, options.sshRoute));
    const pin = options.apiVersion || this.env.DOCKER_API_VERSION;
    this.pinSource = options.apiVersion ? '--api-version' : 'DOCKER_API_VERSION';
    this.pinned = pin ? pinnedVersion(pin, this.pinSource) : undefined;
    this.http = new EngineHttp(this.transport, () => this.versionPrefix(), options.timeoutMs, (error) => this.explainVersionRefusal(error));
  }

  /** The API version in use, once known. */
  get apiVersion(): string | undefined {
    return this.pinned ?? this.negotiatedVersion;
  }

  /**
   * The path's version prefix: at once once the version is known (pinned or negotiated), so that
   * a request leaves in its caller's turn of the event loop, before the frame the same key press
   * draws (B14's `g`: its log request waited behind that frame); otherwise after the negotiation.
   */
  private versionPrefix(): string | Promise<string> {
    if (this.pinned) return `/v${this.pinned}`;
    if (this.negotiatedVersion !== undefined) return `/v${this.negotiatedVersion}`;
    return this.negotiatedPrefix();
  }

  private async negotiatedPrefix(): Promise<string> {
    if (!this.negotiation) {
      const attempt = system.ping(this.http).then((result) => negotiateVersion(result.apiVersion));
      this.negotiation = attempt;
      // A failed negotiation (engine down) must be retried on the next request, not cached.
      attempt.then(
        (version) => (this.negotiatedVersion = version),
        () => {
          if (this.negotiation === attempt) this.negotiation = undefined;
        },
      );
    }
    return `/v${await this.negotiation}`;
  }

  /**
   * The engine refused the version in the path. With a pinned version that is the pin's fault:
   * keep the engine's words and say what to do, with the versions the engine says it speaks.
   */
  private async explainVersionRefusal(error: EngineError): Promise<EngineError> {
    if (!this.pinned) return error;
    this.engineRange ??= system.apiRange(this.http).catch(() => {
      this.engineRange = undefined; // ask again next time
      return {};
    });
    const range = await this.engineRange;
    return new EngineError({
      code: 'VERSION',
      status: error.status,
      operation: error.operation,
      message: error.message,
      hint: pinAdvice(this.pinSource, this.pinned, range.min, range.max),
    });
  }

  /**
   * The negotiated (or pinned) API version, negotiating first if no request has yet: for a caller
   * that sent a request unversioned and wants the version the screen names as well.
   */
  async negotiatedApiVersion(): Promise<string> {
    return (await this.versionPrefix()).slice('/v'.length);
  }

  /** Pings and (re)negotiates the version; what a reconnect calls. */
  async connect(signal?: AbortSignal): Promise<PingResult & { negotiated: string }> {
    const result = await system.ping(this.http, signal);
    const negotiated = this.pinned ?? negotiateVersion(result.apiVersion);
    if (!this.pinned) {
      this.negotiatedVersion = negotiated;
      this.negotiation = Promise.resolve(negotiated);
    }
    return { ...result, negotiated };
  }

  /**
   * Makes the engine read-only for this client (`why`: the line its refusals say; undefined: read-write
   * again): from then on only reads are sent (engine/http.ts `isReadRequest`).
   */
  setReadOnly(why: string | undefined): void {
    this.http.readOnly = why;
  }

  /** Whether the engine still answers: a `/_ping` on a kept-alive connection (system.ts). */
  ping(signal?: AbortSignal) {
    return system.pingKeepingConnection(this.http, signal);
  }
  version(signal?: AbortSignal) {
    return system.version(this.http, signal);
  }
  /** Docker or Podman, and its own version, from /version. */
  async identify(signal?: AbortSignal): Promise<EngineIdentity & { info: VersionInfo }> {
    const info = await system.version(this.http, signal);
    return { ...identifyEngine(info), info };
  }
  info(signal?: AbortSignal) {
    return system.info(this.http, signal);
  }

  /** An answer byte-identical to the previous one (same query) yields the same frozen array. */
  listContainers(options?: containers.ListContainersOptions) {
    return containers.listContainers(this.http, options, options?.filters === undefined ? this.containerLists : this.filteredContainerLists);
  }
  inspectContainer(id: string, signal?: AbortSignal) {
    return containers.inspectContainer(this.http, id, signal);
  }
  createContainer(config: ContainerCreateConfig, options?: containers.CreateOptions) {
    return containers.createContainer(this.http, config, options);
  }
  startContainer(id: string, signal?: AbortSignal) {
    return containers.startContainer(this.http, id, signal);
  }
  pauseContainer(id: string, pause: boolean, signal?: AbortSignal) {
    return containers.pauseContainer(this.http, id, pause, signal);
  }

  killContainer(id: string, signalName?: string, signal?: AbortSignal) {
    return containers.killContainer(this.http, id, signalName, signal);
  }

  renameContainer(id: string, name: string, signal?: AbortSignal) {
    return containers.renameContainer(this.http, id, name, signal);
  }

  /** The image's layers: what made each, its size and age. */
  imageHistory(name: string, signal?: AbortSignal) {
    return images.imageHistory(this.http, name, signal);
  }

  /** The image as `docker save` writes it, streamed (the layer explorer reads it as it comes). */
  imageArchive(name: string, signal?: AbortSignal) {
    return imageArchive(this.http, name, signal);
  }

  stopContainer(id: string, options?: containers.StopOptions) {
    return containers.stopContainer(this.http, id, options);
  }
  restartContainer(id: string, options?: containers.StopOptions) {
    return containers.restartContainer(this.http, id, options);
  }
  createExec(containerId: string, options: exec.ExecOptions) {
    return exec.createExec(this.http, containerId, options);
  }
  startExec(execId: string, signal?: AbortSignal, tty?: boolean) {
    return exec.startExec(this.http, execId, signal, tty);
  }
  resizeExec(execId: string, size: { rows: number; columns: number }) {
    return exec.resizeExec(this.http, execId, size);
  }
  execExitCode(execId: string) {
    return exec.execExitCode(this.http, execId);
  }
  attachContainer(id: string, options: attach.AttachOptions) {
    return attach.attachContainer(this.http, id, options);
  }
  resizeContainer(id: string, size: { rows: number; columns: number }) {
    return attach.resizeContainer(this.http, id, size);
  }
  removeContainer(id: string, options?: containers.RemoveOptions) {
    return containers.removeContainer(this.http, id, options);
  }
  beginWait(id: string, condition?: WaitCondition, signal?: AbortSignal) {
    return containers.beginWait(this.http, id, condition, signal);
  }
  waitContainer(id: string, condition?: WaitCondition, signal?: AbortSignal) {
    return containers.waitContainer(this.http, id, condition, signal);
  }
  /** Live resource figures of a running container, a sample a second (see stats.ts). */
  stats(id: string, options?: StatsOptions) {
    return containerStats(this.http, id, options);
  }

  /** The container's processes, as `docker top` lists them. */
  top(id: string, signal?: AbortSignal) {
    return containerTop(this.http, id, signal);
  }

  logs(id: string, options?: containers.LogsOptions) {
    return containers.containerLogs(this.http, id, options);
  }

  serviceLogs(id: string, options?: containers.LogsOptions) {
    return containers.serviceLogs(this.http, id, options);
  }

  /** An answer byte-identical to the previous one (same query) yields the same frozen array. */
  listImages(options?: images.ListImagesOptions) {
    return images.listImages(this.http, options, options?.filters === undefined ? this.imageLists : this.filteredImageLists);
  }
  inspectImage(name: string, signal?: AbortSignal) {
    return images.inspectImage(this.http, name, signal);
  }
  /** The registry's current manifest of `name`, through the engine (Docker's `/distribution`). */
  distributionInspect(name: string, auth?: RegistryAuth, signal?: AbortSignal) {
    return images.distributionInspect(this.http, name, auth, signal);
  }
  /** Repositories of the engine's image index (`docker search`): Docker Hub for Docker, its registries for Podman. */
  searchImages(term: string, limit: number, signal?: AbortSignal) {
    return images.searchImages(this.http, term, limit, signal);
  }
  pullImage(fromImage: string, options: images.PullOptions) {
    return images.pullImage(this.http, fromImage, options);
  }

  listServices(signal?: AbortSignal) {
    return swarm.listServices(this.http, signal);
  }

  inspectService(id: string, signal?: AbortSignal) {
    return swarm.inspectService(this.http, id, signal);
  }

  listTasks(signal?: AbortSignal) {
    return swarm.listTasks(this.http, signal);
  }

  listNodes(signal?: AbortSignal) {
    return swarm.listNodes(this.http, signal);
  }

  updateService(id: string, version: number, spec: swarm.ServiceSpec, options?: { rollback?: boolean; signal?: AbortSignal }) {
    return swarm.updateService(this.http, id, version, spec, options);
  }

  removeService(id: string, signal?: AbortSignal) {
    return swarm.removeService(this.http, id, signal);
  }

  updateNode(id: string, version: number, spec: swarm.NodeSpec, signal?: AbortSignal) {
    return swarm.updateNode(this.http, id, version, spec, signal);
  }

  /**
   * `/system/df`, one at a time: the engine refuses a second while one runs ("a disk usage
   * operation is already running"), so a caller asking meanwhile (the pulse line, prune's
   * preview) shares the answer in flight. A caller's signal ends its own wait, not the request.
   */
  systemDf(signal?: AbortSignal): Promise<DiskUsageAnswer> {
    this.diskUsage ??= pruning
      .systemDf(this.http)
      .then((answer) => {
        for (const listener of [...this.diskListeners]) listener(answer);
        return answer;
      })
      .finally(() => (this.diskUsage = undefined));
    return signal ? untilAborted(this.diskUsage, signal, 'disk usage') : this.diskUsage;
  }

  /**
   * Hears every `/system/df` answer, whoever asked (the pulse line, a prune preview, the disk
   * view): one answer serves every reader, so none asks again for what another just read.
   */
  onDiskUsage(listener: (answer: DiskUsageAnswer) => void): () => void {
    this.diskListeners.add(listener);
    return () => this.diskListeners.delete(listener);
  }

  /** Every container with its sizes (`size=1`: the engine walks each writable layer, slow). */
  containerSizes(signal?: AbortSignal) {
    return pruning.containerSizes(this.http, signal);
  }

  /** Sent in the API version the preview was worked out for (the negotiated one). */
  async prune(kind: pruning.PruneKind, options: pruning.PruneOptions & { signal?: AbortSignal } = {}) {
    return pruning.prune(this.http, kind, { ...options, apiVersion: await this.negotiatedApiVersion() });
  }

  stoppedContainerSizes(signal?: AbortSignal) {
    return pruning.stoppedContainerSizes(this.http, signal);
  }

  imageParents(signal?: AbortSignal) {
    return pruning.imageParents(this.http, signal);
  }

  listVolumes(signal?: AbortSignal) {
    return resources.listVolumes(this.http, signal);
  }

  inspectVolume(name: string, signal?: AbortSignal) {
    return resources.inspectVolume(this.http, name, signal);
  }

  createVolume(name: string, signal?: AbortSignal) {
    return resources.createVolume(this.http, name, signal);
  }

  removeVolume(name: string, options?: { force?: boolean; signal?: AbortSignal }) {
    return resources.removeVolume(this.http, name, options);
  }

  listNetworks(signal?: AbortSignal) {
    return resources.listNetworks(this.http, signal);
  }

  inspectNetwork(id: string, signal?: AbortSignal) {
    return resources.inspectNetwork(this.http, id, signal);
  }

  async createNetwork(name: string, signal?: AbortSignal) {
    return resources.createNetwork(this.http, name, await this.negotiatedApiVersion(), signal);
  }

  removeNetwork(id: string, signal?: AbortSignal) {
    return resources.removeNetwork(this.http, id, signal);
  }

  statPath(id: string, path: string, signal?: AbortSignal) {
    return archive.statPath(this.http, id, path, signal);
  }

  archive(id: string, path: string, signal?: AbortSignal) {
    return archive.archive(this.http, id, path, signal);
  }

  putArchive(id: string, directory: string, tar: Uint8Array, signal?: AbortSignal) {
    return archive.putArchive(this.http, id, directory, tar, signal);
  }

  saveImages(names: readonly string[], signal?: AbortSignal) {
    return backups.saveImages(this.http, names, signal);
  }

  loadImages(tar: AsyncIterable<Uint8Array>, signal?: AbortSignal) {
    return backups.loadImages(this.http, tar, signal);
  }

  exportContainer(id: string, signal?: AbortSignal) {
    return backups.exportContainer(this.http, id, signal);
  }

  containerRootSize(id: string, signal?: AbortSignal) {
    return backups.containerRootSize(this.http, id, signal);
  }

  putArchiveStream(id: string, directory: string, tar: AsyncIterable<Uint8Array>, signal?: AbortSignal) {
    return backups.putArchiveStream(this.http, id, directory, tar, signal);
  }

  containerChanges(id: string, signal?: AbortSignal) {
    return changes.containerChanges(this.http, id, signal);
  }

  tagImage(image: string, repo: string, tag: string, signal?: AbortSignal) {
    return images.tagImage(this.http, image, repo, tag, signal);
  }

  /** `docker build`: the context streamed as the request's body, the progress as it comes (engine/build). */
  buildImage(options: build.BuildOptions) {
    return build.buildImage(this.http, options);
  }

  pushImage(name: string, options: images.PushOptions) {
    return images.pushImage(this.http, name, options);
  }
  commitContainer(options: images.CommitOptions) {
    return images.commitContainer(this.http, options);
  }
  removeImage(name: string, options?: { force?: boolean; noPrune?: boolean; signal?: AbortSignal }) {
    return images.removeImage(this.http, name, options);
  }

  events(options?: EventsOptions) {
    return streamEvents(this.http, options);
  }

  /** Registry credentials for an image reference, from config.json and credential helpers. */
  resolveCredentials(imageRef: string): Promise<CredentialResolution> {
    return resolveCredentials(imageRef, { env: this.env, homedir: this.home });
  }

  /**
   * Asks an ssh engine's master to forward a port here, or to stop (ssh-forward.ts). Refused
   * where the engine is not ssh, is read-only for berth, or ssh does not share a login here.
   */
  async sshPortForward(op: 'forward' | 'cancel', spec: SshForwardSpec): Promise<void> {
    const operation = `ssh -O ${op}`;
    if (this.endpoint.kind !== 'ssh') throw new EngineError({ code: 'CONFIG', operation, message: `${this.endpoint.label} is not an ssh:// engine` });
    if (op === 'forward' && this.http.readOnly !== undefined) throw new EngineError({ code: 'READ_ONLY', operation, message: this.http.readOnly });
    const control = await this.transport.sshControl?.();
    if (control === undefined) throw new EngineError({ code: 'CONFIG', operation, message: 'ssh does not share one login here (BERTH_SSH_COMMAND is not OpenSSH): forward through the engine instead' });
    await sshForward(this.endpoint.address, this.env, control, op, spec);
  }

  /**
   * The engine's host as this machine reaches it (an ssh alias resolved as ssh resolves it); undefined
   * for an engine on this machine (a unix socket).
   */
  async hostName(): Promise<string | undefined> {
    if (this.endpoint.kind === 'unix') return undefined;
    return this.endpoint.kind === 'ssh' ? sshHostName(this.endpoint.address, this.env) : this.endpoint.host;
  }

  /** Lets requests in flight finish, then closes every connection (and ends every ssh process). */
  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * Ends every connection at once, streams included (they fail as ABORTED): what switching to
   * another engine does with the old client, after stopping its EngineSync.
   */
  destroy(): Promise<void> {
    return this.transport.destroy();
  }
}

/** An address that came from a context names the context when it is refused (ssh://, say). */
function inContext<T>(context: string | undefined, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (context === undefined || !(error instanceof EngineError)) throw error;
    throw new EngineError({ code: error.code, message: `context "${context}": ${error.message}`, hint: error.hint, operation: error.operation });
  }
}

/** `promise`, or an ABORTED EngineError as soon as `signal` fires (the work goes on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, operation: string): Promise<T> {
  const aborted = () => new EngineError({ code: 'ABORTED', operation, message: 'cancelled' });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
