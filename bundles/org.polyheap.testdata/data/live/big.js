// A Node.js program with a heap of about 200 MB (1.5 million BigItem objects, each with a string and
// an object of its own): its snapshot is about 400 MB of JSON, for the streaming-memory test.
// Prints "ready" once built, then stays alive until its standard input closes.
class BigItem { constructor(i) { this.i = i; this.s = 'item-' + i; this.o = { n: i }; } }
globalThis.kept = [];
for (let i = 0; i < 1_500_000; i++) kept.push(new BigItem(i));
console.log('ready', Math.round(process.memoryUsage().heapUsed / 1048576), 'MB');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
