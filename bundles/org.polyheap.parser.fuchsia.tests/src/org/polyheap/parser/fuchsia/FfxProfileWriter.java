package org.polyheap.parser.fuchsia;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;

import com.google.protobuf.CodedOutputStream;

/**
 * Test-side encoder of heap profiles in the layout of the ffx heapdump writer (pprof.rs, as
 * described in research/formats-and-peers.md section 3): sample types objects/count and
 * allocated/bytes; with tags one sample per allocation with labels process_name, process_koid
 * (multi-process only), address "0x%x", bytes, timestamp, thread "name[koid]" in that order;
 * without tags samples merged by location-id list and sorted by it; mappings sorted by start with
 * lowercase-hex build ids; locations deduplicated per process, ids continuing across processes;
 * functions deduplicated by (name, file name); fields written in field-number order (prost).
 */
final class FfxProfileWriter {
    record Region(long start, long size, long fileOffset, String name, byte[] buildId) { }

    /** An allocation; {@code address} 0 = none; {@code stack} leaf first; {@code timestamp} null = none. */
    record Allocation(long address, long size, long[] stack, String thread, long threadKoid, Long timestamp) {
        static Allocation of(long address, long size, long... stack) {
            return new Allocation(address, size, stack, "main", 1234, 1_000_000L + address % 1000);
        }
    }

    record Process(String name, long koid, List<Region> regions, List<Allocation> allocations) { }

    private final Map<String, Integer> strings = new LinkedHashMap<>();
    /** Program address → function names of its frames, innermost (inlined) first; none = unsymbolized. */
    final Map<Long, String[]> symbols = new HashMap<>();

    FfxProfileWriter() { intern(""); }

    int intern(String s) { return strings.computeIfAbsent(s, k -> strings.size()); }

