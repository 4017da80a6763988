package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;

/**
 * Streams a pprof {@code Profile} (raw or gzip) into a {@link Profile} with protobuf-java's
 * {@link CodedInputStream}: one pass, memory proportional to the samples kept, never to a length
 * field. Every failure becomes a {@link SnapshotFormatException} naming the byte offset in the
 * decompressed stream. Not thread-safe; create one per decode.
 */
final class ProfileDecoder {
    // Field numbers of github.com/google/pprof/proto/profile.proto.
    static final int PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_MAPPING = 3, PROFILE_LOCATION = 4,
            PROFILE_FUNCTION = 5, PROFILE_STRING_TABLE = 6, PROFILE_DEFAULT_SAMPLE_TYPE = 14;
    static final int MAX_PROFILE_FIELD = 15;

    private final SnapshotSource source;
    private final boolean keepSamples;
    private final Progress progress;
    private CodedInputStream in;
    private long base;          // decompressed bytes before the current top-level field
    private long knownSize = -1; // decompressed size when the content is raw
    private long stringBytes;
    /** Heap the columns may take (default half the heap): decoding stops with a clear error beyond it. */
    private final long budget;
    private int sinceCheck;

    private ProfileDecoder(SnapshotSource source, boolean keepSamples, Progress progress, long budget) {
        this.source = source;
        this.budget = budget;
        this.keepSamples = keepSamples;
        this.progress = progress;
    }

    /**
     * Decodes the whole file. With {@code keepSamples} false the samples are skipped (the inspector
     * only needs the tables). Cost: one sequential read of the file.
     */
    static Profile decode(SnapshotSource source, boolean keepSamples, Progress progress) throws IOException, SnapshotFormatException {
        return decode(source, keepSamples, progress, Runtime.getRuntime().maxMemory() / 2);
    }

    /** {@link #decode(SnapshotSource, boolean, Progress)} with an explicit heap budget for the columns, in bytes. */
    static Profile decode(SnapshotSource source, boolean keepSamples, Progress progress, long budget)
            throws IOException, SnapshotFormatException {
        return new ProfileDecoder(source, keepSamples, progress, budget).run();
    }

    private Profile run() throws IOException, SnapshotFormatException {
        knownSize = source.size();
        progress.phase("Reading profile", knownSize);
        var profile = new Profile();
        List<String> strings = new ArrayList<>();
        try (InputStream data = source.open(0)) {
            in = CodedInputStream.newInstance(data, 1 << 16);
            in.setSizeLimit(Integer.MAX_VALUE);
            long reported = 0;
            while (true) {
                // The size counter is an int: restart it per top-level field so files over 2 GiB decode.
                base += in.getTotalBytesRead();
                in.resetSizeCounter();
                if (base - reported > (1 << 20)) {
                    progress.checkCanceled();
                    checkBudget(profile);
                    if (knownSize >= 0) progress.worked(base - reported);
                    reported = base;
                }
                int tag = in.readTag();
                if (tag == 0) {
                    checkBudget(profile);
                    break;
                }
                long fieldStart = base;
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case PROFILE_SAMPLE_TYPE -> { int end = message(tag); valueType(profile); profile.sampleTypeAt.add(fieldStart); end(end); }
                    case PROFILE_SAMPLE -> {
                        if (keepSamples) { int end = message(tag); sample(profile, fieldStart); end(end); }
                        else skip(tag);
                    }
                    case PROFILE_MAPPING -> { int end = message(tag); mapping(profile); profile.mappingAt.add(fieldStart); end(end); }
                    case PROFILE_LOCATION -> { int end = message(tag); location(profile); profile.locationAt.add(fieldStart); end(end); }
                    case PROFILE_FUNCTION -> { int end = message(tag); function(profile); profile.functionAt.add(fieldStart); end(end); }
                    case PROFILE_STRING_TABLE -> {
                        expect(tag, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                        if (strings.isEmpty()) profile.firstStringAt = fieldStart;
                        int length = in.readRawVarint32();
                        checkLength(length);
                        strings.add(new String(in.readRawBytes(length), StandardCharsets.UTF_8));
                        stringBytes += 56 + length; // String + byte[] headers and the list slot
                    }
                    case PROFILE_DEFAULT_SAMPLE_TYPE -> {
                        profile.defaultSampleTypeAt = fieldStart;
                        profile.defaultSampleType = (int) varint(tag);
                    }
                    default -> skip(tag);
                }
            }
        } catch (InvalidProtocolBufferException e) {
            throw fail("not a valid pprof profile: " + e.getMessage());
        } catch (ZipException e) {
            throw source.damaged(in == null ? -1 : position(), e);
        }
        profile.strings = strings.isEmpty() ? new String[] {""} : strings.toArray(String[]::new);
        new ProfileCheck(source.file(), profile).run();
        return profile;
    }

