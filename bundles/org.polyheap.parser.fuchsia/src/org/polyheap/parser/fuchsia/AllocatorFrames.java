package org.polyheap.parser.fuchsia;

import java.util.List;
import java.util.Set;

/**
 * The frames of the allocator itself, skipped when naming an allocation site so that a site is the
 * code that asked for memory, not {@code malloc}. Symbolized frames match by function name;
 * unsymbolized frames by module: only {@code libc.so}, where Fuchsia's allocator (Scudo) lives.
 * The full list is in docs/formats/fuchsia.md. Immutable; thread-safe.
 */
final class AllocatorFrames {
    private AllocatorFrames() { }

    private static final Set<String> FUNCTIONS = Set.of(
            "malloc", "calloc", "realloc", "reallocarray", "aligned_alloc", "posix_memalign", "memalign",
            "valloc", "pvalloc", "__libc_malloc", "__libc_calloc", "__libc_realloc",
            "__rust_alloc", "__rust_alloc_zeroed", "__rust_realloc", "__rdl_alloc", "__rdl_alloc_zeroed",
            "__rdl_realloc", "__rg_alloc", "__rg_alloc_zeroed", "__rg_realloc",
            "runtime.mallocgc", "runtime.newobject", "runtime.newarray", "runtime.makeslice",
            "runtime.growslice", "runtime.makemap");

    private static final List<String> PREFIXES = List.of(
            "operator new", "_Znw", "_Zna",               // C++ operator new / new[] (demangled or mangled)
            "scudo::", "__scudo_",                        // Fuchsia's allocator and its hooks
            "std::__2::__libcpp_allocate", "std::__2::__libcpp_operator_new",
            "alloc::alloc::");                            // Rust's global-allocator shims

    private static final Set<String> MODULES = Set.of("libc.so");

    static boolean isAllocatorFunction(String name) {
        if (FUNCTIONS.contains(name)) return true;
        for (String p : PREFIXES) if (name.startsWith(p)) return true;
        return false;
    }

    static boolean isAllocatorModule(String module) { return MODULES.contains(module); }
}
