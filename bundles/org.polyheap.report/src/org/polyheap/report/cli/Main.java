package org.polyheap.report.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.report.Parsers;
import org.polyheap.report.cli.Arguments.UsageException;

/**
 * The headless command: {@code polyheap <subcommand> …}. Plain JVM, no OSGi, no workbench. Prints
 * results on stdout, progress and errors on stderr; one line per error, a stack trace only with
 * {@code --debug}. Exit codes in {@link ExitCode} and docs/cli.md.
 */
public final class Main {
    /** Subcommand → its help, in the order given (Map.of takes at most ten). */
    private static Map<String, String> subcommands(String... nameThenHelp) {
        var m = new java.util.LinkedHashMap<String, String>();
        for (int i = 0; i < nameThenHelp.length; i += 2) m.put(nameThenHelp[i], nameThenHelp[i + 1]);
        return java.util.Collections.unmodifiableMap(m);
    }

    static final Map<String, String> HELP = subcommands(
            "parse", """
                    polyheap parse FILE [--contents DIR] [--size-model auto|compressed-oops|no-compressed-oops]
                      Builds (or reuses) the index of FILE and its dominator tree, then prints a short overview.""",
            "overview", """
                    polyheap overview FILE [--json]
                      Format, counts, sizes, reachability and the size model of FILE.""",
            "histogram", """
                    polyheap histogram FILE [--by class|package|loader|library|script|module] [--top N]
                                            [--filter REGEX] [--reachability all|strong,...] [--precise]
                                            [--native] [--json|--csv]
                      Objects per class (or group): count, shallow and retained bytes. Retained sizes of
                      classes are a lower bound unless --precise (marked retainedIsLowerBound). A snapshot
                      that records native memory per object (Dart external sizes) adds a native column;
                      --native keeps the groups holding some, most native bytes first.""",
            "dominators", """
                    polyheap dominators FILE [--top N] [--of OBJECT] [--json|--csv]
                      The biggest objects by retained size (children of the virtual root), or the
                      children of OBJECT in the dominator tree.""",
            "bigdrops", """
                    polyheap bigdrops FILE [--threshold PERCENT] [--skip REGEX] [--json|--csv]
                      Big drops in the dominator tree (Eclipse MAT's query): accumulation points, where the
                      retained size falls by more than PERCENT of the heap (default 1) from an object to its
                      biggest child, with the first dominator whose class REGEX does not match (default for
                      Java: MAT's, the JDK's packages java. javax. com.sun. sun. jdk.; 'none' skips nothing).""",
            "paths", """
                    polyheap paths FILE --object OBJECT [--exclude weak,soft,phantom] [--max N] [--json]
                      Shortest paths from OBJECT to GC roots, shortest first, not through the excluded
                      reference kinds (default: weak,soft,phantom,final).""",
            "report", """
                    polyheap report FILE --out DIR [--format html|csv|json] [--top N]
                      Writes the retained-size report (overview, top consumers, dominator tree,
                      leak suspects with paths, histogram) into DIR.""",
            "compare", """
                    polyheap compare BASELINE FILE [--reachability all|strong,...] [--json|--csv] [--top N]
                      Histogram delta by class between two snapshots of the same format, and where the
                      format has stable ids (V8 node ids, Dart class + identity hash) the objects matched
                      one by one: new, removed and kept objects in all and per class (DevTools' Diff).
                      --reachability strong counts only live objects on each side, as DevTools does.""",
            "duplicates", """
                    polyheap duplicates FILE [--min N] [--top N] [--json|--csv]
                      Strings held by at least N objects (default 10), biggest waste first: value,
                      objects, shallow, retained and wasted bytes (what all copies but one retain).""",
            "collections", """
                    polyheap collections FILE [--class NAME] [--json|--csv]
                      Java lists, maps, sets and arrays of references per class: count, size buckets,
                      average fill ratio, bytes of unused capacity, hash collision ratio, empty ones;
                      then the empty collections and the arrays of primitives holding one value.""",
            "entries", """
                    polyheap entries FILE --object OBJECT [--top N] [--json|--csv]
                      The entries of a Java map (key, value) or the elements of a list, set, deque or
                      array of references, in iteration order (default: the first 1000).""",
            "threads", """
                    polyheap threads FILE [--stack-roots roots|thread] [--json]
                      Java threads (HPROF): name, state, daemon, retained bytes of the Thread object, and
                      the stack, each frame with the objects it holds as locals and what they retain.
                      --stack-roots thread counts Java-frame and JNI-local roots as references from their
                      thread (MAT's convention), so a thread retains what only its stack holds.""",
            "references", """
                    polyheap references FILE [--kind soft|weak|finalizer|phantom] [--json|--csv]
                      Java: per reference kind the reachable Reference objects, their referents by class,
                      and the bytes clearing them would free (what no GC root reaches any more when
                      references of that kind are not followed); then the finalizer queue: objects in
                      processing, ready for the finalizer thread, pending, and registered but alive.""",
            "loaders", """
                    polyheap loaders FILE [--of LOADER] [--json|--csv]
                      Java: the class loaders with their defined classes, instances and retained bytes,
                      then the class names defined more than once (by several loaders: a redeploy leak);
                      --of LOADER (an id, or bootstrap) lists the classes one loader defined.""",
            "sysprops", """
                    polyheap sysprops FILE [--json|--csv]
                      Java: the system properties (java.lang.System.props), those set or changed after
                      start-up, the JVM's facts (version, VM, OS, command), and the JVM's and the main
                      method's arguments where the dump holds them (Eclipse MAT's System Properties).""",
            "v8stats", """
                    polyheap v8stats FILE [--json|--csv]
                      V8 only: the Statistics breakdown of Chrome DevTools (code, strings, JS arrays,
                      typed arrays, system objects, other JS and other native objects, total).""",
            "detached", """
                    polyheap detached FILE [--top N] [--json|--csv]
                      V8 pages only: detached DOM subtrees by class (Detached <div>, ...): roots, retained
                      bytes and the JavaScript objects that keep them; then the N biggest roots (default
                      100) with their retainer (the first JS object on the shortest path to a GC root).""",
            "closures", """
                    polyheap closures FILE [--min N] [--top N] [--json|--csv]
                      V8 only: closures grouped by function name and source location (script:line:column),
                      biggest retained first: closures, shallow and retained bytes; functions with at
                      least N closures (default 1), the first 100 unless --top.""",
            "leaks", """
                    polyheap leaks BASELINE TARGET FINAL [--filter objects|dom|all] [--top N] [--json|--csv]
                      V8 only, three snapshots of one process (memlab's find-leaks): objects allocated
                      between BASELINE and TARGET that FINAL still holds, filtered as memlab does
                      (objects: JS objects, as --trace-all-objects; dom: detached DOM only; all),
                      clustered by their retainer path from the GC root; count and retained bytes.""",
            "query", """
                    polyheap query FILE "STATEMENT" [--oql] [--json|--csv] [--limit N] [--timeout SECONDS]
                      SQL over the snapshot's tables: objects, refs, classes, roots (threads, frames for
                      Java), with field(id, 'name'), text(id), retained_set_size(id), path_to_root(id)
                      (docs/query.md). --oql takes Eclipse MAT's OQL (SELECT * FROM java.lang.String s
                      WHERE s.value.@length > 100). At most N rows (default 1000). A bad statement gives
                      one line naming its position (exit code 2).""",
            "acquire", AcquireCommand.HELP);

