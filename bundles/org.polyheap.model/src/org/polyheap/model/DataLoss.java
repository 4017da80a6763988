package org.polyheap.model;

import java.util.Locale;
import java.util.Optional;

/**
 * What a snapshot lacks because its file was damaged or cut off: the parser kept what it read up to
 * the last consistent point. Parsers {@link #report} it as facts (so the command's {@code --json} and
 * the window read it back with {@link #of}) and as one warning; the one sentence {@link #describe}
 * writes is what the command prints and the window's banner shows. Immutable.
 *
 * @param offset            byte offset (decompressed) where reading stopped
 * @param problem           what was wrong there, as the strict parse would say it
 * @param objectsRead       objects in the snapshot
 * @param objectsDeclared   objects the file said it holds, or -1 when the format declares no count
 * @param referencesDropped references to objects never read, left out, or -1 when not counted
 * @param missing           what else is missing, in a few words ("names of 1,200 nodes"), or empty
 * @param permissive        true when the permissive option kept the data; false for a loss the strict
 *                          parse also accepts (an HPROF file cut off inside its heap data)
 */
public record DataLoss(long offset, String problem, long objectsRead, long objectsDeclared, long referencesDropped,
        String missing, boolean permissive) {
    /** The fact keys; {@code lossOffset} is the one whose presence marks a snapshot as incomplete. */
    public static final String OFFSET = "lossOffset", PROBLEM = "lossProblem", OBJECTS_READ = "lossObjectsRead",
            OBJECTS_DECLARED = "lossObjectsDeclared", REFERENCES_DROPPED = "lossReferencesDropped",
            MISSING = "lossMissing", PERMISSIVE = "permissive";
    /**
     * The name a node, class or reference gets when the string that named it was never read; in
     * parentheses as V8's synthetic names are ("(system)"), since V8 cuts names that start with '<' to a tag.
     */
    public static final String NAME_MISSING = "(name missing)";

    public DataLoss {
        problem = problem == null ? "" : problem;
        missing = missing == null ? "" : missing;
    }

    /** Records this loss in {@code sink}: the facts above and {@link #describe()} as a warning. */
    public void report(SnapshotSink sink) {
        sink.fact(OFFSET, Long.toString(offset));
        sink.fact(PROBLEM, problem);
        sink.fact(OBJECTS_READ, Long.toString(objectsRead));
        if (objectsDeclared >= 0) sink.fact(OBJECTS_DECLARED, Long.toString(objectsDeclared));
        if (referencesDropped >= 0) sink.fact(REFERENCES_DROPPED, Long.toString(referencesDropped));
        if (!missing.isEmpty()) sink.fact(MISSING, missing);
        sink.fact(PERMISSIVE, Boolean.toString(permissive));
        sink.warning(describe());
    }

    /** The loss a parser recorded in {@code metadata}, or empty for a complete snapshot. No I/O. */
    public static Optional<DataLoss> of(SnapshotMetadata metadata) {
        String offset = metadata.fact(OFFSET, null);
        if (offset == null) return Optional.empty();
        return Optional.of(new DataLoss(number(offset), metadata.fact(PROBLEM, ""), number(metadata.fact(OBJECTS_READ, "-1")),
                number(metadata.fact(OBJECTS_DECLARED, "-1")), number(metadata.fact(REFERENCES_DROPPED, "-1")),
                metadata.fact(MISSING, ""), Boolean.parseBoolean(metadata.fact(PERMISSIVE, "false"))));
    }

    /**
     * One sentence for users: "Incomplete snapshot: the file is damaged at byte 1,234 (problem); 900 of
     * 1,000 objects read; 12 references to objects never read dropped; names of 40 nodes missing."
     */
    public String describe() {
        var s = new StringBuilder("Incomplete snapshot: ")
                .append(offset >= 0 ? "reading stopped at byte " + n(offset) : "the file is inconsistent");
        if (!problem.isEmpty()) s.append(" (").append(problem).append(')');
        s.append("; ").append(n(objectsRead));
        if (objectsDeclared >= 0) s.append(" of ").append(n(objectsDeclared));
        s.append(" objects read");
        if (objectsDeclared < 0) s.append(", those after it are missing");
        if (referencesDropped > 0) s.append("; ").append(n(referencesDropped)).append(" references to objects never read dropped");
        if (!missing.isEmpty()) s.append("; missing: ").append(missing);
        return s.append('.').toString();
    }

    private static String n(long v) { return String.format(Locale.ROOT, "%,d", v); }

    private static long number(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
