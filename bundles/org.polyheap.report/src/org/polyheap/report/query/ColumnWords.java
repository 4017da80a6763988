package org.polyheap.report.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lets the statement name columns that are reserved words of SQL ({@code count} of the {@code classes}
 * table, {@code method} of {@code frames}) without quotes: such a word not followed by {@code (} is quoted before Calcite parses the
 * statement; a position in the quoted text is mapped back to the user's.
 */
final class ColumnWords {
    private static final Set<String> RESERVED_COLUMNS = Set.of("count", "method");

    final String sql;
    private final List<int[]> inserted = new ArrayList<>(); // {line, column in the original} of each word quoted

    ColumnWords(String original) {
        var out = new StringBuilder(original.length() + 8);
        int n = original.length(), line = 1, col = 1;
        for (int i = 0; i < n;) {
            char c = original.charAt(i);
            if (c == '\'' || c == '"') { // a literal or quoted identifier: copied as it is
                int end = original.indexOf(c, i + 1);
                end = end < 0 ? n : end + 1;
                for (int k = i; k < end; k++) {
                    if (original.charAt(k) == '\n') { line++; col = 1; } else col++;
                }
                out.append(original, i, end);
                i = end;
                continue;
            }
            if (c == '-' && original.startsWith("--", i)) {
                int end = original.indexOf('\n', i);
                end = end < 0 ? n : end;
                col += end - i;
                out.append(original, i, end);
                i = end;
                continue;
            }
            if (Character.isJavaIdentifierStart(c) && (i == 0 || !Character.isJavaIdentifierPart(original.charAt(i - 1)))) {
                int end = i;
                while (end < n && Character.isJavaIdentifierPart(original.charAt(end))) end++;
                String word = original.substring(i, end);
                int after = end;
                while (after < n && Character.isWhitespace(original.charAt(after))) after++;
                boolean call = after < n && original.charAt(after) == '(';
                if (!call && RESERVED_COLUMNS.contains(word.toLowerCase(Locale.ROOT))) {
                    out.append('"').append(word.toLowerCase(Locale.ROOT)).append('"');
                    inserted.add(new int[] {line, col});
                } else {
                    out.append(word);
                }
                col += end - i;
                i = end;
                continue;
            }
            out.append(c);
            if (c == '\n') { line++; col = 1; } else col++;
            i++;
        }
        sql = out.toString();
    }

    /** The column in the user's statement of a column of line {@code line} of {@link #sql}. */
    int originalColumn(int line, int column) {
        int shift = 0;
        for (int[] at : inserted) {
            if (at[0] == line && at[1] + shift + 2 <= column) shift += 2;
        }
        return column - shift;
    }
}
