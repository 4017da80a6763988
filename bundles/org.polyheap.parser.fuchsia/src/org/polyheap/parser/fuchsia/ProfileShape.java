package org.polyheap.parser.fuchsia;

/**
 * Recognises a pprof {@code Profile} by the structure of its first bytes: pprof has no magic
 * number, so the head must decode as a run of top-level fields of the schema with the schema's
 * wire types, each complete message in it a well-formed run of fields (a {@code ValueType} only
 * fields 1 and 2), at least one sample type or period type, and a string table (when it is in the
 * head) that starts with "". Only a head of the full probe size may end inside a field; a shorter
 * head is the whole file and must decode whole. HPROF ("JAVA PROFILE"), V8 JSON ("{") and Dart
 * ("dartheap") heads fail on their first byte's wire type. Pure computation on the given bytes.
 */
final class ProfileShape {
    private ProfileShape() { }

    static boolean looksLikeProfile(byte[] head) {
        var r = new Reader(head);
        boolean cut = head.length >= org.polyheap.model.spi.Probe.HEAD_BYTES;
        int fields = 0;
        boolean valueType = false;
        boolean firstString = true;
        while (r.pos < head.length) {
            long tag = r.varint();
            if (tag < 0) return cut && r.truncated && fields > 0 && valueType;
            int field = (int) (tag >>> 3), wire = (int) (tag & 7);
            if (field < 1 || field > ProfileDecoder.MAX_PROFILE_FIELD) return false;
            boolean wireOk = switch (field) {
                case 1, 2, 3, 4, 5, 6, 11 -> wire == 2;
                case 13 -> wire == 2 || wire == 0; // comment: repeated int64, packed or not
                default -> wire == 0;
            };
            if (!wireOk) return false;
            if (wire == 0) {
                if (r.varint() < 0) return cut && r.truncated && fields > 0 && valueType;
            } else {
                long length = r.varint();
                if (length < 0) return cut && r.truncated && fields > 0 && valueType;
                int start = r.pos;
                if (start + length > head.length) { // runs past the head: judge what we saw
                    if (!cut || field == 6 && firstString && length != 0) return false;
                    return fields > 0 && valueType;
                }
                if (field == 1 || field == 11) {
                    if (!isValueType(head, start, (int) length)) return false;
                    valueType = true;
                } else if (field >= 2 && field <= 5 && !isMessage(head, start, (int) length, 2)) {
                    return false;
                }
                if (field == 6) {
                    if (firstString && length != 0) return false;
                    firstString = false;
                }
                r.pos = start + (int) length;
            }
            fields++;
        }
        return fields > 0 && valueType;
    }

    /** A ValueType holds only varint fields 1 (type) and 2 (unit), exactly filling its length. */
    private static boolean isValueType(byte[] b, int start, int length) {
        var r = new Reader(b);
        r.pos = start;
        int end = start + length;
        while (r.pos < end) {
            long tag = r.varint();
            if (tag != 0x08 && tag != 0x10) return false;
            if (r.varint() < 0 || r.pos > end) return false;
        }
        return r.pos == end;
    }

    /** Sample, Mapping, Location, Function: varint and length-delimited fields 1..10, nested messages checked to {@code depth}. */
    private static boolean isMessage(byte[] b, int start, int length, int depth) {
        var r = new Reader(b);
        r.pos = start;
        int end = start + length;
        while (r.pos < end) {
            long tag = r.varint();
            if (tag < 0) return false;
            int field = (int) (tag >>> 3), wire = (int) (tag & 7);
            if (field < 1 || field > 10) return false;
            if (wire == 0) {
                if (r.varint() < 0) return false;
            } else if (wire == 2) {
                long len = r.varint();
                if (len < 0 || r.pos + len > end) return false;
                // Sample.label (3) and Location.line (4) are messages; packed ids and values are runs of varints.
                if (depth > 1 && (field == 3 || field == 4) && !isMessage(b, r.pos, (int) len, depth - 1)) return false;
                r.pos += (int) len;
            } else {
                return false;
            }
            if (r.pos > end) return false;
        }
        return r.pos == end;
    }

    private static final class Reader {
        final byte[] b;
        int pos;
        boolean truncated;

        Reader(byte[] b) { this.b = b; }

        /** A varint of at most 10 bytes, or -1 when malformed or cut off by the end of the head. */
        long varint() {
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                if (pos >= b.length) { truncated = true; return -1; }
                int x = b[pos++] & 0xff;
                v |= (long) (x & 0x7f) << shift;
                if ((x & 0x80) == 0) return shift == 63 && x > 1 ? -1 : v & Long.MAX_VALUE;
            }
            return -1;
        }
    }
}
