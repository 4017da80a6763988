package org.polyheap.parser.hprof;

/** Record and heap-dump sub-record tags, as HotSpot's heapDumper.cpp and Android's hprof writer use them. */
final class HprofTag {
    private HprofTag() { }

    // top-level records
    static final int UTF8 = 0x01;
    static final int LOAD_CLASS = 0x02;
    static final int UNLOAD_CLASS = 0x03;
    static final int STACK_FRAME = 0x04;
    static final int STACK_TRACE = 0x05;
    static final int ALLOC_SITES = 0x06;
    static final int HEAP_SUMMARY = 0x07;
    static final int START_THREAD = 0x0A;
    static final int END_THREAD = 0x0B;
    static final int HEAP_DUMP = 0x0C;
    static final int CPU_SAMPLES = 0x0D;
    static final int CONTROL_SETTINGS = 0x0E;
    static final int HEAP_DUMP_SEGMENT = 0x1C;
    static final int HEAP_DUMP_END = 0x2C;

    /** True for the tags of top-level records (HPROF 1.0.1–1.0.3; Android writes the same ones). */
    static boolean isTopLevel(int tag) {
        return (tag >= UTF8 && tag <= HEAP_SUMMARY) || (tag >= START_THREAD && tag <= CONTROL_SETTINGS)
                || tag == HEAP_DUMP_SEGMENT || tag == HEAP_DUMP_END;
    }

    // heap dump sub-records
    static final int ROOT_UNKNOWN = 0xFF;
    static final int ROOT_JNI_GLOBAL = 0x01;
    static final int ROOT_JNI_LOCAL = 0x02;
    static final int ROOT_JAVA_FRAME = 0x03;
    static final int ROOT_NATIVE_STACK = 0x04;
    static final int ROOT_STICKY_CLASS = 0x05;
    static final int ROOT_THREAD_BLOCK = 0x06;
    static final int ROOT_MONITOR_USED = 0x07;
    static final int ROOT_THREAD_OBJECT = 0x08;
    static final int CLASS_DUMP = 0x20;
    static final int INSTANCE_DUMP = 0x21;
    static final int OBJ_ARRAY_DUMP = 0x22;
    static final int PRIM_ARRAY_DUMP = 0x23;
    // Android extensions
    static final int HEAP_DUMP_INFO = 0xFE;
    static final int ROOT_INTERNED_STRING = 0x89;
    static final int ROOT_FINALIZING = 0x8A;
    static final int ROOT_DEBUGGER = 0x8B;
    static final int ROOT_REFERENCE_CLEANUP = 0x8C;
    static final int ROOT_VM_INTERNAL = 0x8D;
    static final int ROOT_JNI_MONITOR = 0x8E;
    static final int ROOT_UNREACHABLE = 0x90;
    static final int PRIM_ARRAY_NODATA = 0xC3;

    static boolean isKnownTopLevel(int tag) {
        return switch (tag) {
            case UTF8, LOAD_CLASS, UNLOAD_CLASS, STACK_FRAME, STACK_TRACE, ALLOC_SITES, HEAP_SUMMARY,
                 START_THREAD, END_THREAD, HEAP_DUMP, CPU_SAMPLES, CONTROL_SETTINGS, HEAP_DUMP_SEGMENT,
                 HEAP_DUMP_END -> true;
            default -> false;
        };
    }
}