    /** Reads one {@code Sample} message whose tag starts at {@code offset}, for the inspector. */
    static void readSampleAt(SnapshotSource source, CodedInputStream in, Profile into, long offset)
            throws IOException, SnapshotFormatException {
        var d = new ProfileDecoder(source, true, Progress.NONE, Long.MAX_VALUE);
        d.in = in;
        d.base = offset;
        try {
            int tag = in.readTag();
            if (WireFormat.getTagFieldNumber(tag) != PROFILE_SAMPLE) throw d.fail("no sample at this offset");
            int end = d.message(tag);
            d.sample(into, offset);
            d.end(end);
        } catch (InvalidProtocolBufferException e) {
            throw d.fail(e.getMessage());
        }
    }

    /** Small varints can expand eightfold into columns; refuse before that becomes an OutOfMemoryError. */
    private void checkBudget(Profile profile) throws SnapshotFormatException {
        long used = profile.columnBytes() + stringBytes;
        if (used > budget) {
            throw fail("the profile needs more than " + (budget >> 20) + " MiB of heap to hold (" + profile.sampleCount()
                    + " samples so far); run with a larger -Xmx");
        }
    }

    // --- nested messages -------------------------------------------------------------------------

    private void valueType(Profile p) throws IOException, SnapshotFormatException {
        int type = 0, unit = 0;
        for (int tag; (tag = in.readTag()) != 0; ) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> type = (int) varint(tag);
                case 2 -> unit = (int) varint(tag);
                default -> skip(tag);
            }
        }
        p.sampleTypes.add(type);
        p.sampleTypes.add(unit);
    }

    private void sample(Profile p, long offset) throws IOException, SnapshotFormatException {
        for (int tag; (tag = in.readTag()) != 0; ) {
            if (++sinceCheck > 1 << 16) { sinceCheck = 0; checkBudget(p); } // one sample can be huge too
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> { // location_id: packed by proto3 writers, unpacked by some old ones
                    if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                        int end = packed();
                        while (!in.isAtEnd()) {
                            p.sampleLocIds.add(id(in.readUInt64()));
                            if (++sinceCheck > 1 << 16) { sinceCheck = 0; checkBudget(p); }
                        }
                        in.popLimit(end);
                    } else {
                        p.sampleLocIds.add(id(varint(tag)));
                    }
                }
                case 2 -> {
                    if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                        int end = packed();
                        while (!in.isAtEnd()) {
                            p.sampleValues.add(in.readInt64());
                            if (++sinceCheck > 1 << 16) { sinceCheck = 0; checkBudget(p); }
                        }
                        in.popLimit(end);
                    } else {
                        p.sampleValues.add(varint(tag));
                    }
                }
                case 3 -> { int end = message(tag); label(p); end(end); }
                default -> skip(tag);
            }
        }
        p.sampleOffset.add(offset);
        p.sampleLocStart.add(p.sampleLocIds.size());
        p.sampleValueStart.add(p.sampleValues.size());
        p.sampleLabelStart.add(p.labelKey.size());
    }

    private void label(Profile p) throws IOException, SnapshotFormatException {
        int key = 0, str = 0;
        long num = 0;
        for (int tag; (tag = in.readTag()) != 0; ) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> key = stringId(varint(tag));
                case 2 -> str = stringId(varint(tag));
                case 3 -> num = varint(tag);
                default -> skip(tag); // num_unit: ffx always writes "bytes"/"nanoseconds"; not needed
            }
        }
        p.labelKey.add(key);
        p.labelStr.add(str);
        p.labelNum.add(num);
    }

    private void mapping(Profile p) throws IOException, SnapshotFormatException {
        int id = 0, filename = 0, buildId = 0;
        long start = 0, limit = 0, fileOffset = 0;
        for (int tag; (tag = in.readTag()) != 0; ) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> id = id(varint(tag));
                case 2 -> start = varint(tag);
                case 3 -> limit = varint(tag);
                case 4 -> fileOffset = varint(tag);
                case 5 -> filename = stringId(varint(tag));
                case 6 -> buildId = stringId(varint(tag));
                default -> skip(tag);
            }
        }
        p.mappingIndex.put(id, p.mappingId.size());
        p.mappingId.add(id);
        p.mappingStart.add(start);
        p.mappingLimit.add(limit);
        p.mappingFileOffset.add(fileOffset);
        p.mappingFilename.add(filename);
        p.mappingBuildId.add(buildId);
    }

    private void location(Profile p) throws IOException, SnapshotFormatException {
        int id = 0, mapping = 0;
        long address = 0;
        for (int tag; (tag = in.readTag()) != 0; ) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> id = id(varint(tag));
                case 2 -> mapping = id(varint(tag));
                case 3 -> address = varint(tag);
                case 4 -> {
                    int end = message(tag);
                    int function = 0;
                    for (int t; (t = in.readTag()) != 0; ) {
                        if (WireFormat.getTagFieldNumber(t) == 1) function = id(varint(t));
                        else skip(t);
                    }
                    end(end);
                    p.lineFunction.add(function);
                }
                default -> skip(tag);
            }
        }
        p.locationIndex.put(id, p.locationId.size());
        p.locationId.add(id);
        p.locationMapping.add(mapping);
        p.locationAddress.add(address);
        p.locationLineStart.add(p.lineFunction.size());
    }

    private void function(Profile p) throws IOException, SnapshotFormatException {
        int id = 0, name = 0, systemName = 0, filename = 0;
        for (int tag; (tag = in.readTag()) != 0; ) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> id = id(varint(tag));
                case 2 -> name = stringId(varint(tag));
                case 3 -> systemName = stringId(varint(tag));
                case 4 -> filename = stringId(varint(tag));
                default -> skip(tag);
            }
        }
        p.functionIndex.put(id, p.functionId.size());
        p.functionId.add(id);
        p.functionName.add(name);
        p.functionSystemName.add(systemName);
        p.functionFilename.add(filename);
    }

    // --- wire helpers ------------------------------------------------------------------------------

    private long position() { return base + in.getTotalBytesRead(); }

    SnapshotFormatException fail(String problem) {
        return source.fail(in == null ? -1 : position(), problem);
    }

    private void expect(int tag, int wireType) throws SnapshotFormatException {
        if (WireFormat.getTagWireType(tag) != wireType) {
            throw fail("field " + WireFormat.getTagFieldNumber(tag) + " has wire type "
                    + WireFormat.getTagWireType(tag) + ", expected " + wireType);
        }
    }

    private long varint(int tag) throws IOException, SnapshotFormatException {
        expect(tag, WireFormat.WIRETYPE_VARINT);
        return in.readRawVarint64();
    }

    /** Enters a length-delimited message; returns the old limit for {@link #end}. */
    private int message(int tag) throws IOException, SnapshotFormatException {
        expect(tag, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        return packed();
    }

    private int packed() throws IOException, SnapshotFormatException {
        int length = in.readRawVarint32();
        checkLength(length);
        return in.pushLimit(length);
    }

    private void end(int oldLimit) throws IOException, SnapshotFormatException {
        if (!in.isAtEnd()) throw fail("message does not end at its stated length");
        in.popLimit(oldLimit);
    }

    /** Rejects a length that is negative or runs past the end of a raw file, before anything is allocated. */
    private void checkLength(int length) throws SnapshotFormatException {
        if (length < 0) throw fail("negative length " + length);
        if (knownSize >= 0 && position() + length > knownSize) {
            throw fail("length " + length + " runs past the end of the file (" + knownSize + " bytes)");
        }
        if (in.getBytesUntilLimit() >= 0 && length > in.getBytesUntilLimit()) {
            throw fail("length " + length + " runs past the end of the enclosing message");
        }
    }

    private void skip(int tag) throws IOException, SnapshotFormatException {
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            int length = in.readRawVarint32();
            checkLength(length);
            in.skipRawBytes(length);
        } else if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_START_GROUP
                || WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_END_GROUP) {
            // pprof never uses groups; skipping nested ones would recurse once per level of a hostile file
            throw fail("field " + WireFormat.getTagFieldNumber(tag) + " is a group, which pprof does not use");
        } else {
            in.skipField(tag);
        }
    }

    private int id(long value) throws SnapshotFormatException {
        if (value < 0 || value > Integer.MAX_VALUE) throw fail("id " + Long.toUnsignedString(value) + " out of range");
        return (int) value;
    }

    private int stringId(long value) throws SnapshotFormatException {
        if (value < 0 || value > Integer.MAX_VALUE) throw fail("string index " + Long.toUnsignedString(value) + " out of range");
        return (int) value;
    }
}
