/**
 * The shapes of the user's custom actions (config.json `actions`, parsed by config.ts) and of the
 * settings they come with; types only. The UI context and the dialogs that run an action need
 * these shapes, while config.ts needs the pane registry (to name the pane that shows a kind),
 * and the panes need the UI context: kept in config.ts, the shapes closed that circle.
 */
import type { Template } from './template.ts';

/** What a custom action acts on: the selected container or image (the panes that show them are its scope). */
export type CustomKind = 'container' | 'image';

export interface CustomAction {
  name: string;
  /** The template as written (shown when asking first). */
  command: string;
  template: Template;
  where: 'host' | 'container';
  /** What it acts on: the selected row of the pane that shows these. */
  kind: CustomKind;
  /** Only containers with this label (and value, when given). */
  label?: { key: string; value?: string };
  key?: string;
  confirm: boolean;
  /** It gets the terminal until it ends (as `x` with the terminal on), instead of its output captured. */
  terminal: boolean;
}

/** The keymap action of a custom action: `custom:<name>`. */
export type CustomActionId = `custom:${string}`;

/** A custom action expanded for the selected thing, as the dialog that runs it gets it. */
export interface CustomRun {
  name: string;
  argv: readonly string[];
  where: 'host' | 'container';
  confirm: boolean;
  terminal: boolean;
  /** The container (or image) it acts on, how the list names it, and its image. */
  id: string;
  shown: string;
  image: string;
}

/** What config.json adds to what a key can do: the custom actions and the debug shell's image. */
export interface CustomSettings {
  actions: readonly CustomAction[];
  /** `debugImage`: the debug shell's tools image (busybox unless set). */
  debugImage: string;
}
