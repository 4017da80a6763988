package org.polyheap.report.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;

import org.junit.jupiter.api.Test;

class TableWritersTest {

    private static Table sample() {
        return new Table.Builder("classes", Column.text("name", "Class"), Column.count("count", "Objects"),
                Column.bytes("shallow", "Shallow"), Column.flag("retainedIsLowerBound", "Lower bound"))
                .row("java.util.HashMap$Node", 3L, 96L, true)
                .row("say \"hi\", ok", 1L, 5_000_000_000L, false)
                .build();
    }

    @Test
    void csvQuotesCommasAndQuotesAndKeepsIntegersExact() throws Exception {
        var out = new StringWriter();
        CsvWriter.write(sample(), out);
        assertEquals("Class,Objects,Shallow,Lower bound\r\n"
                + "java.util.HashMap$Node,3,96,true\r\n"
                + "\"say \"\"hi\"\", ok\",1,5000000000,false\r\n", out.toString());
    }

    @Test
    void jsonWritesTableRowsAsObjectsKeyedByColumn() {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("classes", sample());
        assertEquals("{\"classes\":[{\"name\":\"java.util.HashMap$Node\",\"count\":3,\"shallow\":96,"
                + "\"retainedIsLowerBound\":true},{\"name\":\"say \\\"hi\\\", ok\",\"count\":1,"
                + "\"shallow\":5000000000,\"retainedIsLowerBound\":false}]}", JsonWriter.toString(doc));
    }

    @Test
    void jsonEscapesControlCharactersAndLoneSurrogates() {
        assertEquals("[\"a\\u0001b\\n\",\"\ufffd\",\"\ud83d\ude00\",null,1.5]",
                JsonWriter.toString(java.util.Arrays.asList("a\u0001b\n", "\ud800", "\ud83d\ude00", null, 1.5)));
    }

    @Test
    void prettyJsonHasTheSameContent() throws Exception {
        var sw = new StringWriter();
        JsonWriter.write(List.of(1, List.of(), java.util.Map.of()), sw, true);
        assertEquals("[\n  1,\n  [],\n  {}\n]\n", sw.toString());
    }

    @Test
    void rowWithWrongWidthIsRejected() {
        var b = new Table.Builder("t", Column.text("a", "A")).row("x", "y");
        assertThrows(IllegalArgumentException.class, b::build);
    }
}
