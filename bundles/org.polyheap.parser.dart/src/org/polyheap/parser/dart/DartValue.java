package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.polyheap.model.SnapshotFormatException;

/**
 * The non-reference data the VM writes for an object, by tag (the writer's {@code NonReferenceDataTags}:
 * 0 none, 1 null, 2 bool, 3 int, 4 double, 5 Latin-1, 6 UTF-16, 7 length, 8 name).
 */
sealed interface DartValue {
    int TAG_NONE = 0, TAG_NULL = 1, TAG_BOOL = 2, TAG_INT = 3, TAG_DOUBLE = 4, TAG_LATIN1 = 5, TAG_UTF16 = 6,
            TAG_LENGTH = 7, TAG_NAME = 8;

    record None() implements DartValue { }

    record Null() implements DartValue { }

    record Bool(boolean value) implements DartValue { }

    record Int(long value) implements DartValue { }

    record Dbl(double value) implements DartValue { }

    /** A string's first {@code text.length()} units of {@code length}; the VM writes at most 128. */
    record Text(String text, long length, boolean latin1) implements DartValue {
        boolean truncated() { return text.length() < length; }
    }

    record Length(long value) implements DartValue { }

    /** A function, class, field, library or script name, or an isolate's port. */
    record Name(String value) implements DartValue { }

    None NONE = new None();

    /**
     * Reads the tag's payload.
     *
     * @param signedInt true for {@code _Mint}, whose value the VM writes as SLEB128; every other int is
     *                  ULEB128 of the machine word (negative Smis of a 32-bit VM come out as 2^32 - n)
     */
    static DartValue read(DartInput in, int tag, boolean signedInt) throws IOException, SnapshotFormatException {
        return switch (tag) {
            case TAG_NONE -> NONE;
            case TAG_NULL -> new Null();
            case TAG_BOOL -> new Bool(in.uleb() != 0); // the VM writes a ULEB, the Dart reader one byte
            case TAG_INT -> new Int(signedInt ? in.sleb() : in.uleb());
            case TAG_DOUBLE -> new Dbl(in.float64());
            case TAG_LATIN1, TAG_UTF16 -> readText(in, tag == TAG_LATIN1);
            case TAG_LENGTH -> new Length(in.uleb());
            case TAG_NAME -> new Name(in.utf8());
            default -> throw new IllegalArgumentException("tag " + tag);
        };
    }

    /** Skips the tag's payload without decoding it. */
    static void skip(DartInput in, int tag) throws IOException, SnapshotFormatException {
        switch (tag) {
            case TAG_NONE, TAG_NULL -> { }
            case TAG_BOOL, TAG_INT, TAG_LENGTH -> in.skipLeb();
            case TAG_DOUBLE -> in.skip(8);
            case TAG_LATIN1, TAG_UTF16 -> {
                in.skipLeb();
                long units = in.uleb();
                in.skip(tag == TAG_LATIN1 ? units : 2 * units);
            }
            case TAG_NAME -> in.skipUtf8();
            default -> throw new IllegalArgumentException("tag " + tag);
        }
    }

    private static Text readText(DartInput in, boolean latin1) throws IOException, SnapshotFormatException {
        long at = in.offset();
        long length = in.uleb();
        long units = in.uleb();
        if (units > length || units < 0 || length < 0) {
            throw in.fail(at, "string of length " + length + " has " + units + " units written");
        }
        if (units > (latin1 ? in.remaining() : in.remaining() / 2)) {
            throw in.fail(at, "string of " + units + " units exceeds the " + in.remaining() + " bytes left");
        }
        byte[] raw = in.bytes(latin1 ? units : 2 * units);
        String text = new String(raw, latin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_16LE);
        return new Text(text, length, latin1);
    }
}
