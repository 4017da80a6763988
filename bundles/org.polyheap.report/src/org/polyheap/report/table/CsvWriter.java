package org.polyheap.report.table;

import java.io.IOException;
import java.io.Writer;

/**
 * Writes a {@link Table} as RFC 4180 CSV: a header of column titles, then one line per row; byte
 * sizes and counts as plain integers so spreadsheets sum them. Streams; no buffering beyond the writer.
 */
public final class CsvWriter {
    private CsvWriter() { }

    public static void write(Table table, Writer out) throws IOException {
        var cols = table.columns();
        for (int i = 0; i < cols.size(); i++) {
            if (i > 0) out.write(',');
            out.write(quote(cols.get(i).title()));
        }
        out.write("\r\n");
        for (Object[] row : table.rows()) {
            for (int i = 0; i < row.length; i++) {
                if (i > 0) out.write(',');
                out.write(quote(format(row[i])));
            }
            out.write("\r\n");
        }
        out.flush();
    }

    static String format(Object value) {
        if (value == null) return "";
        if (value instanceof Double d) return String.format(java.util.Locale.ROOT, "%.2f", d);
        return value.toString();
    }

    static String quote(String s) {
        boolean needs = false;
        for (int i = 0; i < s.length() && !needs; i++) {
            char c = s.charAt(i);
            needs = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        return needs ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
