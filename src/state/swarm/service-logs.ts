/**
 * A swarm service's logs in the logs view: every task's lines, each named as `docker service
 * logs` names it (`web.1@node`). The engine puts a line's task and node ids before it (`details`);
 * they are read off and become the line's mark.
 */
import type { Service } from '../../engine/swarm.ts';
import type { LogsOptions } from '../../engine/containers.ts';
import type { LogChunk } from '../../engine/streams/multiplexed.ts';
import type { LogClient } from '../logs/log-session.ts';
import type { LogLine } from '../logs/types.ts';

export interface ServiceLogsClient {
  inspectService(id: string, signal?: AbortSignal): Promise<Service>;
  serviceLogs(id: string, options?: LogsOptions): AsyncIterable<LogChunk>;
}

/** The service stands in for the container a log session reads (its TTY from its spec). */
export function serviceLogClient(client: ServiceLogsClient): LogClient {
  return {
    inspectContainer: async (id, signal) => {
      const service = await client.inspectService(id, signal);
      return { Config: { Tty: service.Spec?.TaskTemplate?.ContainerSpec?.TTY === true } };
    },
    logs: ((id: string, options?: LogsOptions) => client.serviceLogs(id, options)) as LogClient['logs'],
  };
}

const DETAILS = /^(\S*com\.docker\.swarm\.\S*) /;

/** A line's details read off into its mark: `label(task id, node id)`, or the short ids. */
export function nameTask(label: (taskId: string, nodeId: string) => string | undefined): (line: LogLine) => LogLine {
  return (line) => {
    const found = DETAILS.exec(line.text);
    if (!found?.[1]) return line;
    const attrs = new Map(
      found[1].split(',').map((pair) => {
        const eq = pair.indexOf('=');
        return [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))] as const;
      }),
    );
    const task = attrs.get('com.docker.swarm.task.id') ?? '';
    const node = attrs.get('com.docker.swarm.node.id') ?? '';
    return { ...line, text: line.text.slice(found[0].length), source: label(task, node) ?? `${task.slice(0, 12)}@${node.slice(0, 12)}` };
  };
}
