package org.polyheap.parser.fuchsia;

import java.util.List;

import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Process;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Region;

/** The address-space layout the tests share: libc.so (the allocator) and an executable "example". */
final class ExampleProcess {
    private ExampleProcess() { }

    static final long LIBC = 0x7f00_0000_0000L, APP = 0x5a00_0000_0000L, APP_FILE_OFFSET = 0x1000;
    static final long MALLOC_PC = LIBC + 0x1234, NEW_PC = APP + 0x0800;
    static final long MAKE_PC = APP + 0x2000, BUILD_PC = APP + 0x3000, MAIN_PC = APP + 0x4000;
    /** Blocks live above 4 GiB, as in a 64-bit process. */
    static final long HEAP = 0x3a00_0000_0000L;

    static List<Region> regions() {
        return List.of(
                new Region(APP, 0x20000, APP_FILE_OFFSET, "example", new byte[] {0x11, 0x22, 0x33, 0x44, (byte) 0xab}),
                new Region(LIBC, 0x10000, 0, "libc.so", new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef}));
    }

    static Process process(String name, long koid, Allocation... allocations) {
        return new Process(name, koid, regions(), List.of(allocations));
    }

    /** The usual stack of a C allocation: malloc in libc, then the caller, then main. */
    static long[] viaMalloc(long caller) { return new long[] {MALLOC_PC, caller, MAIN_PC}; }
}
