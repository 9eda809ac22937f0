import { useMemo } from 'react';
import type { IncidentOverlay } from '../../app/types.ts';
import { incidentCard, incidentWhat } from '../../app/rows/incident-rows.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useDerived, useKeymap } from '../runtime-context.tsx';

/** An incident's post-mortem card (the lines are app/rows/incident-rows.ts's, already sanitised). */
export function IncidentView({ overlay, width, height }: { overlay: IncidentOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const incident = useDerived((_s, ctx) => ctx.incidents.incidents.find((i) => i.seq === overlay.seq), [overlay.seq], Object.is);
  const lines = useMemo(() => (incident ? incidentCard(incident) : ['this incident is no longer kept']), [incident]);
  const title = incident ? `${sanitizeLine(incident.name)}: ${sanitizeLine(incidentWhat(incident))}` : 'incident';
  const hint = `${keymap.shortLabel('logs')} logs · ${keymap.label('inspect')} inspect · ${keymap.label('restart')} restart · ${keymap.label('acknowledge')} acknowledge · ${keymap.shortLabel('close')} back`;
  return <ScrollView title={`${title}  (${hint})`} lines={lines} top={overlay.top} width={width} height={height} search={overlay.search} />;
}
