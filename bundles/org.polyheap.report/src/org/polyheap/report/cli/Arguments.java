package org.polyheap.report.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line arguments of one subcommand: positionals, {@code --name value} options and
 * {@code --flag}s, checked against what the subcommand accepts. Unknown options are usage errors.
 */
final class Arguments {
    private final List<String> positionals = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();

    private Arguments() { }

    /**
     * @param valued options that take a value ({@code --top 10} or {@code --top=10})
     * @param flags  options without a value
     */
    static Arguments parse(List<String> args, Set<String> valued, Set<String> flags) throws UsageException {
        var a = new Arguments();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--") && arg.length() > 2) {
                String name = arg.substring(2);
                String value = null;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                if (flags.contains(name) && value == null) {
                    a.options.put(name, "true");
                } else if (valued.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= args.size()) throw new UsageException("--" + name + " needs a value");
                        value = args.get(++i);
                    }
                    a.options.put(name, value);
                } else {
                    throw new UsageException("unknown option --" + name);
                }
            } else {
                a.positionals.add(arg);
            }
        }
        return a;
    }

    List<String> positionals() { return positionals; }

    boolean flag(String name) { return options.containsKey(name); }

    String option(String name, String fallback) { return options.getOrDefault(name, fallback); }

    int intOption(String name, int fallback, int min) throws UsageException {
        String v = options.get(name);
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v);
            if (n < min) throw new UsageException("--" + name + " must be at least " + min);
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " takes a whole number, not '" + v + "'");
        }
    }

    /** Exactly {@code n} positionals, named for the message. */
    List<String> expect(String... names) throws UsageException {
        if (positionals.size() != names.length) {
            throw new UsageException("expected " + String.join(" ", names) + ", got "
                    + (positionals.isEmpty() ? "nothing" : String.join(" ", positionals)));
        }
        return positionals;
    }

    /** A usage error: exit code 2 with the subcommand's help hint. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) { super(message); }
    }
}
