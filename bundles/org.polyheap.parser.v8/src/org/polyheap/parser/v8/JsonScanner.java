package org.polyheap.parser.v8;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.BufferedSnapshotInput;
import org.polyheap.model.spi.SnapshotSource;

/**
 * A hand-written JSON reader over the bytes of a snapshot file, plain or gzip, with absolute byte
 * offsets (of the decompressed stream) for error messages. It reads what a heap snapshot is made
 * of: the top-level object's keys, arrays of whole numbers in batches ({@link #numbers}), strings,
 * and scalars, and skips any other value by its brackets and strings alone (skipped values are
 * not checked further). The number arrays are most of a snapshot; reading them here instead of
 * through jackson-core's tokens is several times faster ({@code NumberArrayBenchmark} in
 * {@code benchmarks/}). Memory: one 1 MiB buffer ({@link BufferedSnapshotInput}, with 8 bytes of slack
 * for word loads and a 0 after the data). One instance per pass; not thread-safe.
 */
final class JsonScanner extends BufferedSnapshotInput {
    /** JSON's number grammar (RFC 8259), and its integers: compiled once, a meta section has many numbers. */
    private static final java.util.regex.Pattern JSON_NUMBER = java.util.regex.Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?"),
            JSON_INTEGER = java.util.regex.Pattern.compile("-?\\d+");

    static final int BUFFER = 1 << 20;
    /** V8 cuts string-node names to 1024 chars; 64 MiB leaves room for any other name while a hostile string cannot take the heap. */
    static final int MAX_STRING_CHARS = 64 << 20;
    /** Room kept ahead of a number's first digit, so the digit loop needs no refill. */
    private static final int NUMBER_ROOM = 32;
    /** The longest scalar (number, true, false, null) the header reader takes. */
    private static final int SCALAR_ROOM = 64;
    /** Bytes past {@code limit} that an 8-byte load may touch; never read as data. */
    private static final int SLACK = 8;
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L, ONES = 0x0101010101010101L, STRUCTURE = 0xC0C0C0C0C0C0C0C0L;

    // state of the number array being read
    private boolean arrayEnded;
    private long arrayIndex;
    private final StringDecoder strings = new StringDecoder();

    private JsonScanner(SnapshotSource source, InputStream in, long offset) {
        super(source, in, offset, BUFFER, SLACK);
    }

    /** Opens the decompressed content at a byte offset (for gzip: inflated from the start and skipped to it). */
    static JsonScanner open(SnapshotSource source, long offset) throws IOException, SnapshotFormatException {
        return new JsonScanner(source, source.open(offset), offset);
    }

    private SnapshotFormatException truncated() { return fail(offset(), "the file ends inside the JSON (truncated?)"); }

