/**
 * The index store: {@link org.polyheap.index.IndexBuilder} (the on-disk snapshot sink),
 * {@link org.polyheap.index.IndexedSnapshot} (the mapped heap graph plus analysis result groups) and
 * {@link org.polyheap.index.SnapshotStore} (reuse or atomic rebuild of a file's index folder).
 * Byte layout and folder lifecycle: docs/index-format.md.
 */
package org.polyheap.index;
