package org.polyheap.parser.hprof;

/** Turns the JVM's internal class names in LOAD_CLASS records into the names Java tools show. */
final class JavaNames {
    private JavaNames() { }

    /**
     * {@code java/util/HashMap$Node} → {@code java.util.HashMap$Node}, {@code [Ljava/lang/String;} →
     * {@code java.lang.String[]}, {@code [[I} → {@code int[][]}. Names that are not descriptors pass through.
     */
    static String display(String internal) {
        int dims = 0;
        while (dims < internal.length() && internal.charAt(dims) == '[') dims++;
        if (dims == 0) return internal.replace('/', '.');
        String rest = internal.substring(dims);
        String element = switch (rest) {
            case "Z" -> "boolean";
            case "C" -> "char";
            case "F" -> "float";
            case "D" -> "double";
            case "B" -> "byte";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            default -> rest.startsWith("L") && rest.endsWith(";")
                    ? rest.substring(1, rest.length() - 1).replace('/', '.')
                    : rest.replace('/', '.'); // some writers (old HotSpot) already use java.lang.String[]-like names
        };
        return element + "[]".repeat(dims);
    }
}
