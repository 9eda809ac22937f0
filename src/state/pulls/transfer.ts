/**
 * A transfer that is not a pull, as the Pulls pane (titled Transfers) holds it: a backup's save,
 * load, export or restore (state/backups), or whatever later moves bytes and wants a bar, a rate,
 * an ETA and the cancel key. The manager (pull-manager.ts `startTransfer`) runs it.
 */
import type { PullMessage } from '../../engine/types.ts';
import type { TRANSFER_BYTE_PHASES, TransferWords } from './pull-reducer.ts';

export type TransferPhase = (typeof TRANSFER_BYTE_PHASES)[number];

/** What a transfer's work tells the pane as it goes. */
export interface TransferReport {
  /** Bytes moved so far, of `total` when known: the bar, the rate and the ETA. */
  bytes(current: number, total?: number): void;
  /** What the bytes row says from now on (a restore reads, then sends). */
  phase(phase: TransferPhase): void;
  /** A message of the engine's own (a load's "Loading layer", "Loaded image: …"). */
  message(message: PullMessage): void;
}

export interface TransferSpec {
  /** The block's title: what goes where ("busybox:latest → ./busybox.tar"). */
  title: string;
  words: TransferWords;
  /** The bytes row's first phase. */
  phase: TransferPhase;
  /**
   * The work: resolves with the line to end the block with ("wrote ./busybox.tar (4.2 MB)"), or
   * throws. On abort (cancel) and on failure it removes what it made before it settles.
   */
  run(report: TransferReport, signal: AbortSignal): Promise<string | undefined>;
}
