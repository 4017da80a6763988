// The class table diff of two Dart snapshots of one process, read independently of Polyheap's parser
// (the shared tools' decode.js reads the files), and the external (native) sizes per class.
//
// Objects are matched by (class name, library URI, identity hash), one to one: hash 0 (none) and keys
// that occur more than once on either side are left out ("not matched"). Rows are per class name, as
// Polyheap's histogram and comparison have them (a name in two libraries is one row). One line per
// class name with objects on either side, tab-separated:
//   diff <name> <objects A> <objects B> <new> <removed> <kept> <new shallow> <removed shallow>
//        <kept shallow (B)> <not matched A> <not matched B>
// then per file and class name the summed external sizes of its objects:
//   external <A|B> <name> <bytes>
// then, for docs/analysis.md, what Dart DevTools' Diff would count: objects reachable from the root
// (BFS over non-zero references, not through _WeakProperty, _WeakReferenceImpl, FinalizerEntry), per
// (class name, library), one object per identity hash in a class (hash 0 objects collapse into one):
//   devtools <new> <released> <persisted> <of which hash 0: new> <released> <persisted>   (summed over classes)
// and Polyheap's one-to-one rule on those reachable objects ("live", compare --reachability strong).
// Run: node class-diff.js A.dartheap[.gz] B.dartheap[.gz] TOOLS/dart/decode.js > A-vs-B.class-diff.txt
const [fa, fb, decoder] = process.argv.slice(2);
const { decode } = require(decoder);
const a = decode(fa), b = decode(fb);
const cls = (g, o) => g.classes[g.cid[o]];
const key = (g, o) => `${cls(g, o).name}\u0000${cls(g, o).libUri}\u0000${g.hash[o]}`;

function keyCounts(g) {
  const m = new Map();
  for (let o = 1; o <= g.objectCount; o++) if (g.hash[o] !== 0) { const k = key(g, o); m.set(k, m.has(k) ? -1 : o); }
  return m; // key -> its only object, or -1 when several share it
}
const ka = keyCounts(a), kb = keyCounts(b);
const rows = new Map();
const row = (name) => { let r = rows.get(name); if (!r) rows.set(name, r = { A: 0, B: 0, nw: 0, rm: 0, kept: 0, nwS: 0, rmS: 0, keptS: 0, nmA: 0, nmB: 0 }); return r; };
for (let o = 1; o <= b.objectCount; o++) {
  const r = row(cls(b, o).name);
  r.B++;
  if (b.hash[o] === 0) { r.nmB++; continue; }
  const k = key(b, o), mine = kb.get(k), other = ka.get(k);
  if (mine === -1 || other === -1) r.nmB++;
  else if (other === undefined) { r.nw++; r.nwS += b.size[o]; }
  else { r.kept++; r.keptS += b.size[o]; }
}
for (let o = 1; o <= a.objectCount; o++) {
  const r = row(cls(a, o).name);
  r.A++;
  if (a.hash[o] === 0) { r.nmA++; continue; }
  const k = key(a, o), mine = ka.get(k), other = kb.get(k);
  if (mine === -1 || other === -1) r.nmA++;
  else if (other === undefined) { r.rm++; r.rmS += a.size[o]; }
}
for (const [name, r] of [...rows].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
  console.log(['diff', name, r.A, r.B, r.nw, r.rm, r.kept, r.nwS, r.rmS, r.keptS, r.nmA, r.nmB].join('\t'));
}
for (const [side, g] of [['A', a], ['B', b]]) {
  const ext = new Map();
  for (const e of g.externalProps) { const n = cls(g, e.oid).name; ext.set(n, (ext.get(n) || 0) + e.size); }
  for (const [n, bytes] of [...ext].sort()) console.log(['external', side, n, bytes].join('\t'));
}
// DevTools' rule, for the documentation only.
const WEAK = new Set(['_WeakProperty', '_WeakReferenceImpl', 'FinalizerEntry']);
function reachable(g) {
  const seen = new Uint8Array(g.objectCount + 1), queue = [1];
  seen[1] = 1;
  for (let h = 0; h < queue.length; h++) {
    const o = queue[h];
    if (WEAK.has(cls(g, o).name)) continue;
    for (let i = g.firstRef[o]; i < g.firstRef[o + 1]; i++) {
      const t = g.refs[i];
      if (t !== 0 && !seen[t]) { seen[t] = 1; queue.push(t); }
    }
  }
  return seen;
}
function devtoolsSets(g) {
  const seen = reachable(g), m = new Map();
  for (let o = 2; o <= g.objectCount; o++) {
    if (!seen[o]) continue;
    const c = `${cls(g, o).name}\u0000${cls(g, o).libUri}`;
    if (!m.has(c)) m.set(c, new Set());
    m.get(c).add(g.hash[o]);
  }
  return m;
}
const da = devtoolsSets(a), db = devtoolsSets(b);
const n = { created: 0, deleted: 0, persisted: 0, created0: 0, deleted0: 0, persisted0: 0 };
for (const c of new Set([...da.keys(), ...db.keys()])) {
  const x = da.get(c) || new Set(), y = db.get(c) || new Set();
  for (const h of y) if (x.has(h)) { n.persisted++; if (h === 0) n.persisted0++; } else { n.created++; if (h === 0) n.created0++; }
  for (const h of x) if (!y.has(h)) { n.deleted++; if (h === 0) n.deleted0++; }
}
// the hash-0 "instances" (one per class that has objects without a hash) are counted apart
console.log(['devtools', n.created, n.deleted, n.persisted, n.created0, n.deleted0, n.persisted0].join('\t'));
// Polyheap's one-to-one rule on the objects DevTools counts (reachable as above):
//   live <new> <removed> <kept> <not matched A> <not matched B>
function liveMatch() {
  const ra = reachable(a), rb = reachable(b);
  const keys = (g, r) => {
    const m = new Map();
    for (let o = 1; o <= g.objectCount; o++) if (r[o] && g.hash[o] !== 0) { const k = key(g, o); m.set(k, m.has(k) ? -1 : o); }
    return m;
  };
  const la = keys(a, ra), lb = keys(b, rb);
  const t = { nw: 0, rm: 0, kept: 0, nmA: 0, nmB: 0 };
  for (let o = 1; o <= b.objectCount; o++) {
    if (!rb[o]) continue;
    if (b.hash[o] === 0) { t.nmB++; continue; }
    const k = key(b, o), mine = lb.get(k), other = la.get(k);
    if (mine === -1 || other === -1) t.nmB++; else if (other === undefined) t.nw++; else t.kept++;
  }
  for (let o = 1; o <= a.objectCount; o++) {
    if (!ra[o]) continue;
    if (a.hash[o] === 0) { t.nmA++; continue; }
    const k = key(a, o), mine = la.get(k), other = lb.get(k);
    if (mine === -1 || other === -1) t.nmA++; else if (other === undefined) t.rm++;
  }
  console.log(['live', t.nw, t.rm, t.kept, t.nmA, t.nmB].join('\t'));
}
liveMatch();
