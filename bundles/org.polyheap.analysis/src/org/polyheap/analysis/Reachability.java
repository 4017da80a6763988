package org.polyheap.analysis;

import java.util.Locale;

import org.polyheap.model.ReferenceKind;

/**
 * How an object is reached from the GC roots: through retaining references only, or only through
 * references that do not retain (Java's soft, weak, finalizer and phantom referents; V8 and Dart weak
 * references and ephemerons whose key is dead), or not at all. Ordered from strongest to weakest, as the
 * JVM clears them: an object's class is the strongest it is reached by, and a path is as weak as its
 * weakest reference. Every object of a snapshot has exactly one class, so the classes' counts add up to
 * the snapshot's.
 */
public enum Reachability {
    STRONG("strongly reachable"),
    SOFT("only softly reachable"),
    WEAK("only weakly reachable"),
    FINALIZER("only reachable through finalizers"),
    PHANTOM("only phantom reachable"),
    UNREACHABLE("unreachable");

    private static final Reachability[] BY_CODE = values();

    private final String label;

    Reachability(String label) { this.label = label; }

    /** What the window and reports call objects of this class: "only softly reachable". */
    public String label() { return label; }

    /** The word the command line and JSON use: {@code strong}, {@code soft}, ..., {@code unreachable}. */
    public String word() { return name().toLowerCase(Locale.ROOT); }

    /** The class of that word, or null. */
    public static Reachability ofWord(String word) {
        for (Reachability r : BY_CODE) if (r.word().equals(word)) return r;
        return null;
    }

    public static Reachability ofCode(int code) { return BY_CODE[code]; }

    /**
     * The class an object reached first through a non-retaining reference of this kind falls in: soft
     * referents are softly reachable, weak ones (Java, V8, Dart) and dead-key ephemeron values weakly,
     * finalizer referents through finalizers, phantom referents phantom. Any other kind that does not
     * retain under the rules in force (V8's rule-dropped edges, for one) counts as weak.
     */
    static Reachability throughKind(int kindCode) {
        if (kindCode < 0 || kindCode >= ReferenceKind.values().length) return WEAK;
        return switch (ReferenceKind.ofCode(kindCode)) {
            case SOFT -> SOFT;
            case FINAL -> FINALIZER;
            case PHANTOM -> PHANTOM;
            default -> WEAK;
        };
    }
}
