// Per-class table from DevTools' own heap_snapshot_worker: for every class key (DevTools Summary
// grouping): class name, location key, all-node count and raw self-size sum, and the Summary's
// count/self (nodes with non-zero DevTools self size).
import fs from 'node:fs';
import {HeapSnapshotLoader, JSHeapSnapshot, SecondaryInitManager} from './devtools-heap.mjs';
const file = process.argv[2];
let raw = null;
const orig = JSHeapSnapshot.prototype.initialize;
JSHeapSnapshot.prototype.initialize = function(port) {
  const meta = this.profile.snapshot.meta;
  const nfc = meta.node_fields.length, so = meta.node_fields.indexOf('self_size');
  const n = this.profile.nodes.length / nfc;
  raw = new Float64Array(n);
  for (let i = 0; i < n; i++) raw[i] = this.profile.nodes.getValue(i * nfc + so);
  return orig.call(this, port);
};
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
const m = new Map();
const node = snap.createNode(0);
for (let i = 0; i < snap.nodeCount; i++) {
  node.nodeIndex = i * snap.nodeFieldCount;
  const k = node.classKeyInternal();
  let a = m.get(k);
  if (!a) {
    const key = typeof k === 'string' ? k.split(',').slice(0, 3).join(',') : '';
    a = {name: node.className(), location: key, count: 0, rawSelf: 0, summaryCount: 0, summarySelf: 0};
    m.set(k, a);
  }
  a.count++; a.rawSelf += raw[i];
  const s = node.selfSize();
  if (s) { a.summaryCount++; a.summarySelf += s; }
}
const classes = [...m.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
console.log(JSON.stringify({tool: 'chrome-devtools-frontend heap_snapshot_worker (classKeyInternal, className)', file: file.split('/').pop(), nodeCount: snap.nodeCount, classes}));