    byte[] write(List<Process> processes, boolean withTags, boolean multiProcess) throws IOException {
        var samples = new ByteArrayOutputStream();
        var mappings = new ByteArrayOutputStream();
        var locations = new ByteArrayOutputStream();
        var functions = new ByteArrayOutputStream();
        Map<String, Integer> functionIds = new LinkedHashMap<>();
        int nextMapping = 1, nextLocation = 1;
        for (Process proc : processes) {
            List<Region> regions = new ArrayList<>(proc.regions());
            regions.sort((a, b) -> Long.compare(a.start(), b.start()));
            int[] mappingIds = new int[regions.size()];
            for (int i = 0; i < regions.size(); i++) {
                Region r = regions.get(i);
                mappingIds[i] = nextMapping++;
                boolean symbolized = symbols.keySet().stream().anyMatch(a -> a >= r.start() && a < r.start() + r.size());
                message(mappings, 3, out -> {
                    out.writeUInt64(1, mappingIds[regions.indexOf(r)]);
                    out.writeUInt64(2, r.start());
                    out.writeUInt64(3, r.start() + r.size());
                    out.writeUInt64(4, r.fileOffset());
                    out.writeInt64(5, intern(r.name()));
                    out.writeInt64(6, intern(HexFormat.of().formatHex(r.buildId())));
                    if (symbolized) for (int f = 7; f <= 10; f++) out.writeBool(f, true);
                });
            }
            Map<Long, Integer> locationIds = new HashMap<>(); // per process, as the writer does
            List<long[]> stacksAsIds = new ArrayList<>();
            for (Allocation a : proc.allocations()) {
                long[] ids = new long[a.stack().length];
                for (int k = 0; k < ids.length; k++) {
                    long pc = a.stack()[k];
                    Integer id = locationIds.get(pc);
                    if (id == null) {
                        id = nextLocation++;
                        locationIds.put(pc, id);
                        int mapping = 0;
                        for (int i = 0; i < regions.size(); i++) {
                            Region r = regions.get(i);
                            if (pc >= r.start() && pc < r.start() + r.size()) mapping = mappingIds[i];
                        }
                        int locationId = id, mappingId = mapping;
                        String[] names = symbols.get(pc);
                        List<Integer> fnIds = new ArrayList<>();
                        if (names != null) {
                            for (String n : names) {
                                Integer fid = functionIds.get(n + "\0src.cc");
                                if (fid == null) {
                                    fid = functionIds.size() + 1;
                                    functionIds.put(n + "\0src.cc", fid);
                                    int fidFinal = fid;
                                    message(functions, 5, out -> {
                                        out.writeUInt64(1, fidFinal);
                                        out.writeInt64(2, intern(n));
                                        out.writeInt64(3, intern(n));
                                        out.writeInt64(4, intern("src.cc"));
                                    });
                                }
                                fnIds.add(fid);
                            }
                        }
                        message(locations, 4, out -> {
                            out.writeUInt64(1, locationId);
                            out.writeUInt64(2, mappingId);
                            out.writeUInt64(3, pc);
                            for (int fid : fnIds) {
                                out.writeTag(4, 2);
                                var line = new ByteArrayOutputStream();
                                var lo = CodedOutputStream.newInstance(line);
                                lo.writeUInt64(1, fid);
                                lo.writeInt64(2, 42);
                                lo.flush();
                                out.writeUInt32NoTag(line.size());
                                out.writeRawBytes(line.toByteArray());
                            }
                        });
                    }
                    ids[k] = id;
                }
                stacksAsIds.add(ids);
            }
            if (withTags) {
                for (int i = 0; i < proc.allocations().size(); i++) {
                    Allocation a = proc.allocations().get(i);
                    long[] ids = stacksAsIds.get(i);
                    message(samples, 2, out -> {
                        packed(out, 1, ids);
                        packed(out, 2, new long[] {1, a.size()});
                        if (multiProcess) {
                            label(out, "process_name", proc.name(), 0, null);
                            label(out, "process_koid", null, proc.koid(), null);
                        }
                        if (a.address() != 0) label(out, "address", "0x" + Long.toHexString(a.address()), 0, null);
                        label(out, "bytes", null, a.size(), "bytes");
                        if (a.timestamp() != null) label(out, "timestamp", null, a.timestamp(), "nanoseconds");
                        if (a.thread() != null) label(out, "thread", a.thread() + "[" + a.threadKoid() + "]", 0, null);
                    });
                }
            } else {
                Map<String, long[]> merged = new TreeMap<>(); // sorted by location-id list
                Map<String, long[]> keyIds = new HashMap<>();
                for (int i = 0; i < proc.allocations().size(); i++) {
                    long[] ids = stacksAsIds.get(i);
                    String key = Arrays.toString(ids);
                    keyIds.put(key, ids);
                    long[] v = merged.computeIfAbsent(key, k -> new long[2]);
                    v[0]++;
                    v[1] += proc.allocations().get(i).size();
                }
                for (var e : merged.entrySet()) {
                    message(samples, 2, out -> {
                        packed(out, 1, keyIds.get(e.getKey()));
                        packed(out, 2, e.getValue());
                        if (multiProcess) {
                            label(out, "process_name", proc.name(), 0, null);
                            label(out, "process_koid", null, proc.koid(), null);
                        }
                    });
                }
            }
        }
        var file = new ByteArrayOutputStream();
        var out = CodedOutputStream.newInstance(file);
        valueType(out, 1, "objects", "count");
        valueType(out, 1, "allocated", "bytes");
        out.writeRawBytes(samples.toByteArray());
        out.writeRawBytes(mappings.toByteArray());
        out.writeRawBytes(locations.toByteArray());
        out.writeRawBytes(functions.toByteArray());
        for (String s : new ArrayList<>(strings.keySet())) out.writeString(6, s);
        out.flush();
        return file.toByteArray();
    }

