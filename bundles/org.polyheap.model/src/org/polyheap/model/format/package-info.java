/**
 * What each snapshot format is, in one typed description that its parser writes and every reader
 * uses: {@link org.polyheap.model.format.SnapshotFormat} (the name stored in the index, the title,
 * how users write object ids) and format-specific encodings of the shared columns, such as
 * {@link org.polyheap.model.format.V8ObjectTypes} for V8's node types. A new format, node type or
 * packing is added here, and every reader that must handle it fails to compile until it does.
 */
package org.polyheap.model.format;
