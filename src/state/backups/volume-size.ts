/**
 * A volume export's total, so its Transfers row has a bar and an ETA as an image's save does:
 * the volume's size from the disk usage (`/system/df`) when the screen already read it, else
 * `du -sb` run beside the export in a second helper (the export's own never runs: any image
 * serves it, while this one needs a `du`, as busybox and coreutils have). Without either the row
 * shows bytes and a rate alone. `exportTotal` is the bar's arithmetic.
 */
import type { EngineClient } from '../../engine/client.ts';
import { HELPER_LABEL, MOUNT } from './volume-helper.ts';

export type SizerClient = Pick<EngineClient, 'createContainer' | 'startContainer' | 'waitContainer' | 'logs' | 'removeContainer'>;

/** The two 512-byte blocks of zeros that end every tar. */
const TAR_END = 1024;
/** Past the estimate, the total stays this share ahead of what passed: the bar waits near its end. */
const AHEAD = 0.01;

/**
 * The bar's total when `passed` tar bytes have gone by and the volume's files measured `measured`
 * bytes: the files and the tar's end; once more than that passed (each entry's 512-byte header
 * and its padding are not in the measure), the total moves ahead of what passed, so the bar never
 * reaches its end and the ETA never goes below zero before the tar ends.
 */
export function exportTotal(measured: number | undefined, passed: number): number | undefined {
  if (measured === undefined || !Number.isFinite(measured) || measured < 0) return undefined;
  const estimate = measured + TAR_END;
  return passed < estimate ? estimate : Math.ceil(passed * (1 + AHEAD));
}

/** `du -sb`'s answer ("123456\t/v"): its bytes, or undefined when it said something else. */
export function parseDu(output: string): number | undefined {
  const match = /^\s*(\d+)\s/.exec(output);
  if (!match) return undefined;
  const bytes = Number(match[1]);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * Runs `du -sb` on the volume (mounted read-only) in a helper of its own, and removes the helper
 * however it ends (cancelled with the export included). Undefined when the image has no `du` or
 * it failed: the export goes on without a total.
 */
export async function volumeSizeByDu(client: SizerClient, volume: string, image: string, signal: AbortSignal): Promise<number | undefined> {
  let id: string | undefined;
  try {
    ({ Id: id } = await client.createContainer({
      Image: image,
      Cmd: ['du', '-sb', MOUNT],
      Labels: { [HELPER_LABEL]: volume },
      NetworkDisabled: true,
      HostConfig: { Binds: [`${volume}:${MOUNT}:ro`] },
    }));
    await client.startContainer(id, signal);
    const { StatusCode } = await client.waitContainer(id, 'not-running', signal);
    if (StatusCode !== 0) return undefined;
    const parts: Buffer[] = [];
    for await (const chunk of client.logs(id, { stdout: true, stderr: false, tty: false, signal })) parts.push(chunk.data);
    return parseDu(Buffer.concat(parts).toString('utf8'));
  } catch {
    return undefined;
  } finally {
    // Not tied to the signal: a cancel must still remove it.
    if (id !== undefined) await client.removeContainer(id, { force: true }).catch(() => undefined);
  }
}