    /** Makes at least {@code room} bytes readable from pos unless the file ends first. */
    private void ensure(int room) throws SnapshotFormatException {
        try {
            fill(room);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean isSpace(int c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

    /** The next byte after whitespace, not consumed; -1 at the end of the file. */
    int peek() throws SnapshotFormatException {
        while (true) {
            if (pos >= limit) {
                ensure(1);
                if (pos >= limit) return -1;
            }
            int c = buf[pos] & 0xff;
            if (!isSpace(c)) return c;
            pos++;
        }
    }

    /** Consumes {@code c} (after whitespace) or fails naming what was expected. */
    void expect(char c, String what) throws SnapshotFormatException {
        int b = peek();
        if (b != c) throw fail(offset(), "expected " + what + " but found " + describeNext());
        pos++;
    }

    /** What the next value is, for messages: "a string", "an array", "the number 1.5", "the end of the file"... */
    String describeNext() throws SnapshotFormatException {
        int c = peek();
        return switch (c) {
            case -1 -> "the end of the file";
            case '"' -> "a string";
            case '[' -> "an array";
            case '{' -> "an object";
            case ']' -> "the end of an array";
            case '}' -> "the end of an object";
            case 't', 'f' -> "a boolean";
            case 'n' -> "null";
            default -> c == '-' || (c >= '0' && c <= '9') ? "the number " + numberText() : shown(c);
        };
    }

    /** A byte as a message shows it: {@code 'x'} when printable ASCII, else its value (a raw control byte would garble the line). */
    static String shown(int c) {
        return c >= 0x20 && c < 0x7f ? "'" + (char) c + "'" : String.format(java.util.Locale.ROOT, "byte 0x%02x", c & 0xff);
    }

    /** Text as a message shows it: bytes outside printable ASCII as {@code \xNN}. */
    static String shown(String text) {
        var b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch >= 0x20 && ch < 0x7f) b.append(ch); else b.append(String.format(java.util.Locale.ROOT, "\\x%02x", ch & 0xff));
        }
        return b.toString();
    }

    /** The characters of the number at pos, without consuming them (for messages). */
    private String numberText() throws SnapshotFormatException {
        ensure(NUMBER_ROOM);
        int end = pos;
        while (end < limit && end - pos < NUMBER_ROOM && "+-.0123456789eE".indexOf(buf[end]) >= 0) end++;
        return new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
    }

    /** Reads a string value (after whitespace). Memory: its bytes, at most {@link #MAX_STRING_CHARS}. */
    String string() throws SnapshotFormatException {
        if (peek() != '"') throw fail(offset(), "expected a string but found " + describeNext());
        long start = offset();
        pos++;
        strings.reset();
        while (true) {
            if (pos >= limit) {
                ensure(1);
                if (pos >= limit) throw truncated();
            }
            int from = pos, end = limit;
            byte[] b = buf;
            int p = from;
            while (p < end && b[p] != '"' && b[p] != '\\' && (b[p] & 0xff) >= 0x20) p++;
            strings.append(b, from, p - from);
            pos = p;
            if (strings.length() > MAX_STRING_CHARS) throw fail(start, "a string of more than "
                    + (MAX_STRING_CHARS >> 20) + " MiB (V8 cuts names to 1024 chars): refused");
            if (p == end) continue;
            if (b[p] == '"') {
                pos++;
                return strings.text();
            }
            if (b[p] == '\\') escape();
            else throw fail(offset(), "not valid JSON: control character " + (b[p] & 0xff) + " inside a string");
        }
    }

    private void escape() throws SnapshotFormatException {
        ensure(6);
        if (limit - pos < 2) throw truncated();
        char e = (char) buf[pos + 1];
        int length = 2;
        char c = switch (e) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> {
                if (limit - pos < 6) throw truncated();
                int v = 0;
                for (int i = 2; i < 6; i++) {
                    int d = Character.digit(buf[pos + i], 16);
                    if (d < 0) throw fail(offset(), "not valid JSON: bad \\u escape in a string");
                    v = v << 4 | d;
                }
                length = 6;
                yield (char) v;
            }
            default -> throw fail(offset(), "not valid JSON: unknown escape \\" + shown(String.valueOf(e)) + " in a string");
        };
        strings.appendChar(c);
        pos += length;
    }

