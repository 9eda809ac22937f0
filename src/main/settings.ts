/**
 * berth's own settings file: `$XDG_CONFIG_HOME/berth/config.json` (else ~/.config/berth/…).
 * It holds `keys` (see app/keys/custom-keys.ts); `restartLoop`: `{"restarts": 5, "withinMinutes": 10}`,
 * when restarts are a loop (state/incidents/detect.ts explains the defaults); `mute`: containers
 * whose incidents are not counted (`["web-1", "com.example.flaky=true"]`); and `alert`: `"bell"`,
 * `"osc9"` or `"osc777"`, how a new incident alerts beyond the notice (app/alerts.ts); `mouse`: true lets
 * the wheel scroll (main/mouse-mode.ts); `actions`: the user's own actions (app/custom/config.ts),
 * their keys checked with the rest; `debugImage`, the debug shell's tools image (busybox by
 * default); `theme`: a preset or a preset with roles overridden (app/theme-config.ts); `engines`:
 * the engines that are read-only or protected (state/fleet/access-settings.ts); `fleet`: the
 * engines (contexts or addresses) shown together when no option or DOCKER_* variable names one;
 * `logTimeFormat`: "iso", "time" or "datetime", how the logs view writes a timestamp.
 * `layersAskAboveMB`: over ssh or tcp, the layer explorer asks before reading an image archive
 * bigger than this many MB (500 by default).
 * `workspace`: the split panel and each pane's chosen columns (app/workspace/config.ts), which
 * berth writes itself as they change (main/kept-settings.ts).
 * No file means the defaults; a file berth
 * cannot use stops it before it takes the terminal, with the file and the problem named, so a
 * typo never turns into keys that quietly do nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { customBindings, parseCustomActions } from '../app/custom/config.ts';
import type { CustomSettings } from '../app/custom/types.ts';
import { customiseKeymap } from '../app/keys/custom-keys.ts';
import { defaultKeymap, findClash, keymap, keyStacks, Keymap } from '../app/keys/keymap.ts';
import { DEFAULT_DEBUG_IMAGE } from '../state/actions/debug-shell.ts';
import { DEFAULT_LOOP_POLICY, parseMuteRule, type LoopPolicy, type MuteRule } from '../state/incidents/detect.ts';
import { ALERT_KINDS, type AlertKind } from '../app/alerts.ts';
import { parseTheme } from '../app/theme-config.ts';
import { STAMP_FORMATS, type StampFormat } from '../app/format/log-stamp.ts';
import { PRESETS, type Palette } from '../app/theme-presets.ts';
import { parseAccessSettings, type AccessSettings } from '../state/fleet/access-settings.ts';
import { parseWorkspace } from '../app/workspace/config.ts';
import type { Workspace } from '../app/types.ts';

export interface Settings {
  keymap: Keymap;
  /** When restarts are a loop (incidents). */
  loop: LoopPolicy;
  /** Containers whose incidents are muted (`mute`: names, `key=value` labels). */
  mute?: readonly MuteRule[];
  /** How an incident alerts beyond the notice (`alert`: opt-in). */
  alert?: AlertKind;
  /** The mouse wheel scrolls (`mouse: true`; off by default, so the terminal's selection works as ever). */
  mouse?: boolean;
  /** `actions` and `debugImage`: the user's own actions and the debug shell's image. */
  custom: CustomSettings;
  /** The colours (`theme`): the terminal's palette by default. */
  theme: Palette;
  /** Engines that are read-only or protected (`engines`: state/fleet/access-settings.ts). */
  access?: AccessSettings;
  /** The fleet berth opens when nothing else names an engine (`fleet`: contexts or addresses). */
  fleet?: readonly string[];
  /** How the logs view writes a timestamp (`logTimeFormat`: app/format/log-stamp.ts). */
  logTimeFormat?: StampFormat;
  /** Over ssh or tcp, the layer explorer asks before reading an archive bigger than this, in bytes (`layersAskAboveMB`). */
  layersAskAbove?: number;
  /** The split panel and the chosen columns as last left (`workspace`); absent: the defaults. */
  workspace?: Workspace;
}

const KNOWN = ['keys', 'restartLoop', 'mute', 'alert', 'mouse', 'actions', 'debugImage', 'theme', 'engines', 'fleet', 'logTimeFormat', 'layersAskAboveMB', 'workspace'];

