package org.polyheap.report.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/** A {@link Table} as aligned plain text for a terminal: numbers right-aligned with thousands separators. */
final class TextTable {
    private static final int MAX_TEXT = 90;

    private TextTable() { }

    static void write(Table t, Writer out) throws IOException {
        int cols = t.columns().size();
        String[][] cells = new String[t.rows().size() + 1][cols];
        int[] width = new int[cols];
        for (int c = 0; c < cols; c++) {
            cells[0][c] = t.columns().get(c).title();
            width[c] = cells[0][c].length();
        }
        for (int r = 0; r < t.rows().size(); r++) {
            Object[] row = t.rows().get(r);
            for (int c = 0; c < cols; c++) {
                String s = cell(row[c], t.columns().get(c));
                cells[r + 1][c] = s;
                width[c] = Math.max(width[c], s.length());
            }
        }
        for (String[] line : cells) {
            var b = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                boolean text = t.columns().get(c).kind() == Column.Kind.TEXT;
                String s = line[c];
                String pad = " ".repeat(width[c] - s.length());
                if (c > 0) b.append("  ");
                b.append(text ? s + (c == cols - 1 ? "" : pad) : pad + s);
            }
            out.write(b.toString().stripTrailing());
            out.write('\n');
        }
    }

    private static String cell(Object v, Column c) {
        if (v == null) return "";
        return switch (c.kind()) {
            case COUNT, BYTES -> String.format(Locale.ROOT, "%,d", ((Number) v).longValue());
            case PERCENT -> String.format(Locale.ROOT, "%.2f%%", ((Number) v).doubleValue());
            case FLAG -> Boolean.TRUE.equals(v) ? "≥" : "";
            case TEXT -> {
                String s = v.toString().replace('\n', ' ');
                yield s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT - 1) + "…" : s;
            }
        };
    }
}
