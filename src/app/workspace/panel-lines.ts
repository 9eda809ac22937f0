/**
 * What the split panel draws, as lines (React-free: ui/panes/split-panel.tsx draws them): its
 * title, then the newest log lines that fit, the live figures, or the inspect's first lines; or
 * why there is nothing to show. Every engine string is sanitised here.
 */
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { Pane } from '../panes/pane.ts';
import { ioTotals, statsCells } from '../rows/stats-cells.ts';
import { workspaceOf, type AppState } from '../types.ts';
import { panelDemands, panelSubject } from './panel.ts';

export interface PanelLine {
  text: string;
  tone?: 'muted' | 'error' | 'stderr';
}

export interface PanelDrawing {
  title: string;
  lines: readonly PanelLine[];
}

const muted = (text: string): PanelLine => ({ text, tone: 'muted' });

/** The panel's lines for `rows` rows of text under its title. */
export function panelDrawing(state: AppState, ctx: UiContext, pane: Pane, rows: number): PanelDrawing {
  const shows = workspaceOf(state).shows;
  const subject = panelSubject(state, ctx, pane);
  if (subject.kind === 'none') return { title: shows, lines: [muted(subject.why)] };
  const name = subject.kind === 'one' ? sanitizeLine(subject.name) : sanitizeLine(subject.title);
  if (shows === 'stats') {
    if (subject.kind !== 'one') return { title: `stats · ${name}`, lines: [muted('live figures are a container’s: select one')] };
    const figures = ctx.stats.byId.get(subject.id);
    const cells = statsCells(figures, 'running');
    const io = ioTotals(figures);
    return {
      title: `stats · ${name}`,
      lines: [
        { text: `CPU      ${cells.cpu}` },
        { text: `MEMORY   ${cells.mem} (${cells.memPercent})` },
        { text: `NET/s    ${cells.net}` },
        { text: `BLOCK/s  ${cells.block}` },
        { text: `NET I/O  ${io.net}` },
        { text: `BLOCK    ${io.block}` },
        { text: `PIDS     ${cells.pids}` },
      ],
    };
  }
  // The feed answers the demand of this very row: until it does (the cursor is still moving, or the stream opens), say so.
  const wanted = panelDemands(state, ctx, pane).panel;
  const feed = ctx.panel;
  const current = wanted !== undefined && feed.key === JSON.stringify(wanted);
  const title = `${shows} · ${name}`;
  if (!current || feed.status === 'settling' || (feed.status === 'connecting' && feed.lines.length === 0 && feed.inspect === undefined)) return { title, lines: [muted('…')] };
  if (feed.status === 'error') return { title, lines: [{ text: sanitizeLine(feed.error ?? 'the engine refused'), tone: 'error' }] };
  if (shows === 'inspect') return { title, lines: (feed.inspect ?? []).slice(0, rows).map((text) => ({ text: sanitizeLine(text) })) };
  const lines = feed.lines.slice(Math.max(feed.lines.length - rows, 0)).map((line): PanelLine => ({ text: `${line.source ? `${sanitizeLine(line.source)} | ` : ''}${sanitizeLine(line.text)}`, ...(line.stream === 'stderr' && { tone: 'stderr' as const }) }));
  const following = feed.status === 'streaming' ? 'following' : feed.status === 'stopped' ? 'stopped: waits for it to start again' : feed.status;
  return { title: `${title} (${following})`, lines: lines.length > 0 ? lines : [muted('no lines yet')] };
}
