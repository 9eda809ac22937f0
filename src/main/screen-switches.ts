/**
 * Which screen a program in a container left the terminal on. berth hands a container its own
 * alternate screen, so the normal one keeps what was there before berth; a program that switches
 * screens itself (vim, less: `CSI ? 1049 h` … `l`) may end on the normal screen, and what it wrote
 * there afterwards has to be cleared before berth takes the terminal back.
 */
const SWITCH = /\u001b\[\?(?:1049|1047|47)([hl])/g;
/** Long enough to hold the start of a switch cut off at the end of a chunk. */
const TAIL = 8;

export class ScreenSwitches {
  /** True while the terminal shows the alternate screen. */
  onAlternate = true;
  private tail = '';

  /** Notes the switches in a chunk of the container's output. */
  see(chunk: Buffer): void {
    const text = this.tail + chunk.toString('latin1');
    SWITCH.lastIndex = 0;
    let match: RegExpExecArray | null;
    let end = 0;
    while ((match = SWITCH.exec(text)) !== null) {
      this.onAlternate = match[1] === 'h';
      end = SWITCH.lastIndex;
    }
    this.tail = text.slice(Math.max(end, text.length - TAIL));
  }
}
