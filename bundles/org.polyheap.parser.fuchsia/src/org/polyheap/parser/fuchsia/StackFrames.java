package org.polyheap.parser.fuchsia;

/**
 * Names the frames of a profile's stacks and picks each sample's allocation site. A symbolized
 * location gives one frame per {@code line} (inlined frames, innermost first) named by its
 * function; an unsymbolized one gives {@code module+0xoffset}, with the module the mapping's file
 * name (or its build id when the name is empty) and the offset {@code address - start + file_offset},
 * as pprof computes it; an address in no mapping is shown as {@code 0x<address>}. Names are built
 * once per location. Not thread-safe.
 */
final class StackFrames {
    /** An allocation site: display name and the module of its first frame ("" when unknown). */
    record Site(String name, String module) { }

    private final Profile p;
    private final String[][] names;
    private final String[] modules;
    private final boolean[][] allocator;

    StackFrames(Profile profile) {
        this.p = profile;
        int n = profile.locationId.size();
        names = new String[n][];
        modules = new String[n];
        allocator = new boolean[n][];
    }

    /** Frames of location row {@code loc}, innermost first. */
    String[] frames(int loc) {
        if (names[loc] == null) build(loc);
        return names[loc];
    }

    /**
     * The site of sample {@code s}: its first {@code depth} frames outside the allocator, joined by
     * " <- " (caller last). When every frame is an allocator frame the leaf frames are used as they are.
     */
    Site site(int s, int depth) {
        var name = new StringBuilder();
        String module = null;
        int taken = 0;
        boolean skipping = true;
        int from = p.sampleLocStart.getInt(s), to = p.sampleLocStart.getInt(s + 1);
        for (int pass = 0; pass < 2 && taken == 0; pass++) {
            for (int k = from; k < to && taken < depth; k++) {
                int loc = p.locationIndex.get(p.sampleLocIds.getInt(k));
                String[] f = frames(loc);
                for (int i = 0; i < f.length && taken < depth; i++) {
                    if (skipping && pass == 0 && allocator[loc][i]) continue;
                    skipping = false;
                    if (taken++ > 0) name.append(" <- ");
                    name.append(f[i]);
                    if (module == null) module = modules[loc];
                }
            }
        }
        return taken == 0 ? new Site("(no stack)", "") : new Site(name.toString(), module);
    }

    private void build(int loc) {
        int mapRow = p.mappingIndex.get(p.locationMapping.getInt(loc));
        String module = mapRow < 0 ? "" : moduleName(mapRow);
        modules[loc] = module;
        int lineFrom = p.locationLineStart.getInt(loc), lineTo = p.locationLineStart.getInt(loc + 1);
        long address = p.locationAddress.getLong(loc);
        boolean named = false;
        if (lineTo > lineFrom) {
            String[] f = new String[lineTo - lineFrom];
            boolean[] a = new boolean[f.length];
            for (int k = lineFrom; k < lineTo; k++) {
                int fn = p.functionIndex.get(p.lineFunction.getInt(k));
                String n = p.string(p.functionName.getInt(fn));
                if (n.isEmpty()) n = p.string(p.functionSystemName.getInt(fn));
                if (n.isEmpty()) n = raw(mapRow, module, address);
                else named = true;
                f[k - lineFrom] = n;
                a[k - lineFrom] = AllocatorFrames.isAllocatorFunction(n);
            }
            if (named) {
                names[loc] = f;
                allocator[loc] = a;
                return;
            }
        }
        names[loc] = new String[] {raw(mapRow, module, address)};
        allocator[loc] = new boolean[] {AllocatorFrames.isAllocatorModule(module)};
    }

    private String raw(int mapRow, String module, long address) {
        if (mapRow < 0) return "0x" + Long.toHexString(address);
        long offset = address - p.mappingStart.getLong(mapRow) + p.mappingFileOffset.getLong(mapRow);
        return (module.isEmpty() ? "0x" + Long.toHexString(p.mappingStart.getLong(mapRow)) : module)
                + "+0x" + Long.toHexString(offset);
    }

    /** The mapping's file name without directories, or its build id when the name is empty. */
    private String moduleName(int mapRow) {
        String name = p.string(p.mappingFilename.getInt(mapRow));
        int slash = name.lastIndexOf('/');
        if (slash >= 0) name = name.substring(slash + 1);
        return name.isEmpty() ? p.string(p.mappingBuildId.getInt(mapRow)) : name;
    }
}
