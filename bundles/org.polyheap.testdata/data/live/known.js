// A Node.js program whose heap the acquire tests know: 2,345 KnownGadget objects held by a global
// array, and a marker string. Prints "ready", then stays alive until its standard input closes.
class KnownGadget { constructor(i) { this.index = i; this.label = 'gadget-' + i; } }
globalThis.kept = [];
for (let i = 0; i < 2345; i++) kept.push(new KnownGadget(i));
globalThis.marker = ['polyheap', 'acquire', 'marker'].join('-');
console.log('ready');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