    static final String USAGE = """
            Usage: polyheap                       open the desktop window on the bundled sample
                   polyheap FILE…                 open snapshots in the desktop window
                   polyheap <subcommand> …        run without a window:
                     parse, overview, histogram, dominators, bigdrops, paths, report, compare,
                     duplicates, collections, entries, threads, references, loaders, sysprops, v8stats,
                     detached, closures, leaks, query
                   polyheap acquire …             take a snapshot of a running JVM, Node.js, page or Dart VM
                   polyheap test                  run the whole test suite (from a source checkout)
                   polyheap <subcommand> --help   help for one subcommand

            OBJECT ids: 0x7f3a… (HPROF / Fuchsia address), @12345 (V8 node id), #123 (Dart object number).
            Options for every subcommand: --debug (stack traces), --quiet (no progress),
              --index-dir beside|cache (where indexes live), --v8-sizes devtools|raw,
              --permissive (open a damaged or cut-off file with what can be read),
              --stack-roots roots|thread (Java: stack roots as roots, or under their thread).
            Exit codes: 0 ok, 1 internal error, 2 usage, 3 bad input, 4 out of memory,
                        5 object not found, 6 cannot write output, 130 interrupted.
            Formats: Java HPROF (plain or gzip), V8 .heapsnapshot, Dart VM heap snapshots, Fuchsia
            heapdump (pprof), generic pprof heap profiles. Detected by content, not by name.""";

    private Main() { }

