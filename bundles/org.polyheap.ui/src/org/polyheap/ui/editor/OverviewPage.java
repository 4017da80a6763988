package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.Reachability;
import org.polyheap.analysis.SyntheticContainers;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.Queries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Overview page: what the snapshot is (format, file, counts, sizes), how to read its numbers
 * (size model, dominator semantics in plain words), warnings, and two bar charts of the biggest
 * objects and classes by retained size. Everything shown was computed by the open job, but for a Java
 * heap dump's JVM facts and system properties ({@link SystemPropertiesPart}, below the facts), read in a job.
 */
public final class OverviewPage implements EditorPage {
    private final LoadedSnapshot snapshot;
    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private StyledText factsText;
    private BarChart objectsChart;
    private BarChart classesChart;
    private BarChart statisticsChart;
    private SystemPropertiesPart systemProperties;

    public OverviewPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    @Override
    public Composite create(Composite parent) {
        var page = PolyheapCss.classed(new Composite(parent, SWT.NONE), "polyheap-page"); // the theme colours it
        page.setLayout(new GridLayout(2, true));
        page.setBackgroundMode(SWT.INHERIT_FORCE);
        Composite top = page;
        SashForm sash = null;
        if (snapshot.analyzed().format() == SnapshotFormat.HPROF) { // facts and charts above, the JVM and its properties below
            page.setLayout(new GridLayout(1, false));
            sash = new SashForm(page, SWT.VERTICAL);
            sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
            top = PolyheapCss.classed(new Composite(sash, SWT.NONE), "polyheap-page");
            top.setLayout(new GridLayout(2, true));
        }

        Map<String, Object> o = snapshot.overview();
        var facts = new java.util.LinkedHashMap<String, String>();
        facts.put("Format", formatName());
        facts.put("File", String.valueOf(o.get("file")));
        facts.put("Objects", Format.count((Long) o.get("objects")));
        facts.put("Classes", Format.count((Long) o.get("classes")));
        facts.put("References", Format.count((Long) o.get("references")));
        facts.put("GC roots", Format.count((Long) o.get("gcRoots")) + " (" + Format.count((Long) o.get("gcRootObjects")) + " objects)");
        facts.put("Heap size", Format.human((Long) o.get("shallowBytes")) + " (" + Format.bytes((Long) o.get("shallowBytes")) + " bytes)");
        facts.put("Strongly reachable", Format.count((Long) o.get("reachableObjects")) + " objects, " + Format.human((Long) o.get("reachableBytes")));
        for (Reachability r : Reachability.values()) { // the other classes, where the snapshot has objects of them
            String key = org.polyheap.report.Queries.reachabilityKey(r);
            if (r != Reachability.STRONG && o.get(key + "Objects") instanceof Long n && n > 0) {
                String why = r == Reachability.UNREACHABLE && snapshot.analyzed().format() == SnapshotFormat.HPROF
                        ? "no recorded reference reaches them: garbage an -all dump keeps or, in a live dump, objects held"
                                + " through links HPROF does not write; " : "";
                facts.put(Character.toUpperCase(r.label().charAt(0)) + r.label().substring(1), Format.count(n) + " objects, "
                        + Format.human((Long) o.get(key + "Bytes")) + " (" + why + "counted everywhere; in the Dominator Tree under \u201c"
                        + r.label() + "\u201d)");
            }
        }
        facts.put("Sizes", String.valueOf(o.get("sizeModel")));
        facts.put("Dominators", semanticsInWords());
        if (snapshot.analyzed().format() == SnapshotFormat.FUCHSIA) {
            for (var line : FuchsiaFacts.of(snapshot.graph())) facts.put(line.name(), line.value());
        }
        facts.put("Index", (Boolean.TRUE.equals(o.get("indexReused")) ? "reused: " : "built: ") + o.get("indexFolder"));
        if (o.get("warnings") instanceof List<?> warnings && !warnings.isEmpty()) {
            facts.put("Warnings", String.join("; ", warnings.stream().map(String::valueOf).limit(8).toList())
                    + (warnings.size() > 8 ? "; \u2026 and " + (warnings.size() - 8) + " more" : ""));
        }
        names.addAll(facts.keySet());
        values.addAll(facts.values());
        factsText = factsText(top, snapshot.analyzed().file().getFileName().toString(), facts);
        factsText.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));

        var chartsScroll = new ScrolledComposite(top, SWT.V_SCROLL);
        chartsScroll.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        var charts = PolyheapCss.classed(new Composite(chartsScroll, SWT.NONE), "polyheap-page");
        charts.setLayout(new GridLayout(1, false));
        long heap = snapshot.heapBytes();
        if (snapshot.v8Statistics() != null) { // DevTools' Statistics pie, as bars of the same total, first as in DevTools' Summary
            var st = snapshot.v8Statistics();
            statisticsChart = new BarChart(charts, "Statistics (as Chrome DevTools), total " + Format.human(st.total()),
                    statisticsBars(st), Math.max(1, st.total()), new RGB(130, 190, 120));
            statisticsChart.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        }
        objectsChart = new BarChart(charts, "Biggest objects (retained size)", objectBars(), heap, new RGB(110, 160, 220));
        objectsChart.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        classesChart = new BarChart(charts, "Biggest classes (retained size)", classBars(), heap, new RGB(240, 170, 90));
        classesChart.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        chartsScroll.setContent(charts);
        chartsScroll.setExpandHorizontal(true);
        chartsScroll.setExpandVertical(true);
        chartsScroll.setMinHeight(charts.computeSize(SWT.DEFAULT, SWT.DEFAULT).y); // bar charts have a fixed height: cheap
        if (sash != null) {
            systemProperties = new SystemPropertiesPart(sash, snapshot);
            sash.setWeights(3, 2);
            systemProperties.read();
        }
        return page;
    }

    /**
     * The facts as one read-only text: the file name as a title, then a bold name and its value per
     * line, wrapped values indented to the value column. One widget instead of a label per fact: GTK
     * measures every wrapping label on each layout, which made opening an editor slow.
     */
    private static StyledText factsText(Composite parent, String title, Map<String, String> facts) {
        var text = new StyledText(parent, SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL);
        text.setCaret(null);
        text.setMargins(6, 6, 6, 6);
        var bold = JFaceResources.getBannerFont();
        var gc = new GC(text);
        int column;
        try {
            gc.setFont(bold);
            column = facts.keySet().stream().mapToInt(k -> gc.textExtent(k).x).max().orElse(0) + 16;
        } finally {
            gc.dispose();
        }
        var content = new StringBuilder(title).append('\n');
        var styles = new ArrayList<StyleRange>();
        var heading = new StyleRange(0, title.length(), null, null);
        heading.font = JFaceResources.getHeaderFont();
        styles.add(heading);
        for (var fact : facts.entrySet()) {
            var name = new StyleRange(content.length(), fact.getKey().length(), null, null);
            name.font = bold;
            styles.add(name);
            content.append(fact.getKey()).append('\t').append(fact.getValue().replace('\n', ' ')).append('\n');
        }
        text.setText(content.toString());
        text.setStyleRanges(styles.toArray(StyleRange[]::new));
        text.setTabStops(new int[] { column });
        text.setWrapIndent(column);
        return text;
    }

    private String formatName() {
        return snapshot.analyzed().format().title() + " (" + snapshot.analyzed().format().key() + ")";
    }

    private String semanticsInWords() {
        var semantics = snapshot.analyzed().analysis().options().semantics();
        String words = switch (semantics) {
            case V8_DEVTOOLS -> "as Chrome DevTools: weak edges do not retain, objects no retaining edge reaches hang under the root";
            case JAVA -> "weak, soft, phantom and final referents are not retained by their Reference";
            case JAVA_MAT -> "as Eclipse MAT: every reference retains, Reference.referent too";
            case DART -> "weak references do not retain; an ephemeron value is retained once its key is reachable";
            case FUCHSIA -> "conservative: every pointer, interior pointers too, retains";
            case GENERIC -> "every reference except weak ones and ephemeron values retains";
        };
        return words + " (" + semantics.name() + ")";
    }

    private List<BarChart.Bar> objectBars() {
        var bars = new ArrayList<BarChart.Bar>();
        for (int object : snapshot.top().objects()) {
            var ref = new ObjectRef(snapshot, object);
            bars.add(new BarChart.Bar(ref.label(), ref.retained()));
        }
        return bars;
    }

    /** The Statistics slices in DevTools' order, as the command's {@code v8stats} table lists them. */
    private static List<BarChart.Bar> statisticsBars(org.polyheap.analysis.V8Statistics st) {
        var bars = new ArrayList<BarChart.Bar>();
        var table = org.polyheap.report.V8Queries.statisticsTable(st);
        for (Object[] row : table.rows().subList(0, table.rows().size() - 1)) bars.add(new BarChart.Bar((String) row[0], (Long) row[1]));
        return bars;
    }

    private List<BarChart.Bar> classBars() {
        var synthetic = SyntheticContainers.of(snapshot.graph()).classNames();
        var bars = new ArrayList<BarChart.Bar>();
        for (HistogramRow r : snapshot.top().classes()) {
            if (!synthetic.contains(r.name())) {
                bars.add(new BarChart.Bar(r.name() + " ×" + Format.count(r.objects()), r.retained()));
            }
        }
        return bars;
    }

    /** The facts' values, in display order (for tests). */
    public List<String> values() { return values; }

    /** The value shown for fact {@code name} ("Format", "Roots", …), or null. */
    public String value(String name) {
        int i = names.indexOf(name);
        return i < 0 ? null : values.get(i);
    }

    /** The facts as shown. */
    public String factsText() { return factsText.getText(); }

    public BarChart objectsChart() { return objectsChart; }

    public BarChart classesChart() { return classesChart; }

    /** The V8 Statistics chart; null for other formats. */
    public BarChart statisticsChart() { return statisticsChart; }

    /** The JVM and system properties section of a Java heap dump; null for other formats. */
    SystemPropertiesPart systemProperties() { return systemProperties; }

    /** The JVM and system property rows (groups, then their rows); empty until read, and for other formats. */
    public List<SystemPropertiesPart.Row> systemPropertyRows() { return systemProperties == null ? List.of() : systemProperties.rows(); }

    /** The job reading the JVM and system properties; null for other formats. */
    public org.eclipse.core.runtime.jobs.Job systemPropertiesJob() { return systemProperties == null ? null : systemProperties.read(); }

    /** The tree of the JVM and system properties; null for other formats. */
    public org.eclipse.jface.viewers.TreeViewer systemPropertiesViewer() { return systemProperties == null ? null : systemProperties.viewer(); }

    @Override
    public List<? extends ColumnViewer> viewers() { return systemProperties == null ? List.of() : List.of(systemProperties.viewer()); }
}
