import { Box, Text } from 'ink';
import type { ConnectionState, EngineState } from '../../state/engine-state.ts';
import type { FleetState } from '../../state/fleet/fleet.ts';
import { fitParts, type LinePart } from '../../app/format/line-parts.ts';
import { formatClock, plural, sanitizeLine } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';

interface Props {
  engine: EngineState;
  width: number;
  running: number;
  /** Incidents not yet acknowledged. */
  incidents?: number;
  /** The engines shown together, with their access (read-only, protected). */
  fleet?: FleetState;
}

/** How each part of the bar is drawn. */
interface BarPart extends LinePart {
  color?: string;
  bold?: boolean;
}

/**
 * The connection state in a word or two, with its colour: the one part of the bar that is never
 * dropped. A new state (an engine that stopped answering, say) is one more case here.
 */
export function stateWord(connection: ConnectionState): { text: string; color: string | undefined } {
  // Accepting connections but answering nothing (frozen, hung): not "live", whatever the status says.
  if (connection.notResponding) return { text: `◌ not responding for ${connection.notResponding.seconds} s`, color: theme.warning };
  switch (connection.status) {
    case 'connected':
      return connection.eventsLive ? { text: '● live', color: theme.success } : { text: '● polling', color: theme.success };
    case 'connecting':
      return { text: '○ connecting', color: theme.warning };
    case 'refused':
      return { text: '✕ refused', color: theme.error };
    case 'unreachable':
      return { text: '✕ unreachable', color: theme.error };
  }
}

/**
 * The engine's address, then a shorter form of it for narrow terminals: the context's name, the
 * socket's file name, or host:port.
 */
function whereForms(connection: ConnectionState): string[] {
  const endpoint = sanitizeLine(connection.endpoint);
  if (connection.context !== undefined) return [`${sanitizeLine(connection.context)} @ ${endpoint}`, sanitizeLine(connection.context)];
  const short = endpoint.startsWith('unix://') ? endpoint.slice(endpoint.lastIndexOf('/') + 1) : endpoint.replace(/^[a-z]+:\/\//, '');
  return short === endpoint || short === '' ? [endpoint] : [endpoint, short];
}

/**
 * The bar's parts in the order they are drawn. `priority` says which give way first when the
 * terminal is narrow (the highest number first): the clock ("updated" first), the API version,
 * the engine's version number (its kind, docker or podman, stays much longer), then the address
 * (shortened to its socket or context name, then dropped); the state and the counts stay.
 */
export function statusParts(engine: EngineState, running: number, incidents = 0, fleet?: FleetState): BarPart[] {
  const { connection, containers, images, demo } = engine;
  const members = fleet?.members ?? [];
  // A fleet: each engine's name and state (and access), never dropped; one engine: its access, if not read-write.
  if (members.length > 1) return fleetParts(fleet as FleetState, incidents, containers.loaded ? `${running}/${plural(containers.items.length, 'container')} · ${plural(images.items.length, 'image')}` : undefined);
  const access = members[0]?.access;
  const guarded: BarPart | undefined = access && access !== 'read-write' ? { forms: [access], priority: 0, color: theme.warning, bold: true } : undefined;
  const state = stateWord(connection);
  const refreshed = containers.refreshedAt ?? images.refreshedAt;
  const kind = connection.engineKind ?? 'engine';
  // Only the running ones so far (shown first): the full count is on its way.
  const containerCount = containers.partial ? '… containers' : plural(containers.items.length, 'container');
  const parts: Array<BarPart | undefined> = [
    { forms: ['berth'], priority: 2, color: theme.accent, bold: true },
    { forms: whereForms(connection), priority: [6, 4] },
    connection.engineVersion ? { forms: [`${kind} ${sanitizeLine(connection.engineVersion)}`, kind], priority: [7, 3] } : undefined,
    connection.apiVersion ? { forms: [`API ${connection.apiVersion}`], priority: 8 } : undefined,
    demo ? { forms: [`demo registry ${demo.registry}`, `registry ${demo.registry}`], priority: [5, 3], color: theme.accent } : undefined,
    { forms: [state.text], priority: 0, color: state.color },
    guarded,
    // Never dropped: trouble nobody has looked at yet (the Incidents pane lists it).
    incidents > 0 ? { forms: [`⚠ ${incidents}`], priority: 0, color: theme.error, bold: true } : undefined,
    containers.loaded
      ? {
          forms: [`${running}/${containerCount} · ${plural(images.items.length, 'image')}`, `${running}/${containerCount}`],
          priority: 1,
          gap: '  ',
          color: theme.muted,
        }
      : undefined,
    refreshed ? { forms: [`updated ${formatClock(new Date(refreshed))}`, formatClock(new Date(refreshed))], priority: [10, 9], color: theme.muted } : undefined,
  ];
  return parts.filter((p): p is BarPart => p !== undefined);
}

const ACCESS_MARK = { 'read-write': '', 'read-only': ' (read-only)', protected: ' (protected)' } as const;

/** A fleet's bar: each engine's short name and state (live, not responding, unreachable) and access, then the counts of them all. */
function fleetParts(fleet: FleetState, incidents: number, counts: string | undefined): BarPart[] {
  const parts: Array<BarPart | undefined> = [
    { forms: ['berth'], priority: 2, color: theme.accent, bold: true },
    ...fleet.members.map((m): BarPart => {
      const state = stateWord(m.engine.connection);
      const name = sanitizeLine(m.name);
      return { forms: [`${name} ${state.text}${ACCESS_MARK[m.access]}`, `${name} ${state.text.split(' ')[0] ?? ''}`], priority: [4, 0], color: state.color };
    }),
    incidents > 0 ? { forms: [`⚠ ${incidents}`], priority: 0, color: theme.error, bold: true } : undefined,
    counts ? { forms: [counts], priority: 1, gap: '  ', color: theme.muted } : undefined,
  ];
  return parts.filter((p): p is BarPart => p !== undefined);
}

/** One line: name, endpoint, engine and API version, connection state, counts, last refresh. */
export function StatusBar({ engine, width, running, incidents = 0, fleet }: Props) {
  const fitted = fitParts(statusParts(engine, running, incidents, fleet), width);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {fitted.map((part, i) => (
          <Text key={i}>
            {part.gapText}
            <Text color={part.color} bold={part.bold}>
              {part.text}
            </Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
