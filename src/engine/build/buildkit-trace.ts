/**
 * BuildKit's progress as dockerd streams it in a build (`{"id":"moby.buildkit.trace","aux":"<base64>"}`):
 * each aux is a `moby.buildkit.v1.StatusResponse` protobuf, decoded here with protobufjs from the
 * message definitions in buildkit-status.proto (trimmed from moby/buildkit's control.proto; that
 * file says which commit and what was left out). The text is held in status-proto-text.ts as
 * well, because the bundle carries no files beside itself; a test holds the two the same.
 *
 * protobufjs is loaded, and the definitions parsed, on the first trace a build sends.
 */
import type { Type } from 'protobufjs';
import { STATUS_PROTO } from './status-proto-text.ts';

/** A protobuf Timestamp, as milliseconds since the epoch; undefined when unset. */
export type Millis = number | undefined;

export interface TraceVertex {
  digest: string;
  inputs: readonly string[];
  name: string;
  cached: boolean;
  started: Millis;
  completed: Millis;
  error: string;
}

export interface TraceStatus {
  id: string;
  vertex: string;
  name: string;
  current: number;
  total: number;
  completed: Millis;
}

export interface TraceLog {
  vertex: string;
  /** 1 stdout, 2 stderr. */
  stream: number;
  text: string;
}

export interface TraceWarning {
  vertex: string;
  text: string;
}

/** One StatusResponse: what changed since the last one. */
export interface BuildkitTrace {
  vertexes: readonly TraceVertex[];
  statuses: readonly TraceStatus[];
  logs: readonly TraceLog[];
  warnings: readonly TraceWarning[];
}

let statusType: Type | undefined;

async function loadStatusType(): Promise<Type> {
  if (statusType) return statusType;
  const protobuf = (await import('protobufjs')).default;
  const root = new protobuf.Root();
  // The one import: google.protobuf.Timestamp, which protobufjs ships among its common types.
  const timestamp = protobuf.common.get('google/protobuf/timestamp.proto');
  if (timestamp?.nested) root.addJSON(timestamp.nested);
  statusType = protobuf.parse(STATUS_PROTO, root, { keepCase: true }).root.lookupType('moby.buildkit.v1.StatusResponse');
  return statusType;
}

interface RawTimestamp {
  seconds?: number;
  nanos?: number;
}

function millis(value: unknown): Millis {
  if (value === null || typeof value !== 'object') return undefined;
  const { seconds, nanos } = value as RawTimestamp;
  if (seconds === undefined && nanos === undefined) return undefined;
  return (seconds ?? 0) * 1000 + Math.floor((nanos ?? 0) / 1e6);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): readonly Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
const utf8 = (value: unknown): string => (value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8') : '');

/** Decodes one trace's aux (base64 of a StatusResponse). Throws on bytes that are not one. */
export async function decodeTrace(aux: string): Promise<BuildkitTrace> {
  const type = await loadStatusType();
  const message = type.decode(Buffer.from(aux, 'base64'));
  const value = type.toObject(message, { longs: Number, defaults: false }) as Record<string, unknown>;
  return {
    vertexes: list(value.vertexes).map((v) => ({
      digest: text(v.digest),
      inputs: Array.isArray(v.inputs) ? v.inputs.map(text) : [],
      name: text(v.name),
      cached: v.cached === true,
      started: millis(v.started),
      completed: millis(v.completed),
      error: text(v.error),
    })),
    statuses: list(value.statuses).map((s) => ({ id: text(s.ID), vertex: text(s.vertex), name: text(s.name), current: num(s.current), total: num(s.total), completed: millis(s.completed) })),
    logs: list(value.logs).map((l) => ({ vertex: text(l.vertex), stream: num(l.stream), text: utf8(l.msg) })),
    warnings: list(value.warnings).map((w) => ({ vertex: text(w.vertex), text: utf8(w.short) })),
  };
}
