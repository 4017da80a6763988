package org.polyheap.acquire;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.Progress;

/**
 * Taking a snapshot from a running process: what can be snapshotted, and the snapshot itself. The one entry
 * point of the command ({@code polyheap acquire}) and the window (File ▸ Acquire Snapshot…).
 *
 * <p>Safety: discovery looks at this machine only (local JVMs, Node processes and their loopback
 * inspector ports); a URL the user types may name another host, and then only that host is spoken to.
 * Each protocol sends what the snapshot needs and nothing else.
 */
public final class Acquire {
    private Acquire() { }

    /**
     * How to take it.
     *
     * @param allObjects JVM: every object, garbage too ({@code GC.heap_dump -all}); otherwise live objects only (a full GC first)
     * @param gzip       write the file gzip-compressed (our parsers read it as it is)
     * @param isolate    Dart: the isolate whose name contains this (any when empty)
     */
    public record Options(boolean allObjects, boolean gzip, String isolate) {
        public static final Options DEFAULT = new Options(false, false, "");
    }

    /** A snapshot taken: the file under its final name, and its size on disk. */
    public record Result(Target target, Path file, long bytes) { }

    /** The local targets: JVMs, then Node processes (with their inspectors, or not ready without one), each newest first. */
    public static List<Target> listLocal() {
        var newestFirst = java.util.Comparator.comparingLong(Target::pid).reversed(); // pids grow: the one just started is on top
        var all = new ArrayList<Target>(JvmAttach.list().stream().sorted(newestFirst).toList());
        all.addAll(NodeProcesses.list().stream().sorted(newestFirst).toList());
        return all;
    }

    /** The pages and workers of a browser's remote-debugging endpoint ({@code http://127.0.0.1:9222}, {@code localhost:9222}). */
    public static List<Target> listCdp(String url) throws AcquireException {
        return Cdp.list(Endpoints.typed(url, "http"), Target.Kind.CDP, -1, Duration.ofSeconds(5));
    }

    /**
     * The target of process {@code pid}: a JVM, or a Node.js process (its inspector, or not ready when it has
     * none).
     */
    public static Target pid(long pid) throws AcquireException {
        if (ProcessHandle.of(pid).isEmpty()) throw new AcquireException(AcquireException.Reason.NOT_FOUND, "pid " + pid + ": no such process");
        if (NodeProcesses.isNode(pid)) return NodeProcesses.of(pid).getFirst();
        return JvmAttach.of(pid);
    }

    /** Opens the inspector of Node process {@code pid} with SIGUSR1 (only after the user agreed); its target. */
    public static Target signalNode(long pid) throws AcquireException {
        return NodeProcesses.signal(pid).getFirst();
    }

    /**
     * A Node inspector from what it printed ({@code ws://127.0.0.1:9229/<uuid>}) or its address
     * ({@code 127.0.0.1:9229}, {@code http://…}: the first target of its {@code /json/list}).
     */
    public static Target inspector(String url) throws AcquireException {
        URI u = Endpoints.typed(url, "http");
        if (u.getScheme().startsWith("ws") && u.getPath() != null && u.getPath().length() > 1) {
            return new Target(Target.Kind.NODE, -1, "Node.js inspector", "inspector " + Endpoints.hostPort(u), u, "", true);
        }
        var targets = Cdp.list(u, Target.Kind.NODE, -1, Duration.ofSeconds(5));
        if (targets.isEmpty()) throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": the inspector lists no target (is a debugger attached?)");
        return targets.getFirst();
    }

    /**
     * The page or worker {@code id} of a browser's remote-debugging endpoint; with an empty id its only
     * page (NOT_FOUND listing them when there are several).
     */
    public static Target cdp(String url, String id) throws AcquireException {
        var targets = listCdp(url);
        if (id.isEmpty()) {
            var pages = targets.stream().filter(t -> t.detail().startsWith("page:")).toList();
            if (pages.size() == 1) return pages.getFirst();
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": " + pages.size() + " pages; name one with --target ("
                    + String.join(", ", targets.stream().map(t -> t.targetId() + " " + t.title()).toList()) + ")");
        }
        for (Target t : targets) if (t.targetId().equals(id)) return t;
        throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": no target " + id + " (polyheap acquire --list --cdp " + url + " lists them)");
    }

    /** A Dart VM service as the VM prints it ({@code http://127.0.0.1:8181/AbC=/}, or its {@code ws://…/ws}). */
    public static Target dartVm(String url) throws IOException {
        return DartVmService.describe(DartVmService.webSocket(Endpoints.typed(url, "http")));
    }

    /**
     * Takes the snapshot of {@code target} into {@code out}: written to a temporary name in {@code out}'s
     * folder and renamed to {@code out} when complete (replacing a file there); on failure or cancel the
     * temporary file is deleted and {@code out} is untouched. Progress in phases; cancel through
     * {@code progress} ({@link java.util.concurrent.CancellationException}).
     */
    public static Result take(Target target, Path out, Options options, Progress progress) throws IOException {
        if (!target.ready()) {
            throw new AcquireException(AcquireException.Reason.REFUSED, "pid " + target.pid()
                    + ": a Node.js process without an inspector: SIGUSR1 opens one (--signal, or Yes in the window)");
        }
        try (var part = new PartFile(out)) {
            switch (target.kind()) {
                case JVM -> JvmAttach.dump(target.pid(), part, options.allObjects(), options.gzip(), progress);
                case NODE, CDP -> {
                    String what = target.kind() == Target.Kind.NODE ? "Node inspector " + target.endpoint() : "page " + target.targetId();
                    Cdp.takeHeapSnapshot(target.endpoint(), what, part, options.gzip(), progress);
                }
                case DART -> DartVmService.takeHeapSnapshot(target.endpoint(), options.isolate(), part, options.gzip(), progress);
            }
            Path file = part.commit();
            return new Result(target, file, java.nio.file.Files.size(file));
        }
    }

    /** A file name for a snapshot of {@code target} taken now: {@code jvm-4242-20261127-103000.hprof}, {@code .gz} when gzipped. */
    public static String fileName(Target target, boolean gzip) {
        String who = switch (target.kind()) {
            case JVM -> "jvm";
            case NODE -> "node";
            case CDP -> "page";
            case DART -> "dart";
        };
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return who + (target.pid() > 0 ? "-" + target.pid() : "") + "-" + stamp + target.kind().extension() + (gzip ? ".gz" : "");
    }
}
