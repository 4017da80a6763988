package org.polyheap.report.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.polyheap.acquire.Acquire;
import org.polyheap.acquire.AcquireException;
import org.polyheap.acquire.Target;
import org.polyheap.report.ByteSizes;
import org.polyheap.report.table.JsonWriter;
import org.polyheap.report.cli.Arguments.UsageException;

/**
 * {@code polyheap acquire}: lists what can be snapshotted, or takes one snapshot into {@code --out} through
 * {@link Acquire}, then optionally runs another subcommand on it ({@code --then overview --json}). Without
 * {@code --then} the file's path is the one line on stdout, for a pipe.
 */
final class AcquireCommand {
    static final String HELP = """
            polyheap acquire --list [--cdp URL] [--json]
            polyheap acquire (--pid N [--signal] | --inspector URL | --cdp URL [--target ID] | --dart-vm URL [--isolate NAME])
                             --out FILE [--all] [--gzip] [--then SUBCOMMAND [ARGS...]]
              Takes a heap snapshot from a running process: a local JVM (--pid, through the Attach API:
              GC.heap_dump, live objects unless --all), a Node.js process (--pid, or --inspector with the
              ws:// URL node --inspect printed; --signal first sends a Node process without an inspector
              SIGUSR1, which opens one), a Chrome, Edge or Electron page (--cdp http://127.0.0.1:9222, the
              browser's --remote-debugging-port, and --target an id from --list), or a Dart VM service
              (--dart-vm, the URI the VM printed). The file streams to a temporary name beside FILE and is
              renamed when complete; --gzip compresses it. Prints FILE's path; with --then, runs that
              subcommand on FILE instead (e.g. --then overview --json, --then report --out DIR).
              --list: the local JVMs and Node processes (and a browser's pages with --cdp), each with the
              options that take it. Only loopback is looked at; a URL you type may name another host.""";

    private final Commands commands;
    private final PrintStream out;
    private final ConsoleProgress progress;

    AcquireCommand(Commands commands, PrintStream out, ConsoleProgress progress) {
        this.commands = commands;
        this.out = out;
        this.progress = progress;
    }

    ExitCode run(List<String> args) throws Exception {
        int then = args.indexOf("--then");
        List<String> own = then < 0 ? args : args.subList(0, then);
        List<String> after = then < 0 ? List.of() : args.subList(then + 1, args.size());
        if (then >= 0 && after.isEmpty()) throw new UsageException("--then needs a subcommand (e.g. --then overview)");
        if (then >= 0 && (!Main.HELP.containsKey(after.get(0)) || after.get(0).equals("acquire"))) {
            throw new UsageException("--then " + after.get(0) + ": not a subcommand that reads a snapshot (see polyheap --help)");
        }
        var a = Arguments.parse(own, Set.of("pid", "inspector", "cdp", "target", "dart-vm", "isolate", "out"),
                Set.of("list", "json", "all", "gzip", "signal", "debug", "quiet"));
        if (!a.positionals().isEmpty()) throw new UsageException("unexpected " + String.join(" ", a.positionals()));
        if (a.flag("list")) {
            if (then >= 0) throw new UsageException("--list takes no --then");
            return list(a);
        }
        String outName = a.option("out", null);
        if (outName == null) throw new UsageException("--out FILE is missing (where the snapshot goes)");
        Target target = target(a);
        Path file = Path.of(outName);
        if (Files.isDirectory(file)) throw new UsageException("--out " + outName + " is a folder; name the file (e.g. " + Path.of(outName, Acquire.fileName(target, a.flag("gzip"))) + ")");
        var options = new Acquire.Options(a.flag("all"), a.flag("gzip"), a.option("isolate", ""));

        Acquire.Result result = takeCancelingOnInterrupt(target, file, options);
        progress.finishLine();
        if (!a.flag("quiet") || then >= 0) {
            progress.note("took " + describe(target) + ": " + result.file() + " (" + ByteSizes.human(result.bytes()) + ")");
        }
        if (then < 0) {
            out.println(result.file());
            return ExitCode.OK;
        }
        var thenArgs = new ArrayList<>(after.subList(1, after.size()));
        thenArgs.add(result.file().toString());
        return commands.run(after.get(0), thenArgs);
    }

