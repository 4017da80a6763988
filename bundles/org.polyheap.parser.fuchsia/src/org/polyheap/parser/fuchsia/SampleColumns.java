package org.polyheap.parser.fuchsia;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.SnapshotFormatException;

/**
 * Which of a profile's sample values is an object's shallow size and which its allocation count.
 * ffx writes {@code [objects/count, allocated/bytes]}; Go heap profiles write
 * {@code [alloc_objects/count, alloc_space/bytes, inuse_objects/count, inuse_space/bytes]}. The
 * size is the {@code sampleType} option's column, else the default sample type when its unit is
 * bytes, else the last column in bytes; the count is the column just before it when that one
 * counts. Immutable.
 *
 * @param size  value column of the size
 * @param count value column of the count, or -1
 * @param ffx   whether the sample types are exactly ffx heapdump's
 */
record SampleColumns(int size, int count, boolean ffx) {

    static SampleColumns of(Profile p, String option, Path file) throws SnapshotFormatException {
        int n = p.sampleTypes.size() / 2;
        if (n == 0) throw new SnapshotFormatException(file, -1, "the profile declares no sample types");
        boolean ffx = n == 2 && type(p, 0).equals("objects") && unit(p, 0).equals("count")
                && type(p, 1).equals("allocated") && unit(p, 1).equals("bytes");
        int size = -1;
        if (option != null) {
            for (int c = 0; c < n; c++) if (type(p, c).equals(option)) size = c;
            if (size < 0) throw new SnapshotFormatException(file, -1, "no sample type " + option + "; the profile has " + describeAll(p, n));
        }
        if (size < 0 && p.defaultSampleType > 0) {
            for (int c = 0; c < n; c++) {
                if (p.sampleTypes.getInt(2 * c) == p.defaultSampleType && unit(p, c).equals("bytes")) size = c;
            }
        }
        if (size < 0) for (int c = 0; c < n; c++) if (unit(p, c).equals("bytes")) size = c;
        if (size < 0) size = n - 1; // no column in bytes: sizes are whatever the last column counts
        int count = size > 0 && unit(p, size - 1).equals("count") ? size - 1 : -1;
        return new SampleColumns(size, count, ffx);
    }

    String describe(Profile p, int column) { return type(p, column) + "/" + unit(p, column); }

    String describeAll(Profile p) { return describeAll(p, p.sampleTypes.size() / 2); }

    private static String describeAll(Profile p, int n) {
        List<String> all = new ArrayList<>();
        for (int c = 0; c < n; c++) all.add(type(p, c) + "/" + unit(p, c));
        return String.join(", ", all);
    }

    private static String type(Profile p, int c) { return p.string(p.sampleTypes.getInt(2 * c)); }

    private static String unit(Profile p, int c) { return p.string(p.sampleTypes.getInt(2 * c + 1)); }
}
