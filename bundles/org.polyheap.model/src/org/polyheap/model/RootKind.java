package org.polyheap.model;

/**
 * Why an object is a GC root. Stored in the index as {@link #code()}: append only.
 */
public enum RootKind {
    UNKNOWN("Unknown"),
    SYSTEM_CLASS("System class"),
    THREAD_OBJECT("Thread"),
    JNI_GLOBAL("JNI global"),
    JNI_LOCAL("JNI local"),
    JAVA_FRAME("Java local"),
    NATIVE_STACK("Native stack"),
    STICKY_CLASS("Sticky class"),
    THREAD_BLOCK("Thread block"),
    MONITOR_USED("Busy monitor"),
    // Android's HPROF extensions
    INTERNED_STRING("Interned string"),
    FINALIZING("Finalizing"),
    DEBUGGER("Debugger"),
    REFERENCE_CLEANUP("Reference cleanup"),
    VM_INTERNAL("VM internal"),
    JNI_MONITOR("JNI monitor"),
    UNREACHABLE_ANDROID("Unreachable (Android)"),
    // V8: the synthetic root node, and what DevTools shows below it
    V8_SYNTHETIC_ROOT("(root)"),
    // Dart: object 1, the root of the snapshot
    DART_ROOT("Dart root"),
    // Fuchsia conservative model
    NO_INCOMING("No incoming pointer"),
    CYCLE_REPRESENTATIVE("Cycle representative");

    private static final RootKind[] BY_CODE = values();
    private final String label;

    RootKind(String label) { this.label = label; }

    /** What users see, in MAT's words where MAT has a word for it. */
    public String label() { return label; }

    public int code() { return ordinal(); }

    public static RootKind ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown root kind code " + code);
        }
        return BY_CODE[code];
    }
}
