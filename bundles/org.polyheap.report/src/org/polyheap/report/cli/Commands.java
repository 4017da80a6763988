package org.polyheap.report.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.CollectionQueries;
import org.polyheap.report.AnalyzedSnapshot.OpenOptions;
import org.polyheap.report.Documents;
import org.polyheap.report.JavaThreads;
import org.polyheap.report.LoaderQueries;
import org.polyheap.report.ReferenceQueries;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.OpenOption;
import org.polyheap.report.Queries;
import org.polyheap.report.V8Queries;
import org.polyheap.report.query.Oql;
import org.polyheap.report.query.QueryException;
import org.polyheap.report.query.QueryResult;
import org.polyheap.report.query.SnapshotQuery;
import org.polyheap.report.table.Column;
import org.polyheap.report.ReportData.RootPath;
import org.polyheap.report.html.HtmlReport;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.report.table.JsonWriter;
import org.polyheap.report.table.Table;
import org.polyheap.report.cli.Arguments.UsageException;

/** The subcommands; {@link Main} maps their exceptions to exit codes. */
final class Commands {
    private static final Set<String> COMMON_VALUED = java.util.Arrays.stream(OpenOption.values()).filter(o -> !o.isSwitch())
            .map(OpenOption::flag).collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final Set<String> COMMON_FLAGS = java.util.stream.Stream.concat(Set.of("debug", "quiet").stream(),
            java.util.Arrays.stream(OpenOption.values()).filter(OpenOption::isSwitch).map(OpenOption::flag))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    private final PrintStream out;
    private final ConsoleProgress progress;

    Commands(PrintStream out, ConsoleProgress progress) {
        this.out = out;
        this.progress = progress;
    }

    /**
     * Runs a subcommand. Index pages are checked when first read: when a command meets a damaged one, the
     * snapshot has already invalidated the damaged part, so the command runs once more on a rebuilt index
     * (docs/index-format.md); a second failure is reported.
     */
    ExitCode run(String sub, List<String> args) throws Exception {
        if (sub.equals("acquire")) return new AcquireCommand(this, out, progress).run(args); // takes a snapshot once: never retried
        try {
            return dispatch(sub, args);
        } catch (java.io.UncheckedIOException e) {
            var damage = org.polyheap.index.column.IndexDamagedException.of(e);
            if (damage.isEmpty()) throw e;
            progress.note("the index is damaged (" + damage.get().getMessage() + "): rebuilding it");
            return dispatch(sub, args);
        }
    }

    private ExitCode dispatch(String sub, List<String> args) throws Exception {
        return switch (sub) {
            case "parse" -> parse(args(args, Set.of(), Set.of("json")));
            case "overview" -> overview(args(args, Set.of(), Set.of("json")));
            case "histogram" -> histogram(args(args, Set.of("by", "top", "filter", "reachability"), Set.of("json", "csv", "precise", "native")));
            case "dominators" -> dominators(args(args, Set.of("top", "of"), Set.of("json", "csv")));
            case "bigdrops" -> bigDrops(args(args, Set.of("threshold", "skip"), Set.of("json", "csv")));
            case "paths" -> paths(args(args, Set.of("object", "exclude", "max"), Set.of("json")));
            case "report" -> report(args(args, Set.of("out", "format", "top"), Set.of()));
            case "compare" -> compare(args(args, Set.of("top", "reachability"), Set.of("json", "csv")));
            case "duplicates" -> duplicates(args(args, Set.of("min", "top"), Set.of("json", "csv")));
            case "collections" -> collections(args(args, Set.of("class"), Set.of("json", "csv")));
            case "entries" -> entries(args(args, Set.of("object", "top"), Set.of("json", "csv")));
            case "threads" -> threads(args(args, Set.of(), Set.of("json")));
            case "references" -> references(args(args, Set.of("kind"), Set.of("json", "csv")));
            case "loaders" -> loaders(args(args, Set.of("of"), Set.of("json", "csv")));
            case "sysprops" -> systemProperties(args(args, Set.of(), Set.of("json", "csv")));
            case "v8stats" -> v8stats(args(args, Set.of(), Set.of("json", "csv")));
            case "detached" -> detached(args(args, Set.of("top"), Set.of("json", "csv")));
            case "closures" -> closures(args(args, Set.of("min", "top"), Set.of("json", "csv")));
            case "leaks" -> leaks(args(args, Set.of("filter", "top"), Set.of("json", "csv")));
            case "query" -> query(args(args, Set.of("limit", "timeout"), Set.of("json", "csv", "oql")));
            default -> throw new UsageException("unknown subcommand " + sub);
        };
    }

