package org.polyheap.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.FieldValue;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.JavaStackFrame;
import org.polyheap.model.format.JavaThreadState;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The thread overview of a Java heap dump: each thread of a ROOT THREAD OBJECT record with its name,
 * state and daemon flag (read from the {@code java.lang.Thread} object), the retained size of the
 * thread object, and its stack (the parser's {@code threadStack.<serial>} facts) with the objects each
 * frame holds as Java locals or JNI locals. Cost: one pass over the GC roots and a few inspector reads
 * per thread (file I/O); call it off the UI thread. Empty for formats without threads.
 */
public final class JavaThreads {
    private static final String STACK_FACT = "threadStack.";
    private static final int NAME_CHARS = 200;

    /** A local object of a frame and what it retains. */
    public record Local(int object, String id, String className, String kind, long retained) { }

    /** One stack frame, innermost first; {@code locals} may be empty. */
    public record Frame(int depth, JavaStackFrame frame, List<Local> locals) {
        /** The retained sizes of the frame's locals summed (an object held by two locals counts once). */
        public long localsRetained() { return locals.stream().mapToLong(Local::retained).sum(); }
    }

    /**
     * A thread. {@code state} is a {@link JavaThreadState} name or "unknown"; {@code daemon} null when the
     * dump does not say; {@code unplacedLocals} are stack roots of this thread whose depth names no frame.
     */
    public record JavaThread(int object, String id, String name, String state, Boolean daemon, long retained,
            List<Frame> frames, List<Local> unplacedLocals) {
        /** Every local of the thread, each object once. */
        public long localsRetained() {
            var seen = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
            long sum = 0;
            for (Frame f : frames) for (Local l : f.locals()) if (seen.add(l.object())) sum += l.retained();
            for (Local l : unplacedLocals) if (seen.add(l.object())) sum += l.retained();
            return sum;
        }
    }

    private JavaThreads() { }

    /** The snapshot's threads, biggest retained first (ties by name). */
    public static List<JavaThread> of(AnalyzedSnapshot s) throws IOException {
        HeapGraph g = s.graph();
        if (g.facts().keySet().stream().noneMatch(k -> k.startsWith(STACK_FACT))) return List.of(); // not a Java dump
        DominatorTree tree = s.analysis().dominatorTree();
        var localsByThread = new Int2ObjectOpenHashMap<List<GcRoot>>();
        for (GcRoot r : g.gcRoots()) {
            if ((r.kind() == RootKind.JAVA_FRAME || r.kind() == RootKind.JNI_LOCAL) && r.context() >= 0) {
                localsByThread.computeIfAbsent(r.context(), k -> new ArrayList<>()).add(r);
            }
        }
        var threads = new ArrayList<JavaThread>();
        try (ObjectInspector inspector = s.parser().inspector(s.file(), g)) {
            for (var e : g.facts().entrySet()) {
                if (!e.getKey().startsWith(STACK_FACT)) continue;
                String[] lines = e.getValue().split("\n");
                int thread = threadObject(lines[0]);
                if (thread < 0 || thread >= g.objectCount()) continue;
                threads.add(thread(s, tree, inspector, thread, lines, localsByThread.getOrDefault(thread, List.of())));
            }
        }
        threads.sort(Comparator.comparingLong(JavaThread::retained).reversed().thenComparing(JavaThread::name));
        return threads;
    }

    private static JavaThread thread(AnalyzedSnapshot s, DominatorTree tree, ObjectInspector inspector, int thread,
            String[] lines, List<GcRoot> roots) throws IOException {
        HeapGraph g = s.graph();
        var perDepth = new Int2ObjectOpenHashMap<List<Local>>();
        var unplaced = new ArrayList<Local>();
        for (GcRoot r : roots) {
            Local l = new Local(r.object(), ObjectNames.id(g, r.object()), ObjectNames.className(g, r.object()),
                    r.kind().label(), tree.retained().get(r.object()));
            boolean placed = r.detail() >= 0 && r.detail() + 1 < lines.length && JavaStackFrame.parse(lines[r.detail() + 1]) != null;
            List<Local> list = placed ? perDepth.computeIfAbsent(r.detail(), k -> new ArrayList<>()) : unplaced;
            if (list.stream().noneMatch(x -> x.object() == l.object())) list.add(l);
        }
        var frames = new ArrayList<Frame>();
        for (int depth = 0; depth + 1 < lines.length; depth++) {
            JavaStackFrame f = JavaStackFrame.parse(lines[depth + 1]);
            if (f == null) continue;
            List<Local> locals = new ArrayList<>(perDepth.getOrDefault(depth, List.of()));
            locals.sort(Comparator.comparingLong(Local::retained).reversed());
            frames.add(new Frame(depth, f, List.copyOf(locals)));
        }
        Map<String, FieldValue> fields = fields(inspector, thread);
        Map<String, FieldValue> holder = field(fields, "holder").map(h -> fieldsOrEmpty(inspector, h)).orElse(Map.of());
        String name = field(fields, "name").flatMap(n -> hint(inspector, n)).orElse("");
        Integer status = number(holder.get("threadStatus")).or(() -> number(fields.get("threadStatus"))).orElse(null);
        String state = status == null ? "unknown" : stateWord(JavaThreadState.of(status));
        Boolean daemon = bool(holder.get("daemon")).or(() -> bool(fields.get("daemon"))).orElse(null);
        return new JavaThread(thread, ObjectNames.id(g, thread), name, state, daemon, tree.retained().get(thread),
                List.copyOf(frames), List.copyOf(unplaced));
    }

    private static String stateWord(JavaThreadState st) { return st == JavaThreadState.UNKNOWN ? "unknown" : st.name(); }

    /** The thread's object id from the fact's first line, {@code thread object N}; -1 when absent. */
    private static int threadObject(String first) {
        String prefix = "thread object ";
        if (!first.startsWith(prefix)) return -1;
        try {
            return Integer.parseInt(first.substring(prefix.length()).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Map<String, FieldValue> fields(ObjectInspector inspector, int object) throws IOException {
        var m = new LinkedHashMap<String, FieldValue>();
        for (FieldValue f : inspector.fields(object)) if (!f.isStatic()) m.putIfAbsent(f.name(), f);
        return m;
    }

    private static Map<String, FieldValue> fieldsOrEmpty(ObjectInspector inspector, int object) {
        try {
            return fields(inspector, object);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Optional<Integer> field(Map<String, FieldValue> fields, String name) {
        FieldValue f = fields.get(name);
        return f != null && f.value() instanceof FieldValue.ObjectRef(int id) && id >= 0 ? Optional.of(id) : Optional.empty();
    }

    private static Optional<String> hint(ObjectInspector inspector, int object) {
        try {
            return inspector.valueHint(object, NAME_CHARS);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Optional<Integer> number(FieldValue f) {
        return f != null && f.value() instanceof Number n ? Optional.of(n.intValue()) : Optional.empty();
    }

    private static Optional<Boolean> bool(FieldValue f) {
        return f != null && f.value() instanceof Boolean b ? Optional.of(b) : Optional.empty();
    }
}
