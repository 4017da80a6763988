package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code *.facts.txt} printed by the independent decoder ({@code decode.js}), read by pattern. */
record ReferenceFacts(String text) {

    static ReferenceFacts of(Path file) throws IOException { return new ReferenceFacts(Files.readString(file)); }

    /** A number (thousands separators allowed) captured by the pattern's first group. */
    long number(String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        if (!m.find()) throw new IllegalStateException("no match for " + regex);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    String string(String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        if (!m.find()) throw new IllegalStateException("no match for " + regex);
        return m.group(1);
    }

    /** One line of "top 25 classes by total shallow size"; library "-" means none. */
    record TopClass(int fileClassId, String name, String library, long count, long bytes) { }

    List<TopClass> topClasses() {
        var out = new ArrayList<TopClass>();
        boolean in = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("top 25 classes")) { in = true; continue; }
            if (!in) continue;
            Matcher m = Pattern.compile("^\\s+(\\d+) (\\S+)\\s+(\\S+)\\s+([\\d,]+)\\s+([\\d,]+)$").matcher(line);
            if (!m.matches()) break;
            out.add(new TopClass(Integer.parseInt(m.group(1)), m.group(2), m.group(3).equals("-") ? "" : m.group(3),
                    Long.parseLong(m.group(4).replace(",", "")), Long.parseLong(m.group(5).replace(",", ""))));
        }
        return out;
    }

    /** "NonReferenceData tag counts": count by tag 0..8. */
    long[] tagCounts() {
        long[] counts = new long[9];
        Matcher m = Pattern.compile("^  (\\d) \\w+Data\\s+([\\d,]+)$", Pattern.MULTILINE).matcher(text);
        while (m.find()) counts[Integer.parseInt(m.group(1))] = Long.parseLong(m.group(2).replace(",", ""));
        return counts;
    }
}
