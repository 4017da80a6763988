package org.polyheap.model;

/**
 * One GC root entry. An object may be a root several times (for example a Java local in two frames).
 *
 * @param object  object id of the root
 * @param kind    why it is a root
 * @param context object id of the owning thread (Java locals, thread blocks), or -1
 * @param detail  format-specific detail: the stack frame depth for Java locals, else -1
 */
public record GcRoot(int object, RootKind kind, int context, int detail) {
}
