import { useEffect, useState } from 'react';
import { PathNumber, PathSelect, type Choice } from '../components/PathFields';
import { attempt } from '../files/failures';
import { useServices } from '../services';

const REPLICATION: Choice[] = [
  { value: 'metro', label: 'VPLEX Metro (synchronous, <= 5 ms RTT)' },
  { value: 'geo', label: 'VPLEX Geo (asynchronous, <= 50 ms RTT)' },
];

/** The X-Brick models the core knows, for the model picker. */
function useXBrickChoices(): Choice[] {
  const { core, store } = useServices();
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    let current = true;
    attempt(store, 'Listing the X-Brick models', async () => {
      const catalog = await core.call('catalog/x-bricks', {});
      if (current) setChoices(catalog.models.map((m) => ({ value: m.id, label: m.name })));
    });
    return () => {
      current = false;
    };
  }, [core, store]);
  return choices;
}

/** XtremIO arrays behind VPLEX Metro: both sites are alike. */
export function XtremioVplexEditor({ base }: { base: string }) {
  const models = useXBrickChoices();
  const storage = `${base}.storage`;
  return (
    <section className="panel" aria-label="XtremIO and VPLEX">
      <h2>XtremIO + VPLEX (each site)</h2>
      <div className="fields">
        <PathSelect path={`${storage}.x_brick_model`} label="X-Brick model" choices={models} />
        <PathNumber path={`${storage}.x_bricks_per_site`} label="X-Bricks per site" />
        <PathSelect
          path={`${storage}.vplex_engines`}
          label="VPLEX engines per site"
          choices={[1, 2, 4].map((n) => ({ value: String(n), label: String(n) }))}
          parse={Number}
        />
        <PathSelect path={`${storage}.replication`} label="Replication" choices={REPLICATION} />
        <PathNumber
          path={`${storage}.vplex_read_cache_hit_pct`}
          label="VPLEX read-cache hits"
          unit="%"
        />
        <PathNumber path={`${base}.topology.inter_site_rtt_ms`} label="Inter-site RTT" unit="ms" />
      </div>
    </section>
  );
}
