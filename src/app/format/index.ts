// Pure display formatters shared by berth's panes: no React, no I/O.
export { plainClusters, sanitizeLine, sanitizeText } from './sanitize.ts';
export { plainEmoji } from './emoji-forms.ts';
export { formatBinaryBytes, formatBytes, formatBytesPair, formatRate } from './bytes.ts';
export { humanDuration, formatRelative, nextRelativeChange, formatElapsed, formatClock } from './time.ts';
export { formatPorts } from './ports.ts';
export type { PortEntry } from './ports.ts';
export { shortId, containerName, containerImage, swarmServiceName, repoTags } from './ids.ts';
export { displayWidth, truncate, padEnd, padStart, fit, sanitizeTabbed } from './width.ts';
export type { Align } from './width.ts';
export { layoutColumns } from './columns.ts';
export type { ColumnSpec, ColumnWidth } from './columns.ts';
export { renderBar } from './progress-bar.ts';
export { plural } from './plural.ts';
