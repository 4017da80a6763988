// Every node's Distance as DevTools' own heap_snapshot_worker computes it (the Summary's "Distance"
// column): one line per node ordinal, the distance, or -5 (DevTools' "no distance") for a node the
// breadth-first walks do not reach. Run from a copy of v8-devtools-reference after its run.sh has
// built devtools-heap.mjs:  node devtools-distances.mjs FILE.heapsnapshot | gzip -9 > X.devtools-distances.txt.gz
import fs from 'node:fs';
import {HeapSnapshotLoader, SecondaryInitManager} from './devtools-heap.mjs';
const file = process.argv[2];
const loader = new HeapSnapshotLoader(undefined);
await new Promise((res, rej) => {
  const s = fs.createReadStream(file, {encoding: 'utf8', highWaterMark: 8 << 20});
  s.on('data', c => loader.write(c)); s.on('end', res); s.on('error', rej);
});
loader.close();
const ch = new MessageChannel();
new SecondaryInitManager(ch.port2);
const snap = await loader.buildSnapshot(ch.port1);
ch.port1.close(); ch.port2.close();
const d = snap.nodeDistances;
const out = [];
for (let i = 0; i < snap.nodeCount; i++) out.push(String(d[i]));
process.stdout.write(out.join('\n') + '\n');
