/** The small binary tables of an index folder: classes, strings, GC roots, metadata. Internal. */
package org.polyheap.index.table;