    private static Arguments args(List<String> args, Set<String> valued, Set<String> flags) throws UsageException {
        var v = new java.util.HashSet<>(valued);
        v.addAll(COMMON_VALUED);
        var f = new java.util.HashSet<>(flags);
        f.addAll(COMMON_FLAGS);
        return Arguments.parse(args, v, f);
    }

    private AnalyzedSnapshot open(Arguments a, String file) throws UsageException, IOException, SnapshotFormatException,
            BadInputException {
        Path path = Path.of(file);
        if (Files.isDirectory(path)) throw new BadInputException(file + ": is a directory, not a snapshot file");
        if (!Files.exists(path)) throw new BadInputException(file + ": no such file");
        if (!Files.isReadable(path)) throw new BadInputException(file + ": permission denied");
        var options = OpenOptions.DEFAULT;
        for (OpenOption o : OpenOption.values()) {
            String value = o.isSwitch() ? (a.flag(o.flag()) ? "on" : null) : a.option(o.flag(), null);
            if (value == null) continue;
            try {
                options = options.with(o, value);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return AnalyzedSnapshot.open(path, options, progress);
    }

    private ExitCode parse(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        try (var s = open(a, file)) {
            s.snapshot().prepareInbound(progress); // `parse` leaves the complete index: later paths answer at once
            s.analysis().topConsumers(1, progress); // and stores the class and package/library histograms: the window opens without a walk
            progress.finishLine();
            var o = Queries.overview(s);
            if (a.flag("json")) return json(o);
            out.println((s.reused() ? "Index reused: " : "Indexed: ") + s.snapshot().folder());
            printOverview(o);
        }
        return ExitCode.OK;
    }

    private ExitCode overview(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        try (var s = open(a, file)) {
            progress.finishLine();
            var o = Queries.overview(s);
            if (a.flag("json")) return json(o);
            printOverview(o);
        }
        return ExitCode.OK;
    }

    private void printOverview(Map<String, Object> o) {
        for (var e : o.entrySet()) {
            if (e.getKey().equals("facts") || e.getKey().equals("warnings")) continue;
            Object v = e.getValue();
            String text = v instanceof Long l ? String.format(Locale.ROOT, "%,d", l)
                    + (e.getKey().endsWith("Bytes") ? " (" + org.polyheap.report.ByteSizes.human(l) + ")" : "") : String.valueOf(v);
            out.printf("%-20s %s%n", e.getKey(), text);
        }
        if (o.get("facts") instanceof Map<?, ?> facts) {
            for (var e : facts.entrySet()) {
                String[] lines = String.valueOf(e.getValue()).split("\n");
                out.printf("  %-18s %s%s%n", e.getKey(), lines[0],
                        lines.length > 1 ? " (+" + (lines.length - 1) + " lines; see --json)" : "");
            }
        }
        if (o.get("warnings") instanceof List<?> w && !w.isEmpty()) {
            out.println("warnings:");
            w.forEach(x -> out.println("  " + x));
        }
    }

    private ExitCode histogram(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        var grouping = groupingOf(a.option("by", "class"));
        Pattern filter = null;
        String regex = a.option("filter", null);
        if (regex != null) {
            try {
                filter = Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new UsageException("--filter is not a valid regular expression: " + e.getDescription());
            }
        }
        int top = a.intOption("top", Integer.MAX_VALUE, 1);
        String reachability = a.option("reachability", "all");
        Set<org.polyheap.analysis.Reachability> only;
        try {
            only = Queries.reachability(reachability);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (var s = open(a, file)) {
            Table t = Queries.histogram(s, grouping, filter, only, top, a.flag("precise"), a.flag("native"), progress);
            progress.finishLine();
            return emit(a, Documents.histogram(t, grouping, reachability, null, Documents.nativeMemory(s.graph())));
        }
    }

    private static org.polyheap.analysis.Grouping groupingOf(String by) throws UsageException {
        try {
            return org.polyheap.analysis.Grouping.ofKey(by);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private ExitCode dominators(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        int top = a.intOption("top", Documents.TOP_ROWS, 1);
        try (var s = open(a, file)) {
            String of = a.option("of", null);
            int parent = of == null || of.equals(ObjectNames.ROOT) ? DominatorTree.VIRTUAL_ROOT : findNode(s, of);
            Table t = Queries.dominators(s, parent, top, progress);
            progress.finishLine();
            return emit(a, Documents.dominators(t, ObjectNames.nodeId(s, parent)));
        }
    }

    private ExitCode bigDrops(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        double percent;
        try {
            percent = Double.parseDouble(a.option("threshold", String.valueOf(org.polyheap.analysis.BigDrops.MAT_THRESHOLD_PERCENT)));
        } catch (NumberFormatException e) {
            throw new UsageException("--threshold takes a percentage of the heap, e.g. 1 or 0.5");
        }
        if (!(percent > 0 && percent < 100)) throw new UsageException("--threshold takes a percentage above 0 and below 100");
        String skipText = a.option("skip", null);
        try (var s = open(a, file)) {
            if (skipText == null) skipText = org.polyheap.report.BigDropQueries.defaultSkip(s.format());
            Pattern skip = null;
            if (skipText != null && !skipText.equals("none")) {
                try {
                    skip = Pattern.compile(skipText);
                } catch (PatternSyntaxException e) {
                    throw new UsageException("--skip is not a valid regular expression: " + e.getDescription());
                }
            }
            var drops = org.polyheap.report.BigDropQueries.bigDrops(s, percent, skip, progress);
            progress.finishLine();
            var doc = Documents.bigDrops(drops);
            if (a.flag("json") || a.flag("csv")) return emit(a, doc);
            out.printf(Locale.ROOT, "Drops of more than %s %% of the heap (%,d bytes); dominators skip %s%n%n",
                    drops.found().thresholdPercent(), drops.found().thresholdBytes(), skip == null ? "nothing" : skip.pattern());
            if (drops.table().rows().isEmpty()) {
                out.println("No big drop.");
                return ExitCode.OK;
            }
            int level = drops.table().columnIndex("level"), id = drops.table().columnIndex("id");
            var indented = new Table.Builder(drops.table().name(), drops.table().columns().toArray(org.polyheap.report.table.Column[]::new));
            for (Object[] row : drops.table().rows()) { // nested drops indented under the drop they were found under
                Object[] r = row.clone();
                r[id] = "  ".repeat(((Long) row[level]).intValue()) + row[id];
                indented.row(r);
            }
            return emit(a, Map.of("drops", indented.build()));
        }
    }

    private ExitCode systemProperties(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        try (var s = open(a, file)) {
            var r = org.polyheap.report.JavaSystemProperties.of(s);
            progress.finishLine();
            var doc = Documents.systemProperties(s.graph(), r);
            if (a.flag("json") || a.flag("csv")) return emit(a, doc);
            if (r.source() < 0) {
                out.println("No system properties: the snapshot has no java.lang.System.props (not a Java heap dump?).");
                return ExitCode.OK;
            }
            for (var f : r.jvm()) out.printf("%-16s %s%n", f.name(), f.value());
            out.printf("%-16s %s%n", "JVM arguments", r.jvmArguments() == null
                    ? "not in the dump (HotSpot keeps them outside the Java heap; -D options are among the properties)"
                    : org.polyheap.report.JavaSystemProperties.commandLine(r.jvmArguments()));
            if (r.mainArguments() != null) {
                out.printf("%-16s %s%n", "main arguments", org.polyheap.report.JavaSystemProperties.commandLine(r.mainArguments()));
            }
            out.println();
            return emit(a, doc);
        }
    }

    private ExitCode duplicates(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        int min = a.intOption("min", Documents.DUPLICATES_MIN, 2);
        int top = a.intOption("top", Documents.DUPLICATES_TOP, 1);
        try (var s = open(a, file)) {
            Table t = Queries.duplicateStrings(s, min, top, progress);
            progress.finishLine();
            return emit(a, Documents.duplicates(t, min));
        }
    }

    private ExitCode collections(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String only = a.option("class", null);
        try (var s = open(a, file)) {
            var c = CollectionQueries.collections(s, only, progress);
            progress.finishLine();
            var doc = Documents.collections(only, c);
            if (a.flag("json") || a.flag("csv")) return emit(a, doc);
            writeSections(List.of(c.classes(), c.empty(), c.constantArrays()), t -> switch (t.name()) {
                case "collections" -> "Collections by class\n";
                case "empty" -> "\nEmpty collections\n";
                default -> "\nArrays of primitives holding one value\n";
            });
            return ExitCode.OK;
        }
    }

    private ExitCode entries(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String object = a.option("object", null);
        if (object == null) throw new UsageException("--object OBJECT is required");
        int top = a.intOption("top", CollectionQueries.ENTRIES_TOP, 1);
        try (var s = open(a, file)) {
            int o = find(s, object);
            var e = CollectionQueries.entries(s, o, top);
            if (e == null) {
                throw new UsageException(object + " is a " + ObjectNames.className(s.graph(), o)
                        + ", not a Java list, map, set or array of references");
            }
            progress.finishLine();
            var kind = CollectionQueries.kindName(new org.polyheap.analysis.JavaCollections(s.graph(), null).kind(o));
            return emit(a, Documents.entries(ObjectNames.id(s.graph(), o), ObjectNames.className(s.graph(), o), kind, e.table()));
        }
    }

    private ExitCode threads(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        try (var s = open(a, file)) {
            List<JavaThreads.JavaThread> threads = JavaThreads.of(s);
            progress.finishLine();
            String stackRoots = s.analysis().options().stackRootsUnderThread() ? "thread" : "roots";
            if (a.flag("json")) return json(Documents.threads(threads, stackRoots));
            for (var t : threads) {
                out.printf(Locale.ROOT, "\"%s\" %s %s%s retained %,d%n", t.name(), t.id(), t.state(),
                        Boolean.TRUE.equals(t.daemon()) ? " daemon" : "", t.retained());
                for (var f : t.frames()) {
                    out.printf(Locale.ROOT, "  %s%s%n", f.frame().text(),
                            f.locals().isEmpty() ? "" : String.format(Locale.ROOT, "  locals retain %,d", f.localsRetained()));
                    for (var l : f.locals()) out.printf(Locale.ROOT, "      %s %s %,d%n", l.className(), l.id(), l.retained());
                }
            }
        }
        return ExitCode.OK;
    }

    private ExitCode references(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String word = a.option("kind", null);
        org.polyheap.analysis.JavaReferences.Kind kind = null;
        if (word != null && (kind = org.polyheap.analysis.JavaReferences.Kind.ofWord(word)) == null) {
            throw new UsageException("--kind takes " + ReferenceQueries.kindWords() + ", not '" + word + "'");
        }
        try (var s = openJava(a, file, "references")) {
            var r = ReferenceQueries.references(s, kind, progress);
            progress.finishLine();
            int thread = r.figures().finalizers().thread();
            var doc = Documents.references(word, thread < 0 ? null : ObjectNames.id(s.graph(), thread), r);
            if (a.flag("json") || a.flag("csv")) return emit(a, doc);
            writeSections(List.of(r.kinds(), r.referents(), r.finalizerQueue()), t -> switch (t.name()) {
                case "kinds" -> "References by kind: what clearing each kind would free\n";
                case "referents" -> "\nReferents by kind and class\n";
                default -> "\nFinalizer queue" + (r.queueLength() < 0 ? "" : String.format(Locale.ROOT, " (the JDK's queue length: %,d)", r.queueLength()))
                        + (thread < 0 ? "" : ", finalizer thread " + ObjectNames.id(s.graph(), thread)) + "\n";
            });
            return ExitCode.OK;
        }
    }

    private ExitCode loaders(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String of = a.option("of", null);
        try (var s = openJava(a, file, "class loaders")) {
            var l = LoaderQueries.loaders(s, progress);
            progress.finishLine();
            if (of != null) {
                int loader;
                try {
                    loader = LoaderQueries.find(s, of);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
                Table classes = loader < -1 ? null : LoaderQueries.classes(l, loader);
                if (classes == null) throw new NotFoundException("no class loader " + of + " in " + s.file());
                return emit(a, Documents.loaderClasses(loader < 0 ? null : ObjectNames.id(s.graph(), loader), l.title(loader), classes));
            }
            if (a.flag("json") || a.flag("csv")) return emit(a, Documents.loaders(l));
            writeSections(List.of(l.loaders(), l.duplicates()), t -> t.name().equals("loaders") ? "Class loaders\n"
                    : "\nClass names defined more than once\n");
            return ExitCode.OK;
        }
    }

    /** Tables one after another as aligned text, each under its heading. */
    private void writeSections(List<Table> tables, java.util.function.Function<Table, String> heading) throws OutputException {
        try {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            for (Table t : tables) {
                w.write(heading.apply(t));
                TextTable.write(t, w);
            }
            w.flush();
        } catch (IOException e) {
            throw new OutputException("cannot write output: " + e.getMessage());
        }
    }

    /** A snapshot for a Java-only subcommand; another format is bad input, said before indexing it. */
    private AnalyzedSnapshot openJava(Arguments a, String file, String what) throws Exception {
        var format = org.polyheap.report.Parsers.detect(Path.of(file));
        if (format != null && format != org.polyheap.model.format.SnapshotFormat.HPROF) {
            throw new BadInputException(file + ": " + what + " are Java's; this is a " + format.title());
        }
        return open(a, file);
    }

    private ExitCode v8stats(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        try (var s = openV8(a, file, "statistics")) {
            var st = V8Queries.statistics(s, progress);
            progress.finishLine();
            return emit(a, Documents.v8Statistics(st));
        }
    }

    private ExitCode detached(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        int top = a.intOption("top", Documents.DETACHED_TOP, 0);
        try (var s = openV8(a, file, "detached elements")) {
            var d = V8Queries.detached(s, top, progress);
            progress.finishLine();
            if (a.flag("json") || a.flag("csv")) return emit(a, Documents.detached(d));
            if (d.groups().rows().isEmpty()) {
                out.println("No detached DOM" + (org.polyheap.analysis.DetachedDom.hasDom(s.graph()) ? "." : ": the snapshot records no DOM (not a page's)."));
                return ExitCode.OK;
            }
            emit(a, Map.of("groups", d.groups()));
            out.println();
            return emit(a, Map.of("roots", d.roots()));
        }
    }

    private ExitCode closures(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        int min = a.intOption("min", Documents.CLOSURES_MIN, 1);
        int top = a.intOption("top", Documents.CLOSURES_TOP, 1);
        try (var s = openV8(a, file, "closures by source location")) {
            var c = V8Queries.closures(s, min, top, progress);
            progress.finishLine();
            return emit(a, Documents.closures(c, min));
        }
    }

    private ExitCode leaks(Arguments a) throws Exception {
        List<String> files = a.expect("BASELINE", "TARGET", "FINAL");
        int top = a.intOption("top", Documents.LEAKS_TOP, 1);
        org.polyheap.analysis.LeakClusters.Filter filter;
        try {
            filter = org.polyheap.analysis.LeakClusters.Filter.ofWord(a.option("filter", "objects"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (var base = openV8(a, files.get(0), "leaks between snapshots"); var target = openV8(a, files.get(1), "leaks between snapshots");
             var last = openV8(a, files.get(2), "leaks between snapshots")) {
            V8Queries.Leaks leaks;
            try {
                leaks = V8Queries.leaks(base, target, last, filter, top, progress);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
            progress.finishLine();
            var doc = Documents.leaks(files.get(0), files.get(1), files.get(2), leaks);
            if (a.flag("json") || a.flag("csv")) return emit(a, doc);
            out.printf("%,d objects allocated between the baseline and the target are alive in the final snapshot;"
                    + " %,d of them are leaks (filter %s) in %,d clusters%n%n", doc.get("allocatedAndAlive"), doc.get("leakedObjects"),
                    filter.word(), doc.get("clusterCount"));
            return emit(a, doc);
        }
    }

    /** A snapshot for a V8-only subcommand; another format is bad input. */
    private AnalyzedSnapshot openV8(Arguments a, String file, String what) throws Exception {
        var format = org.polyheap.report.Parsers.detect(Path.of(file));
        if (format != null && format != org.polyheap.model.format.SnapshotFormat.V8) { // said before indexing it
            throw new BadInputException(file + ": " + what + " are V8's; this is a " + format.title());
        }
        return open(a, file);
    }

    private ExitCode paths(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String object = a.option("object", null);
        if (object == null) throw new UsageException("--object OBJECT is required");
        int max = a.intOption("max", Documents.PATHS_MAX, 1);
        Set<ReferenceKind> excluded = excludedKinds(a.option("exclude", "weak,soft,phantom,final"));
        try (var s = open(a, file)) {
            int o = find(s, object);
            s.snapshot().prepareInbound(progress); // built on first use: show its progress, not a silent wait
            s.analysis().pathIndex(progress);
            List<RootPath> paths = Queries.paths(s, o, excluded, max);
            progress.finishLine();
            if (a.flag("json")) return json(Documents.paths(file, ObjectNames.id(s.graph(), o), excluded, paths));
            if (paths.isEmpty()) out.println("No path to a GC root without the excluded reference kinds.");
            int i = 1;
            for (RootPath p : paths) {
                out.println("Path " + i++ + " (" + (p.steps().size() - 1) + " steps), GC root: " + p.rootKind());
                String indent = "  ";
                for (var step : p.steps()) {
                    out.println(indent + step.className() + " " + step.id() + (step.edge() == null ? "" : "   ." + step.edge()));
                    indent += "  ";
                }
            }
        }
        return ExitCode.OK;
    }

    static Set<ReferenceKind> excludedKinds(String list) throws UsageException {
        var kinds = EnumSet.noneOf(ReferenceKind.class);
        if (list.isBlank() || list.equals("none")) return kinds;
        for (String word : list.split(",")) {
            switch (word.trim().toLowerCase(Locale.ROOT)) {
                case "weak" -> { kinds.add(ReferenceKind.WEAK); kinds.add(ReferenceKind.JAVA_WEAK); }
                case "soft" -> kinds.add(ReferenceKind.SOFT);
                case "phantom" -> kinds.add(ReferenceKind.PHANTOM);
                case "final" -> kinds.add(ReferenceKind.FINAL);
                case "ephemeron" -> kinds.add(ReferenceKind.EPHEMERON);
                case "shortcut" -> kinds.add(ReferenceKind.SHORTCUT);
                default -> throw new UsageException("--exclude takes weak, soft, phantom, final, ephemeron, shortcut or none, not '" + word + "'");
            }
        }
        return kinds;
    }

    private ExitCode report(Arguments a) throws Exception {
        String file = a.expect("FILE").get(0);
        String outDir = a.option("out", null);
        if (outDir == null) throw new UsageException("--out DIR is required");
        String format = a.option("format", "html");
        if (!Set.of("html", "csv", "json").contains(format)) throw new UsageException("--format takes html, csv or json");
        int top = a.intOption("top", Documents.TOP_ROWS, 1);
        try (var s = open(a, file)) {
            s.snapshot().prepareInbound(progress); // the leak suspects' paths read it
            var data = Queries.report(s, top, progress);
            progress.finishLine();
            Path dir = Path.of(outDir);
            String stem = s.file().getFileName().toString().replaceAll("\\.(gz|hprof|heapsnapshot|json|pb|data|dartheap)$", "");
            try {
                Files.createDirectories(dir);
                switch (format) {
                    case "html" -> writeFile(dir.resolve(stem + ".report.html"), w -> HtmlReport.write(data, w));
                    case "json" -> writeFile(dir.resolve(stem + ".report.json"), w -> Documents.writeJson(Documents.report(data), w));
                    default -> {
                        writeFile(dir.resolve(stem + ".histogram.csv"), w -> CsvWriter.write(data.histogram(), w));
                        writeFile(dir.resolve(stem + ".top-consumers.csv"), w -> CsvWriter.write(data.topConsumers(), w));
                        writeFile(dir.resolve(stem + ".dominators.csv"),
                                w -> CsvWriter.write(Queries.dominators(s, DominatorTree.VIRTUAL_ROOT, top, progress), w));
                    }
                }
            } catch (IOException e) {
                throw new OutputException("cannot write the report into " + dir + ": " + e.getMessage());
            }
            out.println("Report written to " + dir.toAbsolutePath());
        }
        return ExitCode.OK;
    }

    private ExitCode compare(Arguments a) throws Exception {
        List<String> files = a.expect("BASELINE", "FILE");
        int top = a.intOption("top", Integer.MAX_VALUE, 1);
        String reachability = a.option("reachability", "all");
        Set<org.polyheap.analysis.Reachability> only;
        try {
            only = Queries.reachability(reachability);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (var base = open(a, files.get(0)); var current = open(a, files.get(1))) {
            if (base.format() != current.format()) {
                throw new BadInputException("cannot compare a " + base.format() + " snapshot with a " + current.format() + " one");
            }
            var comparison = Queries.comparison(base, current, top, only);
            progress.finishLine();
            return emit(a, Documents.comparison(files.get(0), reachability, comparison));
        }
    }

    /** Writes a document as JSON, its table as CSV, or its table as aligned text. */
    private ExitCode emit(Arguments a, Map<String, Object> doc) throws OutputException {
        if (a.flag("json")) return json(doc);
        try {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            if (a.flag("csv")) {
                Documents.writeCsv(doc, w);
            } else {
                TextTable.write(Documents.table(doc), w);
            }
            w.flush();
        } catch (IOException e) {
            throw new OutputException("cannot write output: " + e.getMessage());
        }
        return ExitCode.OK;
    }

    private ExitCode query(Arguments a) throws Exception {
        var p = a.expect("FILE", "STATEMENT");
        int limit = a.intOption("limit", 1000, 0);
        int timeout = a.intOption("timeout", 0, 0);
        try (var s = open(a, p.get(0)); var q = new SnapshotQuery(s)) {
            progress.finishLine();
            String sql = a.flag("oql") ? Oql.toSql(p.get(1), s.graph().classes()) : p.get(1);
            QueryResult r = q.run(sql, limit, timeout * 1000L);
            if (a.flag("json")) {
                var doc = new java.util.LinkedHashMap<String, Object>();
                doc.put("columns", r.columns());
                doc.put("rows", r.rows());
                if (r.truncated()) doc.put("truncated", true);
                return json(doc);
            }
            var columns = new Column[r.columns().size()];
            for (int i = 0; i < columns.length; i++) {
                boolean number = r.types().get(i).matches("BIGINT|INTEGER|SMALLINT|TINYINT");
                columns[i] = number && !a.flag("csv") ? Column.count(r.columns().get(i), r.columns().get(i))
                        : Column.text(r.columns().get(i), r.columns().get(i));
            }
            var b = new Table.Builder("rows", columns);
            for (Object[] row : r.rows()) b.row(row);
            try {
                Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
                if (a.flag("csv")) CsvWriter.write(b.build(), w);
                else TextTable.write(b.build(), w);
                w.flush();
            } catch (IOException e) {
                throw new OutputException("cannot write output: " + e.getMessage());
            }
            if (!a.flag("csv") && !a.flag("quiet")) {
                progress.note(String.format(Locale.ROOT, "%,d row%s%s in %,d ms", r.rows().size(), r.rows().size() == 1 ? "" : "s",
                        r.truncated() ? " (more not shown: --limit)" : "", r.millis()));
            }
            return ExitCode.OK;
        } catch (QueryException e) {
            throw new QueryFailedException(e);
        }
    }

    private ExitCode json(Object doc) throws OutputException {
        try {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            JsonWriter.write(doc, w, true);
        } catch (IOException e) {
            throw new OutputException("cannot write output: " + e.getMessage());
        }
        return ExitCode.OK;
    }

    /** An object, or a reachability group node ({@code <soft>}, ..., {@code <unreachable>}). */
    private static int findNode(AnalyzedSnapshot s, String id) throws UsageException, NotFoundException {
        int group = ObjectNames.findGroup(s, id);
        if (group == -1) throw new NotFoundException("no object is " + id.substring(1, id.length() - 1) + " in " + s.file());
        return group >= 0 ? group : find(s, id);
    }

    private static int find(AnalyzedSnapshot s, String id) throws UsageException, NotFoundException {
        int o;
        try {
            o = ObjectNames.find(s, id);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (o < 0) throw new NotFoundException("no object " + id + " in " + s.file());
        return o;
    }

    private interface WriterAction { void write(Writer w) throws IOException; }

    private static void writeFile(Path file, WriterAction action) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            action.write(w);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Checked failures the subcommands raise; {@link Main} maps each to an exit code. */
    static class Exception0 extends Exception {
        private static final long serialVersionUID = 1L;

        Exception0(String message) { super(message); }
    }

    static final class BadInputException extends Exception0 {
        private static final long serialVersionUID = 1L;

        BadInputException(String message) { super(message); }
    }

    /** A statement that did not run: a bad one (exit code 2), or one canceled or past its time limit (130). */
    static final class QueryFailedException extends Exception0 {
        private static final long serialVersionUID = 1L;
        final ExitCode code;

        QueryFailedException(QueryException e) {
            super(e.getMessage());
            code = switch (e.reason()) {
                case SYNTAX, INVALID, UNSUPPORTED -> ExitCode.USAGE;
                case TIME_LIMIT, CANCELED -> ExitCode.CANCELED;
                case FAILED -> ExitCode.BAD_INPUT;
            };
        }
    }

    static final class NotFoundException extends Exception0 {
        private static final long serialVersionUID = 1L;

        NotFoundException(String message) { super(message); }
    }

    static final class OutputException extends Exception0 {
        private static final long serialVersionUID = 1L;

        OutputException(String message) { super(message); }
    }
}
