package org.polyheap.report.cli;

import java.io.PrintStream;

/**
 * The headless command: {@code polyheap <subcommand> [args]}. Runs in a plain JVM (no OSGi).
 * Placeholder until the subcommands land: {@code --help} prints usage; anything else is an unknown
 * subcommand (exit 2).
 */
public final class Main {
    /** Exit codes: 0 success, 2 usage error. */
    public static final int OK = 0;
    public static final int USAGE = 2;

    private Main() { }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            usage(err);
            return USAGE;
        }
        switch (args[0]) {
            case "--help", "-h", "help" -> {
                usage(out);
                return OK;
            }
            default -> {
                err.println("polyheap: unknown subcommand '" + args[0] + "' (try: polyheap --help)");
                return USAGE;
            }
        }
    }

    static void usage(PrintStream out) {
        out.println("usage: polyheap <subcommand> [arguments]");
        out.println();
        out.println("Headless commands (no window). None are available in this build yet.");
        out.println();
        out.println("  --help    this text");
    }
}
