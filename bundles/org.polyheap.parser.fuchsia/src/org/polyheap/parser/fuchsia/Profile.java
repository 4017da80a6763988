package org.polyheap.parser.fuchsia;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * A decoded pprof {@code Profile}, held in flat columns (no object per sample) so a million
 * allocations cost tens of megabytes. Ids from the file (location, mapping, function) are kept as
 * given and resolved through {@link #locationIndex}, {@link #mappingIndex}, {@link #functionIndex}.
 * Filled by {@link ProfileDecoder}; read-only afterwards and then safe to share between threads.
 */
final class Profile {
    String[] strings = {""};
    /** Pairs of string ids (type, unit) per sample type, in file order. */
    final IntArrayList sampleTypes = new IntArrayList();
    /** Byte offsets of the messages, for errors that name where the bad reference is written. */
    final LongArrayList sampleTypeAt = new LongArrayList(), mappingAt = new LongArrayList(), locationAt = new LongArrayList(),
            functionAt = new LongArrayList();
    long defaultSampleTypeAt = -1, firstStringAt = -1;
    /** String id of {@code default_sample_type}, 0 when unset. */
    int defaultSampleType;

    // Samples: one row each; lists of location ids, values and labels are slices of shared columns.
    final LongArrayList sampleOffset = new LongArrayList();
    final IntArrayList sampleLocStart = new IntArrayList(new int[] {0});
    final IntArrayList sampleLocIds = new IntArrayList();
    final IntArrayList sampleValueStart = new IntArrayList(new int[] {0});
    final LongArrayList sampleValues = new LongArrayList();
    final IntArrayList sampleLabelStart = new IntArrayList(new int[] {0});
    final IntArrayList labelKey = new IntArrayList();
    final IntArrayList labelStr = new IntArrayList();
    final LongArrayList labelNum = new LongArrayList();

    // Mappings: one row each.
    final IntArrayList mappingId = new IntArrayList();
    final LongArrayList mappingStart = new LongArrayList();
    final LongArrayList mappingLimit = new LongArrayList();
    final LongArrayList mappingFileOffset = new LongArrayList();
    final IntArrayList mappingFilename = new IntArrayList();
    final IntArrayList mappingBuildId = new IntArrayList();

    // Locations: one row each; lines are function ids, innermost (inlined) first.
    final IntArrayList locationId = new IntArrayList();
    final IntArrayList locationMapping = new IntArrayList();
    final LongArrayList locationAddress = new LongArrayList();
    final IntArrayList locationLineStart = new IntArrayList(new int[] {0});
    final IntArrayList lineFunction = new IntArrayList();

    // Functions: one row each.
    final IntArrayList functionId = new IntArrayList();
    final IntArrayList functionName = new IntArrayList();
    final IntArrayList functionSystemName = new IntArrayList();
    final IntArrayList functionFilename = new IntArrayList();

    final Int2IntOpenHashMap locationIndex = new Int2IntOpenHashMap();
    final Int2IntOpenHashMap mappingIndex = new Int2IntOpenHashMap();
    final Int2IntOpenHashMap functionIndex = new Int2IntOpenHashMap();

    Profile() {
        locationIndex.defaultReturnValue(-1);
        mappingIndex.defaultReturnValue(-1);
        functionIndex.defaultReturnValue(-1);
    }

    int sampleCount() { return sampleOffset.size(); }

    String string(int id) { return strings[id]; }

    /** Row of the first label of sample {@code s} with the given key string id, or -1. */
    int label(int sample, int keyId) {
        for (int l = sampleLabelStart.getInt(sample), end = sampleLabelStart.getInt(sample + 1); l < end; l++) {
            if (labelKey.getInt(l) == keyId) return l;
        }
        return -1;
    }

    /** Value {@code column} of sample {@code s}, or 0 when the sample has fewer values. */
    long value(int sample, int column) {
        int start = sampleValueStart.getInt(sample);
        return column >= 0 && start + column < sampleValueStart.getInt(sample + 1) ? sampleValues.getLong(start + column) : 0;
    }

    /** String id of a string in the table, or -1 when absent; a linear scan, for a few label keys. */
    int findString(String s) {
        for (int i = 0; i < strings.length; i++) if (strings[i].equals(s)) return i;
        return -1;
    }

    /** Heap bytes held by the sample and table columns (not the string table), for the memory budget. */
    long columnBytes() {
        long ints = sampleLocStart.size() + sampleLocIds.size() + sampleValueStart.size() + sampleLabelStart.size()
                + labelKey.size() + labelStr.size() + mappingId.size() + mappingFilename.size() + mappingBuildId.size()
                + locationId.size() + locationMapping.size() + locationLineStart.size() + lineFunction.size()
                + 4L * functionId.size() + 2L * (sampleTypeAt.size() + mappingAt.size() + locationAt.size() + functionAt.size());
        long longs = sampleOffset.size() + sampleValues.size() + labelNum.size() + 3L * mappingStart.size()
                + locationAddress.size();
        return 4 * ints + 8 * longs;
    }
}
