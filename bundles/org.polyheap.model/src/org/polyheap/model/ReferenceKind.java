package org.polyheap.model;

/**
 * What kind of reference an edge of the object graph is. Stored in the index as {@link #code()},
 * so constants are only ever appended, never reordered or removed.
 */
public enum ReferenceKind {
    /** Java instance field, Dart field: a plain strong reference named by a field. */
    FIELD,
    /** Array slot; the reference name is the index. */
    ELEMENT,
    /** Java static field of a class. */
    STATIC,
    /** Java object to its class, class to super class, interfaces. */
    CLASS,
    /** Java class to its class loader, signers, protection domain. */
    LOADER,
    /** V8 named property. */
    PROPERTY,
    /** V8 closure context variable. */
    CONTEXT,
    /** V8 internal edge (engine-owned). */
    INTERNAL,
    /** V8 hidden edge. */
    HIDDEN,
    /** V8 shortcut edge (essential only from the root, per DevTools). */
    SHORTCUT,
    /** V8 weak edge, Dart weak reference target: never retains. */
    WEAK,
    /** java.lang.ref.SoftReference.referent. */
    SOFT,
    /** java.lang.ref.PhantomReference.referent. */
    PHANTOM,
    /** java.lang.ref.FinalReference.referent (finalizer queue). */
    FINAL,
    /** Ephemeron value (WeakMap entry value, Dart _WeakProperty value): kept only while the key lives. */
    EPHEMERON,
    /** Fuchsia conservative scan: a word pointing to the start of a block. */
    POINTER,
    /** Fuchsia conservative scan: a word pointing into the interior of a block. */
    INTERIOR_POINTER,
    /** Java weak referent (java.lang.ref.WeakReference.referent). */
    JAVA_WEAK,
    /** A reference whose kind the format does not say. */
    OTHER;

    private static final ReferenceKind[] BY_CODE = values();

    public int code() { return ordinal(); }

    public static ReferenceKind ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown reference kind code " + code);
        }
        return BY_CODE[code];
    }

    /** True for kinds that by every format's rules do not keep their target alive. */
    public boolean isWeakKind() {
        return switch (this) {
            case WEAK, SOFT, PHANTOM, FINAL, JAVA_WEAK -> true;
            default -> false;
        };
    }

    /** True when the edge's name is an index (array slot) rather than a string id. */
    public boolean isIndexed() { return this == ELEMENT; }
}
