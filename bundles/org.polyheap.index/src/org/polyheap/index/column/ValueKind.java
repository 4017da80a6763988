package org.polyheap.index.column;

/** What a 1:1 index holds; stored in its trailer so an int file is never read as a long one. */
public enum ValueKind {
    INT(1), LONG(2);

    final int code;

    ValueKind(int code) { this.code = code; }
}
