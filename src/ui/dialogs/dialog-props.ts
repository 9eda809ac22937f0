/** What every dialog component is given: its own state from the app store, and room to draw in. */
export interface DialogProps<S> {
  /** The overlay the dialog lives in (work run for it, e.g. a run's output, is found by it). */
  overlay: number;
  dialog: S;
  width: number;
  height: number;
}
