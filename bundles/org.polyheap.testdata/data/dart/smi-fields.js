// Smi values held by fields, read independently of Polyheap's parser: the Smi fields of the first
// `_GrowableList` objects (30 lines). Uses the shared tools' decode.js for the class table and
// references, and reads each _Smi record's IntData itself (ULEB128 of the machine word; the fixtures'
// VM is 32-bit, so a word >= 2^31 is negative). One line per field:
//   <object number (1-based, as the file)> <class> <field> <_Smi object number> <value>
// Run: node smi-fields.js FILE.dartheap.gz TOOLS/dart/decode.js > FILE.smi-fields.txt
const zlib = require('zlib'), fs = require('fs');
const [file, decoder] = process.argv.slice(2);
const g = require(decoder).decode(file);
let buf = fs.readFileSync(file);
if (file.endsWith('.gz')) buf = zlib.gunzipSync(buf);
let p = g.offsetObjects;
function uleb() { let r = 0, m = 1, b; do { b = buf[p++]; r += (b & 0x7f) * m; m *= 128; } while (b & 0x80); return r; }
const smi = new Map();
uleb(); const n = uleb(); // reference count, object count
for (let o = 1; o <= n; o++) {
  const cid = uleb(); uleb(); const tag = uleb();
  const cls = g.classes[cid];
  switch (tag) {
    case 0: case 1: break;
    case 2: case 7: uleb(); break;
    case 3: { // _Mint is SLEB128; skip it by its continuation bits alike
      if (cls.name === '_Smi') { const v = uleb(); smi.set(o, v >= 2 ** 31 ? v - 2 ** 32 : v); } else { while (buf[p++] & 0x80); }
      break;
    }
    case 4: p += 8; break;
    case 5: case 6: { uleb(); const units = uleb(); p += tag === 5 ? units : 2 * units; break; }
    case 8: { const len = uleb(); p += len; break; }
  }
  const rc = uleb();
  for (let i = 0; i < rc; i++) uleb();
}
let lines = 0;
for (let o = 1; o <= n && lines < 30; o++) {
  const cls = g.classes[g.cid[o]];
  if (cls.name !== '_GrowableList' || cls.libUri !== 'dart:core') continue;
  for (const f of cls.fields) {
    const t = g.refs[g.firstRef[o] + f.index];
    if (t && smi.has(t)) { console.log(`${o} ${cls.name} ${f.name} ${t} ${smi.get(t)}`); lines++; }
  }
}
