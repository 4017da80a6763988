/** Reads V8 .heapsnapshot files (plain or gzip) into a SnapshotSink; see docs/formats/v8.md. */
package org.polyheap.parser.v8;
