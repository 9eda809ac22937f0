import { useEffect, useState } from 'react';
import { describeError } from '../../engine/errors.ts';
import { sanitizeText } from '../format/index.ts';
import { keyLabel } from '../keys/keymap.ts';
import { useServices } from '../services.tsx';
import { ScrollView } from '../widgets/scroll-view.tsx';

interface Props {
  target: 'container' | 'image';
  id: string;
  title: string;
  width: number;
  height: number;
  onClose: () => void;
}

/** Pretty JSON of one container or image, fetched when opened (details only for what is on screen). */
export function InspectView({ target, id, title, width, height, onClose }: Props) {
  const { client } = useServices();
  const [lines, setLines] = useState<string[]>(['loading…']);
  useEffect(() => {
    const abort = new AbortController();
    const load = target === 'container' ? client.inspectContainer(id, abort.signal) : client.inspectImage(id, abort.signal);
    load.then(
      (value) => setLines(sanitizeText(JSON.stringify(value, null, 2)).split('\n')),
      (error: unknown) => {
        if (!abort.signal.aborted) setLines([`error: ${sanitizeText(describeError(error))}`]);
      },
    );
    return () => abort.abort();
  }, [client, target, id]);
  return <ScrollView title={`inspect ${title} (${keyLabel('close')} closes)`} lines={lines} width={width} height={height} context="inspect" onClose={onClose} />;
}
