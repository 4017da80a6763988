import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.google.protobuf.CodedOutputStream;

/**
 * Writes a synthetic ffx heapdump for the importer benchmark: a tagged profile of N allocations in
 * the ffx writer's layout (samples, then mappings, locations, string table) and a contents folder
 * with one file per block. Block sizes are 16..2032 bytes (mean about 1 KiB); one word in 16 is a
 * pointer, mostly to one of the next thousand blocks, sometimes anywhere, one in ten interior.
 *
 *   java -cp protobuf-java.jar HeapdumpGenerator.java OUT.pb CONTENTS_DIR [N] [SEED]
 */
public class HeapdumpGenerator {
    static final long HEAP = 0x3a00_0000_0000L, APP = 0x5a00_0000_0000L, LIBC = 0x7f00_0000_0000L;

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]), contents = Path.of(args[1]);
        int n = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        var rng = new SplittableRandom(args.length > 3 ? Long.parseLong(args[3]) : 42);
        long[] address = new long[n], size = new long[n];
        long next = HEAP;
        for (int i = 0; i < n; i++) {
            size[i] = 16 + 16L * rng.nextInt(127);
            address[i] = next;
            next += size[i] + 16;
        }
        // 500 allocation sites, stacks of 3..12 frames: malloc in libc, then code in the executable.
        long[][] stacks = new long[500][];
        for (int s = 0; s < stacks.length; s++) {
            stacks[s] = new long[3 + rng.nextInt(10)];
            stacks[s][0] = LIBC + 0x1234;
            for (int k = 1; k < stacks[s].length; k++) stacks[s][k] = APP + 0x1000 + 4L * rng.nextInt(20_000);
        }
        Map<String, Integer> strings = new LinkedHashMap<>();
        strings.put("", 0);
        Map<Long, Integer> locations = new LinkedHashMap<>();
        Files.createDirectories(contents);
        long contentBytes = 0;
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            var o = CodedOutputStream.newInstance(file, 1 << 16);
            valueType(o, strings, "objects", "count");
            valueType(o, strings, "allocated", "bytes");
            ByteBuffer words = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < n; i++) {
                long[] stack = stacks[rng.nextInt(stacks.length)];
                long[] ids = new long[stack.length];
                for (int k = 0; k < ids.length; k++) ids[k] = locations.computeIfAbsent(stack[k], pc -> locations.size() + 1);
                var sample = new java.io.ByteArrayOutputStream(128);
                var so = CodedOutputStream.newInstance(sample);
                packed(so, 1, ids);
                packed(so, 2, new long[] {1, size[i]});
                label(so, strings, "address", "0x" + Long.toHexString(address[i]), 0, null);
                label(so, strings, "bytes", null, size[i], "bytes");
                label(so, strings, "timestamp", null, 1_000_000_000L + i, "nanoseconds");
                label(so, strings, "thread", "worker-" + (i % 8) + "[" + (5000 + i % 8) + "]", 0, null);
                so.flush();
                o.writeByteArray(2, sample.toByteArray());

                words.clear();
                for (int w = 0; w < size[i] / 8; w++) {
                    long v;
                    if (rng.nextInt(16) == 0 && n > 1) {
                        int target = rng.nextInt(10) == 0 || i + 1 >= n ? rng.nextInt(n) : i + 1 + rng.nextInt(Math.min(1000, n - i - 1));
                        v = address[target] + (rng.nextInt(10) == 0 ? 8 * rng.nextInt((int) (size[target] / 8)) : 0);
                    } else {
                        v = rng.nextInt(4) == 0 ? rng.nextLong() : rng.nextInt(1 << 20);
                    }
                    words.putLong(v);
                }
                Files.write(contents.resolve("0x" + Long.toHexString(address[i])), java.util.Arrays.copyOf(words.array(), words.position()));
                contentBytes += words.position();
            }
            // mappings: the executable and libc.so, sorted by start
            mapping(o, strings, 1, APP, APP + 0x100000, 0, "example", "1122334411223344");
            mapping(o, strings, 2, LIBC, LIBC + 0x100000, 0, "libc.so", "deadbeef");
            for (var e : locations.entrySet()) {
                long pc = e.getKey();
                var lb = new java.io.ByteArrayOutputStream(32);
                var lo = CodedOutputStream.newInstance(lb);
                lo.writeUInt64(1, e.getValue());
                lo.writeUInt64(2, pc >= LIBC ? 2 : 1);
                lo.writeUInt64(3, pc);
                lo.flush();
                o.writeByteArray(4, lb.toByteArray());
            }
            for (String s : new ArrayList<>(strings.keySet())) o.writeString(6, s);
            o.flush();
        }
        System.out.printf("%d allocations, profile %d bytes, contents %d bytes%n", n, Files.size(out), contentBytes);
    }

    static int intern(Map<String, Integer> strings, String s) { return strings.computeIfAbsent(s, k -> strings.size()); }

    static void valueType(CodedOutputStream o, Map<String, Integer> strings, String type, String unit) throws IOException {
        var b = new java.io.ByteArrayOutputStream();
        var v = CodedOutputStream.newInstance(b);
        v.writeInt64(1, intern(strings, type));
        v.writeInt64(2, intern(strings, unit));
        v.flush();
        o.writeByteArray(1, b.toByteArray());
    }

    static void mapping(CodedOutputStream o, Map<String, Integer> strings, int id, long start, long limit, long offset,
            String name, String buildId) throws IOException {
        var b = new java.io.ByteArrayOutputStream();
        var m = CodedOutputStream.newInstance(b);
        m.writeUInt64(1, id);
        m.writeUInt64(2, start);
        m.writeUInt64(3, limit);
        m.writeUInt64(4, offset);
        m.writeInt64(5, intern(strings, name));
        m.writeInt64(6, intern(strings, buildId));
        m.flush();
        o.writeByteArray(3, b.toByteArray());
    }

    static void packed(CodedOutputStream o, int field, long[] values) throws IOException {
        int size = 0;
        for (long v : values) size += CodedOutputStream.computeUInt64SizeNoTag(v);
        o.writeTag(field, 2);
        o.writeUInt32NoTag(size);
        for (long v : values) o.writeUInt64NoTag(v);
    }

    static void label(CodedOutputStream o, Map<String, Integer> strings, String key, String str, long num, String unit)
            throws IOException {
        var b = new java.io.ByteArrayOutputStream();
        var l = CodedOutputStream.newInstance(b);
        l.writeInt64(1, intern(strings, key));
        if (str != null) l.writeInt64(2, intern(strings, str));
        else l.writeInt64(3, num);
        if (unit != null) l.writeInt64(4, intern(strings, unit));
        l.flush();
        o.writeByteArray(3, b.toByteArray());
    }
}
