/**
 * Incidents from the engine's `/events`, as a pure reducer: a container that exits non-zero, is
 * OOM-killed, turns unhealthy, or restarts in a loop. The event stream berth already reads is the
 * only input (no polling); what one inspect and one logs read add at the incident is the live
 * source's (incident-log.ts), folded in with `withDetails`.
 *
 * One incident per container and kind of trouble while it is unacknowledged: a crash-looping
 * container is one incident whose crash and restart counts grow, not a new one per death (a die
 * folds into the container's open crash incident; an `oom` and the `die` after it are one). Once
 * acknowledged, the next death opens a new one. A stop or restart the user asked for (SIGTERM or
 * SIGINT sent before the death: `docker stop`, `docker restart`, Compose) is not an incident.
 *
 * Events a reconnect replays (the sync loop asks from the last event seen) are recognised by their
 * time, actor and action and dropped, so incidents survive a reconnect without doubling.
 *
 * Docker and Podman differ: Podman's exit code is `containerExitCode` (it rides on every event),
 * and its `health_status` has no `: unhealthy` suffix (the state is the event's `HealthStatus`).
 */
import type { ContainerHealthProbe, EngineEvent } from '../../engine/types.ts';

export type IncidentKind = 'exit' | 'oom' | 'unhealthy' | 'restart-loop';

/**
 * When restarts are a loop: `restarts` within `withinMinutes`. Docker's restart delay starts at
 * 100 ms and doubles up to 1 min (it resets after 10 s of running), so a crash loop restarts 5
 * times within ~3 s of its first death, and even at the 1-minute ceiling ~10 times in 10 minutes:
 * 5 in 10 minutes names every such loop, early, while a container restarted by hand now and then
 * (those restarts are not counted at all) or one that crashes once an hour is not one.
 */
export interface LoopPolicy {
  restarts: number;
  withinMinutes: number;
}

export const DEFAULT_LOOP_POLICY: LoopPolicy = { restarts: 5, withinMinutes: 10 };

/**
 * A container whose incidents the user does not want counted (a flapping one they know about):
 * by its name, or by a label (`key=value`, or `key` for any value). Its incidents are still
 * listed, marked muted and born acknowledged: no count, no notice, no bell.
 */
export type MuteRule = { name: string } | { label: string; value?: string };

