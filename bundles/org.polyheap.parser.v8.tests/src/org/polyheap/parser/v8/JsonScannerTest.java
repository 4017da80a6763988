package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.SnapshotFormatException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The hand-written scanner against jackson-core, the streaming JSON library it replaces: the same
 * numbers and strings from the same text (layouts V8 writes and any writer may, across buffer
 * boundaries), and a clear error with the byte offset for what JSON or a snapshot does not allow.
 */
class JsonScannerTest {
    @TempDir Path dir;

    private Path file(String text) throws Exception {
        return Files.writeString(dir.resolve("t.json"), text, StandardCharsets.UTF_8);
    }

    /** Every number of the array at the start of {@code text}, read in batches of {@code batch}. */
    private List<Long> numbers(String text, int batch) throws Exception {
        var result = new ArrayList<Long>();
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(text)), 0)) {
            in.beginArray("the array");
            long[] out = new long[batch];
            int got;
            do {
                got = in.numbers(out, batch, 1, null, new String[] {"n"});
                for (int i = 0; i < got; i++) result.add(out[i]);
            } while (got == batch);
        }
        return result;
    }

    private static List<Long> jacksonNumbers(String text) throws Exception {
        var result = new ArrayList<Long>();
        try (var p = new JsonFactory().createParser(text)) {
            p.nextToken();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) result.add(p.getLongValue());
        }
        return result;
    }

    /** The 8-digits-at-once reading: every digit count, followed by every byte value that is no digit. */
    @Test
    void eightBytesAtATimeFindTheDigitsAndTheirValue() {
        var random = new Random(8);
        for (int digits = 1; digits <= 8; digits++) {
            for (int after = 0; after < 256; after++) {
                if (after >= '0' && after <= '9') continue;
                byte[] text = new byte[16];
                StringBuilder number = new StringBuilder();
                for (int i = 0; i < digits; i++) number.append((char) ('0' + random.nextInt(10)));
                for (int i = 0; i < digits; i++) text[i] = (byte) number.charAt(i);
                text[digits] = (byte) after;
                for (int i = digits + 1; i < 16; i++) text[i] = (byte) random.nextInt(256); // anything after it
                long w = java.nio.ByteBuffer.wrap(text).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(0);
                int found = Long.numberOfTrailingZeros(JsonScanner.nonDigits(w)) >>> 3;
                assertEquals(digits == 8 ? 8 : digits, found, number + " then byte " + after);
                long value = JsonScanner.eightDigits(digits == 8 ? w : w << (8 * (8 - digits)));
                assertEquals(Long.parseLong(number.toString()), value, number.toString());
            }
        }
    }

    @Test
    void numberArraysReadAsJacksonReadsThem() throws Exception {
        var random = new Random(5);
        var text = new StringBuilder("[");
        for (int i = 0; i < 400_000; i++) { // about 3 MB: several refills of the 1 MiB buffer
            if (i > 0) text.append(switch (random.nextInt(10)) {
                case 0 -> "\n,";      // V8's row end
                case 1 -> " , ";
                case 2 -> ",\r\n\t";
                default -> ",";
            });
            long v = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(10);
                case 1 -> random.nextInt(1 << 20);
                case 2 -> random.nextLong(1L << 40);
                default -> random.nextLong(999_999_999_999_999_999L);
            };
            text.append(v);
        }
        String json = text.append(" ]").toString();
        var expected = jacksonNumbers(json);
        assertEquals(expected, numbers(json, 4096));
        assertEquals(expected, numbers(json, 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[ ]", "[\n]", "[0]", "[ 7 ]", "[1,2,3]", "[1\n,2\n,3\n]"})
    void smallArraysReadAsJacksonReadsThem(String json) throws Exception {
        assertEquals(jacksonNumbers(json), numbers(json, 2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1,-2]", "[1,2.5]", "[1,3e4]", "[1,01]", "[1,,2]", "[1,2,]", "[1 2]", "[1,\"2\"]",
            "[1,true]", "[1,1234567890123456789]", "[1,2", "[1,", "[", "[1,[2]]"})
    void badNumberArraysFailWithTheOffset(String json) throws Exception {
        var e = assertThrows(SnapshotFormatException.class, () -> numbers(json, 16));
        assertTrue(e.offset() >= 1 && e.offset() <= json.length(), e.getMessage());
        assertTrue(e.getMessage().contains("t.json"), e.getMessage());
    }

    @Test
    void rowStartsAreTheOffsetsOfEachRowsFirstNumber() throws Exception {
        String json = "[10,20,30\n,40,50,60\n,7,8,9]";
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
            in.beginArray("rows");
            long[] out = new long[9], at = new long[3];
            assertEquals(9, in.numbers(out, 9, 3, at, new String[] {"a", "b", "c"}));
            assertArrayEquals(new long[] {json.indexOf("10"), json.indexOf("40"), json.indexOf("7")}, at);
        }
    }

    @Test
    void stringsDecodeAsJacksonDecodesThem() throws Exception {
        var strings = List.of("", "plain", "with \"quotes\" and \\ backslash", "tab\tnew\nline\r\b\f/",
                "\u00e9t\u00e9 \u4e2d\u6587 \ud83d\ude00", "escaped \\u00e9 text", "x".repeat(3 << 20), "<div id=\"a\">");
        // V8 escapes non-ASCII as \\uXXXX (a surrogate pair for emoji); other writers write UTF-8: both
        String json = "[" + String.join(",", strings.stream().map(JsonScannerTest::quote).toList())
                + ",\"\\u00e9\\ud83d\\ude00\\/\\\"\",\"lone \\udc00 half\"]";
        var expected = new ArrayList<String>();
        try (var p = new JsonFactory().createParser(json)) {
            p.nextToken();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) expected.add(p.getText());
        }
        var actual = new ArrayList<String>();
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
            in.expect('[', "[");
            do {
                actual.add(in.string());
            } while (in.peek() == ',' && skip(in));
        }
        assertEquals(expected, actual);
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped, the rest as is (UTF-8 in the file). */
    private static String quote(String s) {
        var b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    private static boolean skip(JsonScanner in) throws SnapshotFormatException {
        in.expect(',', ",");
        return true;
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"unterminated", "\"bad \\x escape\"", "\"bad \\u12G4\"", "\"raw\ncontrol\"", "plain"})
    void badStringsFailWithTheOffset(String json) throws Exception {
        var e = assertThrows(SnapshotFormatException.class, () -> {
            try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
                in.string();
            }
        });
        assertTrue(e.offset() >= 0 && e.offset() <= json.length(), e.getMessage());
    }

    @Test
    void skipValueStepsOverNestedValuesAndBracketsInStrings() throws Exception {
        String json = "[{\"a\":[1,2,{\"b\":\"]}[{\"}],\"c\":\"\\\"]\"}, 12345678901234567890, true, null, -1.5e3],\"next\"";
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
            in.skipValue();
            in.expect(',', ",");
            assertEquals("next", in.string());
        }
    }

    @Test
    void headerValuesReadAsMapsListsAndNumbers() throws Exception {
        String json = "{\"meta\":{\"node_fields\":[\"type\",\"name\"],\"x\":[]},\"node_count\":12,\"big\":18446744073709551616,"
                + "\"f\":1.5,\"t\":true,\"n\":null,\"e\":{}}";
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
            var value = (java.util.Map<?, ?>) JsonValues.read(in);
            assertEquals(12L, value.get("node_count"));
            assertEquals(1.8446744073709552E19, value.get("big"));
            assertEquals(1.5, value.get("f"));
            assertEquals(Boolean.TRUE, value.get("t"));
            assertTrue(value.containsKey("n") && value.get("n") == null);
            assertEquals(List.of("type", "name"), ((java.util.Map<?, ?>) value.get("meta")).get("node_fields"));
        }
    }

    @Test
    void deeplyNestedHeaderIsRefusedNotAStackOverflow() throws Exception {
        String json = "[".repeat(100_000) + "]".repeat(100_000);
        var e = assertThrows(SnapshotFormatException.class, () -> {
            try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file(json)), 0)) {
                JsonValues.read(in);
            }
        });
        assertTrue(e.problem().contains("nested"), e.getMessage());
    }
}