    /** A Go-style heap profile (runtime/pprof layout: period type first, string table last). */
    byte[] goHeapProfile(long[][] stacks, long[][] values, String[] functionNames) throws IOException {
        var file = new ByteArrayOutputStream();
        var out = CodedOutputStream.newInstance(file);
        out.writeInt64(9, 1_700_000_000_000_000_000L);
        valueType(out, 11, "space", "bytes");
        out.writeInt64(12, 524288);
        valueType(out, 1, "alloc_objects", "count");
        valueType(out, 1, "alloc_space", "bytes");
        valueType(out, 1, "inuse_objects", "count");
        valueType(out, 1, "inuse_space", "bytes");
        for (int s = 0; s < stacks.length; s++) {
            long[] st = stacks[s], v = values[s];
            message(file, out, 2, o -> { packed(o, 1, st); packed(o, 2, v); label(o, "bytes", null, v[1] / Math.max(1, v[0]), null); });
        }
        for (int f = 0; f < functionNames.length; f++) {
            int id = f + 1;
            message(file, out, 4, o -> {
                o.writeUInt64(1, id);
                o.writeUInt64(3, 0x401000 + id * 16L);
                o.writeTag(4, 2);
                o.writeUInt32NoTag(2);
                o.writeUInt64NoTag(8 | 0); // tag of Line.function_id, field 1 varint
                o.writeUInt64NoTag(id);
            });
            String name = functionNames[f];
            message(file, out, 5, o -> { o.writeUInt64(1, id); o.writeInt64(2, intern(name)); });
        }
        for (String s : new ArrayList<>(strings.keySet())) out.writeString(6, s);
        out.flush();
        return file.toByteArray();
    }

    // --- encoding helpers ----------------------------------------------------------------------------

    interface Body { void write(CodedOutputStream out) throws IOException; }

    private void valueType(CodedOutputStream out, int field, String type, String unit) throws IOException {
        int t = intern(type), u = intern(unit);
        var b = new ByteArrayOutputStream();
        var o = CodedOutputStream.newInstance(b);
        o.writeInt64(1, t);
        o.writeInt64(2, u);
        o.flush();
        out.writeByteArray(field, b.toByteArray());
    }

    private static void message(ByteArrayOutputStream target, int field, Body body) throws IOException {
        var b = new ByteArrayOutputStream();
        var o = CodedOutputStream.newInstance(b);
        body.write(o);
        o.flush();
        var t = CodedOutputStream.newInstance(target);
        t.writeByteArray(field, b.toByteArray());
        t.flush();
    }

    private static void message(ByteArrayOutputStream target, CodedOutputStream out, int field, Body body) throws IOException {
        out.flush();
        message(target, field, body);
    }

    private static void packed(CodedOutputStream out, int field, long[] values) throws IOException {
        int size = 0;
        for (long v : values) size += CodedOutputStream.computeUInt64SizeNoTag(v);
        out.writeTag(field, 2);
        out.writeUInt32NoTag(size);
        for (long v : values) out.writeUInt64NoTag(v);
    }

    private void label(CodedOutputStream out, String key, String str, long num, String unit) throws IOException {
        var b = new ByteArrayOutputStream();
        var o = CodedOutputStream.newInstance(b);
        o.writeInt64(1, intern(key));
        if (str != null) o.writeInt64(2, intern(str));
        else o.writeInt64(3, num);
        if (unit != null) o.writeInt64(4, intern(unit));
        o.flush();
        out.writeByteArray(3, b.toByteArray());
    }

    // --- files -------------------------------------------------------------------------------------

    static Path save(Path file, byte[] profile, boolean gzip) throws IOException {
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
            out.write(profile);
        }
        return file;
    }

    /** Block contents: little-endian 8-byte words. */
    static byte[] words(long... values) {
        var b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) b.putLong(v);
        return b.array();
    }

    /** Writes one contents file, named as ffx names it. */
    static void content(Path dir, long koid, long address, byte[] bytes) throws IOException {
        Files.createDirectories(dir);
        String name = (koid >= 0 ? koid + "-" : "") + "0x" + Long.toHexString(address);
        Files.write(dir.resolve(name), bytes);
    }
}