/** A rule as config.json writes it: "web-1" (a name), "com.example.flaky=true" or "label:com.example.flaky" (a label). */
export function parseMuteRule(text: string): MuteRule {
  if (text.startsWith('label:')) {
    const rest = text.slice('label:'.length);
    const at = rest.indexOf('=');
    return at < 0 ? { label: rest } : { label: rest.slice(0, at), value: rest.slice(at + 1) };
  }
  const at = text.indexOf('=');
  return at < 0 ? { name: text.replace(/^\//, '') } : { label: text.slice(0, at), value: text.slice(at + 1) };
}

function isMuted(rules: readonly MuteRule[], attributes: Record<string, string>): boolean {
  return rules.some((rule) => ('name' in rule ? attributes.name === rule.name : attributes[rule.label] !== undefined && (rule.value === undefined || attributes[rule.label] === rule.value)));
}

/** What one inspect and one logs read found at the incident (incident-log.ts). */
export interface IncidentDetails {
  /** The last health-check probes (`State.Health.Log`), oldest first. */
  health?: readonly ContainerHealthProbe[];
  /** The run's last log lines before its death (or before it turned unhealthy). */
  lines?: readonly string[];
  oomKilled?: boolean;
  restartCount?: number;
  /** `HostConfig.Memory`: the memory limit in bytes (0: none). */
  memoryLimit?: number;
  /** The run's start as found (ns): a later read of the same run uses it once inspect describes the next run. */
  startedNs?: number;
  /** Nothing said where the run started: the lines are the log's last before the event, earlier runs' too. */
  wholeLog?: boolean;
  /** Why the details could not be read (the engine's words). */
  error?: string;
}

export interface Incident {
  /** Unique within its engine's log: what selections follow. */
  seq: number;
  kind: IncidentKind;
  /** Epoch ms: when it opened, and the last event folded into it (the list's order). */
  at: number;
  lastAt: number;
  containerId: string;
  name: string;
  image: string;
  /** `com.docker.compose.project` / `…service`, when Compose made the container. */
  project?: string;
  service?: string;
  /** `com.docker.swarm.service.name`, when it is a swarm task's container (a failed task). */
  swarmService?: string;
  /** The last death followed a kill event (`docker kill`, `docker rm -f`). */
  byKill?: boolean;
  /** The last death's exit code, and the signal that ended it ("SIGKILL"), when one did. */
  exitCode?: number;
  signal?: string;
  oomKilled: boolean;
  /** Non-zero deaths folded in. */
  crashes: number;
  /** Restarts within the loop window at the last count (policy restarts, not the user's). */
  restarts: number;
  acknowledged: boolean;
  /** Its container is muted (config.json `mute`, or for the session): born acknowledged, never announced. */
  muted?: boolean;
  /** Unhealthy: it reported healthy again since. */
  recovered: boolean;
  /** The event the details are for: the last death, OOM or unhealthy turn. */
  round: number;
  /** Engine times (ns since the epoch) bounding the run whose lines to read: `until` the event, `since` the end of the run before (unknown: undefined). */
  untilNs: number;
  sinceNs?: number;
  /** When that run started, as its start event said (undefined: berth did not see it; inspect may tell, run-bounds.ts). */
  startedNs?: number;
  details?: IncidentDetails;
  /** The details for `round` are loaded (or failed). */
  detailsRound?: number;
}

interface ContainerRun {
  /** The last death (ns), and the one before it (where the last run started, at the latest). */
  lastDiedNs?: number;
  previousDiedNs?: number;
  /** The last start (ns): where the run now going (or the one that just died) began. */
  startedNs?: number;
  /** Dead and not started since; whether the user asked for that death. */
  dead?: boolean;
  requested?: boolean;
  /** The last kill (ns) and its signal; the last one a stop sends (SIGTERM, SIGINT, SIGQUIT). */
  killNs?: number;
  killSignal?: string;
  stopNs?: number;
  /** Policy restarts (epoch ms) within the window. */
  restartsMs: readonly number[];
}

export interface DetectorState {
  /** Newest (by lastAt) first. */
  incidents: readonly Incident[];
  /** The incident last opened or made worse (a new loop, an OOM): what a notice names. */
  latest?: Incident;
  seq: number;
  runs: Readonly<Record<string, ContainerRun>>;
  /** Recent events' keys, to drop a reconnect's replay. */
  seen: readonly string[];
  /** Containers whose incidents are muted. */
  muted: readonly MuteRule[];
}

export const emptyDetector: DetectorState = { incidents: [], seq: 0, runs: {}, seen: [], muted: [] };

const SEEN_KEPT = 256;
/** A kill this long before a death is what ended it. */
const KILL_WINDOW_NS = 120e9;
/** A removal this soon after a kill's death was `docker rm -f`. */
const REMOVE_WINDOW_NS = 5e9;
/** Incidents kept (the oldest acknowledged go first). */
export const INCIDENTS_KEPT = 200;

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/** A signal's name from a number or a name ("9", "KILL", "SIGKILL" → "SIGKILL"). */
export function signalName(signal: string | number): string {
  const text = String(signal).trim().toUpperCase();
  if (/^\d+$/.test(text)) return SIGNALS[Number(text)] ?? `signal ${text}`;
  return text.startsWith('SIG') ? text : `SIG${text}`;
}

/** The signal an exit code says ended the process (128 + n), if any. */
export function exitSignal(exitCode: number | undefined): string | undefined {
  return exitCode !== undefined && exitCode > 128 && exitCode < 160 ? signalName(exitCode - 128) : undefined;
}

/** Signals a stop or restart sends: a death after one of them was asked for. */
function isStopSignal(signal: string): boolean {
  return ['SIGTERM', 'SIGINT', 'SIGQUIT'].includes(signalName(signal));
}

function eventNs(event: EngineEvent, heardAtMs: number): number {
  return event.timeNano ?? (event.time !== undefined ? event.time * 1e9 : heardAtMs * 1e6);
}

/** The action without Docker's suffix, and a health status wherever the engine put it. */
function actionOf(event: EngineEvent): { action: string; health?: string } {
  const raw = event.Action ?? event.status ?? '';
  const colon = raw.indexOf(':');
  if (colon < 0) return { action: raw, health: raw === 'health_status' ? (event.HealthStatus ?? event.Actor?.Attributes?.health_status) : undefined };
  return { action: raw.slice(0, colon), health: raw.slice(colon + 1).trim() };
}

function exitCodeOf(attributes: Record<string, string>): number | undefined {
  const text = attributes.exitCode ?? attributes.containerExitCode;
  if (text === undefined || text === '') return undefined;
  const code = Number(text);
  return Number.isInteger(code) ? code : undefined;
}

/** The container's incident of these kinds still open: not acknowledged, or muted (a muted loop stays one incident too). */
function openFor(incidents: readonly Incident[], id: string, kinds: readonly IncidentKind[]): Incident | undefined {
  return incidents.find((i) => i.containerId === id && (!i.acknowledged || i.muted === true) && kinds.includes(i.kind));
}

const CRASH: readonly IncidentKind[] = ['exit', 'oom', 'restart-loop'];

/** The incidents with `changed` in its place (or added), newest first, capped. */
function put(incidents: readonly Incident[], changed: Incident): readonly Incident[] {
  const rest = incidents.filter((i) => i.seq !== changed.seq);
  const next = [changed, ...rest].sort((a, b) => b.lastAt - a.lastAt || b.seq - a.seq);
  if (next.length <= INCIDENTS_KEPT) return next;
  const drop = [...next].reverse().find((i) => i.acknowledged) ?? next[next.length - 1];
  return next.filter((i) => i !== drop);
}

/** The start of the run now ending: the last start berth saw, if it came after the last death. */
function runStart(run: ContainerRun): number | undefined {
  return run.startedNs !== undefined && (run.lastDiedNs === undefined || run.startedNs > run.lastDiedNs) ? run.startedNs : undefined;
}

/** Folds one engine event in; the same state back when it changes nothing. */
export function detect(state: DetectorState, event: EngineEvent, policy: LoopPolicy = DEFAULT_LOOP_POLICY, heardAtMs = Date.now()): DetectorState {
  if ((event.Type ?? 'container') !== 'container') return state;
  const id = event.Actor?.ID ?? event.id ?? '';
  if (id === '') return state;
  const { action, health } = actionOf(event);
  if (!['die', 'oom', 'health_status', 'kill', 'stop', 'start', 'destroy', 'remove'].includes(action)) return state;
  const ns = eventNs(event, heardAtMs);
  const key = `${ns} ${id} ${event.Action ?? event.status ?? ''}`;
  if (state.seen.includes(key)) return state;
  const seen = [...state.seen.slice(-(SEEN_KEPT - 1)), key];
  const attributes = event.Actor?.Attributes ?? {};
  const atMs = Math.floor(ns / 1e6);
  const run: ContainerRun = state.runs[id] ?? { restartsMs: [] };
  const withRun = (next: ContainerRun): Readonly<Record<string, ContainerRun>> => ({ ...state.runs, [id]: next });
  const base = { ...state, seen };

  const muted = isMuted(state.muted, attributes);
  const opened = (kind: IncidentKind, extra: Partial<Incident>): Incident => ({
    seq: state.seq + 1,
    kind,
    at: atMs,
    lastAt: atMs,
    containerId: id,
    name: attributes.name ?? id.slice(0, 12),
    image: attributes.image ?? '',
    ...(attributes['com.docker.compose.project'] !== undefined && { project: attributes['com.docker.compose.project'] }),
    ...(attributes['com.docker.compose.service'] !== undefined && { service: attributes['com.docker.compose.service'] }),
    ...(attributes['com.docker.swarm.service.name'] !== undefined && { swarmService: attributes['com.docker.swarm.service.name'] }),
    oomKilled: false,
    crashes: 0,
    restarts: 0,
    acknowledged: muted,
    ...(muted && { muted }),
    recovered: false,
    round: 1,
    untilNs: ns,
    ...extra,
  });

  switch (action) {
    case 'kill': {
      // Podman's kill event names no signal: the exit code says it then.
      const signal = attributes.signal || undefined;
      return { ...base, runs: withRun({ ...run, killNs: ns, killSignal: signal, ...(signal !== undefined && isStopSignal(signal) && { stopNs: ns }) }) };
    }
    case 'stop':
      // Podman reports a stop before the death (Docker after it, where it changes nothing).
      return { ...base, runs: withRun({ ...run, stopNs: ns }) };
    case 'destroy':
    case 'remove': {
      const { [id]: _gone, ...runs } = state.runs;
      // `docker rm -f` kills (SIGKILL), the container dies, then goes: asked for, not an incident.
      const forced = openFor(state.incidents, id, ['exit']);
      if (forced?.byKill && forced.crashes === 1 && ns - forced.untilNs < REMOVE_WINDOW_NS) {
        return { ...base, runs, incidents: state.incidents.filter((i) => i !== forced), latest: state.latest?.seq === forced.seq ? undefined : state.latest };
      }
      return { ...base, runs };
    }
    case 'start': {
      // A start after a death the user did not ask for is the restart policy's.
      // A new run: what was sent to the last one is not this one's.
      const fresh = { killNs: undefined, killSignal: undefined, stopNs: undefined };
      if (!run.dead || run.requested || run.lastDiedNs === undefined) return { ...base, runs: withRun({ ...run, ...fresh, startedNs: ns, dead: false, requested: false }) };
      const windowMs = policy.withinMinutes * 60_000;
      const restartsMs = [...run.restartsMs.filter((t) => atMs - t < windowMs), atMs];
      const runs = withRun({ ...run, ...fresh, startedNs: ns, restartsMs, dead: false, requested: false });
      const open = openFor(state.incidents, id, CRASH);
      if (restartsMs.length < policy.restarts) return open ? { ...base, runs, incidents: put(state.incidents, { ...open, restarts: restartsMs.length }) } : { ...base, runs };
      if (open?.kind === 'restart-loop') return { ...base, runs, incidents: put(state.incidents, { ...open, restarts: restartsMs.length }) };
      const loop: Incident = open ? { ...open, kind: 'restart-loop', restarts: restartsMs.length, lastAt: atMs } : opened('restart-loop', { restarts: restartsMs.length, untilNs: run.lastDiedNs, sinceNs: run.previousDiedNs, startedNs: runStart(run) });
      return { ...base, runs, seq: open ? state.seq : state.seq + 1, incidents: put(state.incidents, loop), latest: loop };
    }
    case 'die': {
      const exitCode = exitCodeOf(attributes);
      const byKill = run.killNs !== undefined && ns - run.killNs < KILL_WINDOW_NS;
      const killed = byKill ? run.killSignal : undefined;
      // `docker stop` sends SIGTERM, then SIGKILL after its grace time: asked for all the same.
      const requested = run.stopNs !== undefined && ns - run.stopNs < KILL_WINDOW_NS;
      const runs = withRun({ ...run, lastDiedNs: ns, previousDiedNs: run.lastDiedNs, dead: true, requested, killNs: undefined, killSignal: undefined, stopNs: undefined });
      const sinceNs = run.lastDiedNs;
      const open = openFor(state.incidents, id, CRASH);
      // An OOM kill's die follows its oom event: that incident is this death's.
      const oomPending = open?.kind === 'oom' && open.exitCode === undefined;
      if (!oomPending && (requested || exitCode === undefined || exitCode === 0)) return { ...base, runs };
      const signal = killed !== undefined ? signalName(killed) : exitSignal(exitCode);
      const death = { exitCode, signal, lastAt: atMs, untilNs: ns, sinceNs, startedNs: runStart(run), crashes: 1, byKill };
      if (open) {
        // After an OOM event too: its lines were read up to the OOM, and the last ones (a shell's
        // `Killed`) come after it, up to the death.
        const folded: Incident = { ...open, ...death, signal, crashes: open.crashes + 1, round: open.round + 1 };
        return { ...base, runs, incidents: put(state.incidents, folded) };
      }
      const incident = opened('exit', death);
      return { ...base, runs, seq: incident.seq, incidents: put(state.incidents, incident), latest: incident };
    }
    case 'oom': {
      const open = openFor(state.incidents, id, CRASH);
      // The engine may send this kill's die before its oom (CI saw "OOM-killed" with no exit for
      // good): the death is then already folded in, and keeps its exit and its lines' bounds.
      if (open && run.dead === true && open.untilNs === run.lastDiedNs) {
        const oomed: Incident = { ...open, kind: open.kind === 'restart-loop' ? open.kind : 'oom', oomKilled: true, round: open.round + 1 };
        return { ...base, incidents: put(state.incidents, oomed), latest: open.kind === 'restart-loop' ? state.latest : oomed };
      }
      if (open) {
        const worse: Incident = { ...open, kind: open.kind === 'restart-loop' ? open.kind : 'oom', oomKilled: true, lastAt: atMs, round: open.round + 1, untilNs: ns, exitCode: undefined, signal: undefined, sinceNs: run.lastDiedNs, startedNs: runStart(run) };
        return { ...base, incidents: put(state.incidents, worse), latest: open.kind === 'restart-loop' ? state.latest : worse };
      }
      const incident = opened('oom', { oomKilled: true, sinceNs: run.lastDiedNs, startedNs: runStart(run) });
      return { ...base, seq: incident.seq, incidents: put(state.incidents, incident), latest: incident };
    }
    case 'health_status': {
      const open = openFor(state.incidents, id, ['unhealthy']);
      if (health === 'healthy') return open ? { ...base, incidents: put(state.incidents, { ...open, recovered: true }) } : base;
      if (health !== 'unhealthy') return base;
      // It repeats (after a pause, say): the open one is still this.
      if (open && !open.recovered) return base;
      if (open) return { ...base, incidents: put(state.incidents, { ...open, recovered: false, lastAt: atMs, round: open.round + 1, untilNs: ns }), latest: open };
      const incident = opened('unhealthy', {});
      return { ...base, seq: incident.seq, incidents: put(state.incidents, incident), latest: incident };
    }
    default:
      return base;
  }
}

/** The details read for an incident's `round` (a later round supersedes them). */
export function withDetails(state: DetectorState, seq: number, round: number, details: IncidentDetails): DetectorState {
  const incident = state.incidents.find((i) => i.seq === seq);
  if (!incident || incident.round !== round) return state;
  const changed: Incident = { ...incident, details, detailsRound: round, oomKilled: incident.oomKilled || details.oomKilled === true };
  return { ...state, incidents: state.incidents.map((i) => (i.seq === seq ? changed : i)), latest: state.latest?.seq === seq ? changed : state.latest };
}

/**
 * Mutes a container by name for the session (its open incidents acknowledged), or unmutes it
 * (its muted incidents stay acknowledged, and are closed: the next trouble opens a new one).
 */
export function toggleMute(state: DetectorState, name: string): DetectorState {
  const rule = state.muted.find((r) => 'name' in r && r.name === name);
  if (rule) return { ...state, muted: state.muted.filter((r) => r !== rule), incidents: state.incidents.map((i) => (i.name === name && i.muted ? { ...i, muted: false } : i)) };
  return { ...state, muted: [...state.muted, { name }], incidents: state.incidents.map((i) => (i.name === name && !i.acknowledged ? { ...i, acknowledged: true, muted: true } : i)) };
}

/** Whether a container (by name) is muted by name: what the mute key toggles. */
export function mutedByName(state: Pick<DetectorState, 'muted'>, name: string): boolean {
  return state.muted.some((r) => 'name' in r && r.name === name);
}

/** Acknowledges one incident, or every one (`seq` undefined). */
export function acknowledge(state: DetectorState, seq?: number): DetectorState {
  if (!state.incidents.some((i) => !i.acknowledged && (seq === undefined || i.seq === seq))) return state;
  return { ...state, incidents: state.incidents.map((i) => (!i.acknowledged && (seq === undefined || i.seq === seq) ? { ...i, acknowledged: true } : i)) };
}

/** Incidents not yet acknowledged. */
export function unacknowledged(incidents: readonly Incident[]): number {
  let count = 0;
  for (const i of incidents) if (!i.acknowledged) count += 1;
  return count;
}

/** Incidents that want their details read: a round not read yet. */
export function wantingDetails(state: DetectorState): Incident[] {
  return state.incidents.filter((i) => i.detailsRound !== i.round);
}
