/**
 * The debug shell: a throwaway tools container (busybox unless config.json names another image)
 * that shares the target's process and network namespaces, as `docker run --rm -it --pid
 * container:ID --network container:ID --cap-add SYS_PTRACE busybox sh` does. With SYS_PTRACE the
 * target's own files are reachable under /proc/1/root even when its process runs as another user,
 * so an image without a shell (FROM scratch, distroless) can still be looked into. It is removed
 * when it exits (AutoRemove, and removed again explicitly in case the engine did not).
 */
import type { EngineClient } from '../../engine/client.ts';
import { isEngineError } from '../../engine/errors.ts';
import type { RunSpec } from './run-container.ts';

export const DEFAULT_DEBUG_IMAGE = 'busybox';

/** The label that names the container a debug container was made for. */
export const DEBUG_LABEL = 'org.berth.debug-for';

/** The run of the debug container for `targetId`: interactive (a terminal) or its output captured. */
export function debugSpec(image: string, targetId: string, cmd: readonly string[] | undefined, interactive: boolean, as: { user?: string; workdir?: string } = {}): RunSpec {
  const shared = `container:${targetId}`;
  return {
    image,
    cmd: cmd && cmd.length > 0 ? [...cmd] : ['sh'],
    tty: interactive,
    detached: false,
    interactive,
    extras: {
      config: { Labels: { [DEBUG_LABEL]: targetId }, ...(as.user && { User: as.user }), ...(as.workdir && { WorkingDir: as.workdir }) },
      hostConfig: { PidMode: shared, NetworkMode: shared, CapAdd: ['SYS_PTRACE'], AutoRemove: true },
      env: [],
      envFiles: [],
    },
  };
}

/** Removes the debug container; one already gone (AutoRemove did it) is not an error. */
export async function removeDebugContainer(client: EngineClient, id: string): Promise<void> {
  try {
    await client.removeContainer(id, { force: true });
  } catch (error) {
    if (isEngineError(error) && (error.code === 'NOT_FOUND' || error.status === 409)) return;
    throw error;
  }
}