/** `restartLoop` as config.json gives it, checked: a positive whole `restarts` and a positive `withinMinutes`. */
function loopPolicy(raw: unknown): LoopPolicy | string {
  if (raw === undefined) return DEFAULT_LOOP_POLICY;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return '"restartLoop" must be an object like {"restarts": 5, "withinMinutes": 10}';
  const { restarts = DEFAULT_LOOP_POLICY.restarts, withinMinutes = DEFAULT_LOOP_POLICY.withinMinutes, ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `unknown setting "restartLoop.${unknown[0]}" (berth knows "restarts" and "withinMinutes")`;
  if (typeof restarts !== 'number' || !Number.isInteger(restarts) || restarts < 1) return '"restartLoop.restarts" must be a whole number of at least 1';
  if (typeof withinMinutes !== 'number' || !(withinMinutes > 0)) return '"restartLoop.withinMinutes" must be a number above 0';
  return { restarts, withinMinutes };
}

export function settingsPath(env: NodeJS.ProcessEnv, homedir: string): string {
  return join(env.XDG_CONFIG_HOME || join(homedir, '.config'), 'berth', 'config.json');
}

/** The settings, or a one-line message naming the file and what is wrong with it. */
export function loadSettings(path: string): Settings | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { keymap: defaultKeymap, loop: DEFAULT_LOOP_POLICY, custom: { actions: [], debugImage: DEFAULT_DEBUG_IMAGE }, theme: PRESETS.terminal };
    return `${path}: cannot read it (${code ?? (error as Error).message})`;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return `${path}: not valid JSON (${(error as Error).message})`;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `${path}: must hold a JSON object`;
  const unknown = Object.keys(raw).filter((k) => !KNOWN.includes(k));
  if (unknown.length > 0) return `${path}: unknown setting ${unknown.map((k) => `"${k}"`).join(', ')} (berth knows ${KNOWN.map((k) => `"${k}"`).join(', ')})`;
  const { keys, restartLoop, mute, alert, mouse, actions, debugImage, theme: themeRaw, engines, fleet, logTimeFormat, layersAskAboveMB, workspace: workspaceRaw } = raw as { keys?: unknown; restartLoop?: unknown; mute?: unknown; alert?: unknown; mouse?: unknown; actions?: unknown; debugImage?: unknown; theme?: unknown; engines?: unknown; fleet?: unknown; logTimeFormat?: unknown; layersAskAboveMB?: unknown; workspace?: unknown };
  if (logTimeFormat !== undefined && !STAMP_FORMATS.includes(logTimeFormat as StampFormat)) return `${path}: "logTimeFormat" must be one of ${STAMP_FORMATS.map((f) => `"${f}"`).join(', ')}`;
  const workspace = workspaceRaw === undefined ? undefined : parseWorkspace(workspaceRaw);
  if (typeof workspace === 'string') return `${path}: ${workspace}`;
  if (fleet !== undefined && (!Array.isArray(fleet) || fleet.length === 0 || !fleet.every((f) => typeof f === 'string' && f.trim() !== ''))) return `${path}: "fleet" must be a list of docker contexts or engine addresses`;
  const access = engines === undefined ? undefined : parseAccessSettings(engines);
  if (typeof access === 'string') return `${path}: ${access}`;
  const loop = loopPolicy(restartLoop);
  if (typeof loop === 'string') return `${path}: ${loop}`;
  if (mute !== undefined && (!Array.isArray(mute) || !mute.every((m) => typeof m === 'string' && m.trim() !== ''))) return `${path}: "mute" must be a list of container names or labels ("key=value")`;
  const theme = parseTheme(themeRaw);
  if (typeof theme === 'string') return `${path}: ${theme}`;
  if (alert !== undefined && !ALERT_KINDS.includes(alert as AlertKind)) return `${path}: "alert" must be one of ${ALERT_KINDS.map((k) => `"${k}"`).join(', ')}`;
  if (mouse !== undefined && typeof mouse !== 'boolean') return `${path}: "mouse" must be true or false`;
  if (debugImage !== undefined && (typeof debugImage !== 'string' || debugImage.trim() === '')) return `${path}: "debugImage" must be an image name, e.g. "busybox" or "nicolaka/netshoot"`;
  if (layersAskAboveMB !== undefined && (typeof layersAskAboveMB !== 'number' || !(layersAskAboveMB >= 0))) return `${path}: "layersAskAboveMB" must be a number of MB, 0 or more (0: always ask)`;
  const custom = parseCustomActions(actions);
  if (typeof custom === 'string') return `${path}: ${custom}`;
  try {
    const own = customBindings(custom);
    const base = keys === undefined ? keymap : customiseKeymap(keymap, keys);
    const bindings = own.length === 0 ? base : [...base, ...own];
    const clash = own.length === 0 ? undefined : findClash(bindings, keyStacks(bindings));
    if (clash) {
      const mine = clash.actions.find((a) => a.startsWith('custom:'));
      const other = clash.actions.find((a) => a !== mine);
      return `${path}: "actions" ("${mine?.slice('custom:'.length) ?? ''}"): its key "${clash.key}" is taken by ${other ?? 'another action'} on the ${clash.where} screen; give it another key`;
    }
    return {
      keymap: keys === undefined && own.length === 0 ? defaultKeymap : new Keymap(bindings),
      loop,
      custom: { actions: custom, debugImage: typeof debugImage === 'string' ? debugImage.trim() : DEFAULT_DEBUG_IMAGE },
      theme,
      ...(mute !== undefined && { mute: (mute as string[]).map((m) => parseMuteRule(m.trim())) }),
      ...(alert !== undefined && { alert: alert as AlertKind }),
      ...(mouse === true && { mouse: true }),
      ...(access !== undefined && { access }),
      ...(fleet !== undefined && { fleet: (fleet as string[]).map((f) => f.trim()) }),
      ...(logTimeFormat !== undefined && { logTimeFormat: logTimeFormat as StampFormat }),
      ...(typeof layersAskAboveMB === 'number' && { layersAskAbove: layersAskAboveMB * 1000 * 1000 }),
      ...(workspace !== undefined && { workspace }),
    };
  } catch (error) {
    return `${path}: ${(error as Error).message}`;
  }
}
