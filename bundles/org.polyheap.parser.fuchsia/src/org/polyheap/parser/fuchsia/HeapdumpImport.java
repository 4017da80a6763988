package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.ObjectSizes;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * Turns one decoded profile into a snapshot: picks the process and the value columns, adds one
 * object per sample (class = allocation site), then, with a contents folder, the conservative-scan
 * references and roots; without one, every block is a root. One use per parse; not thread-safe.
 */
final class HeapdumpImport {
    static final int MAX_WARNINGS = 20;

    private final Path file;
    private final Profile p;
    private final ParseOptions options;
    private final SnapshotSink sink;
    private final Progress progress;
    private int warnings;
    private int suppressed;

    HeapdumpImport(Path file, Profile profile, ParseOptions options, SnapshotSink sink, Progress progress) {
        this.file = file;
        this.p = profile;
        this.options = options;
        this.sink = sink;
        this.progress = progress;
    }

    void run() throws IOException, SnapshotFormatException {
        importProfile();
        if (suppressed > 0) sink.warning(suppressed + " more warning(s) were not listed");
    }

    private void importProfile() throws IOException, SnapshotFormatException {
        var columns = SampleColumns.of(p, options.get("sampleType", null), file);
        var process = ProcessChoice.of(file, p, columns.size(), options.get(FuchsiaHeapdumpParser.PROCESS, null));
        int siteFrames = positive(FuchsiaHeapdumpParser.SITE_FRAMES, 1);
        sink.format(SnapshotFormat.FUCHSIA);
        sink.fact("profileKind", columns.ffx() ? (hasKey("address") ? "ffx heapdump, one sample per allocation"
                : "ffx heapdump, merged samples") : "pprof profile");
        sink.fact("sampleTypes", columns.describeAll(p));
        sink.fact("sizeValue", columns.describe(p, columns.size()));
        if (columns.count() >= 0) sink.fact("countValue", columns.describe(p, columns.count()));
        sink.fact("symbolized", p.lineFunction.isEmpty() ? "no" : "yes");
        sink.fact("siteFrames", Integer.toString(siteFrames));
        if (process.multiProcess()) {
            var chosen = process.chosen();
            sink.fact("process", chosen.name() + "[" + chosen.koid() + "]");
            sink.fact("processes", Integer.toString(process.processes().size()));
            if (process.processes().size() > 1 && options.get(FuchsiaHeapdumpParser.PROCESS, null) == null) {
                warn("this profile holds " + process.processes().size() + " processes; showing the one with the most bytes, "
                        + chosen.name() + "[" + chosen.koid() + "] (choose another with the option process=<koid>): "
                        + String.join("; ", process.processes().stream().map(ProfileProcess::describe).toList()));
            }
        }

        // Objects: one per sample of the chosen process.
        progress.phase("Adding allocations", p.sampleCount());
        int addressKey = p.findString("address"), koidKey = p.findString("process_koid");
        var frames = new StackFrames(p);
        var classes = new Object2IntOpenHashMap<String>();
        classes.defaultReturnValue(-1);
        var withAddress = new IntArrayList();
        var addresses = new LongArrayList();
        var sizes = new LongArrayList();
        int objects = 0, badAddresses = 0;
        long totalBytes = 0;
        for (int s = 0; s < p.sampleCount(); s++) {
            if ((s & 0xffff) == 0) { progress.checkCanceled(); progress.worked(s == 0 ? 0 : 0x10000); }
            if (!process.includes(p, s, koidKey)) continue;
            var site = frames.site(s, siteFrames);
            int classId = classes.getInt(site.name());
            if (classId < 0) {
                classId = sink.addClass(new ClassInfo(site.name(), -1, -1, -1, site.module(), -1, List.of()));
                classes.put(site.name(), classId);
            }
            long size = Math.max(0, p.value(s, columns.size()));
            String sizeProblem = ObjectSizes.problem(size, totalBytes);
            if (sizeProblem != null) throw new SnapshotFormatException(file, p.sampleOffset.getLong(s), "sample size: " + sizeProblem);
            long count = columns.count() >= 0 ? p.value(s, columns.count()) : 1;
            long address = 0;
            int l = addressKey > 0 ? p.label(s, addressKey) : -1;
            if (l >= 0) {
                address = parseAddress(p.string(p.labelStr.getInt(l)));
                if (address == 0) badAddresses++;
            }
            int label = count != 1 ? sink.addString(count + " allocations") : -1;
            int id = sink.addObject(classId, size, address, p.sampleOffset.getLong(s), label);
            if (address != 0) {
                withAddress.add(id);
                addresses.add(address);
                sizes.add(size);
            }
            totalBytes += size;
            objects++;
        }
        if (badAddresses > 0) warn(badAddresses + " address label(s) are not 0x<hex> and were ignored");
        sink.fact("allocations", Integer.toString(objects));
        sink.fact("allocatedBytes", Long.toString(totalBytes));
        sink.fact("allocationSites", Integer.toString(classes.size()));

        Path contents = withAddress.isEmpty() ? null : contentsFolder();
        if (contents == null) {
            String why = withAddress.isEmpty() ? "the profile has no block addresses (ffx wrote it without --with-tags)"
                    : "no contents folder";
            sink.fact("rootModel", "none: " + why + ", so no references are known and every allocation is its own root");
            for (int o = 0; o < objects; o++) sink.addRoot(new GcRoot(o, RootKind.UNKNOWN, -1, -1));
            return;
        }
        var blocks = new BlockIndex(withAddress.toIntArray(), addresses.toLongArray(), sizes.toLongArray());
        if (blocks.duplicates() > 0) warn(blocks.duplicates() + " allocation(s) repeat another's address; pointers go to the first");
        int wordSize = wordSize(blocks);
        sink.fact("contents", contents.toString());
        sink.fact("wordSize", Integer.toString(wordSize));
        scan(contents, process, blocks, wordSize, objects, withAddress, addresses, sizes);
    }