    /**
     * Reads a number, {@code true}, {@code false} or {@code null} (after whitespace): a Long when the
     * number is whole and fits, else a Double; Boolean; or null.
     */
    Object scalar() throws SnapshotFormatException {
        int c = peek();
        long at = offset();
        ensure(SCALAR_ROOM);
        int end = pos;
        while (end < limit && end - pos < SCALAR_ROOM) {
            int b = buf[end];
            if (!(Character.isLetterOrDigit(b) || b == '+' || b == '-' || b == '.')) break;
            end++;
        }
        String text = new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
        Object value = switch (text) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            case "null" -> null;
            default -> {
                if (!JSON_NUMBER.matcher(text).matches()) {
                    throw fail(at, "not valid JSON: expected a value but found " + (text.isEmpty() ? shown(c) : shown(text)));
                }
                try {
                    yield JSON_INTEGER.matcher(text).matches() ? (Object) Long.parseLong(text) : (Object) Double.parseDouble(text);
                } catch (NumberFormatException tooLong) {
                    yield Double.parseDouble(text);
                }
            }
        };
        pos = end;
        return value;
    }

    /** Skips the next value, checking only that brackets and strings are closed. */
    void skipValue() throws SnapshotFormatException {
        int c = peek();
        if (c == -1) throw truncated();
        if (c == '"') {
            skipString();
            return;
        }
        if (c != '[' && c != '{') { // a scalar: up to the next delimiter
            int start = pos;
            while (true) {
                if (pos >= limit) {
                    ensure(1);
                    if (pos >= limit) break;
                }
                int b = buf[pos];
                if (b == ',' || b == ']' || b == '}' || b == ':' || isSpace(b)) break;
                if (b == '[' || b == '{' || b == '"') throw fail(offset(), "not valid JSON: unexpected " + shown(b));
                pos++;
            }
            if (pos == start) throw fail(offset(), "not valid JSON: expected a value but found " + shown(c));
            return;
        }
        int depth = 0;
        while (true) {
            if (pos >= limit) {
                ensure(1);
                if (pos >= limit) throw truncated();
            }
            byte[] b = buf;
            int p = pos, end = limit;
            while (p < end) {
                // eight bytes at a time while none can be a bracket, a brace or a quote (number arrays)
                if (end - p >= 8) {
                    long w = (long) LONG_LE.get(b, p);
                    long q = w ^ QUOTES;
                    if ((w & STRUCTURE) == 0 && ((q - ONES) & ~q & HIGH_BITS) == 0) {
                        p += 8;
                        continue;
                    }
                }
                int x = b[p];
                if (x == '[' || x == '{') depth++;
                else if (x == ']' || x == '}') {
                    if (--depth == 0) {
                        pos = p + 1;
                        return;
                    }
                } else if (x == '"') break;
                p++;
            }
            pos = p;
            if (p < end) skipString();
        }
    }

    private void skipString() throws SnapshotFormatException {
        pos++; // the opening quote
        while (true) {
            if (pos >= limit) {
                ensure(2);
                if (pos >= limit) throw truncated();
            }
            int b = buf[pos];
            if (b == '"') {
                pos++;
                return;
            }
            if (b == '\\') {
                ensure(2);
                if (limit - pos < 2) throw truncated();
                pos += 2;
            } else {
                pos++;
            }
        }
    }

    /** Consumes the {@code [} of a number array (after whitespace); read it with {@link #numbers}. */
    void beginArray(String what) throws SnapshotFormatException {
        expect('[', what);
        arrayEnded = false;
        arrayIndex = 0;
    }

    /**
     * Reads up to {@code max} whole numbers of the array begun by {@link #beginArray} into
     * {@code out}; fewer only when the array ends (then its {@code ]} is consumed, and later calls
     * return 0). When {@code rowStart} is given, it receives the offset of every {@code fields}-th
     * number (the start of each row). Refuses negative numbers, fractions, exponents and numbers of
     * more than 18 digits; {@code what[i % fields]} names the field in messages.
     */
    int numbers(long[] out, int max, int fields, long[] rowStart, String[] what) throws SnapshotFormatException {
        if (arrayEnded) return 0;
        countBeforeFailure = 0;
        return numberRun(out, max, fields, rowStart, what);
    }

    private int countBeforeFailure;

    /**
     * After {@link #numbers} failed: how many whole rows of {@code fields} numbers it stored in {@code out}
     * before the failure that can be trusted. The last number stored may have been cut off by the end
     * of the file ("12" of "123"), so the row it ends is left out.
     */
    int rowsBeforeFailure(int fields) {
        return countBeforeFailure <= 0 ? 0 : (countBeforeFailure - 1) / fields;
    }

    private int numberRun(long[] out, int max, int fields, long[] rowStart, String[] what) throws SnapshotFormatException {
        int count = 0, row = 0;
        try {
            int field = (int) (arrayIndex % fields);
            byte[] b = buf;
            int p = pos, end = limit;
            while (count < max) {
                if (end - p < NUMBER_ROOM && !ended()) {
                    pos = p;
                    ensure(NUMBER_ROOM);
                    b = buf;
                    p = pos;
                    end = limit;
                }
                int c = b[p]; // b[end] is 0: a sentinel that is no digit
                if (c >= '0' && c <= '9') {
                    int start = p;
                    // up to 8 digits at once, without a branch per digit (SLACK makes the load safe)
                    long w = (long) LONG_LE.get(b, p);
                    int digits = Long.numberOfTrailingZeros(nonDigits(w)) >>> 3; // 8: all are digits
                    long v;
                    if (digits < 8) {
                        v = eightDigits(w << (8 * (8 - digits))); // the digits moved up, zeros (leading 0 digits) below
                        c = b[p += digits];
                    } else {
                        v = eightDigits(w);
                        p += 8;
                        while ((c = b[p]) >= '0' && c <= '9') {
                            v = v * 10 + (c - '0');
                            p++;
                        }
                    }
                    if (p - start > 18 || (b[start] == '0' && p - start > 1)) {
                        pos = start;
                        throw badNumber(what[field]);
                    }
                    if (field == 0 && rowStart != null) rowStart[row++] = base + start;
                    out[count++] = v;
                    if (++field == fields) field = 0;
                    if (c == ',') { // the usual separator
                        p++;
                        continue;
                    }
                    if (c == '\n' && b[p + 1] == ',') { // V8 ends each row with a line break before the comma
                        p += 2;
                        continue;
                    }
                    pos = p;
                    boolean more = separator(start, what[field == 0 ? fields - 1 : field - 1]);
                    b = buf;
                    p = pos;
                    end = limit;
                    if (!more) {
                        arrayEnded = true;
                        break;
                    }
                } else if (isSpace(c)) {
                    p++;
                } else {
                    pos = p;
                    if (c == ']' && arrayIndex + count == 0 && p < end) { // an empty array
                        pos++;
                        arrayEnded = true;
                        return 0;
                    }
                    throw p >= end ? truncated() : c == '-' ? badNumber(what[field])
                            : c == ']' ? fail(offset(), "not valid JSON: ',' before the end of an array")
                            : fail(offset(), "expected a whole number for " + what[field] + " but found " + describeNext());
                }
            }
            pos = p;
            arrayIndex += count;
            return count;
        } catch (SnapshotFormatException e) {
            countBeforeFailure = count;
            throw e;
        }
    }

    /**
     * A byte of the result is non-zero where the byte of {@code w} (8 bytes of text, the first in the
     * low byte) is not an ASCII digit; bytes after the first non-digit may be either.
     */
    static long nonDigits(long w) {
        return ((w & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L)              // high nibble not 3
                | (((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L); // or low nibble above 9
    }

    /**
     * The value of 8 ASCII digits (or zero bytes, read as 0) in a long, the most significant digit in the
     * low byte: pairs, then fours, then all eight combined by three multiplications.
     */
    static long eightDigits(long w) {
        w = (w & 0x0F0F0F0F0F0F0F0FL) * (10 * 256 + 1) >>> 8;
        w = (w & 0x00FF00FF00FF00FFL) * (100 * 65536 + 1) >>> 16;
        return (w & 0x0000FFFF0000FFFFL) * (10000L * (1L << 32) + 1) >>> 32;
    }

    /**
     * After a number that is not followed by a comma: skips whitespace, then consumes ',' (returns
     * true) or ']' (false); anything else is an error ({@code start}: the number's offset).
     */
    private boolean separator(int start, String what) throws SnapshotFormatException {
        int c = pos < limit ? buf[pos] : -1;
        if (c == '.' || c == 'e' || c == 'E') {
            pos = start;
            throw badNumber(what);
        }
        c = peek();
        if (c == ',' || c == ']') {
            pos++;
            return c == ',';
        }
        throw c == -1 ? truncated() : fail(offset(), "not valid JSON: expected ',' or ']' after a number but found " + describeNext());
    }

    private SnapshotFormatException badNumber(String what) throws SnapshotFormatException {
        String text = numberText();
        if (text.startsWith("-") || text.matches("\\d{19,}")) return fail(offset(), what + " is negative or too large: " + text);
        return fail(offset(), "expected a whole number for " + what + " but found the number " + text);
    }

    /** Numbers read so far from the current array. */
    long arrayIndex() { return arrayIndex; }

    /** The bytes of one string value, with escapes decoded into chars beside them. */
    private static final class StringDecoder {
        private byte[] bytes = new byte[256];
        private int length;
        private StringBuilder text; // non-null once an escape was met: the string is built as chars

        void reset() {
            length = 0;
            text = null;
        }

        int length() { return length + (text == null ? 0 : text.length()); }

        void append(byte[] b, int from, int n) {
            if (length + n > bytes.length) bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
            System.arraycopy(b, from, bytes, length, n);
            length += n;
        }

        void appendChar(char c) {
            if (text == null) text = new StringBuilder(length + 16);
            flushBytes();
            text.append(c); // surrogate halves of \\u escapes pair up as they arrive
        }

        private void flushBytes() {
            if (length > 0) text.append(new String(bytes, 0, length, StandardCharsets.UTF_8));
            length = 0;
        }

        String text() {
            if (text == null) return new String(bytes, 0, length, StandardCharsets.UTF_8);
            flushBytes();
            return text.toString();
        }
    }
}
