// Two heap snapshots of one Node.js process, for comparison tests: between them the program adds
// 2,000 Session objects to a cache and lets 200 of its 500 earlier Sessions go.
const v8 = require('v8');
class Session { constructor(i) { this.id = i; this.name = 'session-' + i; } }
class Cache { constructor() { this.entries = new Map(); } }
const cache = new Cache();
const sessions = [];
for (let i = 0; i < 500; i++) sessions.push(new Session(i));
globalThis.app = { cache, sessions };
v8.writeHeapSnapshot(process.argv[2] || 'node-sessions-a.heapsnapshot');
for (let i = 0; i < 2000; i++) cache.entries.set(i, new Session(1000 + i));
sessions.splice(0, 200);
v8.writeHeapSnapshot(process.argv[3] || 'node-sessions-b.heapsnapshot');