    private void scan(Path contents, ProcessChoice process, BlockIndex blocks, int wordSize, int objects,
            IntArrayList withAddress, LongArrayList addresses, LongArrayList sizes) throws IOException, SnapshotFormatException {
        // References cost the scan 4 bytes and an in-memory sink about 16 more each: stop before the heap runs out.
        long referenceBudget = Runtime.getRuntime().maxMemory() / 2;
        var folder = ContentsFolder.list(contents, process.koid(), this::warn);
        var scan = new ConservativeScan(blocks, wordSize, sink);
        progress.phase("Scanning block contents", objects);
        int next = 0, scanned = 0, missing = 0, mismatched = 0, unreadable = 0;
        var matched = new LongOpenHashSet();
        for (int o = 0; o < objects; o++) {
            if ((o & 0xfff) == 0) { progress.checkCanceled(); progress.worked(o == 0 ? 0 : 0x1000); }
            Path f = null;
            long size = 0, address = 0;
            if (next < withAddress.size() && withAddress.getInt(next) == o) {
                address = addresses.getLong(next);
                size = sizes.getLong(next);
                f = folder.file(address);
                next++;
                if (f == null) missing++;
                else matched.add(address);
            }
            long fileSize = f == null ? -1 : folder.size(address);
            if ((o & 0xfff) == 0 && 24L * scan.edgeCount() > referenceBudget) {
                throw new SnapshotFormatException(contents, -1, "the scan found " + scan.edgeCount()
                        + " pointers by block " + o + " of " + objects + ", more than " + (referenceBudget >> 20)
                        + " MiB of heap can hold; run with a larger -Xmx");
            }
            try {
                scan.scan(o, size, f, fileSize);
            } catch (IOException e) {
                unreadable++;
                warn("contents file " + f.getFileName() + " could not be read: " + e);
                continue;
            }
            if (f != null) {
                scanned++;
                if (fileSize != size) {
                    mismatched++;
                    warn("contents file " + f.getFileName() + " has " + fileSize + " bytes but the allocation has " + size
                            + "; scanned " + Math.min(fileSize, size));
                }
            }
        }
        int orphans = folder.size() - matched.size();
        if (missing > 0) warn(missing + " allocation(s) with an address have no contents file; they have no outgoing references");
        if (orphans > 0) warn(orphans + " contents file(s) match no allocation of the profile and were not read");
        sink.fact("blocksScanned", Integer.toString(scanned));
        sink.fact("bytesScanned", Long.toString(scan.bytesScanned()));
        sink.fact("references", Integer.toString(scan.edgeCount()));
        if (mismatched > 0) sink.fact("contentsSizeMismatches", Integer.toString(mismatched));
        if (unreadable > 0) sink.fact("contentsUnreadable", Integer.toString(unreadable));

        progress.phase("Finding roots", -1);
        GcRoot[] roots = ConservativeRoots.compute(objects, scan.outStart(), scan.targets());
        long cycles = Arrays.stream(roots).filter(r -> r.kind() == RootKind.CYCLE_REPRESENTATIVE).count();
        sink.fact("rootModel", "conservative: roots are the blocks no scanned word points to, plus one block (the first)"
                + " of each pointer cycle unreachable from those; " + (roots.length - cycles) + " + " + cycles + " roots");
        for (GcRoot r : roots) sink.addRoot(r);
    }

    /** The {@code contents} option, else a sibling {@code <stem>.contents} or {@code contents} folder; null for none. */
    private Path contentsFolder() throws SnapshotFormatException {
        String option = options.get(FuchsiaHeapdumpParser.CONTENTS, null);
        if (FuchsiaHeapdumpParser.NO_CONTENTS.equals(option)) return null;
        if (option != null) {
            Path dir = Path.of(option);
            if (!Files.isDirectory(dir)) throw new SnapshotFormatException(dir, -1, "contents folder does not exist");
            return dir;
        }
        return FuchsiaHeapdumpParser.siblingContentsFolder(file).orElse(null);
    }

    /** {@code wordSize} option (4 or 8); by default 4 only when every block lies below 4 GiB. */
    private int wordSize(BlockIndex blocks) throws SnapshotFormatException {
        String w = options.get("wordSize", "auto");
        return switch (w) {
            case "4" -> 4;
            case "8" -> 8;
            case "auto" -> blocks.maxEnd() <= 0x1_0000_0000L ? 4 : 8;
            default -> throw new SnapshotFormatException(file, -1, "option wordSize=" + w + " must be 4, 8 or auto");
        };
    }

    private int positive(String key, int fallback) throws SnapshotFormatException {
        String v = options.get(key, null);
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) return n;
        } catch (NumberFormatException ignored) { }
        throw new SnapshotFormatException(file, -1, "option " + key + "=" + v + " must be a positive number");
    }

    private boolean hasKey(String key) {
        int k = p.findString(key);
        return k > 0 && p.labelKey.contains(k);
    }

    /** The ffx writer formats addresses as "0x%x". Returns 0 for anything else. */
    static long parseAddress(String s) {
        if (s.length() < 3 || s.length() > 18 || !s.startsWith("0x")) return 0;
        try {
            return Long.parseUnsignedLong(s, 2, s.length(), 16);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void warn(String message) {
        if (warnings++ < MAX_WARNINGS) sink.warning(message);
        else suppressed++;
    }
}
