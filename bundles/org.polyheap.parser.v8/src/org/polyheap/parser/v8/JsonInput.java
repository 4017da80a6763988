package org.polyheap.parser.v8;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import org.polyheap.model.SnapshotFormatException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

/**
 * A streaming jackson-core reader over a snapshot file, plain or gzip (detected by magic), with the
 * byte offsets of the (decompressed) stream for error messages. One instance per pass; not
 * thread-safe. Plain files can be opened at a byte offset, so later passes jump to the section they need.
 */
final class JsonInput implements AutoCloseable {
    static final int MAX_STRING_CHARS = 64 << 20;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            // V8 cuts string-node names to 1024 chars; 64 M chars leaves room for any other name
            // while a hostile string cannot take the heap
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(MAX_STRING_CHARS).maxNestingDepth(10_000).build())
            .build();

    private final Path file;
    private final long base;
    private final JsonParser parser;

    private JsonInput(Path file, long base, InputStream in) throws IOException {
        this.file = file;
        this.base = base;
        this.parser = FACTORY.createParser(in);
    }

    /** True when the file starts with the gzip magic bytes. Reads two bytes. */
    static boolean isGzip(Path file) throws IOException {
        try (var ch = FileChannel.open(file, StandardOpenOption.READ)) {
            var b = java.nio.ByteBuffer.allocate(2);
            while (b.hasRemaining() && ch.read(b) >= 0) { }
            return b.position() == 2 && (b.get(0) & 0xff) == 0x1f && (b.get(1) & 0xff) == 0x8b;
        }
    }

    /** Opens the whole file from its start (decompressing gzip). */
    static JsonInput open(Path file) throws IOException, SnapshotFormatException {
        return openAt(file, 0, isGzip(file));
    }

    /**
     * Opens the stream at a byte offset of the decompressed content. For gzip the content is
     * skipped to the offset (no seeking possible); plain files are positioned directly.
     */
    static JsonInput openAt(Path file, long offset, boolean gzip) throws IOException, SnapshotFormatException {
        InputStream in = null;
        try {
            if (gzip) {
                in = new GZIPInputStream(java.nio.file.Files.newInputStream(file), 1 << 16);
                in.skipNBytes(offset);
            } else {
                var ch = FileChannel.open(file, StandardOpenOption.READ);
                ch.position(offset);
                in = Channels.newInputStream(ch);
            }
            // jackson reads the first bytes here to detect the encoding
            return new JsonInput(file, offset, new BufferedInputStream(in, 1 << 17));
        } catch (EOFException | ZipException e) {
            if (in != null) in.close();
            throw new SnapshotFormatException(file, offset, "truncated or corrupt file: " + e.getMessage());
        }
    }

    JsonParser parser() { return parser; }

    /** Byte offset of the current token's start in the decompressed stream. */
    long tokenOffset() { return base + parser.currentTokenLocation().getByteOffset(); }

    /** Byte offset just after the last consumed input. */
    long offset() { return base + parser.currentLocation().getByteOffset(); }

    /** Next token; turns jackson's and gzip's errors into a {@link SnapshotFormatException} here. */
    JsonToken next() throws IOException, SnapshotFormatException {
        JsonToken t;
        try {
            t = parser.nextToken();
        } catch (IOException e) {
            throw translate(e);
        }
        if (t == null) throw fail(offset(), "unexpected end of file");
        return t;
    }

    private IOException translate(IOException e) throws SnapshotFormatException {
        switch (e) {
            case EOFException eof -> throw fail(offset(), "truncated or corrupt file: " + eof.getMessage());
            case ZipException zip -> throw fail(offset(), "corrupt gzip data: " + zip.getMessage());
            case StreamConstraintsException c -> throw fail(offset(), c.getOriginalMessage());
            case com.fasterxml.jackson.core.io.JsonEOFException eof ->
                    throw fail(offset(), "the file ends inside the JSON (truncated?)");
            case com.fasterxml.jackson.core.JsonProcessingException j when String.valueOf(j.getOriginalMessage())
                    .contains("end-of-input") -> throw fail(offset(), "the file ends inside the JSON (truncated?)");
            case com.fasterxml.jackson.core.JsonProcessingException j ->
                    throw fail(offset(), "not valid JSON: " + j.getOriginalMessage().replaceAll("\\s*\\(start marker at .*", "")
                            .replaceAll("\\s+", " "));
            default -> { return e; }
        }
    }

    /** Reads the next token, which must be {@code expected}. */
    void expect(JsonToken expected, String what) throws IOException, SnapshotFormatException {
        JsonToken t = next();
        if (t != expected) throw fail(tokenOffset(), "expected " + what + " but found " + describe(t));
    }

    /**
     * Reads the next array element as a non-negative integer; returns -1 at the array's end.
     * Caller checks the upper bound.
     */
    long nextNumberOrEnd(String what) throws IOException, SnapshotFormatException {
        JsonToken t = next();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            long v = parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? -1 : parser.getLongValue();
            if (v < 0) throw fail(tokenOffset(), what + " is negative or too large: " + parser.getText());
            return v;
        }
        if (t == JsonToken.END_ARRAY) return -1;
        throw fail(tokenOffset(), "expected a whole number for " + what + " but found " + describe(t));
    }

    /** Skips the value whose first token is current (a scalar, or a whole array/object). */
    void skipValue() throws IOException, SnapshotFormatException {
        try {
            parser.skipChildren();
        } catch (IOException e) {
            throw translate(e);
        }
        if (parser.currentToken() == null) throw fail(offset(), "unexpected end of file");
    }

    /** Text of the current string token. */
    String text() throws IOException, SnapshotFormatException {
        try {
            return parser.getText();
        } catch (IOException e) {
            throw translate(e);
        }
    }

    SnapshotFormatException fail(long at, String problem) {
        return new SnapshotFormatException(file, at, problem);
    }

    String describe(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case END_ARRAY -> "the end of an array";
            case END_OBJECT -> "the end of an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + safeText();
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.name();
        };
    }

    private String safeText() {
        try { return parser.getText(); } catch (IOException e) { return "?"; }
    }

    @Override
    public void close() throws IOException { parser.close(); }
}
