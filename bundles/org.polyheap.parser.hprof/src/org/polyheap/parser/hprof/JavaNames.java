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
        if (dims == 0) return hidden(internal.replace('/', '.'));
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
        return hidden(element) + "[]".repeat(dims);
    }

    /** HotSpot names a hidden class {@code Foo$$Lambda+0x...} in the dump; Class.getName() and jcmd say {@code Foo$$Lambda/0x...}. */
    private static String hidden(String name) {
        int plus = name.lastIndexOf("+0x");
        if (plus < 0) return name;
        for (int i = plus + 3; i < name.length(); i++) if (Character.digit(name.charAt(i), 16) < 0) return name;
        return name.substring(0, plus) + "/" + name.substring(plus + 1);
    }
}