    public static void main(String[] args) {
        int code = run(Arrays.asList(args), System.out, System.err);
        System.out.flush();
        // success ends by returning: the JVM then exits with 0 as System.exit(0) would (shutdown hooks
        // run), once no other non-daemon thread is left, but without Runtime.exit's event log, whose
        // logger lookup opened every jar on the class path (30 ms of every command)
        if (code != 0 || otherThreadsKeepTheJvm()) System.exit(code);
    }

    /** True when a platform thread other than this one is alive and not a daemon. */
    private static boolean otherThreadsKeepTheJvm() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) root = root.getParent();
        Thread[] threads = new Thread[root.activeCount() + 16];
        int n = root.enumerate(threads, true);
        if (n == threads.length) return true; // more than were counted: do not guess
        for (int i = 0; i < n; i++) {
            Thread t = threads[i];
            if (t != Thread.currentThread() && t.isAlive() && !t.isDaemon()) return true;
        }
        return false;
    }

    /** Runs one command line; returns the exit code. Used by tests without exiting the JVM. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        boolean debug = args.contains("--debug");
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            if (args.size() >= 2 && HELP.containsKey(args.get(1))) out.println(HELP.get(args.get(1)));
            else out.println(USAGE);
            return ExitCode.OK.code;
        }
        String sub = args.get(0);
        List<String> rest = args.subList(1, args.size());
        if (!HELP.containsKey(sub)) {
            err.println("polyheap: unknown subcommand '" + sub + "' (see polyheap --help)");
            return ExitCode.USAGE.code;
        }
        if (rest.contains("--help") || rest.contains("-h")) {
            out.println(HELP.get(sub));
            return ExitCode.OK.code;
        }
        var progress = new ConsoleProgress(err, ConsoleProgress.stderrIsTerminal(), rest.contains("--quiet"));
        try {
            return new Commands(out, progress).run(sub, rest).code;
        } catch (UsageException e) {
            progress.finishLine();
            err.println("polyheap " + sub + ": " + e.getMessage());
            err.println(HELP.get(sub).lines().findFirst().orElse("").trim());
            return ExitCode.USAGE.code;
        } catch (SnapshotFormatException e) {
            return fail(err, progress, debug, e, ExitCode.BAD_INPUT, e.getMessage()
                    + (rest.contains("--permissive") || !Parsers.readsWhatItCan(e.file()) ? "" : " (--permissive opens what can be read)"));
        } catch (NoSuchFileException e) {
            return fail(err, progress, debug, e, ExitCode.BAD_INPUT, e.getFile() + ": no such file");
        } catch (AccessDeniedException e) {
            return fail(err, progress, debug, e, ExitCode.BAD_INPUT, e.getFile() + ": permission denied");
        } catch (Commands.BadInputException e) {
            return fail(err, progress, debug, e, ExitCode.BAD_INPUT, e.getMessage());
        } catch (Commands.QueryFailedException e) {
            return fail(err, progress, debug, e, e.code, e.getMessage());
        } catch (Commands.NotFoundException e) {
            return fail(err, progress, debug, e, ExitCode.NOT_FOUND, e.getMessage());
        } catch (Commands.OutputException e) {
            return fail(err, progress, debug, e, ExitCode.OUTPUT_ERROR, e.getMessage());
        } catch (CancellationException e) {
            return fail(err, progress, debug, e, ExitCode.CANCELED, "canceled");
        } catch (OutOfMemoryError e) {
            return fail(err, progress, debug, e, ExitCode.OUT_OF_MEMORY,
                    "out of memory: give the JVM more heap, e.g. POLYHEAP_XMX=8g polyheap " + sub + " …");
        } catch (org.polyheap.index.IndexWriteException e) {
            return fail(err, progress, debug, e, ExitCode.OUTPUT_ERROR, e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            if (e.getCause() instanceof org.polyheap.index.IndexWriteException w) {
                return fail(err, progress, debug, e, ExitCode.OUTPUT_ERROR, w.getMessage());
            }
            return fail(err, progress, debug, e, ExitCode.BAD_INPUT, "I/O error: " + e.getMessage());
        } catch (Exception e) {
            return fail(err, progress, debug, e, ExitCode.INTERNAL_ERROR,
                    "internal error: " + e + " (run again with --debug and report it)");
        }
    }

    private static int fail(PrintStream err, ConsoleProgress progress, boolean debug, Throwable e, ExitCode code, String line) {
        progress.finishLine();
        err.println("polyheap: " + line);
        if (debug) e.printStackTrace(err);
        return code.code;
    }
}
