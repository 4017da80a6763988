/** Paged, bit-packed 1:1 and 1:N index files: writers and memory-mapped readers. Layout in docs/index-format.md. */
package org.polyheap.index.column;