    /** Takes the snapshot; Ctrl+C (the JVM's shutdown) cancels it, so the temporary file is deleted before exit. */
    private Acquire.Result takeCancelingOnInterrupt(Target target, Path file, Acquire.Options options) throws Exception {
        var finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            progress.cancel();
            try {
                finished.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "polyheap-acquire-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return Acquire.take(target, file, options, progress);
        } catch (AcquireException e) {
            throw new Commands.BadInputException(e.getMessage());
        } catch (IOException e) {
            throw new Commands.OutputException("cannot write " + file + ": " + e.getMessage());
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
    }

    private static String describe(Target t) {
        return t.kind().label() + (t.pid() > 0 ? " " + t.pid() : "") + (t.title().isEmpty() ? "" : " (" + t.title() + ")");
    }

    /** The one target the options name; usage errors for none or several. */
    private Target target(Arguments a) throws Exception {
        var given = new ArrayList<String>();
        for (String o : List.of("pid", "inspector", "cdp", "dart-vm")) if (a.option(o, null) != null) given.add("--" + o);
        if (given.isEmpty()) throw new UsageException("name a target: --pid N, --inspector URL, --cdp URL --target ID or --dart-vm URL (--list shows them)");
        if (given.size() > 1) throw new UsageException("one target at a time, not " + String.join(" and ", given));
        if (a.option("target", null) != null && a.option("cdp", null) == null) throw new UsageException("--target goes with --cdp");
        if (a.flag("signal") && a.option("pid", null) == null) throw new UsageException("--signal goes with --pid");
        try {
            if (a.option("pid", null) != null) {
                long pid;
                try {
                    pid = Long.parseLong(a.option("pid", null));
                } catch (NumberFormatException e) {
                    throw new UsageException("--pid takes a process id, not '" + a.option("pid", null) + "'");
                }
                Target t = Acquire.pid(pid);
                if (!t.ready()) {
                    if (!a.flag("signal")) {
                        throw new Commands.BadInputException("pid " + pid + ": a Node.js process without an inspector; "
                                + "--signal sends it SIGUSR1, which opens one on 127.0.0.1:9229");
                    }
                    progress.note("pid " + pid + ": sending SIGUSR1 to open its inspector");
                    t = Acquire.signalNode(pid);
                }
                return t;
            }
            if (a.option("inspector", null) != null) return Acquire.inspector(a.option("inspector", null));
            if (a.option("cdp", null) != null) return Acquire.cdp(a.option("cdp", null), a.option("target", ""));
            return Acquire.dartVm(a.option("dart-vm", null));
        } catch (AcquireException e) {
            throw new Commands.BadInputException(e.getMessage());
        }
    }

    private ExitCode list(Arguments a) throws Exception {
        List<Target> targets;
        try {
            targets = a.option("cdp", null) != null ? Acquire.listCdp(a.option("cdp", null)) : Acquire.listLocal();
        } catch (AcquireException e) {
            throw new Commands.BadInputException(e.getMessage());
        }
        progress.finishLine();
        if (a.flag("json")) {
            var rows = new ArrayList<Map<String, Object>>();
            for (Target t : targets) {
                var m = new LinkedHashMap<String, Object>();
                m.put("kind", t.kind().name().toLowerCase(java.util.Locale.ROOT));
                m.put("pid", t.pid() > 0 ? t.pid() : null);
                m.put("title", t.title());
                m.put("detail", t.detail());
                m.put("endpoint", t.endpoint() == null ? null : t.endpoint().toString());
                m.put("targetId", t.targetId().isEmpty() ? null : t.targetId());
                m.put("ready", t.ready());
                m.put("arguments", t.commandLine());
                rows.add(m);
            }
            try {
                Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
                JsonWriter.write(Map.of("targets", rows), w, true);
            } catch (IOException e) {
                throw new Commands.OutputException("cannot write output: " + e.getMessage());
            }
            return ExitCode.OK;
        }
        if (targets.isEmpty()) {
            out.println(a.option("cdp", null) != null ? "No pages or workers there." : "No JVMs or Node.js processes found (a Dart VM: --dart-vm URI; a browser: --list --cdp URL).");
            return ExitCode.OK;
        }
        out.printf("%-8s %-8s %-40s %-28s %s%n", "kind", "pid", "what", "detail", "take it with");
        for (Target t : targets) {
            out.printf("%-8s %-8s %-40s %-28s %s%n", t.kind().label(), t.pid() > 0 ? Long.toString(t.pid()) : "-", cut(t.title(), 40),
                    cut(t.detail(), 28), t.commandLine());
        }
        return ExitCode.OK;
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "\u2026";
    }
}
